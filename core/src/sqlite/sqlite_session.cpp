#include "sqlite/sqlite_session.h"

#include "runtime/future_util.h"
#include "sqlite/sqlite_open.h"
#include "store/validation.h"

#include <kvs/errors.h>
#include <kvs/value_codec.h>

#include <cmath>

namespace kvs::detail {

namespace {

std::optional<std::string> optionalText(const Statement &stmt, int index)
{
    if (stmt.columnIsNull(index))
        return std::nullopt;
    return std::string(stmt.columnBytes(index));
}

KvRow readKvRow(const Statement &stmt)
{
    // Columns: key, value, version, expires_at.
    return KvRow{std::string(stmt.columnBytes(0)),
                 std::string(stmt.columnBytes(1)),
                 stmt.columnInt64(2),
                 stmt.columnOptionalInt64(3)};
}

} // namespace

SqliteSession::SqliteSession(Settings settings)
    : m_settings(std::move(settings))
    , m_names(m_settings.tablePrefix)
    , m_connection(std::make_unique<Connection>(m_settings.path,
                                                m_settings.readOnly ? Connection::Mode::ReadOnly
                                                                    : Connection::Mode::ReadWrite))
{}

SqliteSession::~SqliteSession()
{
    (void)close();
}

void SqliteSession::requireOpen() const
{
    if (!m_connection)
        throw ClosedError("kvs: the store is closed");
}

void SqliteSession::requireWritable() const
{
    requireOpen();
    if (m_settings.readOnly)
        throw ReadOnlyError("kvs: the store is open read-only; this call needs write access");
}

Statement &SqliteSession::statement(SqlId id)
{
    requireOpen();
    auto &slot = m_statements[static_cast<std::size_t>(id)];
    if (!slot)
        slot = std::make_unique<Statement>(m_connection->handle(), buildSql(id, m_names));
    return *slot;
}

Statement &SqliteSession::getManyStatement(std::size_t count)
{
    // One prepared IN (...) statement per key count, as the reference's SQLiteAsyncAdapter.
    auto &slot = m_getMany[count];
    if (!slot) {
        std::string sql = "SELECT key, value, version, expires_at FROM "
                          + TableNames::quoted(m_names.kv) + " WHERE key IN (";
        for (std::size_t i = 0; i < count; ++i)
            sql += i ? ", ?" : "?";
        sql += ") AND (expires_at IS NULL OR expires_at > ?)";
        slot = std::make_unique<Statement>(m_connection->handle(), sql);
    }
    return *slot;
}

std::int64_t SqliteSession::write(SqlId id, const std::function<void(Statement &)> &bind)
{
    requireWritable();
    StatementScope stmt(statement(id));
    bind(*stmt);
    stmt->run();
    return m_connection->changes();
}

std::int64_t SqliteSession::takeVersion(std::optional<std::int64_t> given)
{
    if (given)
        return *given;
    if (!m_versions)
        throw Error("kvs: the store's schema was not prepared (migrate() has not run)");
    return m_inTransaction ? m_versions->nextInTransaction() : m_versions->next();
}

QFuture<void> SqliteSession::migrate()
{
    return finishedFuture([this] {
        requireOpen();
        if (m_settings.readOnly) {
            m_schemaVersion = openSchemaReadOnly(*m_connection, m_names, m_settings.path);
            return;
        }
        m_schemaVersion = openSchemaReadWrite(
            *m_connection, m_names, m_settings.path, m_settings.durability, m_settings.migrate);
        if (!m_versions)
            m_versions = std::make_unique<VersionAllocator>(*m_connection, m_names.versionstamp);
    });
}

std::optional<KvRow> SqliteSession::getNow(std::string key, std::int64_t now)
{
    StatementScope get(statement(SqlId::Get));
    get->bindBlob(1, key);
    get->bindInt64(2, now);
    if (!get->step())
        return std::nullopt;
    return KvRow{
        key, std::string(get->columnBytes(0)), get->columnInt64(1), get->columnOptionalInt64(2)};
}

std::optional<Entry>
SqliteSession::getEntryNow(const std::string &key, std::int64_t now, Key entryKey)
{
    StatementScope get(statement(SqlId::Get));
    get->bindBlob(1, key);
    get->bindInt64(2, now);
    if (!get->step())
        return std::nullopt;
    return Entry{std::move(entryKey),
                 decodeValue(get->columnBytes(0)),
                 get->columnInt64(1),
                 get->columnOptionalInt64(2)};
}

std::optional<KvRow> SqliteSession::getRawNow(std::string key)
{
    requireOpen();
    StatementScope read(statement(SqlId::GetRaw));
    read->bindBlob(1, key);
    if (!read->step())
        return std::nullopt;
    return KvRow{
        key, std::string(read->columnBytes(0)), read->columnInt64(1), read->columnOptionalInt64(2)};
}

QFuture<std::optional<KvRow>> SqliteSession::getRaw(std::string key)
{
    return finishedFuture([&] { return getRawNow(std::move(key)); });
}

std::vector<std::string> SqliteSession::listKeysNow(const std::string &start,
                                                    const std::string &end,
                                                    std::int64_t now,
                                                    std::int64_t limit,
                                                    bool descending)
{
    requireOpen();
    StatementScope list(statement(descending ? SqlId::KeysDesc : SqlId::KeysAsc));
    list->bindBlob(1, start);
    list->bindBlob(2, end);
    list->bindInt64(3, now);
    list->bindInt64(4, limit);
    std::vector<std::string> keys;
    while (list->step())
        keys.emplace_back(list->columnBytes(0));
    return keys;
}

QFuture<std::vector<std::string>> SqliteSession::listKeys(
    std::string start, std::string end, std::int64_t now, std::int64_t limit, bool descending)
{
    return finishedFuture([&] { return listKeysNow(start, end, now, limit, descending); });
}

QFuture<std::optional<KvRow>> SqliteSession::get(std::string key, std::int64_t now)
{
    return finishedFuture([&] { return getNow(std::move(key), now); });
}

std::vector<KvRow> SqliteSession::getManyNow(std::vector<std::string> keys, std::int64_t now)
{
    requireOpen();
    std::vector<KvRow> rows;
    if (keys.empty())
        return rows;
    StatementScope many(getManyStatement(keys.size()));
    int index = 1;
    for (const auto &key : keys)
        many->bindBlob(index++, key);
    many->bindInt64(index, now);
    while (many->step())
        rows.push_back(readKvRow(*many));
    return rows;
}

QFuture<std::vector<KvRow>> SqliteSession::getMany(std::vector<std::string> keys, std::int64_t now)
{
    return finishedFuture([&] { return getManyNow(std::move(keys), now); });
}

void SqliteSession::upsert(std::string_view key,
                           std::string_view value,
                           std::int64_t version,
                           std::optional<std::int64_t> expiresAt)
{
    requireWritable();
    StatementScope upsert(statement(SqlId::Upsert));
    upsert->bindBlob(1, key);
    upsert->bindBlob(2, value);
    upsert->bindInt64(3, version);
    upsert->bindOptionalInt64(4, expiresAt);
    upsert->run();
}

std::int64_t SqliteSession::setNow(std::string key,
                                   std::string value,
                                   std::optional<std::int64_t> expiresAt,
                                   std::optional<std::int64_t> version)
{
    requireWritable();
    const std::int64_t written = takeVersion(version);
    upsert(key, value, written, expiresAt);
    return written;
}

QFuture<std::int64_t> SqliteSession::set(std::string key,
                                         std::string value,
                                         std::optional<std::int64_t> expiresAt,
                                         std::optional<std::int64_t> version)
{
    return finishedFuture(
        [&] { return setNow(std::move(key), std::move(value), expiresAt, version); });
}

std::int64_t SqliteSession::nextVersionNow()
{
    requireWritable();
    return takeVersion(std::nullopt);
}

QFuture<std::int64_t> SqliteSession::nextVersion()
{
    return finishedFuture([&] { return nextVersionNow(); });
}

QFuture<bool> SqliteSession::remove(std::string key)
{
    return finishedFuture(
        [&] { return write(SqlId::Delete, [&](Statement &s) { s.bindBlob(1, key); }) > 0; });
}

std::optional<std::int64_t> SqliteSession::getVersionNow(std::string key, std::int64_t now)
{
    StatementScope read(statement(SqlId::GetVersion));
    read->bindBlob(1, key);
    read->bindInt64(2, now);
    if (!read->step())
        return std::nullopt;
    return read->columnInt64(0);
}

QFuture<std::optional<std::int64_t>> SqliteSession::getVersion(std::string key, std::int64_t now)
{
    return finishedFuture([&] { return getVersionNow(std::move(key), now); });
}

IncrementResult SqliteSession::incrementNow(std::string key,
                                            double delta,
                                            std::int64_t now,
                                            std::optional<std::int64_t> version)
{
    requireWritable();
    // Outside a transaction of the caller's, the read-modify-write takes its own (the
    // version is reserved before it opens).
    const std::int64_t written = takeVersion(version);
    std::optional<Transaction> own;
    if (!m_inTransaction)
        own.emplace(*m_connection, Transaction::Kind::Immediate);
    double result = delta;
    std::optional<std::int64_t> expiresAt;
    {
        StatementScope read(statement(SqlId::GetRaw));
        read->bindBlob(1, key);
        if (read->step()) {
            const std::optional<std::int64_t> oldExpiry = read->columnOptionalInt64(2);
            if (!oldExpiry || *oldExpiry > now) { // an expired row counts as missing
                const Value current = decodeValue(read->columnBytes(0));
                if (!current.isNumber()) {
                    throw TypeError(
                        std::string("kvs: increment() needs a number, but the key holds ")
                        + describeKind(current));
                }
                result = current.asNumber() + delta;
                expiresAt = oldExpiry;
            }
        }
    }
    if (!std::isfinite(result))
        throw RangeError("kvs: increment() result is not a finite number");
    upsert(key, encodeValue(Value(result)), written, expiresAt);
    if (own)
        own->commit();
    return IncrementResult{result, written};
}

QFuture<IncrementResult> SqliteSession::increment(std::string key,
                                                  double delta,
                                                  std::int64_t now,
                                                  std::optional<std::int64_t> version)
{
    return finishedFuture([&] { return incrementNow(std::move(key), delta, now, version); });
}

std::vector<KvRow> SqliteSession::list(
    SqlId id, std::string_view start, std::string_view end, std::int64_t now, std::int64_t limit)
{
    StatementScope list(statement(id));
    list->bindBlob(1, start);
    list->bindBlob(2, end);
    list->bindInt64(3, now);
    list->bindInt64(4, limit);
    std::vector<KvRow> rows;
    while (list->step())
        rows.push_back(readKvRow(*list));
    return rows;
}

QFuture<std::vector<KvRow>>
SqliteSession::listAsc(std::string start, std::string end, std::int64_t now, std::int64_t limit)
{
    return finishedFuture([&] { return list(SqlId::ListAsc, start, end, now, limit); });
}

QFuture<std::vector<KvRow>>
SqliteSession::listDesc(std::string start, std::string end, std::int64_t now, std::int64_t limit)
{
    return finishedFuture([&] { return list(SqlId::ListDesc, start, end, now, limit); });
}

QFuture<std::int64_t> SqliteSession::cleanExpired(std::int64_t now)
{
    return finishedFuture(
        [&] { return static_cast<std::int64_t>(cleanExpiredKeys(now).result().size()); });
}

std::vector<std::string> SqliteSession::cleanExpiredKeysNow(std::int64_t now)
{
    requireWritable();
    StatementScope clean(statement(SqlId::CleanExpired));
    clean->bindInt64(1, now);
    std::vector<std::string> keys;
    while (clean->step())
        keys.emplace_back(clean->columnBytes(0));
    return keys;
}

QFuture<std::vector<std::string>> SqliteSession::cleanExpiredKeys(std::int64_t now)
{
    return finishedFuture([&] { return cleanExpiredKeysNow(now); });
}

std::int64_t SqliteSession::enqueueNow(std::string topic,
                                       std::string payload,
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
    return enqueue->columnInt64(0);
}

QFuture<std::int64_t> SqliteSession::enqueue(std::string topic,
                                             std::string payload,
                                             std::int64_t now,
                                             std::int64_t deliverAt,
                                             std::int64_t maxAttempts)
{
    return finishedFuture([&] {
        return enqueueNow(std::move(topic), std::move(payload), now, deliverAt, maxAttempts);
    });
}

QFuture<std::int64_t> SqliteSession::reclaimLeases(std::int64_t now)
{
    return finishedFuture(
        [&] { return write(SqlId::QueueReclaim, [&](Statement &s) { s.bindInt64(1, now); }); });
}

std::vector<QueueRow> SqliteSession::readRows(Statement &stmt, bool withFinishedAt)
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
        row.lastError = optionalText(stmt, 8);
        if (withFinishedAt)
            row.finishedAt = stmt.columnOptionalInt64(9);
        rows.push_back(std::move(row));
    }
    return rows;
}

