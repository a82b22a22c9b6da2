#pragma once

#include <QtGlobal>

#include <iosfwd>
#include <string>

// The Analysis view's cost to the GUI: the longest stall of the GUI event loop while the view
// analyses a database of 1,000,000 keys, for kvs-gui-bench (op analysis_view_1m).
namespace kvs::bench {

// What measureAnalysisViewStall() saw.
struct AnalysisViewStall
{
    qint64 longestGapMs = 0;   // the longest time between two ticks of a 10 ms GUI timer
    qint64 longestGapAtMs = 0; // when it ended, ms after Analyze
    qint64 analysisMs = 0;     // from Analyze to the report shown
    qint64 rows = 0;           // rows the report read
};

// Runs the Analysis view (shown, 1200x760, depth 2) over the SQLite database at path, its
// saved reports in a temporary folder, while a 10 ms QTimer ticks; from Analyze until the report
// is shown. Throws kvs::Error "kvs: bench: ..." when the analysis fails. Requires: a
// QApplication, called on its thread.
[[nodiscard]] AnalysisViewStall measureAnalysisViewStall(const std::string &path);

// Runs measureAnalysisViewStall(path) and prints one JSON line or table row.
void printAnalysisViewStall(const std::string &path, bool json, std::ostream &out);

} // namespace kvs::bench
