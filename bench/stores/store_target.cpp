#include "bench/stores/store_target.h"

#include <kvs/errors.h>
#include <kvs/kvstore.h>

namespace kvs::bench {

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

std::int64_t StoreTarget::cycle(const std::string &topic)
{
    QueueOptions options;
    options.topic = topic;
    const std::int64_t id = m_store.enqueue(m_value, options).id;
    const std::vector<QueueMessage> messages = m_store.dequeue(topic);
    if (messages.size() != 1
        || !m_store.acknowledge(static_cast<double>(messages[0].id), messages[0].token)) {
        throw Error("kvs: bench: the queue cycle did not get and acknowledge a message");
    }
    return id == messages[0].id ? 0 : messages[0].id;
}

void StoreTarget::queueCycle(std::uint64_t)
{
    if (cycle(m_queueTopic) != 0) {
        throw Error("kvs: bench: queue_cycle got another message than it enqueued");
    }
}

void StoreTarget::fillBacklog()
{
    const auto pending = [this] {
        const std::vector<QueueStats> stats = m_store.queueStats(m_backlogTopic);
        return stats.empty() ? 0 : stats.front().pending + stats.front().delayed;
    };
    QueueOptions options;
    options.topic = m_backlogTopic;
    for (auto have = static_cast<std::size_t>(pending()); have < kQueueBacklog;) {
        AtomicOperation operation = m_store.atomic();
        for (std::size_t k = 0; k < kSetupCommit && have < kQueueBacklog; ++k, ++have) {
            operation.enqueue(m_value, options);
        }
        if (!operation.commit().ok) {
            throw Error("kvs: bench: the backlog commit failed");
        }
    }
    if (static_cast<std::size_t>(pending()) != kQueueBacklog) {
        throw Error("kvs: bench: the backlog does not hold 10000 pending messages");
    }
}

void StoreTarget::queueCycleBacklog(std::uint64_t)
{
    // FIFO: the oldest backlog message goes, the new one joins the end; the count stays.
    if (cycle(m_backlogTopic) == 0) {
        throw Error("kvs: bench: queue_cycle_backlog_10000 got its new message, not the oldest");
    }
}

} // namespace kvs::bench
