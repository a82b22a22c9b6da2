#include "postgres/pg_schema.h"
#include "postgres/pg_session.h"
#include "postgres/pg_workers.h"
#include "runtime/clock.h"
#include "runtime/future_util.h"
#include "store/validation.h"

#include <kvs/errors.h>
#include <kvs/postgres_adapter.h>

#include <charconv>

namespace kvs {

namespace detail {

namespace {

constexpr int kDefaultPoolSize = 4;
constexpr std::chrono::milliseconds kDefaultConnectTimeout{10000};

// Removes parameter name from a URL's query and returns its value ("" when absent). Ours
// (pool_max) must not reach libpq, which refuses unknown parameters; connect_timeout is libpq's
// and stays, we read it because our non-blocking connect enforces it itself.
std::string takeParameter(std::string &url, const std::string &name, bool remove)
{
    const std::size_t query = url.find('?');
    if (query == std::string::npos)
        return {};
    std::string kept;
    std::string value;
    std::size_t start = query + 1;
    while (start <= url.size()) {
        std::size_t end = url.find('&', start);
        if (end == std::string::npos)
            end = url.size();
        const std::string item = url.substr(start, end - start);
        if (item.rfind(name + "=", 0) == 0) {
            value = item.substr(name.size() + 1);
            if (!remove)
                kept += (kept.empty() ? "" : "&") + item;
        } else if (!item.empty()) {
            kept += (kept.empty() ? "" : "&") + item;
        }
        start = end + 1;
    }
    url = url.substr(0, query) + (kept.empty() ? "" : "?" + kept);
    return value;
}

int parsePositive(const std::string &text, const char *what)
{
    int value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size() || value < 1)
        throw TypeError(std::string("kvs: ") + what + " must be an integer >= 1, got \"" + text
                        + "\"");
    return value;
}

void validateSchema(const std::string &schema)
{
    bool valid = schema.size() <= 63;
    for (std::size_t i = 0; valid && i < schema.size(); ++i) {
        const char c = schema[i];
        const bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
        valid = letter || (i > 0 && c >= '0' && c <= '9');
    }
    if (!valid) {
        throw TypeError("kvs: schema must match /^[A-Za-z_][A-Za-z0-9_]*$/ (at most 63 "
                        "characters), got \""
                        + schema + "\"");
    }
}

PgWorkers::Settings poolSettings(std::string url, const PostgresAdapterOptions &options)
{
    PgWorkers::Settings settings;
    const std::string poolMax = takeParameter(url, "pool_max", true);
    const std::string timeout = takeParameter(url, "connect_timeout", false);
    settings.size = options.poolSize > 0 ? options.poolSize
                    : poolMax.empty()    ? kDefaultPoolSize
                                         : parsePositive(poolMax, "pool_max");
    settings.connectTimeout
        = options.connectTimeout.count() > 0 ? options.connectTimeout
          : timeout.empty()
              ? kDefaultConnectTimeout
              : std::chrono::milliseconds(1000LL * parsePositive(timeout, "connect_timeout"));
    settings.conninfo = std::move(url);
    return settings;
}

} // namespace

// What PostgresAdapter owns. Declared in destruction order: the pool goes first (its workers
// use the statements and names).
class PostgresAdapterImpl
{
public:
    PostgresAdapterImpl(const std::string &url, const PostgresAdapterOptions &options)
        : options(options)
        , names(options.schema, options.tablePrefix)
        , statements(names)
        , pool(poolSettings(url, options))
    {}

    template <typename T>
    QFuture<T> submit(PgCallSpec<T> spec)
    {
        return pool.submit(std::move(spec));
    }

    const PostgresAdapterOptions options;
    const PgNames names;
    PgStatements statements;
    std::atomic<long long> schemaVersion{0}; // what the last successful migrate() found
    PgWorkers pool;
};

} // namespace detail

PostgresAdapter::PostgresAdapter(const std::string &url, PostgresAdapterOptions options)
{
    detail::validateTablePrefix(options.tablePrefix);
    if (!options.schema.empty())
        detail::validateSchema(options.schema);
    m_impl = std::make_unique<detail::PostgresAdapterImpl>(url, options);
}

PostgresAdapter::~PostgresAdapter() = default;

namespace pg = detail::pgcalls;

QFuture<void> PostgresAdapter::migrate()
{
    detail::PostgresAdapterImpl *impl = m_impl.get();
    return impl->pool.submitSession<void>([impl](detail::PqConnection &connection) {
        if (impl->options.readOnly) {
            impl->schemaVersion = detail::checkPostgresReadOnly(connection, impl->names);
            return;
        }
        detail::migratePostgres(connection, impl->names, detail::nowMs(), impl->options.migrate);
        impl->schemaVersion = kSchemaVersion;
    });
}

