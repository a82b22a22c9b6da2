#include "queues/queue_charts_view.h"

#include "queues/queue_history.h"

#include <QCategoryAxis>
#include <QChartView>
#include <QComboBox>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <utility>

namespace kvs::ui {

namespace {

// Ticks the value axes show at most above 0: enough to read a level, few enough that their
// labels never crowd a chart a third of a window high.
constexpr int kValueTicks = 4;
// Time labels along a chart half a window wide ("HH:mm:ss" or "ddd HH:mm").
constexpr int kTimeTicks = 4;

// A chart with little padding: at the window's default size every pixel goes to the plot and
// the axis labels (Qt's default margins and a legend below left the plot a few pixels high, its
// labels elided to "…"). Its legend is a label of its own below it (legendText()): Qt's legend
// on the right cut its last entries off in the window of a 1024x700 screen, and below it Qt
// elides them rather than wrap.
QChartView *chartView(QWidget *parent, const QString &title, QDateTimeAxis *time, QCategoryAxis *y)
{
    auto *chart = new QChart;
    auto *view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(76); // with the legend below it, the pane fits a 1024x700 screen
    chart->setTitle(title);
    chart->setMargins(QMargins(4, 2, 4, 2));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    chart->setBackgroundRoundness(0);
    chart->legend()->hide();
    time->setFormat(QStringLiteral("HH:mm"));
    time->setTickCount(kTimeTicks);
    // Labels at the tick values, as compactNumber() writes them (a printf format cannot say 1.2k).
    y->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    y->setMin(0);
    chart->addAxis(time, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    return view;
}

// Labels axis with the ticks from 0 to at least highest: as many as the plot's height has room
// for, one per ~28 px (Qt Charts elides every label to "…" when they crowd).
void setTicks(QCategoryAxis *axis, double highest, const QChartView *view)
{
    const double plot = view->chart()->plotArea().height();
    const int room = plot > 0 ? std::clamp(int(plot / 28), 1, kValueTicks) : kValueTicks;
    const std::vector<double> ticks = QueueChartsView::niceTicks(highest, room);
    for (const QString &label : axis->categoriesLabels())
        axis->remove(label);
    axis->setStartValue(0);
    for (const double tick : ticks)
        axis->append(QueueChartsView::compactNumber(tick), tick);
    axis->setRange(0, ticks.back());
}

// A legend as rich text: each visible series' colour and name, kept together, wrapping between
// entries when the label is narrow.
template <std::size_t N>
QString legendText(const std::array<QLineSeries *, N> &series)
{
    QStringList entries;
    for (const QLineSeries *line : series) {
        if (!line->isVisible())
            continue;
        entries << QStringLiteral("<span style=\"color:%1\">&#9632;</span>&nbsp;%2")
                       .arg(line->color().name(),
                            line->name().toHtmlEscaped().replace(QLatin1Char(' '),
                                                                 QStringLiteral("&nbsp;")));
    }
    return entries.join(QStringLiteral(" &nbsp; "));
}

QLabel *legendLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setTextFormat(Qt::RichText);
    label->setWordWrap(true);
    label->setAlignment(Qt::AlignHCenter);
    QFont small = label->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    label->setFont(small);
    return label;
}

QLineSeries *addSeries(QChartView *view, const QString &name, QDateTimeAxis *time, QCategoryAxis *y)
{
    auto *series = new QLineSeries;
    series->setName(name);
    view->chart()->addSeries(series);
    series->attachAxis(time);
    series->attachAxis(y);
    return series;
}

} // namespace

QString QueueChartsView::compactNumber(double value)
{
    // Three significant digits: 1.5k, 12k, 125k; and rates below one, 0.25 per second.
    const QLocale locale;
    const double size = std::abs(value);
    if (size >= 1e9)
        return locale.toString(value / 1e9, 'g', 3) + tr("G", "a thousand million, chart axis");
    if (size >= 1e6)
        return locale.toString(value / 1e6, 'g', 3) + tr("M", "a million, chart axis");
    if (size >= 1e3)
        return locale.toString(value / 1e3, 'g', 3) + tr("k", "a thousand, chart axis");
    return locale.toString(value, 'g', 3);
}

std::vector<double> QueueChartsView::niceTicks(double highest, int maxTicks)
{
    const double top = highest > 0 ? highest : 1.0;
    const double rough = top / std::max(1, maxTicks);
    const double power = std::pow(10.0, std::floor(std::log10(rough)));
    double step = power;
    for (const double factor : {1.0, 2.0, 5.0, 10.0}) {
        step = factor * power;
        if (step * maxTicks >= top)
            break;
    }
    std::vector<double> ticks{0.0};
    for (int i = 1; ticks.back() < top; ++i)
        ticks.push_back(step * i);
    return ticks;
}

QStringList QueueChartsView::countAxisLabels() const
{
    return m_countAxis->categoriesLabels();
}

QueueChartsView::QueueChartsView(QWidget *parent)
    : QWidget(parent)
    , m_scope(new QComboBox(this))
    , m_range(new QComboBox(this))
    , m_note(new QLabel(this))
    , m_countTime(new QDateTimeAxis)
    , m_countAxis(new QCategoryAxis)
    , m_rateTime(new QDateTimeAxis)
    , m_rateAxis(new QCategoryAxis)
    , m_countLegend(legendLabel(this))
    , m_rateLegend(legendLabel(this))
{
    m_countView = chartView(this, tr("Messages"), m_countTime, m_countAxis);
    m_rateView = chartView(this, tr("Per second"), m_rateTime, m_rateAxis);
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
    // The note beside the choices, in a smaller type: a line of its own would cost the charts.
    QFont small = m_note->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_note->setFont(small);
    m_scope->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *choices = new QHBoxLayout;
    choices->addWidget(m_scope);
    choices->addWidget(m_range);
    choices->addWidget(m_note, 1);
    auto *charts = new QHBoxLayout;
    for (const auto &[view, legend] :
         {std::pair{m_countView, m_countLegend}, std::pair{m_rateView, m_rateLegend}}) {
        auto *chart = new QVBoxLayout;
        chart->setSpacing(0);
        chart->addWidget(view, 1);
        chart->addWidget(legend);
        charts->addLayout(chart, 1);
    }
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(choices);
    layout->addLayout(charts, 1);
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
    std::int64_t end = m_clock->now();
    if (!m_clock->isManual() && m_history && !m_history->isEmpty())
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
    setTicks(m_countAxis, highestCount, m_countView);
    setTicks(m_rateAxis, highestRate, m_rateView);
    m_rates[EnqueuedRate]->setVisible(topic.empty());
    m_countLegend->setText(legendText(m_counts));
    m_rateLegend->setText(legendText(m_rates));
    m_note->setText(topic.empty()
                        ? tr("Sampled at each overview refresh while this tab is open. Enqueued "
                             "per second comes from the queue's id counter, which no delete "
                             "lowers.")
                        : tr("Sampled at each overview refresh while this tab is open. Enqueued "
                             "per second is known for the whole database only; the other rates "
                             "are what the counts show."));
}

void QueueChartsView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // The plots' new height decides how many value ticks fit; laid out after this event.
    QMetaObject::invokeMethod(this, &QueueChartsView::redraw, Qt::QueuedConnection);
}

} // namespace kvs::ui
