// Queue v2 of the sync store (reference "Queue model (0.4)" through cleanQueue()). No queue
// call takes a versionstamp, so none reserves one (and none inside a transaction).
#include "queue/queue_rules.h"
#include "runtime/clock.h"
#include "sqlite/sqlite_store.h"
#include "store/validation.h"

#include <kvs/errors.h>
#include <kvs/js_number.h>
#include <kvs/value_codec.h>

#include <QUuid>

#include <algorithm>
#include <cmath>

namespace kvs::detail {

namespace {

void bindOptionalText(Statement &stmt, int index, const std::optional<std::string> &text)
{
    if (text)
        stmt.bindText(index, *text);
    else
        stmt.bindNull(index);
}

std::optional<std::string> optionalText(const Statement &stmt, int index)
{
    if (stmt.columnIsNull(index))
        return std::nullopt;
    return std::string(stmt.columnBytes(index));
}

// The fields shared by every message row (kMessageColumns in sqlite_queue_sql.cpp).
template <typename Message>
Message readMessageColumns(const Statement &stmt)
{
    Message message;
    message.id = stmt.columnInt64(0);
    message.topic = std::string(stmt.columnBytes(1));
    message.payload = decodeValue(stmt.columnBytes(2));
    message.enqueuedAt = stmt.columnInt64(3);
    message.deliverAt = stmt.columnInt64(4);
    message.attempts = stmt.columnInt64(5);
    message.maxAttempts = stmt.columnInt64(6);
    message.lastError = optionalText(stmt, 8);
    return message;
}

} // namespace

template <typename Bind>
std::int64_t SqliteStore::runQueueWrite(SqlId id, Bind &&bind)
{
    StatementScope stmt(statement(id));
    bind(*stmt);
    stmt->run();
    return m_connection->changes();
}

std::int64_t SqliteStore::expireLeases(std::int64_t now)
{
    return runQueueWrite(SqlId::QueueExpireLeases, [&](Statement &s) { s.bindInt64(1, now); });
}

double SqliteStore::backoffMs(std::int64_t attempts) const
{
    return queueBackoffMs(m_options.queue, attempts);
}

EnqueueResult SqliteStore::enqueue(const Value &payload, const QueueOptions &options)
{
    requireWritable("enqueue()");
    validateQueueOptions(options);
    m_valueBuffer.clear();
    encodeValue(payload, m_valueBuffer);
    const std::int64_t now = nowMs();
    StatementScope enqueue(statement(SqlId::Enqueue));
    enqueue->bindText(1, options.topic);
    enqueue->bindBlob(2, m_valueBuffer);
    enqueue->bindInt64(3, now);
    enqueue->bindInt64(4, addMs(now, options.delay));
    enqueue->bindInt64(5, static_cast<std::int64_t>(options.maxAttempts));
    if (!enqueue->step())
        throw DatabaseError("kvs: enqueue() returned no id", 0, enqueue->sql());
    return {true, enqueue->columnInt64(0)};
}

std::vector<QueueMessage>
SqliteStore::dequeue(const std::string &topic, double limit, const DequeueOptions &options)
{
    requireWritable("dequeue()");
    const std::int64_t rows = checkedLimit("dequeue()", limit);
    const double visibility
        = dequeueVisibility(options.visibilityTimeout, m_options.queue.visibilityTimeout);
    const std::int64_t now = nowMs();
    if (m_lastReclaim == 0 || now - m_lastReclaim >= kReclaimIntervalMs) {
        runQueueWrite(SqlId::QueueReclaim, [&](Statement &s) { s.bindInt64(1, now); });
        m_lastReclaim = now;
    }
    // One token per call. QUuid::createUuid() draws its 122 random bits from the system CSPRNG
    // in Qt 6 (QRandomGenerator::system(): getrandom / /dev/urandom), as crypto.randomUUID().
    const std::string token = QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString();
    const std::int64_t lockedUntil = addMs(now, visibility);
    std::vector<QueueMessage> messages;
    {
        StatementScope pick(statement(SqlId::QueueDequeue));
        pick->bindText(1, topic);
        pick->bindInt64(2, now);
        pick->bindInt64(3, rows);
        pick->bindInt64(4, lockedUntil);
        pick->bindText(5, token);
        while (pick->step()) {
            QueueMessage message = readMessageColumns<QueueMessage>(*pick);
            message.token = token;
            message.lockedUntil = pick->columnInt64(7);
            messages.push_back(std::move(message));
        }
    }
    // RETURNING has no order; FIFO by (deliver_at, id) is load-bearing (gotcha 10).
    std::sort(messages.begin(), messages.end(), [](const QueueMessage &a, const QueueMessage &b) {
        return a.deliverAt != b.deliverAt ? a.deliverAt < b.deliverAt : a.id < b.id;
    });
    return messages;
}

bool SqliteStore::acknowledge(double id, const std::string &token)
{
    requireWritable("acknowledge()");
    const std::int64_t row = messageId("acknowledge()", id);
    requireToken("acknowledge()", token);
    if (m_options.queue.doneRetention == 0) {
        return runQueueWrite(SqlId::QueueAckDelete,
                             [&](Statement &s) {
                                 s.bindInt64(1, row);
                                 s.bindText(2, token);
                             })
               > 0;
    }
    const std::int64_t now = nowMs();
    return runQueueWrite(SqlId::QueueAckDone,
                         [&](Statement &s) {
                             s.bindInt64(1, row);
                             s.bindText(2, token);
                             s.bindInt64(3, now);
                         })
           > 0;
}

bool SqliteStore::nack(double id, const std::string &token, const NackOptions &options)
{
    requireWritable("nack()");
    const std::int64_t row = messageId("nack()", id);
    requireToken("nack()", token);
    validateNackDelay(options.delay);
    const std::optional<std::string> error
        = options.error ? std::optional(truncateError(*options.error)) : std::nullopt;
    // getLease, then one conditional UPDATE: no transaction needed, attempts only change on a
    // dequeue, which also changes the token (so the UPDATE then matches nothing).
    std::int64_t attempts = 0;
    std::int64_t maxAttempts = 0;
    {
        StatementScope lease(statement(SqlId::QueueGetLease));
        lease->bindInt64(1, row);
        lease->bindText(2, token);
        if (!lease->step())
            return false;
        attempts = lease->columnInt64(0);
        maxAttempts = lease->columnInt64(1);
    }
    const std::int64_t now = nowMs();
    if (attempts >= maxAttempts) {
        return runQueueWrite(SqlId::QueueNackDead,
                             [&](Statement &s) {
                                 s.bindInt64(1, row);
                                 s.bindText(2, token);
                                 s.bindInt64(3, now);
                                 bindOptionalText(s, 4, error);
                             })
               > 0;
    }
    const double delay = options.delay ? *options.delay : backoffMs(attempts);
    const std::int64_t retryAt = addMs(now, delay);
    return runQueueWrite(SqlId::QueueNackRetry,
                         [&](Statement &s) {
                             s.bindInt64(1, row);
                             s.bindText(2, token);
                             s.bindInt64(3, retryAt);
                             bindOptionalText(s, 4, error);
                         })
           > 0;
}

bool SqliteStore::extendLease(double id,
                              const std::string &token,
                              std::optional<double> visibilityTimeout)
{
    requireWritable("extendLease()");
    const std::int64_t row = messageId("extendLease()", id);
    requireToken("extendLease()", token);
    const double visibility
        = extendVisibility(visibilityTimeout, m_options.queue.visibilityTimeout);
    const std::int64_t lockedUntil = addMs(nowMs(), visibility);
    const bool extended = runQueueWrite(SqlId::QueueExtendLease,
                                        [&](Statement &s) {
                                            s.bindInt64(1, row);
                                            s.bindText(2, token);
                                            s.bindInt64(3, lockedUntil);
                                        })
                          > 0;
    // A release must be visible to this store's next dequeue at once.
    if (extended && visibility == 0)
        m_lastReclaim = 0;
    return extended;
}

std::vector<QueueDeadMessage> SqliteStore::listDead(const std::string &topic,
                                                    const ListDeadOptions &options)
{
    requireOpen();
    const std::int64_t rows = checkedLimit("listDead()", options.limit);
    validateListDeadAfter(options.after);
    // A read-only open can still look: it skips the expiry (a write), so leases that expired on
    // their last attempt show as processing there until a writer dead-letters them.
    if (!m_options.readOnly)
        expireLeases(nowMs());
    std::vector<QueueDeadMessage> messages;
    StatementScope list(statement(SqlId::QueueListDead));
    list->bindText(1, topic);
    list->bindInt64(2, static_cast<std::int64_t>(options.after));
    list->bindInt64(3, rows);
    while (list->step()) {
        QueueDeadMessage message = readMessageColumns<QueueDeadMessage>(*list);
        message.failedAt = list->columnIsNull(9) ? 0 : list->columnInt64(9);
        messages.push_back(std::move(message));
    }
    return messages;
}

std::int64_t SqliteStore::retryDead(const std::string &topic, std::optional<double> id)
{
    requireWritable("retryDead()");
    const std::optional<std::int64_t> row
        = id ? std::optional(messageId("retryDead()", *id)) : std::nullopt;
    const std::int64_t now = nowMs();
    return runQueueWrite(SqlId::QueueRetryDead, [&](Statement &s) {
        s.bindText(1, topic);
        s.bindInt64(2, now);
        s.bindOptionalInt64(3, row);
    });
}

std::int64_t SqliteStore::deleteDead(const std::string &topic, std::optional<double> id)
{
    requireWritable("deleteDead()");
    const std::optional<std::int64_t> row
        = id ? std::optional(messageId("deleteDead()", *id)) : std::nullopt;
    return runQueueWrite(SqlId::QueueDeleteDead, [&](Statement &s) {
        s.bindText(1, topic);
        s.bindOptionalInt64(2, row);
    });
}

std::vector<QueueStats> SqliteStore::queueStats(const std::optional<std::string> &topic)
{
    requireOpen();
    const std::int64_t now = nowMs();
    if (!m_options.readOnly) // as in listDead(): a read-only open reads without the expiry
        expireLeases(now);
    std::vector<QueueStats> stats;
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
    if (topic && stats.empty())
        stats.push_back(QueueStats{*topic, 0, 0, 0, 0, 0, std::nullopt});
    return stats;
}

std::int64_t SqliteStore::cleanQueue()
{
    requireWritable("cleanQueue()");
    const std::int64_t now = nowMs();
    const QueueConfig &config = m_options.queue;
    // One write transaction: the three statements take the write lock once.
    Transaction tx(*m_connection, Transaction::Kind::Immediate);
    std::int64_t changed = expireLeases(now);
    const std::int64_t doneBefore = addMs(now, -config.doneRetention);
    changed
        += runQueueWrite(SqlId::QueuePurgeDone, [&](Statement &s) { s.bindInt64(1, doneBefore); });
    if (std::isfinite(config.deadRetention)) {
        const std::int64_t deadBefore = addMs(now, -config.deadRetention);
        changed += runQueueWrite(SqlId::QueuePurgeDead,
                                 [&](Statement &s) { s.bindInt64(1, deadBefore); });
    }
    tx.commit();
    return changed;
}

std::vector<QueuePeekMessage> SqliteStore::peek(const std::string &topic,
                                                const PeekOptions &options)
{
    requireOpen();
    const std::int64_t rows = checkedLimit("peek()", options.limit);
    SqlId id = SqlId::QueuePeekPending;
    if (options.status == PeekStatus::Delayed)
        id = SqlId::QueuePeekDelayed;
    else if (options.status == PeekStatus::Processing)
        id = SqlId::QueuePeekProcessing;
    std::vector<QueuePeekMessage> messages;
    StatementScope read(statement(id));
    read->bindText(1, topic);
    read->bindInt64(2, nowMs());
    read->bindInt64(3, options.afterId);
    read->bindInt64(4, rows);
    while (read->step()) {
        QueuePeekMessage message = readMessageColumns<QueuePeekMessage>(*read);
        message.lockedUntil = read->columnOptionalInt64(7);
        messages.push_back(std::move(message));
    }
    return messages;
}

} // namespace kvs::detail