long long PostgresAdapter::schemaVersion() const noexcept
{
    return m_impl->schemaVersion.load();
}

QFuture<std::optional<KvRow>> PostgresAdapter::get(std::string key, std::int64_t now)
{
    return m_impl->submit(pg::get(m_impl->statements, std::move(key), now));
}

QFuture<std::optional<Entry>>
PostgresAdapter::getEntry(std::string key, std::int64_t now, Key entryKey)
{
    detail::PgCallSpec<std::optional<KvRow>> read
        = pg::get(m_impl->statements, std::move(key), now);
    detail::PgCallSpec<std::optional<Entry>> decoded;
    decoded.statement = read.statement;
    decoded.params = std::move(read.params);
    // Called once, when the answer arrives: the key moves into the entry.
    decoded.parse = [parse = std::move(read.parse),
                     entryKey = std::move(entryKey)](const detail::PqResult &result) mutable {
        return entryOf(std::move(entryKey), parse(result));
    };
    decoded.mapError = std::move(read.mapError);
    return m_impl->submit(std::move(decoded));
}

QFuture<std::optional<KvRow>> PostgresAdapter::getRaw(std::string key)
{
    return m_impl->submit(pg::getRaw(m_impl->statements, std::move(key)));
}

QFuture<std::vector<std::string>> PostgresAdapter::listKeys(
    std::string start, std::string end, std::int64_t now, std::int64_t limit, bool descending)
{
    return m_impl->submit(pg::listKeys(
        m_impl->statements, !descending, std::move(start), std::move(end), now, limit));
}

QFuture<std::vector<KvRow>> PostgresAdapter::getMany(std::vector<std::string> keys,
                                                     std::int64_t now)
{
    if (keys.empty())
        return detail::readyFuture<std::vector<KvRow>>({});
    return m_impl->submit(pg::getMany(m_impl->statements, keys, now));
}

QFuture<std::int64_t> PostgresAdapter::set(std::string key,
                                           std::string value,
                                           std::optional<std::int64_t> expiresAt,
                                           std::optional<std::int64_t> version)
{
    return m_impl->submit(
        pg::set(m_impl->statements, std::move(key), std::move(value), expiresAt, version));
}

QFuture<std::int64_t> PostgresAdapter::nextVersion()
{
    return m_impl->submit(pg::nextVersion(m_impl->statements));
}

QFuture<bool> PostgresAdapter::remove(std::string key)
{
    return m_impl->submit(pg::remove(m_impl->statements, std::move(key)));
}

QFuture<std::optional<std::int64_t>> PostgresAdapter::getVersion(std::string key, std::int64_t now)
{
    return m_impl->submit(pg::getVersion(m_impl->statements, std::move(key), now));
}

QFuture<IncrementResult> PostgresAdapter::increment(std::string key,
                                                    double delta,
                                                    std::int64_t now,
                                                    std::optional<std::int64_t> version)
{
    return m_impl->submit(pg::increment(m_impl->statements, std::move(key), delta, now, version));
}

QFuture<std::vector<KvRow>>
PostgresAdapter::listAsc(std::string start, std::string end, std::int64_t now, std::int64_t limit)
{
    return m_impl->submit(
        pg::list(m_impl->statements, true, std::move(start), std::move(end), now, limit));
}

QFuture<std::vector<KvRow>>
PostgresAdapter::listDesc(std::string start, std::string end, std::int64_t now, std::int64_t limit)
{
    return m_impl->submit(
        pg::list(m_impl->statements, false, std::move(start), std::move(end), now, limit));
}

QFuture<std::int64_t> PostgresAdapter::cleanExpired(std::int64_t now)
{
    auto spec = pg::cleanExpiredKeys(m_impl->statements, now);
    return m_impl->submit(detail::PgCallSpec<std::int64_t>{
        spec.statement,
        std::move(spec.params),
        [](const detail::PqResult &r) { return static_cast<std::int64_t>(r.rows()); },
        {}});
}

QFuture<std::vector<std::string>> PostgresAdapter::cleanExpiredKeys(std::int64_t now)
{
    return m_impl->submit(pg::cleanExpiredKeys(m_impl->statements, now));
}

QFuture<std::int64_t> PostgresAdapter::enqueue(std::string topic,
                                               std::string payload,
                                               std::int64_t now,
                                               std::int64_t deliverAt,
                                               std::int64_t maxAttempts)
{
    return m_impl->submit(pg::enqueue(
        m_impl->statements, std::move(topic), std::move(payload), now, deliverAt, maxAttempts));
}

QFuture<std::int64_t> PostgresAdapter::reclaimLeases(std::int64_t now)
{
    return m_impl->submit(pg::reclaimLeases(m_impl->statements, now));
}

