#include "postgres/pg_calls.h"

#include <kvs/errors.h>
#include <kvs/js_number.h>

namespace kvs::detail::pgcalls {

namespace {

template <typename T>
PgCallSpec<T>
call(const PqStatement &statement, PqParams params, std::function<T(const PqResult &)> parse)
{
    return {&statement, std::move(params), std::move(parse), {}};
}

std::vector<KvRow> kvRows(const PqResult &r)
{
    // Columns: key, value, version, expires_at.
    std::vector<KvRow> rows;
    rows.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i)
        rows.push_back({std::string(r.bytes(i, 0)),
                        std::string(r.bytes(i, 1)),
                        r.int64(i, 2),
                        r.optionalInt64(i, 3)});
    return rows;
}

std::vector<QueueRow> queueRows(const PqResult &r, bool withFinishedAt)
{
    std::vector<QueueRow> rows;
    for (int i = 0; i < r.rows(); ++i) {
        QueueRow row;
        row.id = r.int64(i, 0);
        row.topic = std::string(r.bytes(i, 1));
        row.payload = std::string(r.bytes(i, 2));
        row.enqueuedAt = r.int64(i, 3);
        row.deliverAt = r.int64(i, 4);
        row.attempts = r.int64(i, 5);
        row.maxAttempts = r.int64(i, 6);
        row.lockedUntil = r.optionalInt64(i, 7);
        row.lastError = r.optionalText(i, 8);
        if (withFinishedAt)
            row.finishedAt = r.optionalInt64(i, 9);
        rows.push_back(std::move(row));
    }
    return rows;
}

std::int64_t affected(const PqResult &r)
{
    return r.affected();
}

bool changedOne(const PqResult &r)
{
    return r.affected() > 0;
}

} // namespace

PgCallSpec<std::optional<KvRow>> get(PgStatements &s, std::string key, std::int64_t now)
{
    PqParams p;
    p.bytes(key).int8(now);
    return call<std::optional<KvRow>>(
        s.get, std::move(p), [key = std::move(key)](const PqResult &r) -> std::optional<KvRow> {
            if (r.rows() == 0)
                return std::nullopt;
            return KvRow{key, std::string(r.bytes(0, 0)), r.int64(0, 1), r.optionalInt64(0, 2)};
        });
}

PgCallSpec<std::optional<KvRow>> getRaw(PgStatements &s, std::string key)
{
    PqParams p;
    p.bytes(key);
    return call<std::optional<KvRow>>(
        s.getRaw, std::move(p), [key = std::move(key)](const PqResult &r) -> std::optional<KvRow> {
            if (r.rows() == 0)
                return std::nullopt;
            return KvRow{key, std::string(r.bytes(0, 0)), r.int64(0, 1), r.optionalInt64(0, 2)};
        });
}

PgCallSpec<std::vector<std::string>> listKeys(PgStatements &s,
                                              bool ascending,
                                              std::string start,
                                              std::string end,
                                              std::int64_t now,
                                              std::int64_t limit)
{
    PqParams p;
    p.bytes(start).bytes(end).int8(now).int8(limit);
    return call<std::vector<std::string>>(
        ascending ? s.keysAsc : s.keysDesc, std::move(p), [](const PqResult &r) {
            std::vector<std::string> keys;
            keys.reserve(static_cast<std::size_t>(r.rows()));
            for (int i = 0; i < r.rows(); ++i)
                keys.emplace_back(r.bytes(i, 0));
            return keys;
        });
}

PgCallSpec<std::vector<KvRow>>
getMany(PgStatements &s, const std::vector<std::string> &keys, std::int64_t now)
{
    PqParams p;
    for (const auto &key : keys)
        p.bytes(key);
    p.int8(now);
    return call<std::vector<KvRow>>(s.getMany(keys.size()), std::move(p), kvRows);
}

PgCallSpec<std::int64_t> set(PgStatements &s,
                             std::string key,
                             std::string value,
                             std::optional<std::int64_t> expiresAt,
                             std::optional<std::int64_t> version)
{
    PqParams p;
    p.bytes(key).bytes(value).optionalInt8(expiresAt);
    if (version)
        p.int8(*version);
    return call<std::int64_t>(version ? s.setVersion : s.setNextVersion,
                              std::move(p),
                              [](const PqResult &r) { return r.int64(0, 0); });
}

PgCallSpec<std::int64_t> nextVersion(PgStatements &s)
{
    return call<std::int64_t>(s.nextVersion, {}, [](const PqResult &r) { return r.int64(0, 0); });
}

PgCallSpec<bool> remove(PgStatements &s, std::string key)
{
    PqParams p;
    p.bytes(key);
    return call<bool>(s.remove, std::move(p), changedOne);
}

