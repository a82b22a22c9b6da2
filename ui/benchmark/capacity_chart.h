#pragma once

#include "bench/workload/capacity_search.h"

#include <QChartView>

#include <vector>

class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;

namespace kvs::ui {

// The Benchmark view's chart of a capacity search: for each rate asked (bottom axis, calls per
// second), the rate achieved (left axis) and the p99 latency (right axis, logarithmic, ms), with
// a marker on each run's p99: a circle where it held, a square where it broke; the title names
// the highest rate that held. Saves itself as PNG or SVG. Thread rule: GUI thread only.
class CapacityChart : public QChartView
{
    Q_OBJECT

public:
    explicit CapacityChart(QWidget *parent = nullptr);

    // Empties the chart for a new search.
    void startSearch();
    void addStep(const bench::CapacityStep &step);
    void showSteps(const std::vector<bench::CapacityStep> &steps);
    const std::vector<bench::CapacityStep> &steps() const { return m_steps; }
    // The highest rate of a run that held; 0 when none did.
    double highestHeld() const;

    // The series (tests): achieved and p99 by rate asked, and the markers.
    QLineSeries *achievedSeries() const { return m_achieved; }
    QLineSeries *p99Series() const { return m_p99; }
    QScatterSeries *heldSeries() const { return m_held; }
    QScatterSeries *brokenSeries() const { return m_broken; }
    QValueAxis *rateAxis() const { return m_rate; }

    // Write the chart as it is drawn. false when the file cannot be written.
    bool savePng(const QString &path);
    bool saveSvg(const QString &path);

private:
    // Draws m_steps again: the lines in order of rate, the axes fitted, the title.
    void redraw();

    QValueAxis *m_rate;         // Owned by the chart.
    QValueAxis *m_achievedAxis; // Owned by the chart.
    QLogValueAxis *m_latency;   // Owned by the chart.
    QLineSeries *m_achieved;    // Owned by the chart.
    QLineSeries *m_p99;         // Owned by the chart.
    QScatterSeries *m_held;     // Owned by the chart.
    QScatterSeries *m_broken;   // Owned by the chart.
    std::vector<bench::CapacityStep> m_steps;
};

} // namespace kvs::ui
