#pragma once

#include "bench/history/run_history.h"

#include <QStackedWidget>

#include <vector>

namespace kvs::ui {

class BenchChart;
class CapacityChart;

// The Benchmark view's chart area: the run chart (ops/s and latency per second, or several runs
// overlaid) or the capacity chart (a capacity search's steps), one shown at a time, and the
// shown one saved as PNG or SVG. Thread rule: GUI thread only.
class BenchCharts : public QStackedWidget
{
    Q_OBJECT

public:
    explicit BenchCharts(QWidget *parent = nullptr);

    BenchChart *runChart() const { return m_run; }
    CapacityChart *capacityChart() const { return m_capacity; }
    // Whether the capacity chart is the one shown (a search, or a saved search selected).
    bool showsCapacity() const;

    // A run starts: both charts empty, the capacity chart shown for a capacity search.
    void startRun(double seconds, bool capacitySearch);
    // Saved runs: one capacity search shows its steps; otherwise the runs' seconds.
    void showRuns(const std::vector<bench::HistoryRun> &runs);

    // Write the chart shown. false when the file cannot be written.
    bool savePng(const QString &path) const;
    bool saveSvg(const QString &path) const;

private:
    void showCapacity(bool on);

    BenchChart *m_run;         // Owned (child).
    CapacityChart *m_capacity; // Owned (child).
};

} // namespace kvs::ui
