#include "watch/watch_hub.h"

#include "watch/watcher.h"

#include <kvs/value_codec.h>

#include <algorithm>
#include <unordered_set>

namespace kvs::detail {

namespace {

// Repeated keys of one commit collapse to their final state, in first-write order.
CommittedChanges collapse(CommittedChanges changes)
{
    if (changes.size() < 2)
        return changes;
    std::unordered_map<std::string, std::size_t> slot;
    CommittedChanges out;
    out.reserve(changes.size());
    for (auto &change : changes) {
        const auto [it, inserted] = slot.emplace(change.key, out.size());
        if (inserted)
            out.push_back(std::move(change));
        else
            out[it->second] = std::move(change);
    }
    return out;
}

} // namespace

WatchHub::WatchHub(Reader reader)
    : m_reader(std::move(reader))
{}

void WatchHub::record(CommittedChanges changes)
{
    std::lock_guard lock(m_mutex);
    const std::uint64_t sequence = m_sequence.fetch_add(1, std::memory_order_relaxed) + 1;
    if (changes.empty() || m_index.empty())
        return;
    changes = collapse(std::move(changes));
    std::vector<std::shared_ptr<Watcher>> matched;
    for (const auto &change : changes) {
        const auto it = m_index.find(change.key);
        if (it != m_index.end())
            matched.insert(matched.end(), it->second.begin(), it->second.end());
    }
    if (matched.empty())
        return;
    // A watcher of several changed keys is called once per batch, in registration order.
    std::sort(matched.begin(), matched.end(), [](const auto &a, const auto &b) {
        return a->id() < b->id();
    });
    matched.erase(std::unique(matched.begin(), matched.end()), matched.end());
    Batch batch;
    batch.sequence = sequence;
    batch.changes = std::move(changes);
    batch.watchers = std::move(matched);
    m_queue.push_back(std::move(batch));
}

void WatchHub::recordReset()
{
    std::lock_guard lock(m_mutex);
    const std::uint64_t sequence = m_sequence.fetch_add(1, std::memory_order_relaxed) + 1;
    Batch batch;
    batch.sequence = sequence;
    batch.reset = true;
    std::unordered_set<const Watcher *> seen;
    for (const auto &[key, watchers] : m_index) {
        for (const auto &watcher : watchers) {
            if (seen.insert(watcher.get()).second)
                batch.watchers.push_back(watcher);
        }
    }
    if (batch.watchers.empty())
        return;
    std::sort(batch.watchers.begin(), batch.watchers.end(), [](const auto &a, const auto &b) {
        return a->id() < b->id();
    });
    m_queue.push_back(std::move(batch));
}

WatchHandle WatchHub::add(std::vector<Key> keys,
                          std::vector<std::string> encodedKeys,
                          WatchCallback callback,
                          std::optional<std::vector<std::optional<Entry>>> initial)
{
    std::lock_guard lock(m_mutex);
    auto watcher = std::make_shared<Watcher>(m_nextWatcherId++,
                                             std::move(keys),
                                             std::move(encodedKeys),
                                             std::move(callback),
                                             weak_from_this());
    std::unordered_set<std::string> indexed;
    for (const auto &key : watcher->encodedKeys()) {
        if (indexed.insert(key).second)
            m_index[key].push_back(watcher);
    }
    m_watcherCount.fetch_add(1, std::memory_order_release);
    Batch batch;
    batch.sequence = m_sequence.load(std::memory_order_relaxed);
    batch.initial = true;
    batch.initialEntries = std::move(initial);
    batch.watchers.push_back(watcher);
    m_queue.push_back(std::move(batch));
    return Watcher::handle(std::move(watcher));
}

void WatchHub::remove(const Watcher *watcher)
{
    std::lock_guard lock(m_mutex);
    bool found = false;
    for (auto it = m_index.begin(); it != m_index.end();) {
        auto &list = it->second;
        const auto before = list.size();
        list.erase(std::remove_if(list.begin(),
                                  list.end(),
                                  [watcher](const auto &w) { return w.get() == watcher; }),
                   list.end());
        found = found || list.size() != before;
        it = list.empty() ? m_index.erase(it) : std::next(it);
    }
    if (found)
        m_watcherCount.fetch_sub(1, std::memory_order_release);
}

void WatchHub::close()
{
    std::unique_lock lock(m_mutex);
    for (auto &[key, watchers] : m_index) {
        for (auto &watcher : watchers)
            watcher->deactivate();
    }
    m_index.clear();
    m_queue.clear();
    m_watcherCount.store(0, std::memory_order_release);
    if (m_deliveringThread != std::this_thread::get_id())
        m_idle.wait(lock, [this] { return !m_delivering; });
}

void WatchHub::deliver()
{
    std::unique_lock lock(m_mutex);
    if (m_delivering)
        return; // the delivering thread (maybe this one, in a callback) runs our batch next
    m_delivering = true;
    m_deliveringThread = std::this_thread::get_id();
    while (!m_queue.empty()) {
        Batch batch = std::move(m_queue.front());
        m_queue.pop_front();
        lock.unlock();
        deliverBatch(batch);
        lock.lock();
    }
    m_delivering = false;
    m_deliveringThread = {};
    m_idle.notify_all();
}

void WatchHub::call(Watcher &watcher,
                    const std::vector<std::optional<Entry>> &entries,
                    const WatchEvent &event)
{
    try {
        if (watcher.invoke(entries, event))
            m_callbacks.fetch_add(1);
    } catch (...) {
        // A throwing callback must not stop the others, nor reach the writer (reference).
        m_callbacks.fetch_add(1);
        m_callbackErrors.fetch_add(1);
    }
}

void WatchHub::deliverBatch(Batch &batch)
{
    WatchEvent event;
    event.sequence = batch.sequence;
    if (batch.initial) {
        event.initial = true;
        Watcher &watcher = *batch.watchers.front();
        if (!batch.initialEntries) {
            if (!watcher.isActive())
                return;
            try {
                batch.initialEntries = m_reader(watcher.keys());
            } catch (...) {
                m_dispatchErrors.fetch_add(1);
                return;
            }
        }
        call(watcher, *batch.initialEntries, event);
        return;
    }
    if (batch.reset) {
        event.reset = true;
        for (const auto &watcher : batch.watchers) {
            event.changedKeys = watcher->keys();
            call(*watcher, std::vector<std::optional<Entry>>(watcher->keys().size()), event);
        }
        return;
    }

    // The batch-local entry cache: changed keys decoded from the committed bytes (once each),
    // unchanged keys that some watcher needs read once and shared by every watcher.
    std::unordered_map<std::string, const CommittedChange *> changed;
    for (const auto &change : batch.changes)
        changed.emplace(change.key, &change);
    std::unordered_map<std::string, std::optional<Value>> decoded;
    std::unordered_map<std::string, std::optional<Entry>> unchanged;
    std::vector<Key> toRead;
    std::vector<std::string> toReadEncoded;
    for (const auto &watcher : batch.watchers) {
        if (!watcher->isActive())
            continue;
        for (std::size_t i = 0; i < watcher->keys().size(); ++i) {
            const std::string &key = watcher->encodedKeys()[i];
            if (!changed.count(key) && unchanged.emplace(key, std::nullopt).second) {
                toRead.push_back(watcher->keys()[i]);
                toReadEncoded.push_back(key);
            }
        }
    }
    bool readFailed = false;
    if (!toRead.empty()) {
        try {
            auto entries = m_reader(toRead);
            for (std::size_t i = 0; i < entries.size(); ++i)
                unchanged[toReadEncoded[i]] = std::move(entries[i]);
            m_sharedReads.fetch_add(static_cast<std::int64_t>(toRead.size()));
        } catch (...) {
            m_dispatchErrors.fetch_add(1);
            readFailed = true;
        }
    }

    for (const auto &watcher : batch.watchers) {
        if (!watcher->isActive())
            continue;
        const auto &keys = watcher->keys();
        std::vector<std::optional<Entry>> entries(keys.size());
        event.changedKeys.clear();
        bool needsRead = false;
        for (std::size_t i = 0; i < keys.size(); ++i) {
            const std::string &key = watcher->encodedKeys()[i];
            const auto hit = changed.find(key);
            if (hit == changed.end()) {
                needsRead = true;
                entries[i] = unchanged[key];
                continue;
            }
            event.changedKeys.push_back(keys[i]);
            const CommittedChange &change = *hit->second;
            if (!change.value)
                continue; // tombstone
            auto [value, fresh] = decoded.try_emplace(key);
            if (fresh)
                value->second = decodeValue(*change.value);
            entries[i] = Entry{keys[i], *value->second, change.version, change.expiresAt};
        }
        if (needsRead && readFailed)
            continue; // counted in dispatchErrors; a callback with made-up nulls would lie
        call(*watcher, entries, event);
    }
}

WatchDiagnostics WatchHub::diagnostics() const
{
    WatchDiagnostics d;
    d.activeWatchers = m_watcherCount.load();
    d.committedBatches = static_cast<std::int64_t>(m_sequence.load());
    d.callbacks = m_callbacks.load();
    d.sharedReads = m_sharedReads.load();
    d.callbackErrors = m_callbackErrors.load();
    d.dispatchErrors = m_dispatchErrors.load();
    return d;
}

} // namespace kvs::detail
