#include "queues/queue_rate_sampler.h"

#include "common/future_error.h"
#include "queues/queue_history_file.h"
#include "queues/queue_overview_model.h"

#include <kvs/future.h>

#include <QDir>
#include <QtConcurrent>

namespace kvs::ui {

namespace {

// Writes off the GUI thread; the file's problem comes back as text (no exception crosses).
QFuture<QString> saveLater(const QString &path, QByteArray bytes)
{
    return QtConcurrent::run([path, bytes = std::move(bytes)]() -> QString {
        try {
            saveQueueHistory(path, bytes);
        } catch (const QueueHistoryError &error) {
            return QString::fromStdString(error.what());
        }
        return {};
    });
}

} // namespace

QueueRateSampler::QueueRateSampler(const QueueOverviewModel *overview, QObject *parent)
    : QObject(parent)
    , m_overview(overview)
    , m_pathOf(queueHistoryPath)
{
    m_saveTimer.setInterval(kSaveMs);
    connect(&m_saveTimer, &QTimer::timeout, this, &QueueRateSampler::save);
}

QueueRateSampler::~QueueRateSampler()
{
    // The last samples: written by the thread pool, which the application waits for on exit.
    if (m_loaded && m_dirty && !m_path.isEmpty())
        (void)saveLater(m_path, m_history.encode(m_identity));
}

void QueueRateSampler::setStore(std::shared_ptr<AsyncKVStore> store, const QString &identity)
{
    const bool sameDatabase = store && identity == m_identity && m_loaded;
    m_store = std::move(store);
    if (sameDatabase)
        return; // writes switched on or off: the same history goes on
    save();
    ++m_generation;
    m_identity = identity;
    m_history = QueueHistory();
    m_early.clear();
    m_loaded = false;
    m_dirty = false;
    m_saveTimer.stop();
    if (!m_store || identity.isEmpty()) {
        m_path.clear();
        return;
    }
    m_path = m_pathOf(identity);
    const std::uint64_t generation = m_generation;
    kvs::then(QtConcurrent::run(loadQueueHistory, m_path, identity),
              this,
              [this, generation](QueueHistoryLoad load) {
                  if (generation != m_generation)
                      return;
                  m_history = std::move(load.history);
                  for (QueueSample &sample : m_early)
                      m_history.add(std::move(sample));
                  m_early.clear();
                  m_loaded = true;
                  m_saveTimer.start();
                  if (!load.problem.isEmpty()) {
                      emit problem(
                          load.movedAside.isEmpty()
                              ? tr("The queue history %1 cannot be read (%2); the charts start "
                                   "empty and it is left as it is.")
                                    .arg(QDir::toNativeSeparators(m_path), load.problem)
                              : tr("The queue history %1 could not be used (%2); it was moved "
                                   "to %3 and the charts start empty.")
                                    .arg(QDir::toNativeSeparators(m_path),
                                         load.problem,
                                         QDir::toNativeSeparators(load.movedAside)));
                      // Not overwritten while it stays where it is.
                      if (load.movedAside.isEmpty())
                          m_path.clear();
                  }
                  emit historyLoaded();
              });
}

void QueueRateSampler::sample()
{
    if (!m_store)
        return;
    QueueSample sample;
    sample.atMs = m_clock->now();
    for (int row = 0; row < m_overview->rowCount(); ++row) {
        const QueueStats *stats = m_overview->statsAt(row);
        sample.topics.push_back(QueueTopicCounts{stats->topic,
                                                 stats->pending,
                                                 stats->delayed,
                                                 stats->processing,
                                                 stats->dead,
                                                 stats->done});
    }
    const std::uint64_t generation = m_generation;
    kvs::then(m_store->queueLastId(),
              this,
              [this, generation, sample = std::move(sample)](QFuture<std::int64_t> f) mutable {
                  if (generation != m_generation)
                      return;
                  // A store without the counter (a user's adapter) still charts its counts.
                  if (errorOf(f).isEmpty())
                      sample.lastId = f.result();
                  else if (!m_history.isEmpty())
                      sample.lastId = m_history.samples().back().lastId;
                  addSample(std::move(sample));
              });
}

void QueueRateSampler::addSample(QueueSample sample)
{
    m_dirty = true;
    if (!m_loaded) {
        m_early.push_back(std::move(sample));
        return;
    }
    m_history.add(std::move(sample));
    emit sampled();
}

void QueueRateSampler::save()
{
    if (!m_loaded || !m_dirty || m_path.isEmpty())
        return;
    m_dirty = false;
    kvs::then(saveLater(m_path, m_history.encode(m_identity)), this, [this](QFuture<QString> f) {
        if (const QString error = f.result(); !error.isEmpty())
            emit problem(error);
        emit historySaved();
    });
}

} // namespace kvs::ui
