#pragma once

#include "sqlite/sqlite_connection.h"
#include "sqlite/sqlite_sql.h"
#include "sqlite/table_names.h"
#include "sqlite/version_allocator.h"

#include <kvs/sql_adapter.h>

#include <array>
#include <map>
#include <memory>
#include <string>

namespace kvs::detail {

// The SqlAdapter contract on one SQLite connection, synchronously: every call runs its SQL and
// returns a finished future. SQLiteAsyncAdapter runs it on its worker thread, and hands it to
// transaction() work as the transaction's adapter. Thread rule: one thread at a time (the
// adapter's worker).
class SqliteSession final : public SqlAdapter
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

    // Opens the connection (mode=ro when readOnly). Throws DatabaseError.
    explicit SqliteSession(Settings settings);
    ~SqliteSession() override;

    QFuture<void> migrate() override;
    long long schemaVersion() const noexcept override { return m_schemaVersion; }
    QFuture<std::optional<KvRow>> get(std::string key, std::int64_t now) override;
    QFuture<std::vector<KvRow>> getMany(std::vector<std::string> keys, std::int64_t now) override;
    QFuture<std::int64_t> set(std::string key,
                              std::string value,
                              std::optional<std::int64_t> expiresAt,
                              std::optional<std::int64_t> version) override;
    QFuture<std::int64_t> nextVersion() override;
    QFuture<bool> remove(std::string key) override;
    QFuture<std::optional<std::int64_t>> getVersion(std::string key, std::int64_t now) override;
    QFuture<IncrementResult> increment(std::string key,
                                       double delta,
                                       std::int64_t now,
                                       std::optional<std::int64_t> version) override;
    QFuture<std::vector<KvRow>>
    listAsc(std::string start, std::string end, std::int64_t now, std::int64_t limit) override;
    QFuture<std::vector<KvRow>>
    listDesc(std::string start, std::string end, std::int64_t now, std::int64_t limit) override;
    QFuture<std::vector<std::string>> listKeys(std::string start,
                                               std::string end,
                                               std::int64_t now,
                                               std::int64_t limit,
                                               bool descending) override;
    QFuture<std::optional<KvRow>> getRaw(std::string key) override;
    QFuture<std::int64_t> cleanExpired(std::int64_t now) override;
    bool hasCleanExpiredKeys() const override { return true; }
    QFuture<std::vector<std::string>> cleanExpiredKeys(std::int64_t now) override;
    QFuture<std::int64_t> enqueue(std::string topic,
                                  std::string payload,
                                  std::int64_t now,
                                  std::int64_t deliverAt,
                                  std::int64_t maxAttempts) override;
    QFuture<std::int64_t> reclaimLeases(std::int64_t now) override;
    QFuture<std::vector<QueueRow>> dequeue(std::string topic,
                                           std::int64_t now,
                                           std::int64_t limit,
                                           std::int64_t lockedUntil,
                                           std::string token) override;
    QFuture<bool> ack(std::int64_t id, std::string token, std::int64_t now, bool retain) override;
    QFuture<std::optional<LeaseRow>> getLease(std::int64_t id, std::string token) override;
    QFuture<bool> nack(std::int64_t id,
                       std::string token,
                       std::int64_t now,
                       std::optional<std::int64_t> retryAt,
                       std::optional<std::string> error) override;
    QFuture<bool>
    extendLease(std::int64_t id, std::string token, std::int64_t lockedUntil) override;
    QFuture<std::int64_t> expireLeases(std::int64_t now) override;
    QFuture<std::int64_t> purgeFinished(std::int64_t doneBefore,
                                        std::optional<std::int64_t> deadBefore) override;
    QFuture<std::vector<QueueRow>>
    listDead(std::string topic, std::int64_t limit, std::int64_t afterId) override;
    QFuture<std::int64_t>
    retryDead(std::string topic, std::optional<std::int64_t> id, std::int64_t now) override;
    QFuture<std::int64_t> deleteDead(std::string topic, std::optional<std::int64_t> id) override;
    QFuture<std::vector<QueueStats>> queueStats(std::optional<std::string> topic,
                                                std::int64_t now) override;
    QFuture<std::vector<QueueRow>> peek(std::string topic,
                                        PeekStatus status,
                                        std::int64_t afterId,
                                        std::int64_t limit,
                                        std::int64_t now) override;
    QFuture<void> reset() override;
    // Runs work on this session inside BEGIN IMMEDIATE (this call is synchronous too).
    QFuture<void> transaction(std::function<void(SqlAdapter &tx)> work) override;
    QFuture<void> close() override;
    QFuture<void> raw(std::string sql) override;
    const char *backendName() const override { return "sqlite"; }

