#include "bench/bench_chart.h"

#include "bench/bench_history_model.h"

#include <QLineSeries>
#include <QPainter>
#include <QSvgGenerator>
#include <QValueAxis>

#include <algorithm>

namespace kvs::ui {

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
    m_time->setRange(0, std::max(1.0, seconds));
    m_ops->setRange(0, 1);
    m_latency->setRange(0, 1);
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
    for (const bench::HistoryRun &run : runs) {
        QLineSeries *series = addSeries(BenchHistoryModel::label(run), m_ops);
        for (const bench::SecondStats &second : run.series)
            series->append(second.second, second.opsPerSecond);
    }
    fitAxes();
}

void BenchChart::fitAxes()
{
    double ops = 1;
    double latency = 1;
    double last = m_time->max();
    for (QLineSeries *series : lineSeries()) {
        const bool isLatency = series == m_p50 || series == m_p99;
        for (const QPointF &point : series->points()) {
            last = std::max(last, point.x());
            (isLatency ? latency : ops) = std::max(isLatency ? latency : ops, point.y());
        }
    }
    // Round tick labels (whole seconds, 2,000 ops/s) read better than the exact maxima.
    m_time->setRange(0, last);
    m_time->applyNiceNumbers();
    m_ops->setRange(0, ops * 1.1);
    m_ops->applyNiceNumbers();
    m_latency->setRange(0, latency * 1.1);
    m_latency->applyNiceNumbers();
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
    return grab().save(path, "PNG");
}

bool BenchChart::saveSvg(const QString &path)
{
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size());
    generator.setViewBox(rect());
    generator.setTitle(tr("Benchmark"));
    QPainter painter;
    if (!painter.begin(&generator))
        return false;
    render(&painter);
    return painter.end();
}

} // namespace kvs::ui
