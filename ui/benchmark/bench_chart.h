#pragma once

#include "bench/history/run_history.h"

#include <QChartView>

#include <vector>

class QLineSeries;
class QValueAxis;

namespace kvs::ui {

// The Benchmark view's chart: ops/s (left axis) and p50 / p99 latency (right axis) per second of
// a run as it runs, or the ops/s series of several saved runs overlaid. Saves itself as PNG or
// SVG. Thread rule: GUI thread only.
class BenchChart : public QChartView
{
    Q_OBJECT

public:
    explicit BenchChart(QWidget *parent = nullptr);

    // Empties the chart for a run of seconds measured seconds.
    void startRun(double seconds);
    void addSecond(const bench::SecondStats &second);
    // One run's ops/s, p50 and p99; two or more: their ops/s overlaid, named by label.
    void showRuns(const std::vector<bench::HistoryRun> &runs);

    // The series shown, in order (tests and exports).
    QList<QLineSeries *> lineSeries() const;
    // The axes: seconds (bottom), ops/s (left), latency in µs (right).
    QValueAxis *timeAxis() const { return m_time; }
    QValueAxis *opsAxis() const { return m_ops; }
    QValueAxis *latencyAxis() const { return m_latency; }

    // Write the chart as it is drawn. false when the file cannot be written.
    bool savePng(const QString &path);
    bool saveSvg(const QString &path);

private:
    void reset(double seconds);
    QLineSeries *addSeries(const QString &name, QValueAxis *axis);
    void fitAxes();

    QValueAxis *m_time;          // Owned by the chart.
    QValueAxis *m_ops;           // Owned by the chart.
    QValueAxis *m_latency;       // Owned by the chart.
    double m_plannedSeconds = 0; // the run's measured seconds: the time axis spans them at least
    QLineSeries *m_opsSeries = nullptr;
    QLineSeries *m_p50 = nullptr;
    QLineSeries *m_p99 = nullptr;
};

} // namespace kvs::ui
