#pragma once

#include "postgres/pg_names.h"
#include "postgres/pg_statements.h"

#include <kvs/sql_adapter.h>

#include <exception>
#include <functional>

namespace kvs::detail {

// One store operation on PostgreSQL as data: a prepared statement, its parameters and how to
// read its answer, so the pool (pg_workers.h) can send it in one pipeline with the calls in
// flight and a transaction can run it at once. An operation of several statements (or none)
// sets session instead: work with a connection to itself.
template <typename T>
struct PgCall
{
    const PqStatement *statement = nullptr;
    PqParams params;
    std::function<T(const PqResult &)> parse;
    // Rewrites a failure (e.g. the NUMERIC cast errors into the kvs TypeError); may be empty.
    std::function<std::exception_ptr(std::exception_ptr)> mapError;
    std::function<T(PqConnection &)> session;
};

// The PostgreSQL backend's operations, one member per store operation with the SqlAdapter
// contract's names and arguments (run by EngineAdapter through pg_backends.h): the SQL of each is
// written once here, whether it goes out in a pipeline or inside a transaction.
//
// Thread rule: safe from any thread (it only builds calls).
class PgCalls
{
public:
    PgCalls(PgStatements &statements, const PgNames &names)
        : m_s(statements)
        , m_names(names)
    {}

    PgCall<std::optional<KvRow>> get(std::string key, std::int64_t now);
    PgCall<std::optional<Entry>> getEntry(std::string key, std::int64_t now, Key entryKey);
    PgCall<std::vector<KvRow>> getMany(std::vector<std::string> keys, std::int64_t now);
    PgCall<std::optional<KvRow>> getRaw(std::string key);
    PgCall<std::optional<std::int64_t>> getVersion(std::string key, std::int64_t now);
    PgCall<std::vector<KvRow>>
    listAsc(std::string start, std::string end, std::int64_t now, std::int64_t limit);
    PgCall<std::vector<KvRow>>
    listDesc(std::string start, std::string end, std::int64_t now, std::int64_t limit);
    PgCall<std::vector<std::string>> listKeys(
        std::string start, std::string end, std::int64_t now, std::int64_t limit, bool descending);
    PgCall<std::vector<KeyRow>> listKeyRows(
        std::string start, std::string end, std::int64_t now, std::int64_t limit, bool descending);
    PgCall<std::vector<SkipScanStep>> skipScanSteps(std::int64_t prefixLength,
                                                    std::string lower,
                                                    std::string upper,
                                                    std::int64_t now,
                                                    std::int64_t steps);
    PgCall<ValueScanPage> scanValues(std::string start,
                                     std::string end,
                                     std::int64_t now,
                                     ValuePrefilter prefilter,
                                     std::int64_t limit,
                                     std::int64_t scanLimit);
    PgCall<std::int64_t> set(std::string key,
                             std::string value,
                             std::optional<std::int64_t> expiresAt,
                             std::optional<std::int64_t> version);
    PgCall<std::int64_t> nextVersion();
    PgCall<bool> remove(std::string key);
    // One NUMERIC upsert; TypeError "kvs: increment() needs a number, but the key holds a
    // non-numeric value" for SQLSTATE 22P02 / 22021.
    PgCall<IncrementResult>
    increment(std::string key, double delta, std::int64_t now, std::optional<std::int64_t> version);
    PgCall<std::int64_t> cleanExpired(std::int64_t now);
    PgCall<std::vector<std::string>> cleanExpiredKeys(std::int64_t now);
    // Both tables emptied in one transaction (inside the caller's when one is open).
    PgCall<void> reset();
    PgCall<void> raw(std::string sql);

