#pragma once

#include "queue/queue_backend.h"
#include "queue/queue_dispatch.h"
#include "runtime/dispatcher.h"
#include "watch/committed_change.h"
#include "watch/watch_hub.h"

#include <kvs/clock.h>
#include <kvs/singleflight.h>
#include <kvs/types.h>

#include <QThreadPool>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace kvs::detail {

// The settings every call of a store checks against (KVStoreOptions / AsyncKVStoreSettings).
struct StoreRules
{
    long long maxKeySize = 2048;
    QueueConfig queue;
    bool readOnly = false;
};

// The rules of a store's options, checked as both stores check them before they open anything:
// RangeError "kvs: maxKeySize must be an integer >= 1, got N", then validateQueueConfig's errors.
// (A store that opens a SQLite file checks validateSqliteOptions() first.)
StoreRules checkedRules(long long maxKeySize, const QueueConfig &queue, bool readOnly);

// What KVStore and AsyncKVStore both own around their backend: the rules, the clock, the
// in-process watch hub, the queue listeners' dispatch, getAsync's singleflight and compute pool,
// and the background thread that carries the timers. The store operations (store/*_ops.h) reach
// it through their OpContext.
//
// Thread rule: safe from any thread (each member says how).
class StoreRuntime
{
public:
    // queueBackend and reader are the store's own public calls (the listeners' dequeue, the
    // watch hub's reads of unchanged keys). Not owned; they outlive the runtime's threads, which
    // close() ends.
    StoreRuntime(StoreRules rules,
                 std::shared_ptr<Clock> clock,
                 QueueBackend &queueBackend,
                 WatchHub::Reader reader,
                 const char *threadName);
    ~StoreRuntime();

    const StoreRules rules;
    const std::shared_ptr<Clock> clock;
    std::shared_ptr<WatchHub> watch;
    Dispatcher dispatcher;
    QueueDispatch queue;
    Singleflight<Value> flights;
    QThreadPool computePool; // getAsync() computes
    // When dequeue() last reclaimed expired leases (clock ms); 0 makes the next one reclaim.
    std::atomic<std::int64_t> lastReclaim{0};

    // Encodes key and checks maxKeySize (RangeError "kvs: key is N bytes encoded, over the
    // 2048-byte limit (maxKeySize)").
    std::string encodeChecked(const Key &key) const;
    // Listeners first (no new handler starts), then watchers (no callback starts), then the
    // timers. Safe to call twice.
    void close();
};

// What one store operation sees while it runs: the time it runs at, and the runtime, whose
// watch hub learns what it changed. Thread rule: the operation's thread.
class OpContext
{
public:
    OpContext(StoreRuntime &runtime, std::int64_t now)
        : runtime(runtime)
        , now(now)
    {}

    StoreRuntime &runtime;
    const std::int64_t now;

    // A write's changes for the watchers: make() builds them only when some watcher exists, so a
    // write pays nothing for watch support otherwise (a batch is counted either way). Call it
    // only for a write that changed something (a delete of a missing key emits nothing).
    template <typename Make>
    void publish(Make &&make)
    {
        if (!runtime.watch->hasWatchers()) {
            runtime.watch->countBatch();
            return;
        }
        CommittedChanges changes = make();
        if (changes.empty())
            return;
        runtime.watch->record(std::move(changes));
        m_published = true;
    }
    // reset()'s batch: every watched key gets a null tombstone, with event.reset set.
    void publishReset()
    {
        if (!runtime.watch->hasWatchers()) {
            runtime.watch->countBatch();
            return;
        }
        runtime.watch->recordReset();
        m_published = true;
    }
    // Whether a batch waits for delivery (the store delivers it once its lock is released).
    bool published() const noexcept { return m_published; }

    // Whether the caller gave up on the operation's result (a long operation checks between
    // steps). Set by the store that runs it.
    std::function<bool()> isCanceled;
    bool canceled() const { return isCanceled && isCanceled(); }

private:
    bool m_published = false;
};

} // namespace kvs::detail
