#include "postgres/pg_calls.h"

#include "postgres/pq_transaction.h"
#include "rules/schema_rules.h"

#include <kvs/errors.h>
#include <kvs/js_number.h>

#include <algorithm>
#include <optional>

namespace kvs::detail {

namespace {

template <typename T>
PgCall<T>
call(const PqStatement &statement, PqParams params, std::function<T(const PqResult &)> parse)
{
    return {&statement, std::move(params), std::move(parse), {}, {}};
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

// A write whose versionstamp would pass 2^53 - 1 gets NULL for it (pg_statements.cpp), which the
// kv.version NOT NULL constraint refuses: that refusal means the versionstamps are used up.
std::exception_ptr versionsExhausted(std::exception_ptr error)
{
    try {
        std::rethrow_exception(error);
    } catch (const DatabaseError &e) {
        if (e.sqlState() == "23502") {
            try {
                throwVersionsExhausted(std::nullopt);
            } catch (...) {
                return std::current_exception();
            }
        }
    } catch (...) {
    }
    return error;
}

} // namespace

PgCall<std::optional<KvRow>> PgCalls::get(std::string key, std::int64_t now)
{
    PqParams p;
    p.bytes(key).int8(now);
    return call<std::optional<KvRow>>(
        m_s.get, std::move(p), [key = std::move(key)](const PqResult &r) -> std::optional<KvRow> {
            if (r.rows() == 0)
                return std::nullopt;
            return KvRow{key, std::string(r.bytes(0, 0)), r.int64(0, 1), r.optionalInt64(0, 2)};
        });
}

PgCall<std::optional<KvRow>> PgCalls::getRaw(std::string key)
{
    PqParams p;
    p.bytes(key);
    return call<std::optional<KvRow>>(
        m_s.getRaw,
        std::move(p),
        [key = std::move(key)](const PqResult &r) -> std::optional<KvRow> {
            if (r.rows() == 0)
                return std::nullopt;
            return KvRow{key, std::string(r.bytes(0, 0)), r.int64(0, 1), r.optionalInt64(0, 2)};
        });
}

PgCall<std::vector<std::string>> PgCalls::listKeys(
    std::string start, std::string end, std::int64_t now, std::int64_t limit, bool descending)
{
    PqParams p;
    p.bytes(start).bytes(end).int8(now).int8(limit);
    return call<std::vector<std::string>>(
        descending ? m_s.listKeysDesc : m_s.listKeysAsc, std::move(p), [](const PqResult &r) {
            std::vector<std::string> keys;
            keys.reserve(static_cast<std::size_t>(r.rows()));
            for (int i = 0; i < r.rows(); ++i)
                keys.emplace_back(r.bytes(i, 0));
            return keys;
        });
}

PgCall<std::vector<KeyRow>> PgCalls::listKeyRows(
    std::string start, std::string end, std::int64_t now, std::int64_t limit, bool descending)
{
    PqParams p;
    p.bytes(start).bytes(end).int8(now).int8(limit);
    return call<std::vector<KeyRow>>(
        descending ? m_s.listKeyRowsDesc : m_s.listKeyRowsAsc, std::move(p), [](const PqResult &r) {
            std::vector<KeyRow> rows;
            rows.reserve(static_cast<std::size_t>(r.rows()));
            for (int i = 0; i < r.rows(); ++i) {
                rows.push_back(KeyRow{std::string(r.bytes(i, 0)),
                                      std::string(r.bytes(i, 1)),
                                      r.int64(i, 2),
                                      r.optionalInt64(i, 3)});
            }
            return rows;
        });
}

PgCall<std::vector<SkipScanStep>> PgCalls::skipScanSteps(std::int64_t prefixLength,
                                                         std::string lower,
                                                         std::string upper,
                                                         std::int64_t now,
                                                         std::int64_t steps)
{
    PqParams p;
    p.int8(prefixLength).bytes(lower).bytes(upper).int8(now).int8(steps);
    return call<std::vector<SkipScanStep>>(m_s.skipScanSteps, std::move(p), [](const PqResult &r) {
        std::vector<SkipScanStep> out;
        std::int64_t step = 0;
        for (int i = 0; i < r.rows(); ++i) {
            if (out.empty() || r.int64(i, 0) != step) {
                step = r.int64(i, 0);
                out.push_back({std::string(r.bytes(i, 1)), {}});
            }
            if (!r.isNull(i, 2)) {
                out.back().rows.push_back(KeyRow{std::string(r.bytes(i, 2)),
                                                 std::string(r.bytes(i, 3)),
                                                 r.int64(i, 4),
                                                 r.optionalInt64(i, 5)});
            }
        }
        return out;
    });
}

PgCall<ValueScanPage> PgCalls::scanValues(std::string start,
                                          std::string end,
                                          std::int64_t now,
                                          ValuePrefilter prefilter,
                                          std::int64_t limit,
                                          std::int64_t scanLimit)
{
    const bool folded = prefilter.asciiCaseInsensitive;
    PqParams p;
    p.bytes(start)
        .bytes(end)
        .int8(now)
        .bytes(prefilter.needle)
        .text(folded ? prefilter.needle : std::string())
        .int8(folded ? 1 : 0)
        .int8(prefilter.alsoTyped ? 1 : 0)
        .int8(prefilter.alsoSentinels ? 1 : 0)
        .int8(scanLimit)
        // The candidates, and room for the scan's last row after them.
        .int8(limit + 1)
        .int8(prefilter.alsoNumbers ? 1 : 0);
    return call<ValueScanPage>(m_s.scanValues, std::move(p), [limit, scanLimit](const PqResult &r) {
        // Columns: key, value, version, expires_at, n, candidate, last (0 or 1).
        ValueScanPage page;
        for (int i = 0; i < r.rows(); ++i) {
            if (r.int64(i, 5) == 1) {
                page.rows.push_back(KvRow{std::string(r.bytes(i, 0)),
                                          std::string(r.bytes(i, 1)),
                                          r.int64(i, 2),
                                          r.optionalInt64(i, 3)});
                if (static_cast<std::int64_t>(page.rows.size()) == limit) {
                    // The limit-th candidate ends the scan, whatever follows it.
                    page.scanned = r.int64(i, 4);
                    page.resumeAt = page.rows.back().key + '\0';
                    return page;
                }
            }
            if (r.int64(i, 6) == 1) {
                // The scan's last row: the range goes on after it when the scan read all it
                // could (at the range's end too, which the next scan then finds empty).
                page.scanned = r.int64(i, 4);
                if (page.scanned == scanLimit)
                    page.resumeAt = std::string(r.bytes(i, 0)) + '\0';
            }
        }
        return page;
    });
}

PgCall<std::optional<Entry>> PgCalls::getEntry(std::string key, std::int64_t now, Key entryKey)
{
    PgCall<std::optional<KvRow>> read = get(std::move(key), now);
    PgCall<std::optional<Entry>> decoded;
    decoded.statement = read.statement;
    decoded.params = std::move(read.params);
    // Called once, when the answer arrives: the key moves into the entry.
    decoded.parse = [parse = std::move(read.parse),
                     entryKey = std::move(entryKey)](const PqResult &result) mutable {
        return entryOf(std::move(entryKey), parse(result));
    };
    return decoded;
}

PgCall<std::vector<KvRow>> PgCalls::getMany(std::vector<std::string> keys, std::int64_t now)
{
    if (keys.empty()) { // no statement has an empty IN list
        PgCall<std::vector<KvRow>> none;
        none.session = [](PqConnection &) {
            return std::vector<KvRow>{};
        };
        return none;
    }
    PqParams p;
    for (const auto &key : keys)
        p.bytes(key);
    p.int8(now);
    return call<std::vector<KvRow>>(m_s.getMany(keys.size()), std::move(p), kvRows);
}

PgCall<std::int64_t> PgCalls::set(std::string key,
                                  std::string value,
                                  std::optional<std::int64_t> expiresAt,
                                  std::optional<std::int64_t> version)
{
    PqParams p;
    p.bytes(key).bytes(value).optionalInt8(expiresAt);
    if (version)
        p.int8(*version);
    PgCall<std::int64_t> set = call<std::int64_t>(version ? m_s.setVersion : m_s.setNextVersion,
                                                  std::move(p),
                                                  [](const PqResult &r) { return r.int64(0, 0); });
    set.mapError = versionsExhausted;
    return set;
}

PgCall<std::int64_t> PgCalls::nextVersion()
{
    return call<std::int64_t>(m_s.nextVersion, {}, [](const PqResult &r) {
        if (r.isNull(0, 0)) // past 2^53 - 1
            throwVersionsExhausted(std::nullopt);
        return r.int64(0, 0);
    });
}

PgCall<bool> PgCalls::remove(std::string key)
{
    PqParams p;
    p.bytes(key);
    return call<bool>(m_s.remove, std::move(p), changedOne);
}

PgCall<std::optional<std::int64_t>> PgCalls::getVersion(std::string key, std::int64_t now)
{
    PqParams p;
    p.bytes(key).int8(now);
    return call<std::optional<std::int64_t>>(
        m_s.getVersion, std::move(p), [](const PqResult &r) -> std::optional<std::int64_t> {
            if (r.rows() == 0)
                return std::nullopt;
            return r.int64(0, 0);
        });
}

// Reads with FOR UPDATE: an expired row is locked and read as absent.
PgCall<std::optional<std::int64_t>> PgCalls::getVersionForUpdate(std::string key, std::int64_t now)
{
    // FOR UPDATE locks an expired row too; the check then treats it as absent.
    PqParams p;
    p.bytes(key);
    return call<std::optional<std::int64_t>>(
        m_s.getVersionForUpdate,
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

// Writes only over an absent or expired row (nullopt when a live one is there).
PgCall<std::optional<std::int64_t>> PgCalls::insertIfAbsent(std::string key,
                                                            std::string value,
                                                            std::optional<std::int64_t> expiresAt,
                                                            std::int64_t now,
                                                            std::int64_t version)
{
    PqParams p;
    p.bytes(key).bytes(value).optionalInt8(expiresAt).int8(now).int8(version);
    return call<std::optional<std::int64_t>>(
        m_s.insertIfAbsent, std::move(p), [](const PqResult &r) -> std::optional<std::int64_t> {
            if (r.rows() == 0)
                return std::nullopt; // a live row is there: the check fails
            return r.int64(0, 0);
        });
}

// One NUMERIC upsert; TypeError "kvs: increment() needs a number, but the key holds a non-numeric
// value" for SQLSTATE 22P02 / 22021.
PgCall<IncrementResult> PgCalls::increment(std::string key,
                                           double delta,
                                           std::int64_t now,
                                           std::optional<std::int64_t> version)
{
    // The delta travels as JavaScript prints it, so NUMERIC adds what JS would have sent.
    PqParams p;
    p.bytes(key).text(formatJsNumber(delta)).int8(now).optionalInt8(version);
    PgCall<IncrementResult> spec
        = call<IncrementResult>(m_s.increment, std::move(p), [](const PqResult &r) {
              return IncrementResult{r.float8(0, 0), r.int64(0, 1)};
          });
    spec.mapError = [](std::exception_ptr error) -> std::exception_ptr {
        try {
            std::rethrow_exception(error);
        } catch (const DatabaseError &e) {
            if (e.sqlState() == "23502")
                return versionsExhausted(error);
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

PgCall<std::vector<KvRow>>
PgCalls::listAsc(std::string start, std::string end, std::int64_t now, std::int64_t limit)
{
    return list(true, std::move(start), std::move(end), now, limit);
}

PgCall<std::vector<KvRow>>
PgCalls::listDesc(std::string start, std::string end, std::int64_t now, std::int64_t limit)
{
    return list(false, std::move(start), std::move(end), now, limit);
}

PgCall<std::vector<KvRow>> PgCalls::list(
    bool ascending, std::string start, std::string end, std::int64_t now, std::int64_t limit)
{
    PqParams p;
    p.bytes(start).bytes(end).int8(now).int8(limit);
    return call<std::vector<KvRow>>(ascending ? m_s.listAsc : m_s.listDesc, std::move(p), kvRows);
}

PgCall<std::vector<std::string>> PgCalls::cleanExpiredKeys(std::int64_t now)
{
    PqParams p;
    p.int8(now);
    return call<std::vector<std::string>>(m_s.cleanExpired, std::move(p), [](const PqResult &r) {
        std::vector<std::string> keys;
        for (int i = 0; i < r.rows(); ++i)
            keys.emplace_back(r.bytes(i, 0));
        return keys;
    });
}

PgCall<std::int64_t> PgCalls::enqueue(std::string topic,
                                      std::string payload,
                                      std::int64_t now,
                                      std::int64_t deliverAt,
                                      std::int64_t maxAttempts)
{
    PqParams p;
    p.text(topic).bytes(payload).int8(now).int8(deliverAt).int8(maxAttempts);
    return call<std::int64_t>(
        m_s.enqueue, std::move(p), [](const PqResult &r) { return r.int64(0, 0); });
}

PgCall<std::int64_t> PgCalls::reclaimLeases(std::int64_t now)
{
    PqParams p;
    p.int8(now);
    return call<std::int64_t>(m_s.reclaimLeases, std::move(p), affected);
}

PgCall<std::vector<QueueRow>> PgCalls::dequeue(std::string topic,
                                               std::int64_t now,
                                               std::int64_t limit,
                                               std::int64_t lockedUntil,
                                               std::string token)
{
    PqParams p;
    p.text(topic).int8(now).int8(limit).int8(lockedUntil).text(token);
    return call<std::vector<QueueRow>>(
        m_s.dequeue, std::move(p), [](const PqResult &r) { return queueRows(r, false); });
}

PgCall<bool> PgCalls::ack(std::int64_t id, std::string token, std::int64_t now, bool retain)
{
    PqParams p;
    p.int8(id).text(token);
    if (retain)
        p.int8(now);
    return call<bool>(retain ? m_s.ackDone : m_s.ackDelete, std::move(p), changedOne);
}

PgCall<std::optional<LeaseRow>> PgCalls::getLease(std::int64_t id, std::string token)
{
    PqParams p;
    p.int8(id).text(token);
    return call<std::optional<LeaseRow>>(
        m_s.getLease, std::move(p), [](const PqResult &r) -> std::optional<LeaseRow> {
            if (r.rows() == 0)
                return std::nullopt;
            return LeaseRow{r.int64(0, 0), r.int64(0, 1)};
        });
}

PgCall<bool> PgCalls::nack(std::int64_t id,
                           std::string token,
                           std::int64_t now,
                           std::optional<std::int64_t> retryAt,
                           std::optional<std::string> error)
{
    PqParams p;
    p.int8(id).text(token).int8(retryAt ? *retryAt : now).optionalText(error);
    return call<bool>(retryAt ? m_s.nackRetry : m_s.nackDead, std::move(p), changedOne);
}

PgCall<bool> PgCalls::extendLease(std::int64_t id, std::string token, std::int64_t lockedUntil)
{
    PqParams p;
    p.int8(id).text(token).int8(lockedUntil);
    return call<bool>(m_s.extendLease, std::move(p), changedOne);
}

PgCall<std::int64_t> PgCalls::expireLeases(std::int64_t now)
{
    PqParams p;
    p.int8(now);
    return call<std::int64_t>(m_s.expireLeases, std::move(p), affected);
}

PgCall<std::int64_t> PgCalls::purgeFinished(std::int64_t doneBefore,
                                            std::optional<std::int64_t> deadBefore)
{
    PgCall<std::int64_t> purge;
    purge.session = [this, doneBefore, deadBefore](PqConnection &connection) {
        const auto purgeOne = [&](const PqStatement &statement, std::int64_t before) {
            PqParams p;
            p.int8(before);
            return connection.run(statement, p).affected();
        };
        std::int64_t changed = purgeOne(m_s.purgeDone, doneBefore);
        if (deadBefore)
            changed += purgeOne(m_s.purgeDead, *deadBefore);
        return changed;
    };
    return purge;
}

PgCall<std::vector<QueueRow>>
PgCalls::listDead(std::string topic, std::int64_t limit, std::int64_t afterId)
{
    PqParams p;
    p.text(topic).int8(afterId).int8(limit);
    return call<std::vector<QueueRow>>(
        m_s.listDead, std::move(p), [](const PqResult &r) { return queueRows(r, true); });
}

PgCall<std::int64_t>
PgCalls::retryDead(std::string topic, std::optional<std::int64_t> id, std::int64_t now)
{
    PqParams p;
    p.text(topic).int8(now).optionalInt8(id);
    return call<std::int64_t>(m_s.retryDead, std::move(p), affected);
}

PgCall<std::int64_t> PgCalls::deleteDead(std::string topic, std::optional<std::int64_t> id)
{
    PqParams p;
    p.text(topic).optionalInt8(id);
    return call<std::int64_t>(m_s.deleteDead, std::move(p), affected);
}

namespace {

// An int8[] in PostgreSQL's array text form, "{1,2,3}": one parameter for any number of ids.
std::string int8ArrayOf(const std::vector<std::int64_t> &ids)
{
    std::string array = "{";
    for (const std::int64_t id : ids) {
        if (array.size() > 1)
            array += ',';
        array += std::to_string(id);
    }
    return array + '}';
}

} // namespace

PgCall<std::int64_t>
PgCalls::retryDeadIds(std::string topic, std::vector<std::int64_t> ids, std::int64_t now)
{
    PqParams p;
    p.text(topic).int8(now).text(int8ArrayOf(ids));
    return call<std::int64_t>(m_s.retryDeadIds, std::move(p), affected);
}

PgCall<std::int64_t>
PgCalls::deleteMessages(std::string topic, std::vector<std::int64_t> ids, bool deadOnly)
{
    PqParams p;
    p.text(topic).text(int8ArrayOf(ids));
    return call<std::int64_t>(
        deadOnly ? m_s.deleteDeadMessages : m_s.deleteMessages, std::move(p), affected);
}

PgCall<std::vector<QueueStats>> PgCalls::queueStats(std::optional<std::string> topic,
                                                    std::int64_t now)
{
    return readQueueStats(
        topic ? m_s.queueStatsTopic : m_s.queueStatsAll, std::move(topic), now, std::nullopt);
}

PgCall<std::vector<QueueStats>> PgCalls::queueStatsProjected(std::optional<std::string> topic,
                                                             std::int64_t now,
                                                             std::int64_t leasesEndingBy)
{
    return readQueueStats(topic ? m_s.queueStatsProjectedTopic : m_s.queueStatsProjectedAll,
                          std::move(topic),
                          now,
                          std::max(now, leasesEndingBy));
}

PgCall<std::vector<QueueRow>> PgCalls::peekExpiredLeases(
    std::string topic, bool lastAttempt, std::int64_t afterId, std::int64_t limit, std::int64_t now)
{
    PqParams p;
    p.text(topic).int8(now).int8(afterId).int8(limit);
    return call<std::vector<QueueRow>>(
        lastAttempt ? m_s.peekExpiredLast : m_s.peekExpiredRetry,
        std::move(p),
        [lastAttempt](const PqResult &r) { return queueRows(r, lastAttempt); });
}

PgCall<std::int64_t> PgCalls::queueLastId()
{
    PqParams p;
    p.text(m_names.queue);
    return call<std::int64_t>(
        m_s.queueLastId, std::move(p), [](const PqResult &r) { return r.int64(0, 0); });
}

PgCall<std::vector<QueueStats>> PgCalls::readQueueStats(const PqStatement &statement,
                                                        std::optional<std::string> topic,
                                                        std::int64_t now,
                                                        std::optional<std::int64_t> endingBy)
{
    PqParams p;
    p.int8(now);
    if (endingBy)
        p.int8(*endingBy);
    if (topic)
        p.text(*topic);
    const bool projected = endingBy.has_value();
    return call<std::vector<QueueStats>>(statement, std::move(p), [projected](const PqResult &r) {
        std::vector<QueueStats> stats;
        for (int i = 0; i < r.rows(); ++i) {
            stats.push_back(QueueStats{std::string(r.bytes(i, 0)),
                                       r.int64(i, 1),
                                       r.int64(i, 2),
                                       r.int64(i, 3),
                                       r.int64(i, 4),
                                       r.int64(i, 5),
                                       r.optionalInt64(i, 6),
                                       projected ? r.int64(i, 7) : 0});
        }
        return stats;
    });
}

PgCall<std::vector<QueueRow>> PgCalls::peek(std::string topic,
                                            PeekStatus status,
                                            std::int64_t afterId,
                                            std::int64_t limit,
                                            std::int64_t now)
{
    PqParams p;
    p.text(topic).int8(now).int8(afterId).int8(limit);
    const PqStatement &statement = status == PeekStatus::Pending      ? m_s.peekPending
                                   : status == PeekStatus::Delayed    ? m_s.peekDelayed
                                   : status == PeekStatus::Processing ? m_s.peekProcessing
                                                                      : m_s.peekDone;
    return call<std::vector<QueueRow>>(
        statement, std::move(p), [](const PqResult &r) { return queueRows(r, false); });
}

PgCall<std::int64_t> PgCalls::cleanExpired(std::int64_t now)
{
    PgCall<std::vector<std::string>> keys = cleanExpiredKeys(now);
    return call<std::int64_t>(*keys.statement, std::move(keys.params), [](const PqResult &r) {
        return static_cast<std::int64_t>(r.rows());
    });
}

// Both tables emptied in one transaction (inside the caller's when one is open).
PgCall<void> PgCalls::reset()
{
    PgCall<void> reset;
    reset.session = [this](PqConnection &connection) {
        std::optional<PqTransaction> own;
        if (!connection.inTransaction())
            own.emplace(connection);
        connection.exec("DELETE FROM " + m_names.kv);
        connection.exec("DELETE FROM " + m_names.queue);
        if (own)
            own->commit();
    };
    return reset;
}

PgCall<void> PgCalls::raw(std::string sql)
{
    PgCall<void> raw;
    raw.session = [sql = std::move(sql)](PqConnection &connection) {
        connection.exec(sql);
    };
    return raw;
}

// pg_advisory_xact_lock per key (reference gotcha 17).
PgCall<void> PgCalls::lockKeys(std::vector<std::string> keys)
{
    // Ascending and deduplicated: two commits locking the same keys never deadlock.
    std::vector<std::int64_t> ids;
    for (const auto &key : keys)
        ids.push_back(keyLockId(m_names, key));
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    PgCall<void> lock;
    lock.session = [this, ids = std::move(ids)](PqConnection &connection) {
        for (const std::int64_t id : ids) {
            PqParams p;
            p.int8(id);
            connection.run(m_s.advisoryLock, p);
        }
    };
    return lock;
}

} // namespace kvs::detail
