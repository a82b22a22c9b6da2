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
