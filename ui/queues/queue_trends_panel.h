#pragma once

#include <kvs/async_kvstore.h>

#include <QWidget>

#include <memory>

class QSpinBox;

namespace kvs::ui {

class QueueChartsView;
class QueueRateSampler;
class QueuesController;

// The Queues tab's trends: the charts of the database's queue history, sampled at each
// overview refresh of controller, and the warning threshold "no consumer?" (seconds a due
// message may wait), kept in QSettings under kNoConsumerKey (default 30 s). Thread rule: GUI
// thread only.
class QueueTrendsPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr const char *kNoConsumerKey = "queues/noConsumerSeconds";
    static constexpr int kDefaultNoConsumerSeconds = 30;

    // Requires: controller outlives this panel.
    explicit QueueTrendsPanel(QueuesController *controller, QWidget *parent = nullptr);

    // The database whose history is charted (see QueueRateSampler::setStore).
    void setStore(std::shared_ptr<AsyncKVStore> store, const QString &identity);

    QueueChartsView *charts() const { return m_charts; }
    QueueRateSampler *sampler() const { return m_sampler; }
    QSpinBox *noConsumerSeconds() const { return m_noConsumer; }
    // The threshold's label and field, for the owner to place (the Queues pane puts them in its
    // status line, beside the poll interval); reparented there.
    QWidget *thresholdControls() const { return m_threshold; }

signals:
    // The history file could not be read or written.
    void problem(const QString &message);

private:
    QueuesController *m_controller; // Not owned.
    QueueRateSampler *m_sampler;    // Owned (child).
    QueueChartsView *m_charts;      // Owned.
    QSpinBox *m_noConsumer;         // Owned (in m_threshold).
    QWidget *m_threshold;           // Owned until the owner places it.
};

} // namespace kvs::ui
