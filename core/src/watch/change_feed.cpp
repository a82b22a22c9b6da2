#include "sqlite/sqlite_connection.h"

#include <kvs/change_feed.h>

#include <algorithm>

namespace kvs {

namespace {

constexpr std::size_t kGetManyLimit = 1000;

KVStoreOptions readOnly(KVStoreOptions options)
{
    options.readOnly = true;
    return options;
}

bool sameSlot(const std::optional<Entry> &a, const std::optional<Entry> &b)
{
    if (a.has_value() != b.has_value())
        return false;
    return !a || a->version == b->version;
}

} // namespace

ChangeFeed::ChangeFeed(const std::string &database,
                       std::vector<Key> keys,
                       KVStoreOptions options,
                       const std::string &schema)
    : m_keys(std::move(keys))
    , m_clock(options.clock ? options.clock : systemClock())
{
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
        m_current = readAll();
        return;
    }
    m_store = std::make_unique<KVStore>(database, readOnly(std::move(options)));
    m_probe = std::make_unique<detail::Connection>(database, detail::Connection::Mode::ReadOnly);
    // The version is read before the entries: a commit between the two is seen by the next poll
    // (reported once more at worst, never missed).
    m_dataVersion = dataVersion();
    m_current = readAll();
}

ChangeFeed::~ChangeFeed() = default;

std::int64_t ChangeFeed::dataVersion()
{
    return std::stoll(m_probe->queryText("PRAGMA data_version"));
}

std::vector<std::optional<Entry>> ChangeFeed::readAll()
{
    std::vector<std::optional<Entry>> entries;
    entries.reserve(m_keys.size());
    // getMany reads at most 1000 keys per snapshot; a longer list is read in chunks.
    for (std::size_t first = 0; first < m_keys.size(); first += kGetManyLimit) {
        const std::size_t last = std::min(m_keys.size(), first + kGetManyLimit);
        const std::vector<Key> chunk(m_keys.begin() + static_cast<std::ptrdiff_t>(first),
                                     m_keys.begin() + static_cast<std::ptrdiff_t>(last));
        auto chunkEntries = m_remote ? m_remote->getMany(chunk).result() : m_store->getMany(chunk);
        for (auto &entry : chunkEntries)
            entries.push_back(std::move(entry));
    }
    m_nextExpiry.reset();
    for (const auto &entry : entries) {
        if (entry && entry->expiresAt && (!m_nextExpiry || *entry->expiresAt < *m_nextExpiry))
            m_nextExpiry = entry->expiresAt;
    }
    return entries;
}

std::vector<Change> ChangeFeed::poll()
{
    if (!m_remote) {
        const std::int64_t version = dataVersion();
        const bool expired = m_nextExpiry && *m_nextExpiry <= m_clock->now();
        if (version == m_dataVersion && !expired)
            return {};
        m_dataVersion = version;
    }
    std::vector<std::optional<Entry>> fresh = readAll();
    std::vector<Change> changes;
    for (std::size_t i = 0; i < fresh.size(); ++i) {
        if (!sameSlot(m_current[i], fresh[i]))
            changes.push_back({i, m_keys[i], fresh[i]});
    }
    m_current = std::move(fresh);
    return changes;
}

} // namespace kvs