PgCallSpec<std::optional<std::int64_t>>
getVersion(PgStatements &s, std::string key, std::int64_t now)
{
    PqParams p;
    p.bytes(key).int8(now);
    return call<std::optional<std::int64_t>>(
        s.getVersion, std::move(p), [](const PqResult &r) -> std::optional<std::int64_t> {
            if (r.rows() == 0)
                return std::nullopt;
            return r.int64(0, 0);
        });
}

PgCallSpec<std::optional<std::int64_t>>
getVersionForUpdate(PgStatements &s, std::string key, std::int64_t now)
{
    // FOR UPDATE locks an expired row too; the check then treats it as absent.
    PqParams p;
    p.bytes(key);
    return call<std::optional<std::int64_t>>(
        s.getVersionForUpdate,
        std::move(p),
        [now](const PqResult &r) -> std::optional<std::int64_t> {
            if (r.rows() == 0)
                return std::nullopt;
            const std::optional<std::int64_t> expiresAt = r.optionalInt64(0, 1);
            if (expiresAt && *expiresAt <= now)
                return std::nullopt;
            return r.int64(0, 0);
        });
}

PgCallSpec<std::optional<std::int64_t>> insertIfAbsent(PgStatements &s,
                                                       std::string key,
                                                       std::string value,
                                                       std::optional<std::int64_t> expiresAt,
                                                       std::int64_t now,
                                                       std::int64_t version)
{
    PqParams p;
    p.bytes(key).bytes(value).optionalInt8(expiresAt).int8(now).int8(version);
    return call<std::optional<std::int64_t>>(
        s.insertIfAbsent, std::move(p), [](const PqResult &r) -> std::optional<std::int64_t> {
            if (r.rows() == 0)
                return std::nullopt; // a live row is there: the check fails
            return r.int64(0, 0);
        });
}

PgCallSpec<IncrementResult> increment(PgStatements &s,
                                      std::string key,
                                      double delta,
                                      std::int64_t now,
                                      std::optional<std::int64_t> version)
{
    // The delta travels as JavaScript prints it, so NUMERIC adds what JS would have sent.
    PqParams p;
    p.bytes(key).text(formatJsNumber(delta)).int8(now).optionalInt8(version);
    PgCallSpec<IncrementResult> spec
        = call<IncrementResult>(s.increment, std::move(p), [](const PqResult &r) {
              return IncrementResult{r.float8(0, 0), r.int64(0, 1)};
          });
    spec.mapError = [](std::exception_ptr error) -> std::exception_ptr {
        try {
            std::rethrow_exception(error);
        } catch (const DatabaseError &e) {
            // 22P02: not a number; 22021: a sentinel byte is not UTF-8 (reference, 0.6).
            if (e.sqlState() == "22P02" || e.sqlState() == "22021") {
                return std::make_exception_ptr(TypeError(
                    "kvs: increment() needs a number, but the key holds a non-numeric value",
                    e.detail()));
            }
        } catch (...) {
        }
        return error;
    };
    return spec;
}

PgCallSpec<std::vector<KvRow>> list(PgStatements &s,
                                    bool ascending,
                                    std::string start,
                                    std::string end,
                                    std::int64_t now,
                                    std::int64_t limit)
{
    PqParams p;
    p.bytes(start).bytes(end).int8(now).int8(limit);
    return call<std::vector<KvRow>>(ascending ? s.listAsc : s.listDesc, std::move(p), kvRows);
}

PgCallSpec<std::vector<std::string>> cleanExpiredKeys(PgStatements &s, std::int64_t now)
{
    PqParams p;
    p.int8(now);
    return call<std::vector<std::string>>(s.cleanExpired, std::move(p), [](const PqResult &r) {
        std::vector<std::string> keys;
        for (int i = 0; i < r.rows(); ++i)
            keys.emplace_back(r.bytes(i, 0));
        return keys;
    });
}

PgCallSpec<std::int64_t> enqueue(PgStatements &s,
                                 std::string topic,
                                 std::string payload,
                                 std::int64_t now,
                                 std::int64_t deliverAt,
                                 std::int64_t maxAttempts)
{
    PqParams p;
    p.text(topic).bytes(payload).int8(now).int8(deliverAt).int8(maxAttempts);
    return call<std::int64_t>(
        s.enqueue, std::move(p), [](const PqResult &r) { return r.int64(0, 0); });
}

PgCallSpec<std::int64_t> reclaimLeases(PgStatements &s, std::int64_t now)
{
    PqParams p;
    p.int8(now);
    return call<std::int64_t>(s.reclaim, std::move(p), affected);
}

PgCallSpec<std::vector<QueueRow>> dequeue(PgStatements &s,
                                          std::string topic,
                                          std::int64_t now,
                                          std::int64_t limit,
                                          std::int64_t lockedUntil,
                                          std::string token)
{
    PqParams p;
    p.text(topic).int8(now).int8(limit).int8(lockedUntil).text(token);
    return call<std::vector<QueueRow>>(
        s.dequeue, std::move(p), [](const PqResult &r) { return queueRows(r, false); });
}

