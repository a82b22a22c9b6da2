#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

/// What the Maintenance view shows of a PostgreSQL server's activity around a store: the
/// sessions of its database (pg_stat_activity) and the locks they wait on with who holds them
/// (pg_locks, pg_blocking_pids). Read-only statements, on a connection of its own, on a primary
/// and on a standby alike. Not in the reference.
namespace kvs {

/// One client session of the store's database (the reader's own excluded).
struct PgSessionFigures
{
    std::int64_t pid = 0;
    std::string user;
    std::string application;
    std::string client; // the client's address, "" for a Unix socket (or hidden)
    /// "active", "idle", "idle in transaction", "idle in transaction (aborted)", ...; "" when the
    /// reader may not see it (another role's session without pg_read_all_stats).
    std::string state;
    std::string waitEventType;
    std::string waitEvent;
    /// The last statement; "<insufficient privilege>" for another role's without
    /// pg_read_all_stats (PostgreSQL's own text).
    std::string query;
    /// How long its transaction and its statement have been running, ms (nullopt: none, or
    /// hidden). From the server's clock.
    std::optional<std::int64_t> transactionAgeMs;
    std::optional<std::int64_t> queryAgeMs;
    /// The store's tables it holds a lock on ("kv, queue"), as pg_locks says; "" when none.
    std::string storeTablesLocked;

    /// In a transaction that is idle, or open for at least longMs: either keeps VACUUM from
    /// removing the rows other transactions deleted since it started (the queue's, first).
    [[nodiscard]] bool holdsBackVacuum(std::int64_t longMs) const;
};

/// A lock a session waits for, and the sessions that hold it up (pg_blocking_pids).
struct PgLockWait
{
    std::int64_t pid = 0;
    std::string lockType; // pg_locks.locktype: "relation", "transactionid", "tuple", ...
    std::string mode;     // the mode asked for: "AccessExclusiveLock", "ShareLock", ...
    std::string relation; // the relation's name where the lock is on one, else ""
    std::vector<std::int64_t> blockedBy;
    std::string query;
    std::optional<std::int64_t> waitingMs; // since its state last changed
};

struct PgActivity
{
    bool standby = false;         // pg_is_in_recovery()
    bool seesAllSessions = false; // superuser or pg_read_all_stats: other roles' queries show
    std::vector<PgSessionFigures> sessions; // ordered by transaction age, oldest first
    std::vector<PgLockWait> waits;
};

/// A transaction open this long is marked as holding back VACUUM (5 minutes).
inline constexpr std::int64_t kLongTransactionMs = 5 * 60 * 1000;

/// Reads the activity around the store of schema ("" the connection's) and tablePrefix. Throws
/// ConnectionError ("kvs: cannot connect ...", a lost connection), Error for the rest.
[[nodiscard]] PgActivity readPostgresActivity(const std::string &connection,
                                              const std::string &schema,
                                              const std::string &tablePrefix);

} // namespace kvs
