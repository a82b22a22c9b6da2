#pragma once

#include "queue/queue_backend.h"
#include "queue/queue_dispatch.h"
#include "runtime/dispatcher.h"
#include "sqlite/sqlite_store.h"
#include "watch/watch_hub.h"

#include <kvs/kvstore.h>
#include <kvs/singleflight.h>

#include <QThreadPool>

#include <memory>
#include <mutex>
#include <utility>

namespace kvs {

// What a KVStore owns: the SQLite store behind its lock, and the in-process machinery around
// it (watch, queue listeners, getAsync's singleflight, the background thread). Declared in the
// order of construction; ~KVStore() tears it down in the order close() documents.
struct KVStore::State
{
    State(KVStore &owner, const std::string &path, const KVStoreOptions &options);

    // Runs a read with the store under its lock.
    template <typename Read>
    auto read(Read &&read)
    {
        std::lock_guard lock(mutex);
        return read(*store);
    }

    // Runs a write under the lock with a ChangeSink, records the batch in the watch hub while
    // still holding the lock (so batches queue in commit order), then delivers it outside.
    template <typename Write>
    auto write(Write &&write)
    {
        std::unique_lock lock(mutex);
        detail::ChangeSink sink(watch->hasWatchers());
        store->setChangeSink(&sink);
        auto result = [&] {
            // The sink is unset before the lock is released, also when the write throws.
            struct Unset
            {
                detail::SqliteStore &store;
                ~Unset() { store.setChangeSink(nullptr); }
            } unset{*store};
            return write(*store);
        }();
        if (sink.collecting()) {
            if (sink.changed())
                watch->record(sink.take());
            lock.unlock();
            watch->deliver();
        } else if (sink.changed()) {
            watch->countBatch();
        }
        return result;
    }

    void runMaintenance();

    std::mutex mutex;
    std::unique_ptr<detail::SqliteStore> store; // Guarded by mutex. Owned.
    std::shared_ptr<detail::WatchHub> watch;
    std::unique_ptr<detail::QueueBackend> queueBackend;
    detail::Dispatcher dispatcher{"kvs-store"};
    std::unique_ptr<detail::QueueDispatch> queue;
    Singleflight<Value> flights;
    QThreadPool computePool; // getAsync() computes
};

} // namespace kvs
