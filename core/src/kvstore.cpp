#include "sqlite/sqlite_store.h"

#include <kvs/errors.h>
#include <kvs/kvstore.h>

namespace kvs {

KVStore::KVStore(const std::string &path, const KVStoreOptions &options)
    : m_impl(std::make_unique<detail::SqliteStore>(path, options))
{}

KVStore::~KVStore() = default;

std::optional<Entry> KVStore::get(const Key &key)
{
    return m_impl->get(key);
}

std::vector<std::optional<Entry>> KVStore::getMany(const std::vector<Key> &keys)
{
    return m_impl->getMany(keys);
}

CommitResult KVStore::set(const Key &key, const Value &value, const SetOptions &options)
{
    return m_impl->set(key, value, options);
}

void KVStore::remove(const Key &key)
{
    m_impl->remove(key);
}

double KVStore::increment(const Key &key, double delta)
{
    return m_impl->increment(key, delta);
}

ListResult KVStore::list(const ListSelector &selector, const ListOptions &options)
{
    return m_impl->list(selector, options);
}

AtomicOperation KVStore::atomic()
{
    return AtomicOperation(m_impl.get());
}

EnqueueResult KVStore::enqueue(const Value &payload, const QueueOptions &options)
{
    return m_impl->enqueue(payload, options);
}

std::vector<QueueMessage>
KVStore::dequeue(const std::string &topic, double limit, const DequeueOptions &options)
{
    return m_impl->dequeue(topic, limit, options);
}

bool KVStore::acknowledge(double id, const std::string &token)
{
    return m_impl->acknowledge(id, token);
}

bool KVStore::nack(double id, const std::string &token, const NackOptions &options)
{
    return m_impl->nack(id, token, options);
}

bool KVStore::extendLease(double id,
                          const std::string &token,
                          std::optional<double> visibilityTimeout)
{
    return m_impl->extendLease(id, token, visibilityTimeout);
}

std::vector<QueueDeadMessage> KVStore::listDead(const std::string &topic,
                                                const ListDeadOptions &options)
{
    return m_impl->listDead(topic, options);
}

std::int64_t KVStore::retryDead(const std::string &topic, std::optional<double> id)
{
    return m_impl->retryDead(topic, id);
}

std::int64_t KVStore::deleteDead(const std::string &topic, std::optional<double> id)
{
    return m_impl->deleteDead(topic, id);
}

std::vector<QueueStats> KVStore::queueStats(const std::optional<std::string> &topic)
{
    return m_impl->queueStats(topic);
}

std::int64_t KVStore::cleanQueue()
{
    return m_impl->cleanQueue();
}

std::vector<QueuePeekMessage> KVStore::peek(const std::string &topic, const PeekOptions &options)
{
    return m_impl->peek(topic, options);
}

std::int64_t KVStore::cleanExpired()
{
    return m_impl->cleanExpired();
}

void KVStore::reset()
{
    m_impl->reset();
}

void KVStore::close()
{
    m_impl->close();
}

bool KVStore::isReadOnly() const noexcept
{
    return m_impl->isReadOnly();
}

bool KVStore::isClosed() const noexcept
{
    return m_impl->isClosed();
}

long long KVStore::schemaVersion() const noexcept
{
    return m_impl->schemaVersion();
}

const std::string &KVStore::path() const noexcept
{
    return m_impl->path();
}

const KVStoreOptions &KVStore::options() const noexcept
{
    return m_impl->options();
}

} // namespace kvs