std::vector<QueueRow> SqliteSession::dequeueNow(std::string topic,
                                                std::int64_t now,
                                                std::int64_t limit,
                                                std::int64_t lockedUntil,
                                                std::string token)
{
    requireWritable();
    StatementScope pick(statement(SqlId::QueueDequeue));
    pick->bindText(1, topic);
    pick->bindInt64(2, now);
    pick->bindInt64(3, limit);
    pick->bindInt64(4, lockedUntil);
    pick->bindText(5, token);
    return readRows(*pick, false);
}

QFuture<std::vector<QueueRow>> SqliteSession::dequeue(std::string topic,
                                                      std::int64_t now,
                                                      std::int64_t limit,
                                                      std::int64_t lockedUntil,
                                                      std::string token)
{
    return finishedFuture(
        [&] { return dequeueNow(std::move(topic), now, limit, lockedUntil, std::move(token)); });
}

bool SqliteSession::ackNow(std::int64_t id, std::string token, std::int64_t now, bool retain)
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

QFuture<bool> SqliteSession::ack(std::int64_t id, std::string token, std::int64_t now, bool retain)
{
    return finishedFuture([&] { return ackNow(id, std::move(token), now, retain); });
}

std::optional<LeaseRow> SqliteSession::getLeaseNow(std::int64_t id, std::string token)
{
    StatementScope lease(statement(SqlId::QueueGetLease));
    lease->bindInt64(1, id);
    lease->bindText(2, token);
    if (!lease->step())
        return std::nullopt;
    return LeaseRow{lease->columnInt64(0), lease->columnInt64(1)};
}

