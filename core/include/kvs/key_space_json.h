#pragma once

#include <kvs/key_space_analysis.h>

#include <QJsonObject>

#include <string>
#include <vector>

/// A key-space report as JSON (`kvs analyze --json`, saved reports), and the comparison of two
/// (`kvs analyze --compare`). The schema is the README's ("kvs analyze"): version 1. Keys are
/// their canonical literals (printKeyLiteral); rows that may not decode are given as hex. Not in
/// the reference. Safe from any thread.
namespace kvs {

/// The schema version keySpaceReportJson writes (its "version" member).
inline constexpr int kKeySpaceJsonVersion = 1;

/// report as the README's JSON object.
[[nodiscard]] QJsonObject keySpaceReportJson(const KeySpaceReport &report);

/// A tree node's change between two reports.
struct KeySpaceChange
{
    std::string key; // the node's key literal
    KeySpaceFigures before;
    KeySpaceFigures after;
    bool appeared = false; // only in the later report
    bool vanished = false; // only in the earlier one
};

/// The nodes of two reports' trees (the prefix's node and every child kept, at any level),
/// matched by key: the ones whose entries or bytes changed, those that appeared and those that
/// vanished, largest change of bytes first (then of entries, then the later report's tree order). A
/// node that a cap summed into "others" in either report is not compared. Throws Error "kvs: not a
/// key-space report: REASON" for JSON that is not a report of kKeySpaceJsonVersion.
[[nodiscard]] std::vector<KeySpaceChange> compareKeySpaceReports(const QJsonObject &before,
                                                                 const QJsonObject &after);

} // namespace kvs
