#include "sqlite/sqlite_worker.h"

#include <kvs/sqlite_async_adapter.h>

// Every call of the contract is the same call on the worker's session, queued; the session's
// futures are finished when its calls return, so result() only unwraps them (and rethrows).
namespace kvs {

namespace {

// The calls that only read: consecutive ones share the worker's read transaction.
constexpr auto kRead = detail::SqliteWorker::Access::Read;

// "sqlite://PATH", "file://PATH" and ":memory:" as the reference accepts them, or a plain path.
std::string pathOf(const std::string &database)
{
    for (const char *scheme : {"sqlite://", "file://"}) {
        const std::string prefix(scheme);
        if (database.rfind(prefix, 0) == 0)
            return database.substr(prefix.size());
    }
    return database;
}

detail::SqliteSession::Settings settingsOf(const std::string &database,
                                           const SQLiteAdapterOptions &options)
{
    return {pathOf(database),
            options.tablePrefix,
            options.durability,
            options.readOnly,
            options.migrate};
}

} // namespace

SQLiteAsyncAdapter::SQLiteAsyncAdapter(const std::string &database, SQLiteAdapterOptions options)
    : m_worker(std::make_unique<detail::SqliteWorker>(settingsOf(database, options)))
{}

SQLiteAsyncAdapter::~SQLiteAsyncAdapter() = default;

const std::string &SQLiteAsyncAdapter::path() const noexcept
{
    return m_worker->path();
}

QFuture<void> SQLiteAsyncAdapter::close()
{
    return m_worker->close();
}

QFuture<void> SQLiteAsyncAdapter::migrate()
{
    return m_worker->submit<void>([found = m_schemaVersion](detail::SqliteSession &s) mutable {
        s.migrate().waitForFinished(); // rethrows the migration's failure
        found->store(s.schemaVersion());
    });
}

long long SQLiteAsyncAdapter::schemaVersion() const noexcept
{
    return m_schemaVersion->load();
}

QFuture<std::optional<KvRow>> SQLiteAsyncAdapter::get(std::string key, std::int64_t now)
{
    return m_worker->submit<std::optional<KvRow>>(
        [key = std::move(key), now](detail::SqliteSession &s) mutable {
            return s.getNow(std::move(key), now);
        },
        kRead);
}

QFuture<std::optional<Entry>>
SQLiteAsyncAdapter::getEntry(std::string key, std::int64_t now, Key entryKey)
{
    return m_worker->submit<std::optional<Entry>>(
        [key = std::move(key), now, entryKey = std::move(entryKey)](
            detail::SqliteSession &s) mutable {
            return s.getEntryNow(key, now, std::move(entryKey));
        },
        kRead);
}

QFuture<std::vector<KvRow>> SQLiteAsyncAdapter::getMany(std::vector<std::string> keys,
                                                        std::int64_t now)
{
    return m_worker->submit<std::vector<KvRow>>(
        [keys = std::move(keys), now](detail::SqliteSession &s) mutable {
            return s.getManyNow(std::move(keys), now);
        },
        kRead);
}

QFuture<std::int64_t> SQLiteAsyncAdapter::set(std::string key,
                                              std::string value,
                                              std::optional<std::int64_t> expiresAt,
                                              std::optional<std::int64_t> version)
{
    return m_worker->submit<std::int64_t>(
        [key = std::move(key),
         value = std::move(value),
         expiresAt = std::move(expiresAt),
         version = std::move(version)](detail::SqliteSession &s) mutable {
            return s.set(std::move(key), std::move(value), std::move(expiresAt), std::move(version))
                .result();
        });
}

QFuture<std::int64_t> SQLiteAsyncAdapter::nextVersion()
{
    return m_worker->submit<std::int64_t>(
        [](detail::SqliteSession &s) mutable { return s.nextVersionNow(); });
}

QFuture<bool> SQLiteAsyncAdapter::remove(std::string key)
{
    return m_worker->submit<bool>([key = std::move(key)](detail::SqliteSession &s) mutable {
        return s.remove(std::move(key)).result();
    });
}

QFuture<std::optional<std::int64_t>> SQLiteAsyncAdapter::getVersion(std::string key,
                                                                    std::int64_t now)
{
    return m_worker->submit<std::optional<std::int64_t>>(
        [key = std::move(key), now](detail::SqliteSession &s) mutable {
            return s.getVersionNow(std::move(key), now);
        },
        kRead);
}

QFuture<IncrementResult> SQLiteAsyncAdapter::increment(std::string key,
                                                       double delta,
                                                       std::int64_t now,
                                                       std::optional<std::int64_t> version)
{
    return m_worker->submit<IncrementResult>(
        [key = std::move(key), delta, now, version = std::move(version)](
            detail::SqliteSession &s) mutable {
            return s.incrementNow(std::move(key), delta, now, std::move(version));
        });
}

QFuture<std::optional<KvRow>> SQLiteAsyncAdapter::getRaw(std::string key)
{
    return m_worker->submit<std::optional<KvRow>>(
        [key = std::move(key)](detail::SqliteSession &s) mutable {
            return s.getRawNow(std::move(key));
        },
        kRead);
}

QFuture<std::vector<std::string>> SQLiteAsyncAdapter::listKeys(
    std::string start, std::string end, std::int64_t now, std::int64_t limit, bool descending)
{
    return m_worker->submit<std::vector<std::string>>(
        [start = std::move(start), end = std::move(end), now, limit, descending](
            detail::SqliteSession &s) { return s.listKeysNow(start, end, now, limit, descending); },
        kRead);
}

QFuture<std::vector<KvRow>> SQLiteAsyncAdapter::listAsc(std::string start,
                                                        std::string end,
                                                        std::int64_t now,
                                                        std::int64_t limit)
{
    return m_worker->submit<std::vector<KvRow>>(
        [start = std::move(start), end = std::move(end), now, limit](
            detail::SqliteSession &s) mutable {
            return s.listAsc(std::move(start), std::move(end), now, limit).result();
        },
        kRead);
}

QFuture<std::vector<KvRow>> SQLiteAsyncAdapter::listDesc(std::string start,
                                                         std::string end,
                                                         std::int64_t now,
                                                         std::int64_t limit)
{
    return m_worker->submit<std::vector<KvRow>>(
        [start = std::move(start), end = std::move(end), now, limit](
            detail::SqliteSession &s) mutable {
            return s.listDesc(std::move(start), std::move(end), now, limit).result();
        },
        kRead);
}

QFuture<std::int64_t> SQLiteAsyncAdapter::cleanExpired(std::int64_t now)
{
    return m_worker->submit<std::int64_t>(
        [now](detail::SqliteSession &s) mutable { return s.cleanExpired(now).result(); });
}

QFuture<std::int64_t> SQLiteAsyncAdapter::enqueue(std::string topic,
                                                  std::string payload,
                                                  std::int64_t now,
                                                  std::int64_t deliverAt,
                                                  std::int64_t maxAttempts)
{
    return m_worker->submit<std::int64_t>(
        [topic = std::move(topic), payload = std::move(payload), now, deliverAt, maxAttempts](
            detail::SqliteSession &s) mutable {
            return s.enqueue(std::move(topic), std::move(payload), now, deliverAt, maxAttempts)
                .result();
        });
}

QFuture<std::int64_t> SQLiteAsyncAdapter::reclaimLeases(std::int64_t now)
{
    return m_worker->submit<std::int64_t>(
        [now](detail::SqliteSession &s) mutable { return s.reclaimLeases(now).result(); });
}

QFuture<std::vector<QueueRow>> SQLiteAsyncAdapter::dequeue(std::string topic,
                                                           std::int64_t now,
                                                           std::int64_t limit,
                                                           std::int64_t lockedUntil,
                                                           std::string token)
{
    return m_worker->submit<std::vector<QueueRow>>(
        [topic = std::move(topic), now, limit, lockedUntil, token = std::move(token)](
            detail::SqliteSession &s) mutable {
            return s.dequeueNow(std::move(topic), now, limit, lockedUntil, std::move(token));
        });
}

QFuture<bool>
SQLiteAsyncAdapter::ack(std::int64_t id, std::string token, std::int64_t now, bool retain)
{
    return m_worker->submit<bool>(
        [id, token = std::move(token), now, retain](detail::SqliteSession &s) mutable {
            return s.ackNow(id, std::move(token), now, retain);
        });
}

QFuture<std::optional<LeaseRow>> SQLiteAsyncAdapter::getLease(std::int64_t id, std::string token)
{
    return m_worker->submit<std::optional<LeaseRow>>(
        [id, token = std::move(token)](detail::SqliteSession &s) mutable {
            return s.getLeaseNow(id, std::move(token));
        },
        kRead);
}

QFuture<bool> SQLiteAsyncAdapter::nack(std::int64_t id,
                                       std::string token,
                                       std::int64_t now,
                                       std::optional<std::int64_t> retryAt,
                                       std::optional<std::string> error)
{
    return m_worker->submit<bool>(
        [id, token = std::move(token), now, retryAt = std::move(retryAt), error = std::move(error)](
            detail::SqliteSession &s) mutable {
            return s.nackNow(id, std::move(token), now, std::move(retryAt), std::move(error));
        });
}

QFuture<bool>
SQLiteAsyncAdapter::extendLease(std::int64_t id, std::string token, std::int64_t lockedUntil)
{
    return m_worker->submit<bool>(
        [id, token = std::move(token), lockedUntil](detail::SqliteSession &s) mutable {
            return s.extendLeaseNow(id, std::move(token), lockedUntil);
        });
}

QFuture<std::int64_t> SQLiteAsyncAdapter::expireLeases(std::int64_t now)
{
    return m_worker->submit<std::int64_t>(
        [now](detail::SqliteSession &s) mutable { return s.expireLeasesNow(now); });
}

QFuture<std::int64_t> SQLiteAsyncAdapter::purgeFinished(std::int64_t doneBefore,
                                                        std::optional<std::int64_t> deadBefore)
{
    return m_worker->submit<std::int64_t>(
        [doneBefore, deadBefore = std::move(deadBefore)](detail::SqliteSession &s) mutable {
            return s.purgeFinishedNow(doneBefore, std::move(deadBefore));
        });
}

QFuture<std::vector<QueueRow>>
SQLiteAsyncAdapter::listDead(std::string topic, std::int64_t limit, std::int64_t afterId)
{
    return m_worker->submit<std::vector<QueueRow>>(
        [topic = std::move(topic), limit, afterId](detail::SqliteSession &s) mutable {
            return s.listDeadNow(std::move(topic), limit, afterId);
        },
        kRead);
}

QFuture<std::int64_t>
SQLiteAsyncAdapter::retryDead(std::string topic, std::optional<std::int64_t> id, std::int64_t now)
{
    return m_worker->submit<std::int64_t>(
        [topic = std::move(topic), id, now](detail::SqliteSession &s) mutable {
            return s.retryDeadNow(std::move(topic), id, now);
        });
}

QFuture<std::int64_t> SQLiteAsyncAdapter::deleteDead(std::string topic,
                                                     std::optional<std::int64_t> id)
{
    return m_worker->submit<std::int64_t>(
        [topic = std::move(topic), id](detail::SqliteSession &s) mutable {
            return s.deleteDeadNow(std::move(topic), id);
        });
}

QFuture<std::vector<QueueStats>> SQLiteAsyncAdapter::queueStats(std::optional<std::string> topic,
                                                                std::int64_t now)
{
    return m_worker->submit<std::vector<QueueStats>>(
        [topic = std::move(topic), now](detail::SqliteSession &s) mutable {
            return s.queueStatsNow(std::move(topic), now);
        },
        kRead);
}

QFuture<std::vector<QueueRow>> SQLiteAsyncAdapter::peek(std::string topic,
                                                        PeekStatus status,
                                                        std::int64_t afterId,
                                                        std::int64_t limit,
                                                        std::int64_t now)
{
    return m_worker->submit<std::vector<QueueRow>>(
        [topic = std::move(topic), status, afterId, limit, now](detail::SqliteSession &s) mutable {
            return s.peekNow(std::move(topic), status, afterId, limit, now);
        },
        kRead);
}

QFuture<void> SQLiteAsyncAdapter::reset()
{
    return m_worker->submit<void>([](detail::SqliteSession &s) mutable { s.resetNow(); });
}

QFuture<void> SQLiteAsyncAdapter::transaction(std::function<void(SqlAdapter &tx)> work)
{
    return m_worker->submit<void>([work = std::move(work)](detail::SqliteSession &s) mutable {
        s.transaction(std::move(work)).waitForFinished();
    });
}

QFuture<void> SQLiteAsyncAdapter::raw(std::string sql)
{
    return m_worker->submit<void>(
        [sql = std::move(sql)](detail::SqliteSession &s) mutable { s.rawNow(std::move(sql)); });
}

QFuture<std::vector<std::string>> SQLiteAsyncAdapter::cleanExpiredKeys(std::int64_t now)
{
    return m_worker->submit<std::vector<std::string>>(
        [now](detail::SqliteSession &s) { return s.cleanExpiredKeysNow(now); });
}

} // namespace kvs
