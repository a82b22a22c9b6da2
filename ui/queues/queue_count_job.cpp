#include "queues/queue_count_job.h"

#include "common/future_error.h"
#include "queues/queue_message_model.h"

#include <kvs/future.h>

namespace kvs::ui {

QueueCountJob::QueueCountJob(QObject *parent)
    : QObject(parent)
{}

void QueueCountJob::start(std::shared_ptr<AsyncKVStore> store,
                          std::string topic,
                          BrowseStatus status,
                          DeadLetterFilter filter,
                          qint64 expected)
{
    ++m_generation;
    m_store = std::move(store);
    m_topic = std::move(topic);
    m_status = peekStatusOf(status);
    m_filter = std::move(filter);
    m_after = 0;
    m_scanned = 0;
    m_matched = 0;
    m_expected = expected;
    m_cancelled = false;
    m_running = m_store != nullptr;
    if (!m_running)
        return;
    emit started();
    readPage(m_generation);
}

void QueueCountJob::cancel()
{
    m_cancelled = true;
}

void QueueCountJob::readPage(std::uint64_t generation)
{
    PeekOptions options{m_status, m_after, double(kPage)};
    options.expiredLeases = ExpiredLeases::Project;
    kvs::then(m_store->peek(m_topic, options),
              this,
              [this, generation](QFuture<std::vector<QueuePeekMessage>> f) {
                  if (generation != m_generation)
                      return;
                  if (const QString error = errorOf(f); !error.isEmpty()) {
                      m_running = false;
                      m_store.reset();
                      emit finished(m_scanned, m_matched, false, error);
                      return;
                  }
                  const std::vector<QueuePeekMessage> page = f.result();
                  for (const QueuePeekMessage &message : page) {
                      if (m_filter.isEmpty()
                          || m_filter.matches(BrowsedMessage::of(message).forFilter()))
                          ++m_matched;
                  }
                  m_scanned += qint64(page.size());
                  if (!page.empty())
                      m_after = page.back().id;
                  const bool more = page.size() == std::size_t(kPage);
                  if (more && !m_cancelled) {
                      emit progress(m_scanned, m_matched);
                      readPage(generation);
                      return;
                  }
                  m_running = false;
                  m_store.reset(); // the count is done: the store is not kept for it
                  emit finished(m_scanned, m_matched, more && m_cancelled, QString());
              });
}

} // namespace kvs::ui