    PgCall<std::int64_t> enqueue(std::string topic,
                                 std::string payload,
                                 std::int64_t now,
                                 std::int64_t deliverAt,
                                 std::int64_t maxAttempts);
    PgCall<std::int64_t> reclaimLeases(std::int64_t now);
    PgCall<std::vector<QueueRow>> dequeue(std::string topic,
                                          std::int64_t now,
                                          std::int64_t limit,
                                          std::int64_t lockedUntil,
                                          std::string token);
    PgCall<bool> ack(std::int64_t id, std::string token, std::int64_t now, bool retain);
    PgCall<std::optional<LeaseRow>> getLease(std::int64_t id, std::string token);
    PgCall<bool> nack(std::int64_t id,
                      std::string token,
                      std::int64_t now,
                      std::optional<std::int64_t> retryAt,
                      std::optional<std::string> error);
    PgCall<bool> extendLease(std::int64_t id, std::string token, std::int64_t lockedUntil);
    PgCall<std::int64_t> expireLeases(std::int64_t now);
    PgCall<std::int64_t> purgeFinished(std::int64_t doneBefore,
                                       std::optional<std::int64_t> deadBefore);
    PgCall<std::vector<QueueRow>>
    listDead(std::string topic, std::int64_t limit, std::int64_t afterId);
    PgCall<std::int64_t>
    retryDead(std::string topic, std::optional<std::int64_t> id, std::int64_t now);
    PgCall<std::int64_t> deleteDead(std::string topic, std::optional<std::int64_t> id);
    PgCall<std::int64_t>
    retryDeadIds(std::string topic, std::vector<std::int64_t> ids, std::int64_t now);
    PgCall<std::int64_t>
    deleteMessages(std::string topic, std::vector<std::int64_t> ids, bool deadOnly);
    PgCall<std::vector<QueueStats>> queueStats(std::optional<std::string> topic, std::int64_t now);
    PgCall<std::vector<QueueRow>> peek(std::string topic,
                                       PeekStatus status,
                                       std::int64_t afterId,
                                       std::int64_t limit,
                                       std::int64_t now);
    PgCall<std::vector<QueueStats>> queueStatsProjected(std::optional<std::string> topic,
                                                        std::int64_t now,
                                                        std::int64_t leasesEndingBy);
    PgCall<std::int64_t> queueLastId();
    PgCall<std::vector<QueueRow>> peekExpiredLeases(std::string topic,
                                                    bool lastAttempt,
                                                    std::int64_t afterId,
                                                    std::int64_t limit,
                                                    std::int64_t now);

    // A transaction's row locks (reference gotcha 17): lockKeys takes pg_advisory_xact_lock per
    // key in ascending id order (no lock-order deadlock), getVersionForUpdate reads with FOR
    // UPDATE (an expired row locked and read as absent), insertIfAbsent writes only over an
    // absent or expired row (nullopt when a live one is there).
    PgCall<void> lockKeys(std::vector<std::string> keys);
    PgCall<std::optional<std::int64_t>> getVersionForUpdate(std::string key, std::int64_t now);
    PgCall<std::optional<std::int64_t>> insertIfAbsent(std::string key,
                                                       std::string value,
                                                       std::optional<std::int64_t> expiresAt,
                                                       std::int64_t now,
                                                       std::int64_t version);

private:
    // The stats; with endingBy (the projected statements) the leases ending by then too.
    PgCall<std::vector<QueueStats>> readQueueStats(const PqStatement &statement,
                                                   std::optional<std::string> topic,
                                                   std::int64_t now,
                                                   std::optional<std::int64_t> endingBy);
    PgCall<std::vector<KvRow>>
    list(bool ascending, std::string start, std::string end, std::int64_t now, std::int64_t limit);

    PgStatements &m_s;      // Not owned.
    const PgNames &m_names; // Not owned.
};

// Runs one call on a connection and returns its answer (or throws its mapped error).
template <typename T>
T runCall(PqConnection &connection, const PgCall<T> &call)
{
    if (call.session)
        return call.session(connection);
    try {
        return call.parse(connection.run(*call.statement, call.params));
    } catch (...) {
        if (call.mapError)
            std::rethrow_exception(call.mapError(std::current_exception()));
        throw;
    }
}

} // namespace kvs::detail
