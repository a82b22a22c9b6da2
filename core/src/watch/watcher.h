#pragma once

#include <kvs/watch.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace kvs::detail {

class WatchHub;

// One watch() registration: its keys (and their encodings, the hub's index keys) and callback.
// Thread rule: safe from any thread. m_callbackMutex is held while the callback runs, so that
// cancel() from another thread waits for a running callback; it is recursive so that a
// callback may cancel its own watcher.
class Watcher : public std::enable_shared_from_this<Watcher>
{
public:
    Watcher(std::uint64_t id,
            std::vector<Key> keys,
            std::vector<std::string> encodedKeys,
            WatchCallback callback,
            std::weak_ptr<WatchHub> hub);

    std::uint64_t id() const noexcept { return m_id; }
    const std::vector<Key> &keys() const noexcept { return m_keys; }
    const std::vector<std::string> &encodedKeys() const noexcept { return m_encodedKeys; }
    bool isActive() const noexcept { return m_active.load(); }

    // Calls the callback unless the watcher was cancelled. Returns false when it did not run;
    // rethrows what the callback threw.
    bool invoke(const std::vector<std::optional<Entry>> &entries, const WatchEvent &event);
    // Marks the watcher inactive and removes it from its hub (if the hub still exists).
    void cancel();
    // Marks it inactive without touching the hub (the hub is clearing everything itself).
    void deactivate();

    static WatchHandle handle(std::shared_ptr<Watcher> watcher)
    {
        return WatchHandle(std::move(watcher));
    }

private:
    std::uint64_t m_id; // registration order, which is the order watchers are called in
    std::vector<Key> m_keys;
    std::vector<std::string> m_encodedKeys;
    WatchCallback m_callback;
    std::weak_ptr<WatchHub> m_hub;
    std::atomic<bool> m_active{true};
    std::recursive_mutex m_callbackMutex;
};

} // namespace kvs::detail
