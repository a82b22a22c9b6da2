#include "queues/queue_trends_panel.h"

#include "queues/queue_charts_view.h"
#include "queues/queue_overview_model.h"
#include "queues/queue_rate_sampler.h"
#include "queues/queues_controller.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace kvs::ui {

QueueTrendsPanel::QueueTrendsPanel(QueuesController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_sampler(new QueueRateSampler(controller->overview(), this))
    , m_charts(new QueueChartsView(this))
    , m_noConsumer(new QSpinBox(this))
    , m_threshold(new QWidget(this))
{
    m_charts->setHistory(&m_sampler->history());
    m_noConsumer->setRange(1, 86400);
    m_noConsumer->setSuffix(tr(" s"));
    m_noConsumer->setToolTip(tr("A topic whose oldest due message waits longer than this is "
                                "flagged \"no consumer?\"."));
    const int seconds
        = QSettings().value(QLatin1String(kNoConsumerKey), kDefaultNoConsumerSeconds).toInt();
    m_noConsumer->setValue(seconds > 0 ? seconds : kDefaultNoConsumerSeconds);
    controller->overview()->setStallThresholdMs(std::int64_t(m_noConsumer->value()) * 1000);
    connect(m_noConsumer, &QSpinBox::valueChanged, this, [this](int value) {
        QSettings().setValue(QLatin1String(kNoConsumerKey), value);
        m_controller->overview()->setStallThresholdMs(std::int64_t(value) * 1000);
        m_controller->refresh(); // the warnings follow at once
    });
    auto *threshold = new QHBoxLayout(m_threshold);
    threshold->setContentsMargins(0, 0, 0, 0);
    threshold->addWidget(new QLabel(tr("Warn \"no consumer?\" after"), m_threshold));
    threshold->addWidget(m_noConsumer);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_charts, 1);

    connect(controller, &QueuesController::refreshed, m_sampler, &QueueRateSampler::sample);
    connect(m_sampler, &QueueRateSampler::sampled, m_charts, &QueueChartsView::redraw);
    connect(m_sampler, &QueueRateSampler::historyLoaded, m_charts, &QueueChartsView::redraw);
    connect(m_sampler, &QueueRateSampler::problem, this, &QueueTrendsPanel::problem);
}

void QueueTrendsPanel::setStore(std::shared_ptr<AsyncKVStore> store, const QString &identity)
{
    m_sampler->setStore(std::move(store), identity);
    m_charts->redraw();
}

} // namespace kvs::ui
