#include "watch/watcher.h"

#include "watch/watch_hub.h"

namespace kvs {

void WatchHandle::cancel()
{
    if (m_watcher)
        m_watcher->cancel();
}

bool WatchHandle::isActive() const noexcept
{
    return m_watcher && m_watcher->isActive();
}

namespace detail {

Watcher::Watcher(std::uint64_t id,
                 std::vector<Key> keys,
                 std::vector<std::string> encodedKeys,
                 WatchCallback callback,
                 std::weak_ptr<WatchHub> hub)
    : m_id(id)
    , m_keys(std::move(keys))
    , m_encodedKeys(std::move(encodedKeys))
    , m_callback(std::move(callback))
    , m_hub(std::move(hub))
{}

bool Watcher::invoke(const std::vector<std::optional<Entry>> &entries, const WatchEvent &event)
{
    std::lock_guard lock(m_callbackMutex);
    if (!m_active.load())
        return false;
    m_callback(entries, event);
    return true;
}

void Watcher::cancel()
{
    if (!m_active.exchange(false))
        return;
    if (const auto hub = m_hub.lock())
        hub->remove(this);
    // Wait for a callback running on another thread (a callback cancelling itself holds the
    // recursive mutex already and passes straight through).
    std::lock_guard lock(m_callbackMutex);
}

void Watcher::deactivate()
{
    m_active.store(false);
}

} // namespace detail
} // namespace kvs
