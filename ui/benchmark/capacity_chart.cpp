#include "benchmark/capacity_chart.h"

#include "benchmark/chart_image.h"

#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPainter>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace kvs::ui {

namespace {

// A round top for an axis of whole numbers: 1, 2 or 5 times a power of ten, at least 1.
double roundTop(double top)
{
    if (!(top > 1))
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(top)));
    for (const double factor : {1.0, 2.0, 5.0, 10.0}) {
        if (factor * magnitude >= top)
            return factor * magnitude;
    }
    return 10 * magnitude;
}

// The log axis's range: whole powers of ten around the latencies (ms).
void fitLatency(QLogValueAxis *axis, double low, double high)
{
    const double bottom = std::pow(10.0, std::floor(std::log10(std::max(0.001, low))));
    const double top = std::pow(10.0, std::ceil(std::log10(std::max(bottom * 10, high))));
    axis->setRange(bottom, top);
}

} // namespace

CapacityChart::CapacityChart(QWidget *parent)
    : QChartView(new QChart, parent)
    , m_rate(new QValueAxis)
    , m_achievedAxis(new QValueAxis)
    , m_latency(new QLogValueAxis)
    , m_achieved(new QLineSeries)
    , m_p99(new QLineSeries)
    , m_held(new QScatterSeries)
    , m_broken(new QScatterSeries)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(220);
    chart()->legend()->setAlignment(Qt::AlignBottom);
    m_rate->setTitleText(tr("Rate asked (calls/s)"));
    m_rate->setLabelFormat(QStringLiteral("%.0f"));
    m_achievedAxis->setTitleText(tr("Achieved (calls/s)"));
    m_achievedAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_latency->setTitleText(tr("p99 ms"));
    m_latency->setLabelFormat(QStringLiteral("%g"));
    m_latency->setBase(10);
    chart()->addAxis(m_rate, Qt::AlignBottom);
    chart()->addAxis(m_achievedAxis, Qt::AlignLeft);
    chart()->addAxis(m_latency, Qt::AlignRight);
    m_achieved->setName(tr("achieved calls/s"));
    m_p99->setName(tr("p99 ms"));
    m_held->setName(tr("held"));
    m_held->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    m_held->setMarkerSize(10);
    m_broken->setName(tr("broke"));
    m_broken->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_broken->setMarkerSize(10);
    chart()->addSeries(m_achieved);
    m_achieved->attachAxis(m_rate);
    m_achieved->attachAxis(m_achievedAxis);
    for (QXYSeries *series : {static_cast<QXYSeries *>(m_p99),
                              static_cast<QXYSeries *>(m_held),
                              static_cast<QXYSeries *>(m_broken)}) {
        chart()->addSeries(series);
        series->attachAxis(m_rate);
        series->attachAxis(m_latency);
    }
    redraw();
}

void CapacityChart::startSearch()
{
    m_steps.clear();
    redraw();
}

void CapacityChart::addStep(const bench::CapacityStep &step)
{
    m_steps.push_back(step);
    redraw();
}

void CapacityChart::showSteps(const std::vector<bench::CapacityStep> &steps)
{
    m_steps = steps;
    redraw();
}

double CapacityChart::highestHeld() const
{
    double held = 0;
    for (const bench::CapacityStep &step : m_steps) {
        if (step.held)
            held = std::max(held, step.rate);
    }
    return held;
}

void CapacityChart::redraw()
{
    std::vector<bench::CapacityStep> byRate = m_steps;
    std::stable_sort(
        byRate.begin(), byRate.end(), [](const auto &a, const auto &b) { return a.rate < b.rate; });
    QList<QPointF> achieved;
    QList<QPointF> p99;
    QList<QPointF> held;
    QList<QPointF> broken;
    double topRate = 0;
    double lowLatency = 1e300;
    double highLatency = 0;
    for (const bench::CapacityStep &step : byRate) {
        // The log axis has no 0: a latency under 1 µs is drawn at 1 µs.
        const QPointF latency(step.rate, std::max(1.0, step.p99Us) / 1000);
        achieved << QPointF(step.rate, step.achieved);
        p99 << latency;
        (step.held ? held : broken) << latency;
        topRate = std::max({topRate, step.rate, step.achieved});
        lowLatency = std::min(lowLatency, latency.y());
        highLatency = std::max(highLatency, latency.y());
    }
    m_achieved->replace(achieved);
    m_p99->replace(p99);
    m_held->replace(held);
    m_broken->replace(broken);
    const double top = roundTop(topRate * 1.05);
    m_rate->setRange(0, top);
    m_achievedAxis->setRange(0, top);
    if (p99.isEmpty())
        fitLatency(m_latency, 0.1, 100);
    else
        fitLatency(m_latency, lowLatency, highLatency);
    const double best = highestHeld();
    if (m_steps.empty())
        chart()->setTitle(tr("Capacity search"));
    else if (best > 0)
        chart()->setTitle(
            tr("Highest rate that held: %1 calls/s").arg(QLocale().toString(best, 'f', 0)));
    else
        chart()->setTitle(tr("No rate held yet"));
}

bool CapacityChart::savePng(const QString &path)
{
    return saveChartPng(*this, path);
}

bool CapacityChart::saveSvg(const QString &path)
{
    return saveChartSvg(*this, path, tr("Capacity search"));
}

} // namespace kvs::ui
