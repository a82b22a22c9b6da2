// SqliteEngine's queue calls (reference "Queue model (0.4)"): each runs one statement of
// sqlite_queue_sql.cpp. No queue call takes a versionstamp.
#include "sqlite/sqlite_engine.h"

#include <kvs/errors.h>

#include <algorithm>

namespace kvs::detail {

std::vector<QueueRow> SqliteEngine::readQueueRows(Statement &stmt, bool withFinishedAt)
{
    // Columns: id, topic, payload, enqueued_at, deliver_at, attempts, max_attempts,
    // locked_until, last_error[, finished_at].
    std::vector<QueueRow> rows;
    while (stmt.step()) {
        QueueRow row;
        row.id = stmt.columnInt64(0);
        row.topic = std::string(stmt.columnBytes(1));
        row.payload = std::string(stmt.columnBytes(2));
        row.enqueuedAt = stmt.columnInt64(3);
        row.deliverAt = stmt.columnInt64(4);
        row.attempts = stmt.columnInt64(5);
        row.maxAttempts = stmt.columnInt64(6);
        row.lockedUntil = stmt.columnOptionalInt64(7);
        if (!stmt.columnIsNull(8))
            row.lastError = std::string(stmt.columnBytes(8));
        if (withFinishedAt)
            row.finishedAt = stmt.columnOptionalInt64(9);
        rows.push_back(std::move(row));
    }
    return rows;
}

std::int64_t SqliteEngine::enqueue(std::string_view topic,
                                   std::string_view payload,
                                   std::int64_t now,
                                   std::int64_t deliverAt,
                                   std::int64_t maxAttempts)
{
    requireWritable();
    StatementScope enqueue(statement(SqlId::Enqueue));
    enqueue->bindText(1, topic);
    enqueue->bindBlob(2, payload);
    enqueue->bindInt64(3, now);
    enqueue->bindInt64(4, deliverAt);
    enqueue->bindInt64(5, maxAttempts);
    if (!enqueue->step())
        throw DatabaseError("kvs: enqueue() returned no id", 0, enqueue->sql());
    const std::int64_t id = enqueue->columnInt64(0);
    enqueue->run(); // finish the statement: its write is done when the call returns
    return id;
}

std::int64_t SqliteEngine::reclaimLeases(std::int64_t now)
{
    return write(SqlId::QueueReclaimLeases, [&](Statement &s) { s.bindInt64(1, now); });
}

std::vector<QueueRow> SqliteEngine::dequeue(std::string_view topic,
                                            std::int64_t now,
                                            std::int64_t limit,
                                            std::int64_t lockedUntil,
                                            std::string_view token)
{
    requireWritable();
    StatementScope pick(statement(SqlId::QueueDequeue));
    pick->bindText(1, topic);
    pick->bindInt64(2, now);
    pick->bindInt64(3, limit);
    pick->bindInt64(4, lockedUntil);
    pick->bindText(5, token);
    return readQueueRows(*pick, false);
}

bool SqliteEngine::ack(std::int64_t id, std::string_view token, std::int64_t now, bool retain)
{
    return write(retain ? SqlId::QueueAckDone : SqlId::QueueAckDelete,
                 [&](Statement &s) {
                     s.bindInt64(1, id);
                     s.bindText(2, token);
                     if (retain)
                         s.bindInt64(3, now);
                 })
           > 0;
}

std::optional<LeaseRow> SqliteEngine::getLease(std::int64_t id, std::string_view token)
{
    StatementScope lease(statement(SqlId::QueueGetLease));
    lease->bindInt64(1, id);
    lease->bindText(2, token);
    if (!lease->step())
        return std::nullopt;
    return LeaseRow{lease->columnInt64(0), lease->columnInt64(1)};
}

bool SqliteEngine::nack(std::int64_t id,
                        std::string_view token,
                        std::int64_t now,
                        std::optional<std::int64_t> retryAt,
                        const std::optional<std::string> &error)
{
    return write(retryAt ? SqlId::QueueNackRetry : SqlId::QueueNackDead,
                 [&](Statement &s) {
                     s.bindInt64(1, id);
                     s.bindText(2, token);
                     s.bindInt64(3, retryAt ? *retryAt : now);
                     if (error)
                         s.bindText(4, *error);
                     else
                         s.bindNull(4);
                 })
           > 0;
}

bool SqliteEngine::extendLease(std::int64_t id, std::string_view token, std::int64_t lockedUntil)
{
    return write(SqlId::QueueExtendLease,
                 [&](Statement &s) {
                     s.bindInt64(1, id);
                     s.bindText(2, token);
                     s.bindInt64(3, lockedUntil);
                 })
           > 0;
}

std::int64_t SqliteEngine::expireLeases(std::int64_t now)
{
    return write(SqlId::QueueExpireLeases, [&](Statement &s) { s.bindInt64(1, now); });
}

std::int64_t SqliteEngine::purgeFinished(std::int64_t doneBefore,
                                         std::optional<std::int64_t> deadBefore)
{
    std::int64_t changed
        = write(SqlId::QueuePurgeDone, [&](Statement &s) { s.bindInt64(1, doneBefore); });
    if (deadBefore)
        changed += write(SqlId::QueuePurgeDead, [&](Statement &s) { s.bindInt64(1, *deadBefore); });
    return changed;
}

std::vector<QueueRow>
SqliteEngine::listDead(std::string_view topic, std::int64_t limit, std::int64_t afterId)
{
    StatementScope list(statement(SqlId::QueueListDead));
    list->bindText(1, topic);
    list->bindInt64(2, afterId);
    list->bindInt64(3, limit);
    return readQueueRows(*list, true);
}

std::int64_t
SqliteEngine::retryDead(std::string_view topic, std::optional<std::int64_t> id, std::int64_t now)
{
    return write(SqlId::QueueRetryDead, [&](Statement &s) {
        s.bindText(1, topic);
        s.bindInt64(2, now);
        s.bindOptionalInt64(3, id);
    });
}

std::int64_t SqliteEngine::deleteDead(std::string_view topic, std::optional<std::int64_t> id)
{
    return write(SqlId::QueueDeleteDead, [&](Statement &s) {
        s.bindText(1, topic);
        s.bindOptionalInt64(2, id);
    });
}

namespace {

std::string jsonArrayOf(const std::vector<std::int64_t> &ids)
{
    std::string json = "[";
    for (const std::int64_t id : ids) {
        if (json.size() > 1)
            json += ',';
        json += std::to_string(id);
    }
    return json + ']';
}

} // namespace

std::int64_t SqliteEngine::retryDeadIds(std::string_view topic,
                                        const std::vector<std::int64_t> &ids,
                                        std::int64_t now)
{
    const std::string json = jsonArrayOf(ids);
    return write(SqlId::QueueRetryDeadIds, [&](Statement &s) {
        s.bindText(1, topic);
        s.bindInt64(2, now);
        s.bindText(3, json);
    });
}

std::int64_t SqliteEngine::deleteMessages(std::string_view topic,
                                          const std::vector<std::int64_t> &ids,
                                          bool deadOnly)
{
    const std::string json = jsonArrayOf(ids);
    return write(deadOnly ? SqlId::QueueDeleteDeadMessages : SqlId::QueueDeleteMessages,
                 [&](Statement &s) {
                     s.bindText(1, topic);
                     s.bindText(2, json);
                 });
}

std::vector<QueueStats> SqliteEngine::queueStats(const std::optional<std::string> &topic,
                                                 std::int64_t now)
{
    return readQueueStats(topic, now, std::nullopt);
}

std::vector<QueueStats> SqliteEngine::queueStatsProjected(const std::optional<std::string> &topic,
                                                          std::int64_t now,
                                                          std::int64_t leasesEndingBy)
{
    return readQueueStats(topic, now, leasesEndingBy);
}

std::int64_t SqliteEngine::queueLastId()
{
    std::int64_t last = 0;
    readTransaction([&] {
        {
            StatementScope max(statement(SqlId::QueueMaxId));
            if (max->step())
                last = max->columnInt64(0);
        }
        bool hasSequence = false;
        {
            StatementScope exists(statement(SqlId::QueueHasSequence));
            hasSequence = exists->step() && exists->columnInt64(0) > 0;
        }
        if (!hasSequence)
            return;
        StatementScope sequence(statement(SqlId::QueueSequence));
        sequence->bindText(1, m_names.queue);
        if (sequence->step())
            last = std::max(last, sequence->columnInt64(0));
    });
    return last;
}

std::vector<QueueStats> SqliteEngine::readQueueStats(const std::optional<std::string> &topic,
                                                     std::int64_t now,
                                                     std::optional<std::int64_t> endingBy)
{
    std::vector<QueueStats> stats;
    // One snapshot for the counts and the leases.
    readTransaction([&] {
        {
            StatementScope read(statement(topic ? SqlId::QueueStatsTopic : SqlId::QueueStatsAll));
            read->bindInt64(1, now);
            if (topic)
                read->bindText(2, *topic);
            while (read->step()) {
                QueueStats row;
                row.topic = std::string(read->columnBytes(0));
                row.pending = read->columnInt64(1);
                row.delayed = read->columnInt64(2);
                row.processing = read->columnInt64(3);
                row.dead = read->columnInt64(4);
                row.done = read->columnInt64(5);
                row.oldestPendingAt = read->columnOptionalInt64(6);
                stats.push_back(std::move(row));
            }
        }
        if (endingBy)
            projectLeases(stats, topic, now, *endingBy);
    });
    return stats;
}

void SqliteEngine::projectLeases(std::vector<QueueStats> &stats,
                                 const std::optional<std::string> &topic,
                                 std::int64_t now,
                                 std::int64_t endingBy)
{
    StatementScope leases(statement(SqlId::QueueLeaseCounts));
    leases->bindInt64(1, now);
    leases->bindInt64(2, std::max(now, endingBy));
    if (topic)
        leases->bindText(3, *topic);
    else
        leases->bindNull(3);
    // Both are ordered by topic (the counts by ORDER BY, the leases by GROUP BY).
    auto row = stats.begin();
    while (leases->step()) {
        const std::string_view name = leases->columnBytes(0);
        while (row != stats.end() && row->topic < name)
            ++row;
        if (row == stats.end() || row->topic != name)
            continue;
        const std::int64_t retryable = leases->columnInt64(1);
        const std::int64_t lastAttempt = leases->columnInt64(3);
        row->processing -= retryable + lastAttempt;
        row->pending += retryable;
        row->dead += lastAttempt;
        if (const std::optional<std::int64_t> oldest = leases->columnOptionalInt64(2))
            row->oldestPendingAt
                = row->oldestPendingAt ? std::min(*row->oldestPendingAt, *oldest) : *oldest;
        row->leasesEnding = leases->columnInt64(4);
    }
}

std::vector<QueueRow> SqliteEngine::peekExpiredLeases(std::string_view topic,
                                                      bool lastAttempt,
                                                      std::int64_t afterId,
                                                      std::int64_t limit,
                                                      std::int64_t now)
{
    StatementScope read(
        statement(lastAttempt ? SqlId::QueuePeekExpiredLast : SqlId::QueuePeekExpiredRetry));
    read->bindText(1, topic);
    read->bindInt64(2, now);
    read->bindInt64(3, afterId);
    read->bindInt64(4, limit);
    return readQueueRows(*read, lastAttempt);
}

std::vector<QueueRow> SqliteEngine::peek(std::string_view topic,
                                         PeekStatus status,
                                         std::int64_t afterId,
                                         std::int64_t limit,
                                         std::int64_t now)
{
    SqlId id = SqlId::QueuePeekPending;
    if (status == PeekStatus::Delayed)
        id = SqlId::QueuePeekDelayed;
    else if (status == PeekStatus::Processing)
        id = SqlId::QueuePeekProcessing;
    else if (status == PeekStatus::Done)
        id = SqlId::QueuePeekDone;
    StatementScope read(statement(id));
    read->bindText(1, topic);
    read->bindInt64(2, now);
    read->bindInt64(3, afterId);
    read->bindInt64(4, limit);
    return readQueueRows(*read, false);
}

} // namespace kvs::detail