    // The same calls, answered directly (SQLiteAsyncAdapter's worker calls these: no future to
    // build and unwrap per request). Each throws what its future would carry.
    std::optional<KvRow> getNow(std::string key, std::int64_t now);
    // getEntry()'s answer, the value decoded straight from the row (no copy of its bytes).
    std::optional<Entry> getEntryNow(const std::string &key, std::int64_t now, Key entryKey);
    std::optional<KvRow> getRawNow(std::string key);
    std::vector<std::string> listKeysNow(const std::string &start,
                                         const std::string &end,
                                         std::int64_t now,
                                         std::int64_t limit,
                                         bool descending);
    std::vector<KvRow> getManyNow(std::vector<std::string> keys, std::int64_t now);
    std::int64_t setNow(std::string key,
                        std::string value,
                        std::optional<std::int64_t> expiresAt,
                        std::optional<std::int64_t> version);
    std::int64_t nextVersionNow();
    std::optional<std::int64_t> getVersionNow(std::string key, std::int64_t now);
    IncrementResult incrementNow(std::string key,
                                 double delta,
                                 std::int64_t now,
                                 std::optional<std::int64_t> version);
    std::vector<std::string> cleanExpiredKeysNow(std::int64_t now);
    std::int64_t enqueueNow(std::string topic,
                            std::string payload,
                            std::int64_t now,
                            std::int64_t deliverAt,
                            std::int64_t maxAttempts);
    std::vector<QueueRow> dequeueNow(std::string topic,
                                     std::int64_t now,
                                     std::int64_t limit,
                                     std::int64_t lockedUntil,
                                     std::string token);
    bool ackNow(std::int64_t id, std::string token, std::int64_t now, bool retain);
    std::optional<LeaseRow> getLeaseNow(std::int64_t id, std::string token);
    bool nackNow(std::int64_t id,
                 std::string token,
                 std::int64_t now,
                 std::optional<std::int64_t> retryAt,
                 std::optional<std::string> error);
    bool extendLeaseNow(std::int64_t id, std::string token, std::int64_t lockedUntil);
    std::int64_t expireLeasesNow(std::int64_t now);
    std::int64_t purgeFinishedNow(std::int64_t doneBefore, std::optional<std::int64_t> deadBefore);
    std::vector<QueueRow> listDeadNow(std::string topic, std::int64_t limit, std::int64_t afterId);
    std::int64_t retryDeadNow(std::string topic, std::optional<std::int64_t> id, std::int64_t now);
    std::int64_t deleteDeadNow(std::string topic, std::optional<std::int64_t> id);
    std::vector<QueueStats> queueStatsNow(std::optional<std::string> topic, std::int64_t now);
    std::vector<QueueRow> peekNow(std::string topic,
                                  PeekStatus status,
                                  std::int64_t afterId,
                                  std::int64_t limit,
                                  std::int64_t now);
    void resetNow();
    void rawNow(std::string sql);

    // A read batch: SQLiteAsyncAdapter's worker runs consecutive queued reads (get, getMany,
    // list...) inside one deferred transaction, so that SQLite takes and drops its file and WAL
    // locks once per batch instead of once per read: a few fcntl() and fstat() calls each, which
    // cost more than an indexed point read on a virtual machine. Every read of a batch was
    // queued before the batch began, so one snapshot for all of them is as current as any.
    // beginReadBatch() returns false and starts nothing when the session is closed or a
    // transaction is open, and throws DatabaseError when BEGIN fails (a transaction the user
    // opened with raw("BEGIN"), say); endReadBatch() never throws (a read transaction has nothing
    // to lose).
    bool beginReadBatch();
    void endReadBatch() noexcept;

private:
    Statement &statement(SqlId id);
    Statement &getManyStatement(std::size_t count);
    void requireOpen() const;
    void requireWritable() const;
    std::int64_t takeVersion(std::optional<std::int64_t> given);
    std::int64_t write(SqlId id, const std::function<void(Statement &)> &bind);
    std::vector<QueueRow> readRows(Statement &stmt, bool withFinishedAt);
    std::vector<KvRow> list(SqlId id,
                            std::string_view start,
                            std::string_view end,
                            std::int64_t now,
                            std::int64_t limit);
    void upsert(std::string_view key,
                std::string_view value,
                std::int64_t version,
                std::optional<std::int64_t> expiresAt);

    Settings m_settings;
    TableNames m_names;
    std::unique_ptr<Connection> m_connection;
    std::array<std::unique_ptr<Statement>, static_cast<std::size_t>(SqlId::Count)> m_statements;
    std::map<std::size_t, std::unique_ptr<Statement>> m_getMany; // by key count
    std::unique_ptr<VersionAllocator> m_versions;
    bool m_inTransaction = false;
    long long m_schemaVersion = 0;            // what migrate() found
    std::unique_ptr<Transaction> m_readBatch; // Open between beginReadBatch() and its end.
};

} // namespace kvs::detail
