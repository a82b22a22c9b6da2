#pragma once

#include "queue/queue_backend.h"
#include "queue/queue_dispatch.h"
#include "runtime/dispatcher.h"
#include "runtime/future_util.h"
#include "watch/watch_hub.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/singleflight.h>

#include <QThreadPool>

#include <atomic>
#include <memory>
#include <mutex>

namespace kvs {

// What an AsyncKVStore owns: its adapter, the lazy migration, and the same in-process machinery
// as KVStore (watch hub, queue listeners, singleflight, background thread). Shared with the
// continuations of calls in flight, so a late completion never touches a destroyed store.
struct AsyncKVStore::State : std::enable_shared_from_this<AsyncKVStore::State>
{
    // owner: the store whose public calls the watch hub's reads and the queue listeners make
    // (on background threads; ~AsyncKVStore() ends them first). Not owned.
    State(AsyncKVStore &owner,
          std::shared_ptr<SqlAdapter> adapter,
          AsyncKVStoreSettings settings,
          bool readOnly);

    // Encodes key and checks maxKeySize (RangeError).
    std::string encodeChecked(const Key &key) const;
    void requireOpen() const;
    void requireWritable(const char *operation) const;

    // Runs op(adapter) once the schema is ready: at once when it is, else after the migration
    // this call starts or joins. The migration's failure fails the call and is not kept.
    // Continuations are attached under futureLock() (kvs/future.h): here for the calls of op and
    // the wait for the migration; op's own then()s run inside it too.
    template <typename T, typename Op>
    QFuture<T> whenReady(Op op)
    {
        std::lock_guard futures(futureLock());
        if (ready.load(std::memory_order_acquire)) {
            try {
                return op(*adapter);
            } catch (...) {
                return detail::failedFuture<T>(std::current_exception());
            }
        }
        return ensureInit()
            .then(QtFuture::Launch::Sync,
                  [self = shared_from_this(), op = std::move(op)]() mutable {
                      return op(*self->adapter);
                  })
            .unwrap();
    }
    QFuture<void> ensureInit();

    // A completed write's changes: recorded in the watch hub and delivered on the background
    // thread (or only counted when nothing is watched).
    void publish(detail::CommittedChanges changes);
    void startMaintenance();
    void runMaintenance();

    AsyncKVStore &owner; // Not owned. Maintenance calls its public API (it outlives the timer).
    std::shared_ptr<SqlAdapter> adapter;
    const AsyncKVStoreSettings settings;
    const bool readOnly;
    std::atomic<bool> ready{false};
    std::atomic<bool> closed{false};
    std::atomic<std::int64_t> lastReclaim{0}; // when dequeue() last reclaimed leases

    std::shared_ptr<detail::WatchHub> watch;
    std::unique_ptr<detail::QueueBackend> queueBackend;
    detail::Dispatcher dispatcher{"kvs-async-store"};
    std::unique_ptr<detail::QueueDispatch> queue;
    Singleflight<Value> flights;
    QThreadPool computePool;

    std::mutex initMutex;
    // The callers waiting for the migration in progress, one promise each: a QFuture takes one
    // continuation only (a second then() replaces the first), so every caller gets its own.
    std::vector<std::shared_ptr<QPromise<void>>> initWaiters; // Guarded by initMutex.
    bool migrating = false;                                   // Guarded by initMutex.
    bool maintenanceStarted = false;                          // Guarded by initMutex.
};

} // namespace kvs
