#pragma once

#include <kvs/types.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace kvs {

namespace detail {
class Watcher;
}

/// What a watch callback is told besides the entries (the reference's KvWatchEvent).
struct WatchEvent
{
    /// The store's batch counter: 0 when the store opened, +1 per committed batch (also batches
    /// no watcher matches). Monotonic only within this store object; not a database revision.
    std::uint64_t sequence = 0;
    /// True for the call watch() makes at once with the current values.
    bool initial = false;
    /// The watched keys this batch changed, in the watcher's key order (empty when initial).
    std::vector<Key> changedKeys;
    /// Declared by the reference and never set by the core (reserved).
    bool coalesced = false;
    /// True for the batch reset() emits: every watched key gets a null tombstone.
    bool reset = false;
};

/// entries: one slot per watched key, in the order given to watch(); nullopt for a missing,
/// deleted or expired-and-cleaned key. An exception thrown by the callback is caught and counted
/// in WatchDiagnostics::callbackErrors.
using WatchCallback
    = std::function<void(const std::vector<std::optional<Entry>> &entries, const WatchEvent &)>;

/// The reference's KvWatchDiagnostics.
struct WatchDiagnostics
{
    std::int64_t activeWatchers = 0;
    std::int64_t committedBatches = 0; // batches committed since open, watched or not
    std::int64_t callbacks = 0;        // callback invocations, the initial ones included
    std::int64_t sharedReads = 0;      // unchanged watched keys read for a batch (once each)
    std::int64_t callbackErrors = 0;   // callbacks that threw
    std::int64_t dispatchErrors = 0;   // failed background work (maintenance, shared reads)
};

/// The handle watch() returns. Copies share one watcher. Destroying a handle does not cancel
/// (as in the reference, where dropping the object keeps the watcher); close() cancels all.
/// Thread rule: safe from any thread.
class WatchHandle
{
public:
    WatchHandle() = default;
    /// Stops the callbacks. A callback already running finishes; none starts after cancel()
    /// returns, unless cancel() is called from inside a callback (that one finishes). Idempotent.
    void cancel();
    bool isActive() const noexcept;

private:
    friend class detail::Watcher;
    explicit WatchHandle(std::shared_ptr<detail::Watcher> watcher)
        : m_watcher(std::move(watcher))
    {}
    std::shared_ptr<detail::Watcher> m_watcher;
};

} // namespace kvs
