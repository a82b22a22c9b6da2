#pragma once

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/kvstore.h>
#include <kvs/kvstore_options.h>
#include <kvs/types.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kvs {

namespace detail {
class ChangeProbe;
}

/// What happened to a watched key.
enum class ChangeKind {
    Set,     // written: a new version (or the key appeared under a watched prefix)
    Deleted, // gone, and it had no expiry that has passed
    Expired, // gone, and its expiry has passed on the store's clock
};

/// One watched key whose entry changed.
struct Change
{
    /// index of a key found only under a watched prefix.
    static constexpr std::size_t kUnderPrefix = std::numeric_limits<std::size_t>::max();

    std::size_t index; // position of the key in the feed's key list, or kUnderPrefix
    Key key;
    std::optional<Entry> entry;    // the entry now; nullopt: the key is gone
    std::optional<Entry> previous; // the entry as last read; nullopt: it did not exist
    ChangeKind kind = ChangeKind::Set;
};

/// What a feed watches: single keys and whole prefixes (every key below a prefix, the prefix
/// key itself excluded, as list() does).
struct WatchTargets
{
    static constexpr std::size_t kDefaultPrefixLimit = 1000;

    // Not an aggregate, so that ChangeFeed(path, {{"a"}, {"b"}}) means two keys.
    WatchTargets() = default;
    static WatchTargets of(std::vector<Key> keys,
                           std::vector<Key> prefixes,
                           std::size_t prefixLimit = kDefaultPrefixLimit)
    {
        WatchTargets targets;
        targets.keys = std::move(keys);
        targets.prefixes = std::move(prefixes);
        targets.prefixLimit = prefixLimit;
        return targets;
    }

    std::vector<Key> keys;
    std::vector<Key> prefixes;
    /// The most keys one prefix may hold; more fail with WatchLimitError.
    std::size_t prefixLimit = kDefaultPrefixLimit;
};

/// A watched prefix holds more keys than WatchTargets::prefixLimit: "kvs: prefix ["a"] holds
/// more than 1000 keys; watch a narrower prefix or raise the limit".
class WatchLimitError : public RangeError
{
public:
    WatchLimitError(const Key &prefix, std::size_t limit);
    const Key &prefix() const noexcept { return m_prefix; }
    std::size_t limit() const noexcept { return m_limit; }

private:
    Key m_prefix;
    std::size_t m_limit;
};

/// Sees changes to a set of keys and prefixes that other connections and processes commit (an
/// addition to the reference, whose watch() is in-process only). poll() first asks the database
/// a cheap question (probeDescription()): on SQLite PRAGMA data_version, which moves only when a
/// connection commits; on PostgreSQL (a postgres:// URL) the server's transaction snapshot,
/// which moves when any writing transaction ends (deletes, cleanExpired and reset included). Only
/// when that moved, or when a watched entry's expiry has come on the store's clock, does it
/// re-read the watched keys (getMany) and prefixes (list). It reports the keys whose version
/// differs, the ones that appeared and the ones that went (deleted or expired). Call poll()
/// about every kProbeInterval from a timer or a loop of your own: the feed owns no thread and
/// no timer. Opens the database read-only and never writes it (no trigger, no NOTIFY).
/// Thread rule: one thread at a time.
class ChangeFeed
{
public:
    static constexpr std::chrono::milliseconds kProbeInterval{100};

    /// Opens database (a SQLite path, or a postgres:// URL with schema) read-only and reads the
    /// initial entries. Throws as a read-only open does; RangeError / TypeError for a key kvs
    /// refuses; WatchLimitError for a prefix over the limit.
    ChangeFeed(const std::string &database,
               WatchTargets targets,
               KVStoreOptions options = {},
               const std::string &schema = {});
    /// Keys only.
    ChangeFeed(const std::string &database,
               std::vector<Key> keys,
               KVStoreOptions options = {},
               const std::string &schema = {});
    ~ChangeFeed();
    ChangeFeed(const ChangeFeed &) = delete;
    ChangeFeed &operator=(const ChangeFeed &) = delete;

    const std::vector<Key> &keys() const noexcept { return m_targets.keys; }
    const std::vector<Key> &prefixes() const noexcept { return m_targets.prefixes; }
    /// The entries of keys() as of the last read, one slot per key.
    std::vector<std::optional<Entry>> current() const;
    /// Every live watched entry (keys and prefixes) as of the last read, in key order.
    std::vector<Entry> entries() const;
    /// How poll() finds out that something was committed, e.g. "PRAGMA data_version".
    std::string probeDescription() const;
    /// How many times poll() or watch() found that the probe moved: a count that only grows,
    /// whether or not a watched entry changed (a spurious move counts too). A caller that follows
    /// the whole database rather than some keys (the GUI's key tree) compares it across a poll.
    std::uint64_t commitsSeen() const noexcept { return m_commitsSeen; }

    /// Watches targets instead, on the same connections, and reads their entries (reported by
    /// current() and entries(), not as changes). Throws as the constructor's read does
    /// (WatchLimitError for a prefix over the limit); the feed then keeps its old targets.
    void watch(WatchTargets targets);

    /// The changes since the last call (or since construction), in key order. Throws what a
    /// read throws (a lost connection, WatchLimitError for a prefix that grew past the limit);
    /// the feed then keeps its state, and the next poll() re-reads. A database that went away
    /// (a PostgreSQL server restarting or ending the session, a SQLite file deleted, moved or
    /// unreadable) throws ConnectionError; a later poll connects again (a SQLite file put back,
    /// or another file under its name, is opened anew) and, since commits in between went
    /// unseen, re-reads the watched keys once: what changed meanwhile is reported then.
    [[nodiscard]] std::vector<Change> poll();

private:
    struct Slot
    {
        Key key;
        std::optional<Entry> entry;
        std::size_t index = Change::kUnderPrefix; // in keys(), for a watched key
    };
    using Slots = std::map<std::string, Slot>; // by encoded key: key order

    Slots readAll();
    std::vector<std::optional<Entry>> getMany(const std::vector<Key> &keys);
    ListResult list(const ListSelector &selector, const ListOptions &options);
    bool expiryDue() const;
    // The SQLite reader; throws ConnectionError while a reopen has not worked yet.
    KVStore &local();
    // Asks the probe; reopens the SQLite reader when the probe found another file.
    bool probeMoved();

    WatchTargets m_targets;
    std::shared_ptr<Clock> m_clock;         // options.clock, or the system's: when entries expire.
    std::string m_database;                 // SQLite: the path, to reopen
    KVStoreOptions m_options;               // SQLite: read-only, to reopen
    std::unique_ptr<KVStore> m_store;       // SQLite. Owned.
    std::unique_ptr<AsyncKVStore> m_remote; // PostgreSQL. Owned.
    std::unique_ptr<detail::ChangeProbe> m_probe; // Owned.
    bool m_stale = false;       // a poll failed after its probe moved: the next one re-reads
    bool m_reopenStore = false; // the probe found another SQLite file: m_store opens it
    std::uint64_t m_commitsSeen = 0;
    Slots m_slots;
};

} // namespace kvs
