#pragma once

#include <kvs/types.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace kvs::detail {

// The queue calls a listener needs, made synchronously from the store's background threads.
// KVStore answers them directly; AsyncKVStore waits for its adapter (on those threads only,
// never on a caller's). Each call throws what the store's own call throws.
class QueueBackend
{
public:
    virtual ~QueueBackend() = default;
    virtual std::vector<QueueMessage>
    dequeue(const std::string &topic, int limit, double visibilityTimeout) = 0;
    virtual bool ack(std::int64_t id, const std::string &token) = 0;
    virtual bool nack(std::int64_t id, const std::string &token, const NackOptions &options) = 0;
    virtual bool extendLease(std::int64_t id, const std::string &token, double visibility) = 0;
};

// The counters of QueueDiagnostics, shared by all listeners of a store.
struct QueueCounters
{
    std::atomic<std::int64_t> delivered{0};
    std::atomic<std::int64_t> acked{0};
    std::atomic<std::int64_t> nacked{0};
    std::atomic<std::int64_t> handlerErrors{0};
    std::atomic<std::int64_t> leaseLost{0};
    std::atomic<std::int64_t> dispatchErrors{0};
};

} // namespace kvs::detail
