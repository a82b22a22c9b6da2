#include "cli/bench_store.h"

#include <kvs/errors.h>
#include <kvs/kvstore.h>

namespace kvs::cli {

namespace {

// Writes of the untimed set-up go in commits of this many sets.
constexpr std::size_t kSetupCommit = 1000;

} // namespace

StoreTarget::StoreTarget(KVStore &store, const BenchKeys &keys)
    : m_store(store)
    , m_keys(keys)
{}

void StoreTarget::setAll(const std::vector<Key> &keys)
{
    for (std::size_t first = 0; first < keys.size(); first += kSetupCommit) {
        AtomicOperation operation = m_store.atomic();
        const std::size_t last = std::min(keys.size(), first + kSetupCommit);
        for (std::size_t i = first; i < last; ++i) {
            operation.set(keys[i], m_value);
        }
        if (!operation.commit().ok) {
            throw Error("kvs: bench: the set-up commit failed");
        }
    }
}

void StoreTarget::populate()
{
    m_store.set(m_keys.markerKey, Value("kvs bench"));
    setAll(m_keys.background.keys);
}

void StoreTarget::set(std::uint64_t)
{
    m_store.set(m_keys.setKey, m_value);
}

void StoreTarget::getHit(std::uint64_t i)
{
    if (!m_store.get(m_keys.background.keys[i % kBackgroundKeys])) {
        throw Error("kvs: bench: get_hit found no entry at a background key");
    }
}

void StoreTarget::getMiss(std::uint64_t i)
{
    if (m_store.get(m_keys.miss.keys[i % kMissKeys])) {
        throw Error("kvs: bench: get_miss found an entry");
    }
}

void StoreTarget::refillDeleteKeys()
{
    setAll(m_keys.remove.keys);
}

void StoreTarget::remove(std::uint64_t i)
{
    m_store.remove(m_keys.remove.keys[i % kDeleteBatch]);
}

void StoreTarget::increment(std::uint64_t)
{
    (void)m_store.increment(m_keys.counterKey, 1);
}

void StoreTarget::getMany10(std::uint64_t i)
{
    const std::vector<std::optional<Entry>> entries = m_store.getMany(m_keys.groups[i % kGroups]);
    if (entries.size() != kGroupSize || !entries.front() || !entries.back()) {
        throw Error("kvs: bench: get_many_10 missed a background key");
    }
}

void StoreTarget::atomicSum(std::uint64_t)
{
    if (!m_store.atomic().sum(m_keys.sumKey, 1).commit().ok) {
        throw Error("kvs: bench: atomic().sum() did not commit");
    }
}

} // namespace kvs::cli