PgCallSpec<bool>
ack(PgStatements &s, std::int64_t id, std::string token, std::int64_t now, bool retain)
{
    PqParams p;
    p.int8(id).text(token);
    if (retain)
        p.int8(now);
    return call<bool>(retain ? s.ackDone : s.ackDelete, std::move(p), changedOne);
}

PgCallSpec<std::optional<LeaseRow>> getLease(PgStatements &s, std::int64_t id, std::string token)
{
    PqParams p;
    p.int8(id).text(token);
    return call<std::optional<LeaseRow>>(
        s.getLease, std::move(p), [](const PqResult &r) -> std::optional<LeaseRow> {
            if (r.rows() == 0)
                return std::nullopt;
            return LeaseRow{r.int64(0, 0), r.int64(0, 1)};
        });
}

PgCallSpec<bool> nack(PgStatements &s,
                      std::int64_t id,
                      std::string token,
                      std::int64_t now,
                      std::optional<std::int64_t> retryAt,
                      std::optional<std::string> error)
{
    PqParams p;
    p.int8(id).text(token).int8(retryAt ? *retryAt : now).optionalText(error);
    return call<bool>(retryAt ? s.nackRetry : s.nackDead, std::move(p), changedOne);
}

PgCallSpec<bool>
extendLease(PgStatements &s, std::int64_t id, std::string token, std::int64_t lockedUntil)
{
    PqParams p;
    p.int8(id).text(token).int8(lockedUntil);
    return call<bool>(s.extendLease, std::move(p), changedOne);
}

PgCallSpec<std::int64_t> expireLeases(PgStatements &s, std::int64_t now)
{
    PqParams p;
    p.int8(now);
    return call<std::int64_t>(s.expireLeases, std::move(p), affected);
}

PgCallSpec<std::int64_t> purge(PgStatements &s, bool done, std::int64_t before)
{
    PqParams p;
    p.int8(before);
    return call<std::int64_t>(done ? s.purgeDone : s.purgeDead, std::move(p), affected);
}

PgCallSpec<std::vector<QueueRow>>
listDead(PgStatements &s, std::string topic, std::int64_t limit, std::int64_t afterId)
{
    PqParams p;
    p.text(topic).int8(afterId).int8(limit);
    return call<std::vector<QueueRow>>(
        s.listDead, std::move(p), [](const PqResult &r) { return queueRows(r, true); });
}

PgCallSpec<std::int64_t>
retryDead(PgStatements &s, std::string topic, std::optional<std::int64_t> id, std::int64_t now)
{
    PqParams p;
    p.text(topic).int8(now).optionalInt8(id);
    return call<std::int64_t>(s.retryDead, std::move(p), affected);
}

PgCallSpec<std::int64_t>
deleteDead(PgStatements &s, std::string topic, std::optional<std::int64_t> id)
{
    PqParams p;
    p.text(topic).optionalInt8(id);
    return call<std::int64_t>(s.deleteDead, std::move(p), affected);
}

PgCallSpec<std::vector<QueueStats>>
queueStats(PgStatements &s, std::optional<std::string> topic, std::int64_t now)
{
    PqParams p;
    p.int8(now);
    if (topic)
        p.text(*topic);
    return call<std::vector<QueueStats>>(
        topic ? s.statsTopic : s.statsAll, std::move(p), [](const PqResult &r) {
            std::vector<QueueStats> stats;
            for (int i = 0; i < r.rows(); ++i) {
                stats.push_back(QueueStats{std::string(r.bytes(i, 0)),
                                           r.int64(i, 1),
                                           r.int64(i, 2),
                                           r.int64(i, 3),
                                           r.int64(i, 4),
                                           r.int64(i, 5),
                                           r.optionalInt64(i, 6)});
            }
            return stats;
        });
}

PgCallSpec<std::vector<QueueRow>> peek(PgStatements &s,
                                       std::string topic,
                                       PeekStatus status,
                                       std::int64_t afterId,
                                       std::int64_t limit,
                                       std::int64_t now)
{
    PqParams p;
    p.text(topic).int8(now).int8(afterId).int8(limit);
    const PqStatement &statement = status == PeekStatus::Pending   ? s.peekPending
                                   : status == PeekStatus::Delayed ? s.peekDelayed
                                                                   : s.peekProcessing;
    return call<std::vector<QueueRow>>(
        statement, std::move(p), [](const PqResult &r) { return queueRows(r, false); });
}

PgCallSpec<bool> advisoryLock(PgStatements &s, std::int64_t id)
{
    PqParams p;
    p.int8(id);
    return call<bool>(s.advisoryLock, std::move(p), [](const PqResult &) { return true; });
}

} // namespace kvs::detail::pgcalls
