#pragma once

#include "queue/queue_backend.h"
#include "store/op_support.h"

#include <kvs/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace kvs::detail {

// The listeners' queue calls (queue/queue_backend.h), made through a store's public API, so they
// take its lock, checks and watch deliveries as a caller's would: KVStore's answer at once;
// AsyncKVStore's are waited for, on the store's background threads that make these calls (what
// those threads are for; never a caller's thread). Store is KVStore or AsyncKVStore.
template <typename Store>
class StoreQueueBackend final : public QueueBackend
{
public:
    explicit StoreQueueBackend(Store &store)
        : m_store(store)
    {}

    std::vector<QueueMessage>
    dequeue(const std::string &topic, int limit, double visibilityTimeout) override
    {
        return valueOf(m_store.dequeue(topic, limit, DequeueOptions{visibilityTimeout}));
    }
    bool ack(std::int64_t id, const std::string &token) override
    {
        return valueOf(m_store.acknowledge(static_cast<double>(id), token));
    }
    bool nack(std::int64_t id, const std::string &token, const NackOptions &options) override
    {
        return valueOf(m_store.nack(static_cast<double>(id), token, options));
    }
    bool extendLease(std::int64_t id, const std::string &token, double visibility) override
    {
        return valueOf(m_store.extendLease(static_cast<double>(id), token, visibility));
    }

private:
    Store &m_store; // Not owned: the store that owns this backend.
};

} // namespace kvs::detail
