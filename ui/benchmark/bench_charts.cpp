#include "benchmark/bench_charts.h"

#include "benchmark/bench_chart.h"
#include "benchmark/capacity_chart.h"

namespace kvs::ui {

BenchCharts::BenchCharts(QWidget *parent)
    : QStackedWidget(parent)
    , m_run(new BenchChart(this))
    , m_capacity(new CapacityChart(this))
{
    addWidget(m_run);
    addWidget(m_capacity);
}

bool BenchCharts::showsCapacity() const
{
    return currentWidget() == m_capacity;
}

void BenchCharts::showCapacity(bool on)
{
    setCurrentWidget(on ? static_cast<QWidget *>(m_capacity) : m_run);
}

void BenchCharts::startRun(double seconds, bool capacitySearch)
{
    showCapacity(capacitySearch);
    m_capacity->startSearch();
    m_run->startRun(seconds);
}

void BenchCharts::showRuns(const std::vector<bench::HistoryRun> &runs)
{
    m_run->showRuns(runs);
    // One capacity search: its steps; several runs compare their seconds.
    const bool capacity = runs.size() == 1 && !runs.front().capacity.empty();
    if (capacity)
        m_capacity->showSteps(runs.front().capacity);
    showCapacity(capacity);
}

bool BenchCharts::savePng(const QString &path) const
{
    return showsCapacity() ? m_capacity->savePng(path) : m_run->savePng(path);
}

bool BenchCharts::saveSvg(const QString &path) const
{
    return showsCapacity() ? m_capacity->saveSvg(path) : m_run->saveSvg(path);
}

} // namespace kvs::ui
