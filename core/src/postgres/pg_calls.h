#pragma once

#include "postgres/pg_statements.h"

#include <kvs/sql_adapter.h>

#include <exception>
#include <functional>

// Each call of the SqlAdapter contract on PostgreSQL as data: the prepared statement, its
// parameters and how to read its answer. PgSession runs one at once on its connection (inside a
// transaction); PgWorkers queues them and runs many in one pipeline. Written once, used by both.
namespace kvs::detail {

template <typename T>
struct PgCallSpec
{
    const PqStatement *statement = nullptr;
    PqParams params;
    std::function<T(const PqResult &)> parse;
    // Rewrites a failure (e.g. the NUMERIC cast errors into the kvs TypeError); may be empty.
    std::function<std::exception_ptr(std::exception_ptr)> mapError;
};

namespace pgcalls {

PgCallSpec<std::optional<KvRow>> get(PgStatements &s, std::string key, std::int64_t now);
PgCallSpec<std::optional<KvRow>> getRaw(PgStatements &s, std::string key);
PgCallSpec<std::vector<std::string>> listKeys(PgStatements &s,
                                              bool ascending,
                                              std::string start,
                                              std::string end,
                                              std::int64_t now,
                                              std::int64_t limit);
PgCallSpec<std::vector<KvRow>>
getMany(PgStatements &s, const std::vector<std::string> &keys, std::int64_t now);
PgCallSpec<std::int64_t> set(PgStatements &s,
                             std::string key,
                             std::string value,
                             std::optional<std::int64_t> expiresAt,
                             std::optional<std::int64_t> version);
PgCallSpec<std::int64_t> nextVersion(PgStatements &s);
PgCallSpec<bool> remove(PgStatements &s, std::string key);
PgCallSpec<std::optional<std::int64_t>>
getVersion(PgStatements &s, std::string key, std::int64_t now);
PgCallSpec<std::optional<std::int64_t>>
getVersionForUpdate(PgStatements &s, std::string key, std::int64_t now);
PgCallSpec<std::optional<std::int64_t>> insertIfAbsent(PgStatements &s,
                                                       std::string key,
                                                       std::string value,
                                                       std::optional<std::int64_t> expiresAt,
                                                       std::int64_t now,
                                                       std::int64_t version);
PgCallSpec<IncrementResult> increment(PgStatements &s,
                                      std::string key,
                                      double delta,
                                      std::int64_t now,
                                      std::optional<std::int64_t> version);
PgCallSpec<std::vector<KvRow>> list(PgStatements &s,
                                    bool ascending,
                                    std::string start,
                                    std::string end,
                                    std::int64_t now,
                                    std::int64_t limit);
PgCallSpec<std::vector<std::string>> cleanExpiredKeys(PgStatements &s, std::int64_t now);
PgCallSpec<std::int64_t> enqueue(PgStatements &s,
                                 std::string topic,
                                 std::string payload,
                                 std::int64_t now,
                                 std::int64_t deliverAt,
                                 std::int64_t maxAttempts);
PgCallSpec<std::int64_t> reclaimLeases(PgStatements &s, std::int64_t now);
PgCallSpec<std::vector<QueueRow>> dequeue(PgStatements &s,
                                          std::string topic,
                                          std::int64_t now,
                                          std::int64_t limit,
                                          std::int64_t lockedUntil,
                                          std::string token);
PgCallSpec<bool>
ack(PgStatements &s, std::int64_t id, std::string token, std::int64_t now, bool retain);
PgCallSpec<std::optional<LeaseRow>> getLease(PgStatements &s, std::int64_t id, std::string token);
PgCallSpec<bool> nack(PgStatements &s,
                      std::int64_t id,
                      std::string token,
                      std::int64_t now,
                      std::optional<std::int64_t> retryAt,
                      std::optional<std::string> error);
PgCallSpec<bool>
extendLease(PgStatements &s, std::int64_t id, std::string token, std::int64_t lockedUntil);
PgCallSpec<std::int64_t> expireLeases(PgStatements &s, std::int64_t now);
PgCallSpec<std::int64_t> purge(PgStatements &s, bool done, std::int64_t before);
PgCallSpec<std::vector<QueueRow>>
listDead(PgStatements &s, std::string topic, std::int64_t limit, std::int64_t afterId);
PgCallSpec<std::int64_t>
retryDead(PgStatements &s, std::string topic, std::optional<std::int64_t> id, std::int64_t now);
PgCallSpec<std::int64_t>
deleteDead(PgStatements &s, std::string topic, std::optional<std::int64_t> id);
PgCallSpec<std::vector<QueueStats>>
queueStats(PgStatements &s, std::optional<std::string> topic, std::int64_t now);
PgCallSpec<std::vector<QueueRow>> peek(PgStatements &s,
                                       std::string topic,
                                       PeekStatus status,
                                       std::int64_t afterId,
                                       std::int64_t limit,
                                       std::int64_t now);
PgCallSpec<bool> advisoryLock(PgStatements &s, std::int64_t id);

} // namespace pgcalls

// Runs one call on a connection and returns its answer (or throws its mapped error).
template <typename T>
T runCall(PqConnection &connection, const PgCallSpec<T> &call)
{
    try {
        return call.parse(connection.run(*call.statement, call.params));
    } catch (...) {
        if (call.mapError)
            std::rethrow_exception(call.mapError(std::current_exception()));
        throw;
    }
}

} // namespace kvs::detail
