#pragma once

#include "sqlite/sqlite_connection.h"
#include "sqlite/sqlite_sql.h"
#include "sqlite/version_allocator.h"

#include <kvs/errors.h>
#include <kvs/sql_adapter.h>
#include <kvs/table_names.h>

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace kvs::detail {

// How SqliteEngine takes a parameter of the list's Type: a view of a string, a const reference to
// a container, anything trivially copyable by value. Its callers keep the arguments
// (KVStore's operations, the worker's captured call), so a call copies nothing.
template <typename T>
struct EngineArgOf
{
    using type = std::conditional_t<std::is_trivially_copyable_v<T>, T, const T &>;
};
template <>
struct EngineArgOf<std::string>
{
    using type = std::string_view;
};
template <typename T>
using EngineArg = typename EngineArgOf<T>::type;

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

public:
    // The calls of kvs/sql_adapter_calls.h but its Extra and RowLock ones (SQLite has no
    // skip-scan statement, its seeks being in-process, and no row locks: one writer at a time).
    // Each takes its parameters as EngineArg<> of the list's types and answers at once.
#define KVS_SQLITE_DECLARE_Required(Answer, name, ...) \
    Answer name(KVS_SQL_EACH(KVS_SQLITE_PARAM, __VA_ARGS__));
#define KVS_SQLITE_DECLARE_Defaulted KVS_SQLITE_DECLARE_Required
#define KVS_SQLITE_DECLARE_Optional KVS_SQLITE_DECLARE_Required
#define KVS_SQLITE_DECLARE_Extra(...)
#define KVS_SQLITE_DECLARE_RowLock(...)
#define KVS_SQLITE_PARAM(Type, name) EngineArg<Type> name
#define KVS_SQL_CALL(kind, access, Answer, name, ...) \
    KVS_SQLITE_DECLARE_##kind(Answer, name, __VA_ARGS__)
#include <kvs/sql_adapter_calls.h>
#undef KVS_SQLITE_DECLARE_Required
#undef KVS_SQLITE_DECLARE_Defaulted
#undef KVS_SQLITE_DECLARE_Optional
#undef KVS_SQLITE_DECLARE_Extra
#undef KVS_SQLITE_DECLARE_RowLock
#undef KVS_SQLITE_PARAM
};

} // namespace kvs::detail