QFuture<std::optional<LeaseRow>> SqliteSession::getLease(std::int64_t id, std::string token)
{
    return finishedFuture([&] { return getLeaseNow(id, std::move(token)); });
}

bool SqliteSession::nackNow(std::int64_t id,
                            std::string token,
                            std::int64_t now,
                            std::optional<std::int64_t> retryAt,
                            std::optional<std::string> error)
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

QFuture<bool> SqliteSession::nack(std::int64_t id,
                                  std::string token,
                                  std::int64_t now,
                                  std::optional<std::int64_t> retryAt,
                                  std::optional<std::string> error)
{
    return finishedFuture(
        [&] { return nackNow(id, std::move(token), now, retryAt, std::move(error)); });
}

bool SqliteSession::extendLeaseNow(std::int64_t id, std::string token, std::int64_t lockedUntil)
{
    return write(SqlId::QueueExtendLease,
                 [&](Statement &s) {
                     s.bindInt64(1, id);
                     s.bindText(2, token);
                     s.bindInt64(3, lockedUntil);
                 })
           > 0;
}

QFuture<bool>
SqliteSession::extendLease(std::int64_t id, std::string token, std::int64_t lockedUntil)
{
    return finishedFuture([&] { return extendLeaseNow(id, std::move(token), lockedUntil); });
}

