#include "adapter/engine_adapter_impl.h"
#include "postgres/pg_backends.h"
#include "postgres/pg_schema.h"
#include "postgres/pg_standby.h"
#include "postgres/pq_transaction.h"
#include "rules/validation.h"
#include "runtime/clock.h"
#include "runtime/future_util.h"

#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/postgres_adapter.h>

#include <charconv>

namespace kvs {

namespace detail {

namespace {

constexpr int kDefaultPoolSize = 4;
constexpr std::chrono::milliseconds kDefaultConnectTimeout{10000};

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

// Ours (pool_max, timeout_ms) are taken out, in the URL and the key=value form alike: libpq
// refuses unknown parameters. connect_timeout is libpq's and stays; we read it because our
// non-blocking connect enforces it itself.
PgWorkers::Settings poolSettings(std::string url, const PostgresAdapterOptions &options)
{
    PgWorkers::Settings settings;
    const std::string poolMax = takeConnectionParameter(url, "pool_max", true).value_or("");
    const std::string callTimeout = takeConnectionParameter(url, "timeout_ms", true).value_or("");
    const std::string timeout = takeConnectionParameter(url, "connect_timeout", false).value_or("");
    settings.size = options.poolSize > 0 ? options.poolSize
                    : poolMax.empty()    ? kDefaultPoolSize
                                         : parsePositive(poolMax, "pool_max");
    settings.connectTimeout
        = options.connectTimeout.count() > 0 ? options.connectTimeout
          : timeout.empty()
              ? kDefaultConnectTimeout
              : std::chrono::milliseconds(1000LL * parsePositive(timeout, "connect_timeout"));
    settings.callTimeout = !callTimeout.empty()
                               ? std::chrono::milliseconds(parsePositive(callTimeout, "timeout_ms"))
                               : options.callTimeout;
    settings.conninfo = std::move(url);
    return settings;
}

QFuture<void> refusedInside(const char *what)
{
    return failedFuture<void>(std::make_exception_ptr(
        Error(std::string("kvs: ") + what + " cannot run inside a transaction")));
}

} // namespace

PgPoolBackend::PgPoolBackend(const std::string &url, const PostgresAdapterOptions &options)
    : m_options(options)
    , m_names(options.schema, options.tablePrefix)
    , m_statements(m_names)
    , m_pool(poolSettings(url, options))
{}

QFuture<void> PgPoolBackend::migrate()
{
    return m_pool.submitSession<void>([this](PqConnection &connection) {
        if (m_options.readOnly) {
            m_schemaVersion = checkPostgresReadOnly(connection, m_names);
            return;
        }
        refuseWritesOnStandby(connection);
        migratePostgres(connection, m_names, nowMs(), m_options.migrate);
        m_schemaVersion = kSchemaVersion;
    });
}

QFuture<ServerRole> PgPoolBackend::serverRole()
{
    return m_pool.submitSession<ServerRole>(
        [](PqConnection &connection) { return readServerRole(connection); });
}

QFuture<void> PgPoolBackend::transaction(std::function<void(SqlAdapter &tx)> work)
{
    return m_pool.submitSession<void>([this, work = std::move(work)](PqConnection &connection) {
        PqTransaction transaction(connection);
        EngineAdapter<PgDirectBackend<true>> tx(
            std::make_unique<PgDirectBackend<true>>(connection, m_calls, m_schemaVersion.load()));
        work(tx);
        transaction.commit();
    });
}

QFuture<void> PgPoolBackend::session(std::function<void(SqlAdapter &s)> work)
{
    return m_pool.submitSession<void>([this, work = std::move(work)](PqConnection &connection) {
        EngineAdapter<PgDirectBackend<false>> session(
            std::make_unique<PgDirectBackend<false>>(connection, m_calls, m_schemaVersion.load()));
        work(session);
    });
}

template <bool InTransaction>
QFuture<void> PgDirectBackend<InTransaction>::migrate()
{
    return refusedInside("migrate()");
}

template <bool InTransaction>
QFuture<void> PgDirectBackend<InTransaction>::transaction(std::function<void(SqlAdapter &tx)> work)
{
    if constexpr (InTransaction) {
        return refusedInside("a nested transaction()");
    } else {
        return finishedFuture([&] {
            PqTransaction transaction(m_connection);
            EngineAdapter<PgDirectBackend<true>> tx(
                std::make_unique<PgDirectBackend<true>>(m_connection, m_calls, m_schemaVersion));
            work(tx);
            transaction.commit();
        });
    }
}

template <bool InTransaction>
QFuture<void> PgDirectBackend<InTransaction>::session(std::function<void(SqlAdapter &s)> work)
{
    return finishedFuture([&] {
        EngineAdapter<PgDirectBackend<InTransaction>> same(
            std::make_unique<PgDirectBackend<InTransaction>>(
                m_connection, m_calls, m_schemaVersion));
        work(same);
    });
}

template <bool InTransaction>
QFuture<void> PgDirectBackend<InTransaction>::close()
{
    return refusedInside("close()");
}

template class EngineAdapter<PgPoolBackend>;
template class EngineAdapter<PgDirectBackend<true>>;
template class EngineAdapter<PgDirectBackend<false>>;

} // namespace detail

PostgresAdapter::PostgresAdapter(const std::string &url, PostgresAdapterOptions options)
    : EngineAdapter(makeBackend(url, options))
{}

PostgresAdapter::~PostgresAdapter() = default;

QFuture<ServerRole> PostgresAdapter::serverRole()
{
    return backend().serverRole();
}

std::unique_ptr<detail::PgPoolBackend>
PostgresAdapter::makeBackend(const std::string &url, const PostgresAdapterOptions &options)
{
    detail::validateTablePrefix(options.tablePrefix);
    if (!options.schema.empty())
        detail::validateSchema(options.schema);
    return std::make_unique<detail::PgPoolBackend>(url, options);
}

} // namespace kvs
