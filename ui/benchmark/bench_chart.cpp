#include "benchmark/bench_chart.h"

#include "benchmark/bench_history_model.h"
#include "benchmark/chart_image.h"
#include "benchmark/run_difference.h"

#include <QLineSeries>
#include <QPainter>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace kvs::ui {

namespace {

// Every axis of the chart labels whole numbers ("%d", "%.0f"): a range of 0..1 in five ticks
// would read "0 0 1 1 1". The range goes from 0 to a multiple of a step of 1, 2 or 5 times a
// power of ten, and at least 1, so each tick is a different whole number.
void setWholeNumberRange(QValueAxis *axis, double top)
{
    constexpr int kMostSteps = 5;
    if (!(top > 0))
        top = kMostSteps; // empty: 0 .. 5 in steps of 1
    const double raw = top / kMostSteps;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = 10 * magnitude;
    for (const double factor : {1.0, 2.0, 5.0}) {
        if (factor * magnitude >= raw) {
            step = factor * magnitude;
            break;
        }
    }
    step = std::max(step, 1.0);
    const double steps = std::ceil(top / step - 1e-9);
    axis->setTickType(QValueAxis::TicksFixed);
    axis->setRange(0, steps * step);
    axis->setTickCount(static_cast<int>(steps) + 1);
}

} // namespace

BenchChart::BenchChart(QWidget *parent)
    : QChartView(new QChart, parent)
    , m_time(new QValueAxis)
    , m_ops(new QValueAxis)
    , m_latency(new QValueAxis)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(220);
    chart()->legend()->setAlignment(Qt::AlignBottom);
    m_time->setTitleText(tr("Seconds"));
    m_time->setLabelFormat(QStringLiteral("%d"));
    m_ops->setTitleText(tr("ops/s"));
    m_ops->setLabelFormat(QStringLiteral("%.0f"));
    m_latency->setTitleText(tr("Latency µs"));
    m_latency->setLabelFormat(QStringLiteral("%.0f"));
    chart()->addAxis(m_time, Qt::AlignBottom);
    chart()->addAxis(m_ops, Qt::AlignLeft);
    chart()->addAxis(m_latency, Qt::AlignRight);
    reset(10);
}

void BenchChart::reset(double seconds)
{
    chart()->removeAllSeries();
    m_opsSeries = m_p50 = m_p99 = nullptr;
    m_plannedSeconds = seconds;
    setWholeNumberRange(m_time, seconds);
    setWholeNumberRange(m_ops, 0);
    setWholeNumberRange(m_latency, 0);
}

QLineSeries *BenchChart::addSeries(const QString &name, QValueAxis *axis)
{
    auto *series = new QLineSeries;
    series->setName(name);
    chart()->addSeries(series);
    series->attachAxis(m_time);
    series->attachAxis(axis);
    return series;
}

void BenchChart::startRun(double seconds)
{
    reset(seconds);
    m_opsSeries = addSeries(tr("ops/s"), m_ops);
    m_p50 = addSeries(tr("p50 µs"), m_latency);
    m_p99 = addSeries(tr("p99 µs"), m_latency);
    m_latency->setVisible(true);
}

void BenchChart::addSecond(const bench::SecondStats &second)
{
    if (!m_opsSeries)
        startRun(second.second);
    m_opsSeries->append(second.second, second.opsPerSecond);
    m_p50->append(second.second, second.p50Us);
    m_p99->append(second.second, second.p99Us);
    fitAxes();
}

void BenchChart::showRuns(const std::vector<bench::HistoryRun> &runs)
{
    double seconds = 1;
    for (const bench::HistoryRun &run : runs)
        seconds = std::max(seconds, static_cast<double>(run.series.size()));
    if (runs.size() == 1) {
        startRun(seconds);
        for (const bench::SecondStats &second : runs.front().series)
            addSecond(second);
        return;
    }
    reset(seconds);
    m_latency->setVisible(false);
    // Named by what differs too: "#3 … (concurrency 1)" beside "#4 … (concurrency 16)".
    const RunDifference difference(runs);
    for (const bench::HistoryRun &run : runs) {
        if (run.series.empty())
            continue; // nothing to draw: the reference's figures, a run stopped in its first second
        QLineSeries *series = addSeries(difference.label(run), m_ops);
        for (const bench::SecondStats &second : run.series)
            series->append(second.second, second.opsPerSecond);
    }
    fitAxes();
}

void BenchChart::fitAxes()
{
    double ops = 0;
    double latency = 0;
    double last = m_plannedSeconds;
    for (QLineSeries *series : lineSeries()) {
        const bool isLatency = series == m_p50 || series == m_p99;
        for (const QPointF &point : series->points()) {
            last = std::max(last, point.x());
            (isLatency ? latency : ops) = std::max(isLatency ? latency : ops, point.y());
        }
    }
    // Round tick labels (whole seconds, 2,000 ops/s) read better than the exact maxima.
    setWholeNumberRange(m_time, last);
    setWholeNumberRange(m_ops, ops * 1.1);
    setWholeNumberRange(m_latency, latency * 1.1);
}

QList<QLineSeries *> BenchChart::lineSeries() const
{
    QList<QLineSeries *> result;
    for (QAbstractSeries *series : chart()->series())
        if (auto *line = qobject_cast<QLineSeries *>(series))
            result.append(line);
    return result;
}

bool BenchChart::savePng(const QString &path)
{
    return saveChartPng(*this, path);
}

bool BenchChart::saveSvg(const QString &path)
{
    return saveChartSvg(*this, path, tr("Benchmark"));
}

} // namespace kvs::ui