std::int64_t SqliteSession::expireLeasesNow(std::int64_t now)
{
    return write(SqlId::QueueExpireLeases, [&](Statement &s) { s.bindInt64(1, now); });
}

QFuture<std::int64_t> SqliteSession::expireLeases(std::int64_t now)
{
    return finishedFuture([&] { return expireLeasesNow(now); });
}

std::int64_t SqliteSession::purgeFinishedNow(std::int64_t doneBefore,
                                             std::optional<std::int64_t> deadBefore)
{
    std::int64_t changed
        = write(SqlId::QueuePurgeDone, [&](Statement &s) { s.bindInt64(1, doneBefore); });
    if (deadBefore) {
        changed += write(SqlId::QueuePurgeDead, [&](Statement &s) { s.bindInt64(1, *deadBefore); });
    }
    return changed;
}

QFuture<std::int64_t> SqliteSession::purgeFinished(std::int64_t doneBefore,
                                                   std::optional<std::int64_t> deadBefore)
{
    return finishedFuture([&] { return purgeFinishedNow(doneBefore, deadBefore); });
}

std::vector<QueueRow>
SqliteSession::listDeadNow(std::string topic, std::int64_t limit, std::int64_t afterId)
{
    StatementScope list(statement(SqlId::QueueListDead));
    list->bindText(1, topic);
    list->bindInt64(2, afterId);
    list->bindInt64(3, limit);
    return readRows(*list, true);
}

QFuture<std::vector<QueueRow>>
SqliteSession::listDead(std::string topic, std::int64_t limit, std::int64_t afterId)
{
    return finishedFuture([&] { return listDeadNow(std::move(topic), limit, afterId); });
}

std::int64_t
SqliteSession::retryDeadNow(std::string topic, std::optional<std::int64_t> id, std::int64_t now)
{
    return write(SqlId::QueueRetryDead, [&](Statement &s) {
        s.bindText(1, topic);
        s.bindInt64(2, now);
        s.bindOptionalInt64(3, id);
    });
}

