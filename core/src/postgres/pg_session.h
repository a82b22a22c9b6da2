#pragma once

#include "postgres/pg_calls.h"

#include <kvs/sql_adapter.h>

namespace kvs::detail {

// The SqlAdapter contract on one PostgreSQL connection inside a transaction: what
// PostgresAdapter::transaction() hands its work. Every call runs at once on the connection and
// returns a finished future. It has the row locks of a concurrent backend (reference gotcha 17):
// lockKeys takes pg_advisory_xact_lock per key in ascending id order, getVersionForUpdate reads
// with FOR UPDATE, insertIfAbsent writes only over an absent or expired row. Thread rule: the
// transaction's thread only, for the transaction's duration.
class PgSession final : public SqlAdapter
{
public:
    PgSession(PqConnection &connection, PgStatements &statements, const PgNames &names);

    QFuture<void> migrate() override;
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
    QFuture<std::int64_t> cleanExpired(std::int64_t now) override;
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
    QFuture<void> transaction(std::function<void(SqlAdapter &tx)> work) override;
    QFuture<void> close() override;
    QFuture<void> raw(std::string sql) override;
    const char *backendName() const override { return "postgres"; }
    bool hasCleanExpiredKeys() const override { return true; }
    bool supportsRowLocks() const override { return true; }
    QFuture<void> lockKeys(std::vector<std::string> keys) override;
    QFuture<std::optional<std::int64_t>> getVersionForUpdate(std::string key,
                                                             std::int64_t now) override;
    QFuture<std::optional<std::int64_t>> insertIfAbsent(std::string key,
                                                        std::string value,
                                                        std::optional<std::int64_t> expiresAt,
                                                        std::int64_t now,
                                                        std::int64_t version) override;

private:
    PqConnection &m_connection; // Not owned.
    PgStatements &m_statements; // Not owned.
    const PgNames &m_names;     // Not owned.
};

} // namespace kvs::detail
