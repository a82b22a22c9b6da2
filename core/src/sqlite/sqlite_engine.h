#pragma once

#include "sqlite/sqlite_connection.h"
#include "sqlite/sqlite_sql.h"
#include "sqlite/table_names.h"
#include "sqlite/version_allocator.h"

#include <kvs/errors.h>
#include <kvs/sql_adapter.h>

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kvs::detail {

// The SQLite backend: one connection, its cached statements, the versionstamp allocator, and the
// SQL of every store operation, run synchronously on the caller's thread. KVStore calls it
// directly under its lock; SQLiteAsyncAdapter runs the same calls on its worker thread. The
// operations have the SqlAdapter contract's names and arguments (keys, values and payloads as
// their stored bytes, times in ms since the epoch) and return their answers instead of futures.
//
// The reference's rules (argument validation, the queue's backoff and dead-lettering, expiry
// and list ranges) are the stores' (store/, queue/): a call here runs its SQL and nothing more.
// Every write checks that the engine was opened writable and migrated (ReadOnlyError,
// Error "kvs: the store's schema was not prepared" otherwise); every call throws ClosedError
// "kvs: the store is closed" after close(), and DatabaseError / BusyError from SQLite.
//
// Thread rule: one thread at a time (KVStore's lock, or the adapter's worker).
class SqliteEngine
{
public:
    struct Settings
    {
        std::string path;
        std::string tablePrefix;
        std::string durability = "normal";
        bool readOnly = false;
        bool migrate = true; // false: an older schema is refused (SchemaOutdatedError)
    };

    // Opens the connection (SQLite mode=ro when readOnly). Throws DatabaseError. Reads and
    // writes nothing of the database: migrate() does.
    explicit SqliteEngine(Settings settings);
    ~SqliteEngine();
    SqliteEngine(const SqliteEngine &) = delete;
    SqliteEngine &operator=(const SqliteEngine &) = delete;

    // Read-write: the pragmas and the migration in one BEGIN IMMEDIATE (sqlite_open.h); read-only:
    // the checks, writing nothing. A WAL database in a folder the user cannot write is read with
    // SQLite's immutable=1 when its -wal is absent or empty, and refused (DatabaseError "kvs:
    // cannot read ... safely: ...") when the -wal holds committed changes. Returns (and keeps) the
    // schema version found.
    long long migrate(std::int64_t now);
    long long schemaVersion() const noexcept { return m_schemaVersion; }
    const Settings &settings() const noexcept { return m_settings; }
    bool isClosed() const noexcept { return !m_connection; }

    std::optional<KvRow> get(std::string_view key, std::int64_t now);
    // get()'s answer as an entry, the value decoded straight from the row.
    std::optional<Entry> getEntry(std::string_view key, std::int64_t now, const Key &entryKey);
    // One IN (...) statement, as the reference's SQLiteAsyncAdapter.
    std::vector<KvRow> getMany(const std::vector<std::string> &keys, std::int64_t now);
    std::optional<KvRow> getRaw(std::string_view key);
    std::optional<std::int64_t> getVersion(std::string_view key, std::int64_t now);
    std::vector<KvRow>
    listAsc(std::string_view start, std::string_view end, std::int64_t now, std::int64_t limit);
    std::vector<KvRow>
    listDesc(std::string_view start, std::string_view end, std::int64_t now, std::int64_t limit);
    std::vector<std::string> listKeys(std::string_view start,
                                      std::string_view end,
                                      std::int64_t now,
                                      std::int64_t limit,
                                      bool descending);
    std::vector<KeyRow> listKeyRows(std::string_view start,
                                    std::string_view end,
                                    std::int64_t now,
                                    std::int64_t limit,
                                    bool descending);

    // SqlAdapter::scanValues: steps the range's rows in key order, applying ValuePrefilter to
    // each value in place; only candidates are copied.
    ValueScanPage scanValues(std::string_view start,
                             std::string_view end,
                             std::int64_t now,
                             const ValuePrefilter &prefilter,
                             std::int64_t limit,
                             std::int64_t scanLimit);

    // Without version, takes the next versionstamp. Returns the version written.
    std::int64_t set(std::string_view key,
                     std::string_view value,
                     std::optional<std::int64_t> expiresAt,
                     std::optional<std::int64_t> version);
    std::int64_t nextVersion();
    bool remove(std::string_view key);
    // The read-modify-write of increment() and atomic().sum(), in a transaction of its own
    // outside one of the caller's. TypeError "kvs: increment() needs a number, but the key holds
    // <kind>", RangeError "kvs: increment() result is not a finite number".
    IncrementResult increment(std::string_view key,
                              double delta,
                              std::int64_t now,
                              std::optional<std::int64_t> version);
    std::int64_t cleanExpired(std::int64_t now);
    std::vector<std::string> cleanExpiredKeys(std::int64_t now);
    void reset();
    void raw(std::string_view sql);

    // Queue v2 (sqlite_engine_queue.cpp).
    std::int64_t enqueue(std::string_view topic,
                         std::string_view payload,
                         std::int64_t now,
                         std::int64_t deliverAt,
                         std::int64_t maxAttempts);
    std::int64_t reclaimLeases(std::int64_t now);
    std::vector<QueueRow> dequeue(std::string_view topic,
                                  std::int64_t now,
                                  std::int64_t limit,
                                  std::int64_t lockedUntil,
                                  std::string_view token);
    bool ack(std::int64_t id, std::string_view token, std::int64_t now, bool retain);
    std::optional<LeaseRow> getLease(std::int64_t id, std::string_view token);
    bool nack(std::int64_t id,
              std::string_view token,
              std::int64_t now,
              std::optional<std::int64_t> retryAt,
              const std::optional<std::string> &error);
    bool extendLease(std::int64_t id, std::string_view token, std::int64_t lockedUntil);
    std::int64_t expireLeases(std::int64_t now);
    std::int64_t purgeFinished(std::int64_t doneBefore, std::optional<std::int64_t> deadBefore);
    std::vector<QueueRow>
    listDead(std::string_view topic, std::int64_t limit, std::int64_t afterId);
    std::int64_t
    retryDead(std::string_view topic, std::optional<std::int64_t> id, std::int64_t now);
    std::int64_t deleteDead(std::string_view topic, std::optional<std::int64_t> id);
    std::int64_t
    retryDeadIds(std::string_view topic, const std::vector<std::int64_t> &ids, std::int64_t now);
    std::int64_t
    deleteMessages(std::string_view topic, const std::vector<std::int64_t> &ids, bool deadOnly);
    std::vector<QueueStats> queueStats(const std::optional<std::string> &topic, std::int64_t now);
    std::vector<QueueRow> peek(std::string_view topic,
                               PeekStatus status,
                               std::int64_t afterId,
                               std::int64_t limit,
                               std::int64_t now);
    std::vector<QueueStats> queueStatsProjected(const std::optional<std::string> &topic,
                                                std::int64_t now,
                                                std::int64_t leasesEndingBy);
    std::int64_t queueLastId();
    std::vector<QueueRow> peekExpiredLeases(std::string_view topic,
                                            bool lastAttempt,
                                            std::int64_t afterId,
                                            std::int64_t limit,
                                            std::int64_t now);

    // Runs work inside BEGIN IMMEDIATE: commits when it returns, rolls back when it throws (and
    // rethrows). Versions taken inside belong to the transaction (VersionAllocator). Error
    // "kvs: a transaction is already open on this adapter" when one is.
    void transaction(const std::function<void()> &work);
    // Runs work inside one deferred (read) transaction, so its reads see one snapshot.
    void readTransaction(const std::function<void()> &work);

    // A read batch: SQLiteAsyncAdapter's worker runs consecutive queued reads inside one
    // deferred transaction, so that SQLite takes and drops its file and WAL locks once per batch
    // instead of once per read (a few fcntl() and fstat() calls each, which cost more than an
    // indexed point read on a virtual machine). Every read of a batch was queued before the
    // batch began, so one snapshot for all of them is as current as any. beginReadBatch()
    // returns false and starts nothing when the engine is closed or a transaction is open, and
    // throws DatabaseError when BEGIN fails (a transaction opened with raw("BEGIN"), say);
    // endReadBatch() never throws (a read transaction has nothing to lose).
    bool beginReadBatch();
    void endReadBatch() noexcept;

    void close() noexcept;

private:
    bool needsWalIndex(const DatabaseError &error) const;
    void reopenImmutable(const DatabaseError &error);
    static std::string immutableUri(const std::string &path);
    Statement &statement(SqlId id);
    Statement &getManyStatement(std::size_t count);
    void requireOpen() const;
    void requireWritable() const;
    std::int64_t takeVersion(std::optional<std::int64_t> given);
    // Runs a write statement bound by bind; returns the rows it changed.
    template <typename Bind>
    std::int64_t write(SqlId id, Bind &&bind)
    {
        requireWritable();
        StatementScope stmt(statement(id));
        bind(*stmt);
        stmt->run();
        return m_connection->changes();
    }
    std::vector<KvRow> list(SqlId id,
                            std::string_view start,
                            std::string_view end,
                            std::int64_t now,
                            std::int64_t limit);
    std::vector<QueueRow> readQueueRows(Statement &stmt, bool withFinishedAt);
    // Moves each topic's expired leases from processing to pending (attempts left) or dead,
    // and counts the leases ending after now and by endingBy.
    void projectLeases(std::vector<QueueStats> &stats,
                       const std::optional<std::string> &topic,
                       std::int64_t now,
                       std::int64_t endingBy);
    // queueStats(), or with endingBy queueStatsProjected(): one read transaction either way.
    std::vector<QueueStats> readQueueStats(const std::optional<std::string> &topic,
                                           std::int64_t now,
                                           std::optional<std::int64_t> endingBy);
    void upsert(std::string_view key,
                std::string_view value,
                std::int64_t version,
                std::optional<std::int64_t> expiresAt);

    Settings m_settings;
    TableNames m_names;
    long long m_schemaVersion = 0; // what migrate() found
    // Declared before the statements: they are finalized before the connection closes.
    std::unique_ptr<Connection> m_connection;
    std::array<std::unique_ptr<Statement>, static_cast<std::size_t>(SqlId::Count)> m_statements;
    std::map<std::size_t, std::unique_ptr<Statement>> m_getMany; // by key count
    std::unique_ptr<VersionAllocator> m_versions;                // Set by a read-write migrate().
    bool m_inTransaction = false;
    std::unique_ptr<Transaction> m_readBatch; // Open between beginReadBatch() and its end.
};

} // namespace kvs::detail
