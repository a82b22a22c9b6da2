#include "queues/queue_charts_view.h"

#include "queues/queue_history.h"

#include <QChartView>
#include <QComboBox>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace kvs::ui {

namespace {

QChartView *chartView(QWidget *parent, const QString &title, QDateTimeAxis *time, QValueAxis *y)
{
    auto *view = new QChartView(new QChart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(180);
    view->chart()->setTitle(title);
    view->chart()->legend()->setAlignment(Qt::AlignBottom);
    time->setFormat(QStringLiteral("HH:mm"));
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setMin(0);
    view->chart()->addAxis(time, Qt::AlignBottom);
    view->chart()->addAxis(y, Qt::AlignLeft);
    return view;
}

QLineSeries *addSeries(QChartView *view, const QString &name, QDateTimeAxis *time, QValueAxis *y)
{
    auto *series = new QLineSeries;
    series->setName(name);
    view->chart()->addSeries(series);
    series->attachAxis(time);
    series->attachAxis(y);
    return series;
}

// A top a little above the highest point, at least 1 (an empty chart reads 0 .. 1).
double topOf(double highest)
{
    return highest > 0 ? std::ceil(highest * 1.1) : 1.0;
}

} // namespace

QueueChartsView::QueueChartsView(QWidget *parent)
    : QWidget(parent)
    , m_scope(new QComboBox(this))
    , m_range(new QComboBox(this))
    , m_note(new QLabel(this))
    , m_countTime(new QDateTimeAxis)
    , m_countAxis(new QValueAxis)
    , m_rateTime(new QDateTimeAxis)
    , m_rateAxis(new QValueAxis)
{
    m_countView = chartView(this, tr("Messages"), m_countTime, m_countAxis);
    m_rateView = chartView(this, tr("Per second"), m_rateTime, m_rateAxis);
    m_rateAxis->setLabelFormat(QStringLiteral("%.1f"));
    const QString countNames[CountSeriesCount]
        = {tr("due"), tr("delayed"), tr("processing"), tr("dead"), tr("done")};
    for (int i = 0; i < CountSeriesCount; ++i)
        m_counts[std::size_t(i)] = addSeries(m_countView, countNames[i], m_countTime, m_countAxis);
    const QString rateNames[RateSeriesCount] = {tr("enqueued"),
                                                tr("dead-lettered"),
                                                tr("dead letters retried or deleted"),
                                                tr("acknowledged (kept done)")};
    for (int i = 0; i < RateSeriesCount; ++i)
        m_rates[std::size_t(i)] = addSeries(m_rateView, rateNames[i], m_rateTime, m_rateAxis);

    m_scope->addItem(tr("All topics"));
    m_range->addItems({tr("Last 5 minutes"), tr("Last hour"), tr("Last 24 hours")});
    m_note->setWordWrap(true);
    auto *choices = new QHBoxLayout;
    choices->addWidget(m_scope, 1);
    choices->addWidget(m_range);
    auto *charts = new QHBoxLayout;
    charts->addWidget(m_countView, 1);
    charts->addWidget(m_rateView, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(choices);
    layout->addLayout(charts, 1);
    layout->addWidget(m_note);
    connect(m_scope, &QComboBox::currentIndexChanged, this, &QueueChartsView::redraw);
    connect(m_range, &QComboBox::currentIndexChanged, this, &QueueChartsView::redraw);
    redraw();
}

void QueueChartsView::setHistory(const QueueHistory *history)
{
    m_history = history;
    redraw();
}

std::string QueueChartsView::scopeTopic() const
{
    return m_scope->currentIndex() <= 0 ? std::string()
                                        : m_scope->currentData().toString().toStdString();
}

void QueueChartsView::updateScopes()
{
    const std::vector<std::string> topics
        = m_history ? m_history->topics() : std::vector<std::string>();
    if (int(topics.size()) == m_scope->count() - 1) {
        bool same = true;
        for (std::size_t i = 0; i < topics.size() && same; ++i)
            same = m_scope->itemData(int(i) + 1).toString().toStdString() == topics[i];
        if (same)
            return;
    }
    const QString current = m_scope->currentData().toString();
    const QSignalBlocker block(m_scope);
    while (m_scope->count() > 1)
        m_scope->removeItem(1);
    for (const std::string &topic : topics) {
        const QString name = QString::fromStdString(topic);
        m_scope->addItem(tr("Topic %1").arg(name), name);
    }
    const int again = m_scope->findData(current);
    m_scope->setCurrentIndex(again > 0 ? again : 0);
}

void QueueChartsView::redraw()
{
    updateScopes();
    const std::int64_t rangeMs = kRangesMs[std::size_t(std::max(0, m_range->currentIndex()))];
    std::int64_t end = m_nowMs ? m_nowMs() : QDateTime::currentMSecsSinceEpoch();
    if (!m_nowMs && m_history && !m_history->isEmpty())
        end = std::max(end, m_history->samples().back().atMs);
    const std::int64_t start = end - rangeMs;
    const std::string topic = scopeTopic();

    std::array<QList<QPointF>, CountSeriesCount> counts;
    double highestCount = 0;
    if (m_history) {
        for (const QueueSample &sample : m_history->samples()) {
            if (sample.atMs < start)
                continue;
            const std::optional<QueueTopicCounts> c = sample.countsOf(topic);
            if (!c)
                continue;
            const double x = double(sample.atMs);
            const double values[CountSeriesCount] = {double(c->due),
                                                     double(c->delayed),
                                                     double(c->processing),
                                                     double(c->dead),
                                                     double(c->done)};
            for (int i = 0; i < CountSeriesCount; ++i) {
                counts[std::size_t(i)].append(QPointF(x, values[i]));
                highestCount = std::max(highestCount, values[i]);
            }
        }
    }
    std::array<QList<QPointF>, RateSeriesCount> rates;
    double highestRate = 0;
    const std::vector<QueueRatePoint> points
        = m_history ? m_history->rates(topic, start) : std::vector<QueueRatePoint>();
    for (const QueueRatePoint &point : points) {
        const double x = double(point.atMs);
        if (point.enqueued)
            rates[EnqueuedRate].append(QPointF(x, *point.enqueued));
        rates[DeadLetteredRate].append(QPointF(x, point.deadLettered));
        rates[RetriedOrDeletedRate].append(QPointF(x, point.deadRetriedOrDeleted));
        rates[AcknowledgedRate].append(QPointF(x, point.acknowledged));
        highestRate = std::max({highestRate,
                                point.enqueued.value_or(0),
                                point.deadLettered,
                                point.deadRetriedOrDeleted,
                                point.acknowledged});
    }
    // replace(): one repaint per series rather than one per point.
    for (int i = 0; i < CountSeriesCount; ++i)
        m_counts[std::size_t(i)]->replace(counts[std::size_t(i)]);
    for (int i = 0; i < RateSeriesCount; ++i)
        m_rates[std::size_t(i)]->replace(rates[std::size_t(i)]);
    const QDateTime from = QDateTime::fromMSecsSinceEpoch(start);
    const QDateTime to = QDateTime::fromMSecsSinceEpoch(end);
    const QString format
        = rangeMs > kRangesMs[1] ? QStringLiteral("ddd HH:mm") : QStringLiteral("HH:mm:ss");
    for (QDateTimeAxis *time : {m_countTime, m_rateTime}) {
        time->setRange(from, to);
        time->setFormat(format);
    }
    m_countAxis->setRange(0, topOf(highestCount));
    m_rateAxis->setRange(0, topOf(highestRate));
    m_rates[EnqueuedRate]->setVisible(topic.empty());
    m_note->setText(topic.empty()
                        ? tr("Sampled at each overview refresh while this tab is open. Enqueued "
                             "per second comes from the queue's id counter, which no delete "
                             "lowers.")
                        : tr("Sampled at each overview refresh while this tab is open. Enqueued "
                             "per second is known for the whole database only; the other rates "
                             "are what the counts show."));
}

} // namespace kvs::ui
