#include "watch/change_probe.h"

#include <kvs/change_feed.h>
#include <kvs/key.h>
#include <kvs/literal.h>

#include <algorithm>

namespace kvs {

namespace {

constexpr std::size_t kGetManyLimit = 1000;
constexpr std::size_t kListPage = 1000;

KVStoreOptions readOnly(KVStoreOptions options)
{
    options.readOnly = true;
    return options;
}

bool sameEntry(const std::optional<Entry> &a, const std::optional<Entry> &b)
{
    if (a.has_value() != b.has_value())
        return false;
    return !a || a->version == b->version;
}

ChangeKind
kindOf(const std::optional<Entry> &previous, const std::optional<Entry> &entry, std::int64_t now)
{
    if (entry)
        return ChangeKind::Set;
    // Expired entries are invisible to reads, so a key that went is told apart by its expiry.
    if (previous && previous->expiresAt && *previous->expiresAt <= now)
        return ChangeKind::Expired;
    return ChangeKind::Deleted;
}

} // namespace

WatchLimitError::WatchLimitError(const Key &prefix, std::size_t limit)
    : RangeError("kvs: prefix " + printKeyLiteral(prefix) + " holds more than "
                 + std::to_string(limit) + " keys; watch a narrower prefix or raise the limit")
    , m_prefix(prefix)
    , m_limit(limit)
{}

ChangeFeed::ChangeFeed(const std::string &database,
                       std::vector<Key> keys,
                       KVStoreOptions options,
                       const std::string &schema)
    : ChangeFeed(database, WatchTargets::of(std::move(keys), {}), std::move(options), schema)
{}

ChangeFeed::ChangeFeed(const std::string &database,
                       WatchTargets targets,
                       KVStoreOptions options,
                       const std::string &schema)
    : m_targets(std::move(targets))
    , m_clock(options.clock ? options.clock : systemClock())
{
    if (m_targets.prefixLimit < 1)
        throw RangeError("kvs: the prefix limit must be at least 1");
    if (isPostgresUrl(database)) {
        AsyncKVStoreSettings settings;
        settings.tablePrefix = options.tablePrefix;
        if (!schema.empty())
            settings.schema = schema;
        settings.maxKeySize = options.maxKeySize;
        settings.readOnly = true;
        settings.maintenanceInterval = std::chrono::milliseconds(0);
        settings.clock = m_clock;
        m_remote = std::make_unique<AsyncKVStore>(database, std::move(settings));
        m_probe = detail::makePostgresProbe(database);
    } else {
        m_database = database;
        m_options = readOnly(std::move(options));
        m_store = std::make_unique<KVStore>(m_database, m_options);
        m_probe = detail::makeSqliteProbe(database);
    }
    // The probe is asked before the entries are read: a commit between the two is seen by the
    // next poll (reported then if it changed something since this read, never missed).
    m_slots = readAll();
}

ChangeFeed::~ChangeFeed() = default;

std::vector<std::optional<Entry>> ChangeFeed::getMany(const std::vector<Key> &keys)
{
    return m_remote ? m_remote->getMany(keys).result() : local().getMany(keys);
}

ListResult ChangeFeed::list(const ListSelector &selector, const ListOptions &options)
{
    return m_remote ? m_remote->list(selector, options).result() : local().list(selector, options);
}

KVStore &ChangeFeed::local()
{
    if (!m_store) // a reopen of a replaced file failed: the next poll tries again
        throw ConnectionError("kvs: the database file \"" + m_database + "\" is not open",
                              ConnectionError::Step::Lost);
    return *m_store;
}

ChangeFeed::Slots ChangeFeed::readAll()
{
    Slots read;
    const auto &keys = m_targets.keys;
    // getMany reads at most 1000 keys per snapshot; a longer list is read in chunks.
    for (std::size_t first = 0; first < keys.size(); first += kGetManyLimit) {
        const std::size_t last = std::min(keys.size(), first + kGetManyLimit);
        const std::vector<Key> chunk(keys.begin() + static_cast<std::ptrdiff_t>(first),
                                     keys.begin() + static_cast<std::ptrdiff_t>(last));
        auto entries = getMany(chunk);
        for (std::size_t i = 0; i < entries.size(); ++i)
            read.insert_or_assign(encodeKey(chunk[i]),
                                  Slot{chunk[i], std::move(entries[i]), first + i});
    }
    for (const Key &prefix : m_targets.prefixes) {
        std::size_t found = 0;
        ListOptions options;
        options.limit = static_cast<double>(std::min(kListPage, m_targets.prefixLimit + 1));
        for (;;) {
            ListResult page = list(ListSelector{prefix, std::nullopt, std::nullopt}, options);
            found += page.entries.size();
            if (found > m_targets.prefixLimit)
                throw WatchLimitError(prefix, m_targets.prefixLimit);
            for (Entry &entry : page.entries) {
                std::string encoded = encodeKey(entry.key);
                auto it = read.find(encoded);
                if (it != read.end()) {
                    it->second.entry = std::move(entry); // a watched key under a watched prefix
                    continue;
                }
                Key key = entry.key;
                read.emplace(std::move(encoded), Slot{std::move(key), std::move(entry)});
            }
            if (!page.cursor)
                break;
            options.cursor = page.cursor;
        }
    }
    return read;
}

void ChangeFeed::watch(WatchTargets targets)
{
    if (targets.prefixLimit < 1)
        throw RangeError("kvs: the prefix limit must be at least 1");
    std::swap(m_targets, targets);
    try {
        // The probe is asked first, so that a commit during the read shows in the next poll.
        if (probeMoved())
            ++m_commitsSeen;
        m_slots = readAll();
        m_stale = false;
    } catch (...) {
        std::swap(m_targets, targets);
        m_stale = true; // the probe's move was taken: the next poll re-reads the old targets
        throw;
    }
}

bool ChangeFeed::expiryDue() const
{
    const std::int64_t now = m_clock->now();
    return std::any_of(m_slots.begin(), m_slots.end(), [now](const auto &slot) {
        const auto &entry = slot.second.entry;
        return entry && entry->expiresAt && *entry->expiresAt <= now;
    });
}

bool ChangeFeed::probeMoved()
{
    const bool moved = m_probe->changed();
    // The file under the path is another one now (restored, or replaced): a connection keeps
    // reading the file it opened, so the reader opens the path again (until that works).
    if (m_store && m_probe->takeReopened())
        m_reopenStore = true;
    if (m_reopenStore) {
        m_store.reset(); // its connections first: the old file's -shm is the new one's too
        m_store = std::make_unique<KVStore>(m_database, m_options);
        m_reopenStore = false;
        m_stale = true;
    }
    return moved;
}

std::vector<Change> ChangeFeed::poll()
{
    const bool moved = probeMoved();
    if (moved)
        ++m_commitsSeen;
    if (!moved && !m_stale && !expiryDue())
        return {};
    m_stale = true;
    Slots fresh = readAll();
    m_stale = false;
    const std::int64_t now = m_clock->now();
    std::vector<Change> changes;
    // Both maps are in key order: one merge finds what appeared, changed and went.
    auto before = m_slots.begin();
    auto after = fresh.begin();
    while (before != m_slots.end() || after != fresh.end()) {
        if (after == fresh.end() || (before != m_slots.end() && before->first < after->first)) {
            const Slot &gone = before->second; // a prefix key no longer listed
            if (gone.entry)
                changes.push_back({gone.index,
                                   gone.key,
                                   std::nullopt,
                                   gone.entry,
                                   kindOf(gone.entry, std::nullopt, now)});
            ++before;
            continue;
        }
        if (before == m_slots.end() || after->first < before->first) {
            const Slot &added = after->second;
            if (added.entry)
                changes.push_back(
                    {added.index, added.key, added.entry, std::nullopt, ChangeKind::Set});
            ++after;
            continue;
        }
        const Slot &old = before->second;
        const Slot &latest = after->second;
        if (!sameEntry(old.entry, latest.entry))
            changes.push_back({latest.index,
                               latest.key,
                               latest.entry,
                               old.entry,
                               kindOf(old.entry, latest.entry, now)});
        ++before;
        ++after;
    }
    m_slots = std::move(fresh);
    return changes;
}

std::vector<std::optional<Entry>> ChangeFeed::current() const
{
    std::vector<std::optional<Entry>> read(m_targets.keys.size());
    for (const auto &[encoded, slot] : m_slots) {
        if (slot.index != Change::kUnderPrefix)
            read[slot.index] = slot.entry;
    }
    // A key given twice has one slot; both positions show it.
    for (std::size_t i = 0; i < m_targets.keys.size(); ++i) {
        if (!read[i]) {
            const auto it = m_slots.find(encodeKey(m_targets.keys[i]));
            if (it != m_slots.end())
                read[i] = it->second.entry;
        }
    }
    return read;
}

std::vector<Entry> ChangeFeed::entries() const
{
    std::vector<Entry> entries;
    for (const auto &[encoded, slot] : m_slots) {
        if (slot.entry)
            entries.push_back(*slot.entry);
    }
    return entries;
}

std::string ChangeFeed::probeDescription() const
{
    return m_probe->description();
}

} // namespace kvs
