#pragma once

#include "bench/measure/data.h"

#include <cstdint>
#include <string>

namespace kvs {
class KVStore;
}

namespace kvs::bench {

// The store side of `kvs bench`: each operation is one KVStore call. Call i uses the i-th key of
// its rotation. Throws kvs::Error when the store fails or answers wrongly (a get_hit that misses).
// Thread rule: that of the store.
class StoreTarget
{
public:
    // Requires: store and keys outlive the target.
    StoreTarget(KVStore &store, const BenchKeys &keys);

    // Writes the background keys and the marker (untimed).
    void populate();

    void set(std::uint64_t i);
    void getHit(std::uint64_t i);
    void getMiss(std::uint64_t i);
    // Re-inserts every delete key (untimed).
    void refillDeleteKeys();
    // Deletes delete key i; requires refillDeleteKeys() since it was last deleted.
    void remove(std::uint64_t i);
    void increment(std::uint64_t i);
    void getMany10(std::uint64_t i);
    void atomicSum(std::uint64_t i);
    // enqueue, dequeue, acknowledge on kQueueTopic; throws unless it gets back its own message.
    void queueCycle(std::uint64_t i);
    // Enqueues due messages on kBacklogTopic until it holds kQueueBacklog (untimed).
    void fillBacklog();
    // The same cycle on kBacklogTopic: it acknowledges the oldest message, not the new one.
    void queueCycleBacklog(std::uint64_t i);

private:
    void setAll(const std::vector<Key> &keys);
    // One cycle on topic; returns the id of the message it acknowledged.
    std::int64_t cycle(const std::string &topic);

    KVStore &m_store;        // Not owned.
    const BenchKeys &m_keys; // Not owned.
    Value m_value{"v"};
    std::string m_queueTopic{kQueueTopic};
    std::string m_backlogTopic{kBacklogTopic};
};

} // namespace kvs::bench
