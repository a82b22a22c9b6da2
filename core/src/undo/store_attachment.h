#pragma once

#include <algorithm>
#include <memory>
#include <mutex>
#include <vector>

namespace kvs {
class AsyncKVStore;
}

// Objects kept beside a store without a member of AsyncKVStore (an undo journal, a recycle bin):
// one per store, held while the store lives (a store gone drops its entry at the next set()).
// Safe from any thread.
namespace kvs::detail {

template <typename T>
class StoreAttachment
{
public:
    // Gives store value (null: none), replacing what it had.
    void set(const std::shared_ptr<AsyncKVStore> &store, std::shared_ptr<T> value)
    {
        const std::lock_guard lock(m_mutex);
        std::erase_if(m_entries, [&](const Entry &entry) {
            const std::shared_ptr<AsyncKVStore> owner = entry.store.lock();
            return !owner || owner == store;
        });
        if (value)
            m_entries.push_back({store, std::move(value)});
    }

    // What store was given, or null.
    [[nodiscard]] std::shared_ptr<T> of(const AsyncKVStore &store) const
    {
        const std::lock_guard lock(m_mutex);
        for (const Entry &entry : m_entries) {
            if (const std::shared_ptr<AsyncKVStore> owner = entry.store.lock();
                owner.get() == &store)
                return entry.value;
        }
        return nullptr;
    }

private:
    struct Entry
    {
        std::weak_ptr<AsyncKVStore> store;
        std::shared_ptr<T> value;
    };

    mutable std::mutex m_mutex;
    std::vector<Entry> m_entries; // Guarded by m_mutex.
};

} // namespace kvs::detail
