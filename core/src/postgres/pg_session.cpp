#include "postgres/pg_session.h"

#include "runtime/future_util.h"

#include <kvs/errors.h>

#include <algorithm>

namespace kvs::detail {

PgSession::PgSession(PqConnection &connection, PgStatements &statements, const PgNames &names)
    : m_connection(connection)
    , m_statements(statements)
    , m_names(names)
{}

namespace {

QFuture<void> refused(const char *what)
{
    return failedFuture<void>(std::make_exception_ptr(
        Error(std::string("kvs: ") + what + " cannot run inside a transaction")));
}

} // namespace

QFuture<void> PgSession::migrate()
{
    return refused("migrate()");
}

QFuture<std::optional<KvRow>> PgSession::get(std::string key, std::int64_t now)
{
    return finishedFuture(
        [&] { return runCall(m_connection, pgcalls::get(m_statements, std::move(key), now)); });
}

QFuture<std::vector<KvRow>> PgSession::getMany(std::vector<std::string> keys, std::int64_t now)
{
    return finishedFuture([&] {
        if (keys.empty())
            return std::vector<KvRow>{};
        return runCall(m_connection, pgcalls::getMany(m_statements, keys, now));
    });
}

QFuture<std::int64_t> PgSession::set(std::string key,
                                     std::string value,
                                     std::optional<std::int64_t> expiresAt,
                                     std::optional<std::int64_t> version)
{
    return finishedFuture([&] {
        return runCall(
            m_connection,
            pgcalls::set(m_statements, std::move(key), std::move(value), expiresAt, version));
    });
}

QFuture<std::int64_t> PgSession::nextVersion()
{
    return finishedFuture(
        [&] { return runCall(m_connection, pgcalls::nextVersion(m_statements)); });
}

QFuture<bool> PgSession::remove(std::string key)
{
    return finishedFuture(
        [&] { return runCall(m_connection, pgcalls::remove(m_statements, std::move(key))); });
}

QFuture<std::optional<std::int64_t>> PgSession::getVersion(std::string key, std::int64_t now)
{
    return finishedFuture([&] {
        return runCall(m_connection, pgcalls::getVersion(m_statements, std::move(key), now));
    });
}

QFuture<std::optional<std::int64_t>> PgSession::getVersionForUpdate(std::string key,
                                                                    std::int64_t now)
{
    return finishedFuture([&] {
        return runCall(m_connection,
                       pgcalls::getVersionForUpdate(m_statements, std::move(key), now));
    });
}

QFuture<std::optional<std::int64_t>>
PgSession::insertIfAbsent(std::string key,
                          std::string value,
                          std::optional<std::int64_t> expiresAt,
                          std::int64_t now,
                          std::int64_t version)
{
    return finishedFuture([&] {
        return runCall(
            m_connection,
            pgcalls::insertIfAbsent(
                m_statements, std::move(key), std::move(value), expiresAt, now, version));
    });
}

QFuture<IncrementResult> PgSession::increment(std::string key,
                                              double delta,
                                              std::int64_t now,
                                              std::optional<std::int64_t> version)
{
    return finishedFuture([&] {
        return runCall(m_connection,
                       pgcalls::increment(m_statements, std::move(key), delta, now, version));
    });
}

QFuture<std::vector<KvRow>>
PgSession::listAsc(std::string start, std::string end, std::int64_t now, std::int64_t limit)
{
    return finishedFuture([&] {
        return runCall(
            m_connection,
            pgcalls::list(m_statements, true, std::move(start), std::move(end), now, limit));
    });
}

QFuture<std::vector<KvRow>>
PgSession::listDesc(std::string start, std::string end, std::int64_t now, std::int64_t limit)
{
    return finishedFuture([&] {
        return runCall(
            m_connection,
            pgcalls::list(m_statements, false, std::move(start), std::move(end), now, limit));
    });
}

QFuture<std::int64_t> PgSession::cleanExpired(std::int64_t now)
{
    return finishedFuture([&] {
        return static_cast<std::int64_t>(
            runCall(m_connection, pgcalls::cleanExpiredKeys(m_statements, now)).size());
    });
}

QFuture<std::vector<std::string>> PgSession::cleanExpiredKeys(std::int64_t now)
{
    return finishedFuture(
        [&] { return runCall(m_connection, pgcalls::cleanExpiredKeys(m_statements, now)); });
}

QFuture<std::int64_t> PgSession::enqueue(std::string topic,
                                         std::string payload,
                                         std::int64_t now,
                                         std::int64_t deliverAt,
                                         std::int64_t maxAttempts)
{
    return finishedFuture([&] {
        return runCall(
            m_connection,
            pgcalls::enqueue(
                m_statements, std::move(topic), std::move(payload), now, deliverAt, maxAttempts));
    });
}

QFuture<std::int64_t> PgSession::reclaimLeases(std::int64_t now)
{
    return finishedFuture(
        [&] { return runCall(m_connection, pgcalls::reclaimLeases(m_statements, now)); });
}

QFuture<std::vector<QueueRow>> PgSession::dequeue(std::string topic,
                                                  std::int64_t now,
                                                  std::int64_t limit,
                                                  std::int64_t lockedUntil,
                                                  std::string token)
{
    return finishedFuture([&] {
        return runCall(
            m_connection,
            pgcalls::dequeue(
                m_statements, std::move(topic), now, limit, lockedUntil, std::move(token)));
    });
}

QFuture<bool> PgSession::ack(std::int64_t id, std::string token, std::int64_t now, bool retain)
{
    return finishedFuture([&] {
        return runCall(m_connection, pgcalls::ack(m_statements, id, std::move(token), now, retain));
    });
}

QFuture<std::optional<LeaseRow>> PgSession::getLease(std::int64_t id, std::string token)
{
    return finishedFuture([&] {
        return runCall(m_connection, pgcalls::getLease(m_statements, id, std::move(token)));
    });
}

QFuture<bool> PgSession::nack(std::int64_t id,
                              std::string token,
                              std::int64_t now,
                              std::optional<std::int64_t> retryAt,
                              std::optional<std::string> error)
{
    return finishedFuture([&] {
        return runCall(
            m_connection,
            pgcalls::nack(m_statements, id, std::move(token), now, retryAt, std::move(error)));
    });
}

QFuture<bool> PgSession::extendLease(std::int64_t id, std::string token, std::int64_t lockedUntil)
{
    return finishedFuture([&] {
        return runCall(m_connection,
                       pgcalls::extendLease(m_statements, id, std::move(token), lockedUntil));
    });
}

QFuture<std::int64_t> PgSession::expireLeases(std::int64_t now)
{
    return finishedFuture(
        [&] { return runCall(m_connection, pgcalls::expireLeases(m_statements, now)); });
}

QFuture<std::int64_t> PgSession::purgeFinished(std::int64_t doneBefore,
                                               std::optional<std::int64_t> deadBefore)
{
    return finishedFuture([&] {
        std::int64_t changed
            = runCall(m_connection, pgcalls::purge(m_statements, true, doneBefore));
        if (deadBefore)
            changed += runCall(m_connection, pgcalls::purge(m_statements, false, *deadBefore));
        return changed;
    });
}

QFuture<std::vector<QueueRow>>
PgSession::listDead(std::string topic, std::int64_t limit, std::int64_t afterId)
{
    return finishedFuture([&] {
        return runCall(m_connection,
                       pgcalls::listDead(m_statements, std::move(topic), limit, afterId));
    });
}

QFuture<std::int64_t>
PgSession::retryDead(std::string topic, std::optional<std::int64_t> id, std::int64_t now)
{
    return finishedFuture([&] {
        return runCall(m_connection, pgcalls::retryDead(m_statements, std::move(topic), id, now));
    });
}

QFuture<std::int64_t> PgSession::deleteDead(std::string topic, std::optional<std::int64_t> id)
{
    return finishedFuture([&] {
        return runCall(m_connection, pgcalls::deleteDead(m_statements, std::move(topic), id));
    });
}

QFuture<std::vector<QueueStats>> PgSession::queueStats(std::optional<std::string> topic,
                                                       std::int64_t now)
{
    return finishedFuture([&] {
        return runCall(m_connection, pgcalls::queueStats(m_statements, std::move(topic), now));
    });
}

QFuture<std::vector<QueueRow>> PgSession::peek(std::string topic,
                                               PeekStatus status,
                                               std::int64_t afterId,
                                               std::int64_t limit,
                                               std::int64_t now)
{
    return finishedFuture([&] {
        return runCall(m_connection,
                       pgcalls::peek(m_statements, std::move(topic), status, afterId, limit, now));
    });
}

QFuture<void> PgSession::reset()
{
    return finishedFuture([&] {
        m_connection.exec("DELETE FROM " + m_names.kv);
        m_connection.exec("DELETE FROM " + m_names.queue);
    });
}

QFuture<void> PgSession::transaction(std::function<void(SqlAdapter &)>)
{
    return refused("a nested transaction()");
}

QFuture<void> PgSession::lockKeys(std::vector<std::string> keys)
{
    return finishedFuture([&] {
        // Ascending and deduplicated: two commits locking the same keys never deadlock.
        std::vector<std::int64_t> ids;
        for (const auto &key : keys)
            ids.push_back(keyLockId(m_names, key));
        std::sort(ids.begin(), ids.end());
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
        for (const std::int64_t id : ids)
            runCall(m_connection, pgcalls::advisoryLock(m_statements, id));
    });
}

QFuture<void> PgSession::close()
{
    return refused("close()");
}

QFuture<void> PgSession::raw(std::string sql)
{
    return finishedFuture([&] { m_connection.exec(sql); });
}

} // namespace kvs::detail
