#pragma once

#include "queues/queue_history.h"

#include <kvs/async_kvstore.h>

#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>

namespace kvs::ui {

class QueueOverviewModel;

// Takes a sample of the queue after every overview refresh (the overview's counts and the
// store's id counter, queueLastId()) into the database's QueueHistory, and keeps that history
// in its local file (queue_history_file.h): read when a database is set, written every
// kSaveMs while samples come and when the database changes or the sampler goes, always off the
// GUI thread. Thread rule: GUI thread only.
class QueueRateSampler : public QObject
{
    Q_OBJECT

public:
    static constexpr int kSaveMs = 60000;

    explicit QueueRateSampler(const QueueOverviewModel *overview, QObject *parent = nullptr);
    ~QueueRateSampler() override;

    // The database to sample (or none) and its identity (names its history file; no password).
    // Saves the previous database's history, then loads this one's.
    void setStore(std::shared_ptr<AsyncKVStore> store, const QString &identity);
    // Where histories live: by default queueHistoryPath(identity); tests use their own folder.
    void setPathForIdentity(std::function<QString(const QString &)> pathOf)
    {
        m_pathOf = std::move(pathOf);
    }
    // The wall clock of the samples (null: the system's, the default; tests move a ManualClock).
    void setClock(std::shared_ptr<Clock> clock)
    {
        m_clock = clock ? std::move(clock) : systemClock();
    }

    // Takes a sample of the overview as it is now (call after each refresh).
    void sample();
    // Writes the history now (off the GUI thread); historySaved() follows.
    void save();

    const QueueHistory &history() const { return m_history; }
    bool isLoaded() const { return m_loaded; }

signals:
    void historyLoaded();
    void sampled();
    void historySaved();
    // The history file could not be read or written: says what happened to it.
    void problem(const QString &message);

private:
    void addSample(QueueSample sample);

    const QueueOverviewModel *m_overview; // Not owned.
    std::shared_ptr<AsyncKVStore> m_store;
    QString m_identity;
    QString m_path;
    std::function<QString(const QString &)> m_pathOf;
    std::shared_ptr<Clock> m_clock = systemClock();
    QueueHistory m_history;
    std::vector<QueueSample> m_early; // taken before the file was read
    bool m_loaded = false;
    bool m_dirty = false;
    std::uint64_t m_generation = 0; // a new database drops the old one's answers
    QTimer m_saveTimer;
};

} // namespace kvs::ui