QFuture<std::vector<QueueRow>> PostgresAdapter::dequeue(std::string topic,
                                                        std::int64_t now,
                                                        std::int64_t limit,
                                                        std::int64_t lockedUntil,
                                                        std::string token)
{
    return m_impl->submit(pg::dequeue(
        m_impl->statements, std::move(topic), now, limit, lockedUntil, std::move(token)));
}

QFuture<bool>
PostgresAdapter::ack(std::int64_t id, std::string token, std::int64_t now, bool retain)
{
    return m_impl->submit(pg::ack(m_impl->statements, id, std::move(token), now, retain));
}

QFuture<std::optional<LeaseRow>> PostgresAdapter::getLease(std::int64_t id, std::string token)
{
    return m_impl->submit(pg::getLease(m_impl->statements, id, std::move(token)));
}

QFuture<bool> PostgresAdapter::nack(std::int64_t id,
                                    std::string token,
                                    std::int64_t now,
                                    std::optional<std::int64_t> retryAt,
                                    std::optional<std::string> error)
{
    return m_impl->submit(
        pg::nack(m_impl->statements, id, std::move(token), now, retryAt, std::move(error)));
}

QFuture<bool>
PostgresAdapter::extendLease(std::int64_t id, std::string token, std::int64_t lockedUntil)
{
    return m_impl->submit(pg::extendLease(m_impl->statements, id, std::move(token), lockedUntil));
}

QFuture<std::int64_t> PostgresAdapter::expireLeases(std::int64_t now)
{
    return m_impl->submit(pg::expireLeases(m_impl->statements, now));
}

QFuture<std::int64_t> PostgresAdapter::purgeFinished(std::int64_t doneBefore,
                                                     std::optional<std::int64_t> deadBefore)
{
    detail::PostgresAdapterImpl *impl = m_impl.get();
    return impl->pool.submitSession<std::int64_t>([impl, doneBefore, deadBefore](
                                                      detail::PqConnection &connection) {
        std::int64_t changed
            = detail::runCall(connection, pg::purge(impl->statements, true, doneBefore));
        if (deadBefore)
            changed += detail::runCall(connection, pg::purge(impl->statements, false, *deadBefore));
        return changed;
    });
}

QFuture<std::vector<QueueRow>>
PostgresAdapter::listDead(std::string topic, std::int64_t limit, std::int64_t afterId)
{
    return m_impl->submit(pg::listDead(m_impl->statements, std::move(topic), limit, afterId));
}

QFuture<std::int64_t>
PostgresAdapter::retryDead(std::string topic, std::optional<std::int64_t> id, std::int64_t now)
{
    return m_impl->submit(pg::retryDead(m_impl->statements, std::move(topic), id, now));
}

QFuture<std::int64_t> PostgresAdapter::deleteDead(std::string topic, std::optional<std::int64_t> id)
{
    return m_impl->submit(pg::deleteDead(m_impl->statements, std::move(topic), id));
}

QFuture<std::vector<QueueStats>> PostgresAdapter::queueStats(std::optional<std::string> topic,
                                                             std::int64_t now)
{
    return m_impl->submit(pg::queueStats(m_impl->statements, std::move(topic), now));
}

QFuture<std::vector<QueueRow>> PostgresAdapter::peek(std::string topic,
                                                     PeekStatus status,
                                                     std::int64_t afterId,
                                                     std::int64_t limit,
                                                     std::int64_t now)
{
    return m_impl->submit(
        pg::peek(m_impl->statements, std::move(topic), status, afterId, limit, now));
}

QFuture<void> PostgresAdapter::reset()
{
    return transaction([](SqlAdapter &tx) { tx.reset().waitForFinished(); });
}

QFuture<void> PostgresAdapter::transaction(std::function<void(SqlAdapter &tx)> work)
{
    detail::PostgresAdapterImpl *impl = m_impl.get();
    return impl->pool.submitSession<void>(
        [impl, work = std::move(work)](detail::PqConnection &connection) {
            connection.exec("BEGIN");
            try {
                detail::PgSession session(connection, impl->statements, impl->names);
                work(session);
                connection.exec("COMMIT");
            } catch (...) {
                if (!connection.isBroken()) {
                    try {
                        connection.exec("ROLLBACK");
                    } catch (...) {
                        // The work's error is the one to report; the pool drops a bad connection.
                    }
                }
                throw;
            }
        });
}

QFuture<void> PostgresAdapter::close()
{
    return m_impl->pool.close();
}

QFuture<void> PostgresAdapter::raw(std::string sql)
{
    return m_impl->pool.submitSession<void>(
        [sql = std::move(sql)](detail::PqConnection &connection) { connection.exec(sql); });
}

} // namespace kvs
