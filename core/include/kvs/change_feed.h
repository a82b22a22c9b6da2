#pragma once

#include <kvs/async_kvstore.h>
#include <kvs/kvstore.h>
#include <kvs/kvstore_options.h>
#include <kvs/types.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kvs {

namespace detail {
class Connection;
}

/// One watched key whose entry changed: written (a new version), deleted, or expired.
struct Change
{
    std::size_t index; // position of the key in the feed's key list
    Key key;
    std::optional<Entry> entry; // nullopt: the key is gone (deleted or expired)
};

/// Sees changes to a set of keys that other connections and processes commit (an addition to the
/// reference, whose watch() is in-process only). On SQLite poll() probes PRAGMA data_version,
/// which moves only when another connection commits, and only then re-reads the keys with
/// getMany; on PostgreSQL (a postgres:// URL), which has no such counter for rows written by
/// others, every poll() re-reads them with one getMany statement. Either way it reports the keys
/// whose version differs; a key whose TTL passes is reported too. Call poll() about every
/// kProbeInterval from a timer or a loop of your own: the feed owns no thread and no timer.
/// Opens the database read-only and never writes it. Thread rule: one thread at a time.
class ChangeFeed
{
public:
    static constexpr std::chrono::milliseconds kProbeInterval{100};

    /// Opens database (a SQLite path, or a postgres:// URL with schema) read-only and reads the
    /// initial entries. Throws as a read-only open does; RangeError / TypeError for a key kvs
    /// refuses.
    ChangeFeed(const std::string &database,
               std::vector<Key> keys,
               KVStoreOptions options = {},
               const std::string &schema = {});
    ~ChangeFeed();
    ChangeFeed(const ChangeFeed &) = delete;
    ChangeFeed &operator=(const ChangeFeed &) = delete;

    const std::vector<Key> &keys() const noexcept { return m_keys; }
    /// The entries as of the last read, one slot per key.
    const std::vector<std::optional<Entry>> &current() const noexcept { return m_current; }

    /// The keys that changed since the last call (or since construction), in key order.
    [[nodiscard]] std::vector<Change> poll();

private:
    std::vector<std::optional<Entry>> readAll();
    std::int64_t dataVersion();

    std::vector<Key> m_keys;
    std::shared_ptr<Clock> m_clock;         // options.clock, or the system's: when entries expire.
    std::unique_ptr<KVStore> m_store;       // SQLite. Owned.
    std::unique_ptr<AsyncKVStore> m_remote; // PostgreSQL. Owned.
    std::unique_ptr<detail::Connection> m_probe; // SQLite. Owned. Its data_version sees commits.
    std::int64_t m_dataVersion = 0;
    std::vector<std::optional<Entry>> m_current;
    std::optional<std::int64_t> m_nextExpiry; // the earliest expiresAt among current entries
};

} // namespace kvs
