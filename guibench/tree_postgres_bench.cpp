#include "guibench/tree_postgres_bench.h"

#include "bench/baselines/delay_proxy.h"
#include "guibench/tree_expansion.h"
#include "tree/key_tree_model.h"

#include <kvs/errors.h>
#include <kvs/value_codec.h>

#include <QElapsedTimer>

#include <libpq-fe.h>

#include <algorithm>
#include <unistd.h>
#include <vector>

namespace kvs::bench {

namespace {

constexpr int kWideChildren = 1000;
constexpr int kRemoteRuns = 7;

using Connection = std::unique_ptr<PGconn, decltype(&PQfinish)>;

Connection connect(const std::string &url)
{
    Connection conn(PQconnectdb(url.c_str()), &PQfinish);
    if (PQstatus(conn.get()) != CONNECTION_OK)
        throw Error(std::string("kvs: bench: ") + PQerrorMessage(conn.get()));
    return conn;
}

void exec(PGconn *conn, const std::string &sql)
{
    PGresult *result = PQexec(conn, sql.c_str());
    const ExecStatusType status = PQresultStatus(result);
    const std::string error = PQresultErrorMessage(result);
    PQclear(result);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK && status != PGRES_COPY_IN)
        throw Error("kvs: bench: " + error);
}

// bytes as COPY's text form of a bytea: \\x and hex digits.
void appendBytea(std::string &line, const std::string &bytes)
{
    static constexpr char kHex[] = "0123456789abcdef";
    line += "\\\\x";
    for (const char c : bytes) {
        const auto b = static_cast<unsigned char>(c);
        line += kHex[b >> 4];
        line += kHex[b & 15];
    }
}

} // namespace

PostgresTreeSchema::PostgresTreeSchema(std::string url, const std::string &name)
    : m_url(std::move(url))
    , m_schema("kvs_gui_bench_" + std::to_string(::getpid()) + "_" + name)
{
    AsyncKVStoreSettings settings;
    settings.schema = m_schema;
    settings.maintenanceInterval = std::chrono::milliseconds(0);
    AsyncKVStore store(m_url, settings);
    store.get({"bench"}).waitForFinished(); // the first call creates the schema's tables
    store.close().waitForFinished();
}

PostgresTreeSchema::~PostgresTreeSchema()
{
    try {
        exec(connect(m_url).get(), "DROP SCHEMA IF EXISTS \"" + m_schema + "\" CASCADE");
    } catch (const Error &) {
        // The schema stays; its name says what it is.
    }
}

void PostgresTreeSchema::copyKeys(std::int64_t count, const std::function<Key(std::int64_t)> &key)
{
    const Connection conn = connect(m_url);
    exec(conn.get(), "COPY \"" + m_schema + "\".kv (key, value, version) FROM STDIN");
    std::string value;
    appendBytea(value, encodeValue(Value(std::string("v"))));
    std::string chunk;
    for (std::int64_t i = 0; i < count; ++i) {
        appendBytea(chunk, encodeKey(key(i)));
        chunk += '\t' + value + '\t' + std::to_string(i + 1) + '\n';
        if (chunk.size() > (1 << 20) || i + 1 == count) {
            if (PQputCopyData(conn.get(), chunk.data(), static_cast<int>(chunk.size())) != 1)
                throw Error(std::string("kvs: bench: ") + PQerrorMessage(conn.get()));
            chunk.clear();
        }
    }
    if (PQputCopyEnd(conn.get(), nullptr) != 1)
        throw Error(std::string("kvs: bench: ") + PQerrorMessage(conn.get()));
    while (PGresult *result = PQgetResult(conn.get())) {
        const bool ok = PQresultStatus(result) == PGRES_COMMAND_OK;
        const std::string error = PQresultErrorMessage(result);
        PQclear(result);
        if (!ok)
            throw Error("kvs: bench: COPY: " + error);
    }
    exec(conn.get(), "ANALYZE \"" + m_schema + "\".kv");
}

std::shared_ptr<AsyncKVStore> PostgresTreeSchema::open(const std::string &url) const
{
    AsyncKVStoreSettings settings = inspectorSettings();
    settings.schema = m_schema;
    return std::make_shared<AsyncKVStore>(url, settings);
}

RemoteExpansion measureRemoteExpansion(const std::string &url)
{
    PostgresTreeSchema schema(url, "wide");
    schema.copyKeys(kWideChildren, [](std::int64_t i) { return Key{"wide", double(i)}; });
    DelayProxy proxy(url, std::chrono::microseconds(500));
    const std::shared_ptr<AsyncKVStore> store = schema.open(proxy.url());
    RemoteExpansion result;
    std::vector<double> times;
    ui::KeyTreeModel model;
    model.loader()->setPageSize(kTreePageSize);
    for (int run = 0; run < kRemoteRuns + 1; ++run) { // the first one warms up
        model.loader()->setStore(store);
        waitForRows(model, {}, 1);
        const QModelIndex wide = model.index(0, 0);
        const std::int64_t before = proxy.roundTrips();
        QElapsedTimer clock;
        clock.start();
        model.fetchMore(wide);
        waitForRows(model, wide, kWideChildren);
        const double ms = static_cast<double>(clock.nsecsElapsed()) / 1e6;
        if (run == 0)
            continue;
        times.push_back(ms);
        result.roundTrips = std::max(result.roundTrips, proxy.roundTrips() - before);
    }
    model.loader()->setStore(nullptr);
    store->close().waitForFinished();
    std::sort(times.begin(), times.end());
    result.medianMs = times[times.size() / 2];
    result.runs = static_cast<int>(times.size());
    return result;
}

} // namespace kvs::bench