QFuture<std::int64_t>
SqliteSession::retryDead(std::string topic, std::optional<std::int64_t> id, std::int64_t now)
{
    return finishedFuture([&] { return retryDeadNow(std::move(topic), id, now); });
}

std::int64_t SqliteSession::deleteDeadNow(std::string topic, std::optional<std::int64_t> id)
{
    return write(SqlId::QueueDeleteDead, [&](Statement &s) {
        s.bindText(1, topic);
        s.bindOptionalInt64(2, id);
    });
}

QFuture<std::int64_t> SqliteSession::deleteDead(std::string topic, std::optional<std::int64_t> id)
{
    return finishedFuture([&] { return deleteDeadNow(std::move(topic), id); });
}

std::vector<QueueStats> SqliteSession::queueStatsNow(std::optional<std::string> topic,
                                                     std::int64_t now)
{
    StatementScope read(statement(topic ? SqlId::QueueStatsTopic : SqlId::QueueStatsAll));
    read->bindInt64(1, now);
    if (topic)
        read->bindText(2, *topic);
    std::vector<QueueStats> stats;
    while (read->step()) {
        stats.push_back(QueueStats{std::string(read->columnBytes(0)),
                                   read->columnInt64(1),
                                   read->columnInt64(2),
                                   read->columnInt64(3),
                                   read->columnInt64(4),
                                   read->columnInt64(5),
                                   read->columnOptionalInt64(6)});
    }
    return stats;
}

QFuture<std::vector<QueueStats>> SqliteSession::queueStats(std::optional<std::string> topic,
                                                           std::int64_t now)
{
    return finishedFuture([&] { return queueStatsNow(std::move(topic), now); });
}

std::vector<QueueRow> SqliteSession::peekNow(std::string topic,
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
    StatementScope read(statement(id));
    read->bindText(1, topic);
    read->bindInt64(2, now);
    read->bindInt64(3, afterId);
    read->bindInt64(4, limit);
    return readRows(*read, false);
}

QFuture<std::vector<QueueRow>> SqliteSession::peek(std::string topic,
                                                   PeekStatus status,
                                                   std::int64_t afterId,
                                                   std::int64_t limit,
                                                   std::int64_t now)
{
    return finishedFuture([&] { return peekNow(std::move(topic), status, afterId, limit, now); });
}

void SqliteSession::resetNow()
{
    requireWritable();
    Transaction tx(*m_connection, Transaction::Kind::Immediate);
    write(SqlId::ResetKv, [](Statement &) {});
    write(SqlId::ResetQueue, [](Statement &) {});
    tx.commit();
}

QFuture<void> SqliteSession::reset()
{
    return finishedFuture([&] { return resetNow(); });
}

QFuture<void> SqliteSession::transaction(std::function<void(SqlAdapter &tx)> work)
{
    return finishedFuture([&] {
        requireWritable();
        if (m_inTransaction)
            throw Error("kvs: a transaction is already open on this adapter");
        Transaction tx(*m_connection, Transaction::Kind::Immediate);
        m_inTransaction = true;
        try {
            work(*this);
            tx.commit();
        } catch (...) {
            m_inTransaction = false;
            if (m_versions)
                m_versions->transactionEnded(false);
            throw; // tx rolls back
        }
        m_inTransaction = false;
        if (m_versions)
            m_versions->transactionEnded(true);
    });
}

bool SqliteSession::beginReadBatch()
{
    if (!m_connection || m_inTransaction || m_readBatch)
        return false;
    m_readBatch = std::make_unique<Transaction>(*m_connection, Transaction::Kind::Deferred);
    return true;
}

void SqliteSession::endReadBatch() noexcept
{
    if (!m_readBatch)
        return;
    try {
        m_readBatch->commit();
    } catch (...) {
        // The guard's destructor rolls back, which ends a read transaction just as well.
    }
    m_readBatch.reset();
}

QFuture<void> SqliteSession::close()
{
    endReadBatch();
    m_versions.reset();
    m_getMany.clear();
    for (auto &stmt : m_statements)
        stmt.reset();
    if (m_connection)
        m_connection->close();
    m_connection.reset();
    return readyFuture();
}

void SqliteSession::rawNow(std::string sql)
{
    requireOpen();
    m_connection->exec(sql);
}

QFuture<void> SqliteSession::raw(std::string sql)
{
    return finishedFuture([&] { return rawNow(std::move(sql)); });
}

} // namespace kvs::detail
