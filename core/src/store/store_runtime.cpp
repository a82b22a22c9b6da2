#include "store/store_runtime.h"

#include "rules/validation.h"

namespace kvs::detail {

namespace {

// A slot of the compute pool per concurrent getAsync() miss, up to this many at once; compute()
// may block (a network fetch), so the pool is not sized by cores.
constexpr int kComputeThreads = 8;

} // namespace

StoreRuntime::StoreRuntime(StoreRules storeRules,
                           std::shared_ptr<Clock> storeClock,
                           QueueBackend &queueBackend,
                           WatchHub::Reader reader,
                           const char *threadName)
    : rules(std::move(storeRules))
    , clock(storeClock ? std::move(storeClock) : systemClock())
    , watch(std::make_shared<WatchHub>(std::move(reader)))
    , dispatcher(threadName, clock)
    , queue(queueBackend, dispatcher, rules.queue.visibilityTimeout)
{
    computePool.setMaxThreadCount(kComputeThreads);
}

StoreRuntime::~StoreRuntime()
{
    close();
}

StoreRules checkedRules(long long maxKeySize, const QueueConfig &queue, bool readOnly)
{
    validateMaxKeySize(maxKeySize);
    validateQueueConfig(queue);
    return {maxKeySize, queue, readOnly};
}

std::string StoreRuntime::encodeChecked(const Key &key) const
{
    return encodeKeyChecked(key, rules.maxKeySize);
}

void StoreRuntime::close()
{
    // No lock is held while waiting: a callback being waited for may call the store.
    queue.close();
    watch->close();
    dispatcher.stop();
}

} // namespace kvs::detail
