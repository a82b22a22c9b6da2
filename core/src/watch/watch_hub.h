#pragma once

#include "watch/committed_change.h"

#include <kvs/watch.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

namespace kvs::detail {

class Watcher;

// The in-process watch of one store (reference "Watch internals"), shared by KVStore and
// AsyncKVStore. Stores hand it the bytes each commit wrote; it decodes them only for keys a
// watcher watches, once per batch, and calls every matching watcher once per batch.
//
// Ordering: record() is called under the store's write lock, so batches queue in commit order
// and get increasing sequence numbers. deliver() then runs the queue on the calling thread unless
// some thread is delivering already, in which case that thread delivers this batch too (after
// the ones before it). So with one thread, callbacks have run when the write returns; a callback
// that writes to the store gets its own batch after the current one (a flat stack, not nested);
// and two threads' batches never run concurrently or out of order.
//
// Thread rule: safe from any thread. Never call record() or add() with the hub's own callbacks
// on the stack of another thread's lock: the store calls deliver() after releasing its lock.
class WatchHub : public std::enable_shared_from_this<WatchHub>
{
public:
    // Reads the current entries of keys (one snapshot), for watched keys a batch did not change.
    using Reader = std::function<std::vector<std::optional<Entry>>(const std::vector<Key> &)>;

    explicit WatchHub(Reader reader);

    // Cheap check for the write path: with no watcher a commit records nothing but its count.
    bool hasWatchers() const noexcept { return m_watcherCount.load(std::memory_order_acquire); }

    // A commit that nobody watched at the time: only its sequence number is taken.
    void countBatch() noexcept { m_sequence.fetch_add(1, std::memory_order_relaxed); }
    // A commit's changes (repeated keys collapse to their final state). Requires: the store's
    // write lock is held.
    void record(CommittedChanges changes);
    // reset()'s batch: every watched key gets a null tombstone, with event.reset set.
    void recordReset();
    // Registers a watcher whose initial call gets initial (KVStore: read under the store's lock,
    // so no commit falls between the read and the registration). Without initial (AsyncKVStore)
    // the entries are read when the initial call is delivered, before any later batch, so the
    // watcher sees no change before its initial call (a change may then show in both).
    WatchHandle add(std::vector<Key> keys,
                    std::vector<std::string> encodedKeys,
                    WatchCallback callback,
                    std::optional<std::vector<std::optional<Entry>>> initial);
    // Runs the queued batches (see the class comment). Call without holding the store's lock.
    void deliver();

    // close(): cancels every watcher, drops undelivered batches and waits for a delivery in
    // progress on another thread to finish its callback.
    void close();
    void remove(const Watcher *watcher);

    void countDispatchError() noexcept { m_dispatchErrors.fetch_add(1); }
    WatchDiagnostics diagnostics() const;

private:
    struct Batch
    {
        std::uint64_t sequence = 0;
        CommittedChanges changes;
        bool reset = false;
        bool initial = false;
        std::optional<std::vector<std::optional<Entry>>> initialEntries;
        std::vector<std::shared_ptr<Watcher>> watchers; // captured when the batch was recorded
    };

    void deliverBatch(Batch &batch);
    void call(Watcher &watcher,
              const std::vector<std::optional<Entry>> &entries,
              const WatchEvent &event);

    Reader m_reader;
    std::atomic<std::int64_t> m_watcherCount{0};
    std::atomic<std::uint64_t> m_sequence{0};
    std::atomic<std::int64_t> m_callbacks{0};
    std::atomic<std::int64_t> m_sharedReads{0};
    std::atomic<std::int64_t> m_callbackErrors{0};
    std::atomic<std::int64_t> m_dispatchErrors{0};

    mutable std::mutex m_mutex;
    std::condition_variable m_idle;
    // Encoded key -> the watchers of that key, in registration order. Guarded by m_mutex.
    std::unordered_map<std::string, std::vector<std::shared_ptr<Watcher>>> m_index;
    std::deque<Batch> m_queue;          // Guarded by m_mutex.
    bool m_delivering = false;          // Guarded by m_mutex.
    std::thread::id m_deliveringThread; // Guarded by m_mutex.
    std::uint64_t m_nextWatcherId = 1;  // Guarded by m_mutex.
};

} // namespace kvs::detail
