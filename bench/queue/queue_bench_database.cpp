#include "bench/queue/queue_bench_database.h"

#include "bench/measure/bench_config.h"

#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/password_command.h>

#include <libpq-fe.h>
#include <sqlite3.h>

#include <chrono>

namespace kvs::bench {

namespace {

std::string withoutStoreParameters(std::string url)
{
    (void)takeConnectionParameter(url, "pool_max", true);
    (void)takeConnectionParameter(url, "timeout_ms", true);
    return url;
}

} // namespace

std::int64_t epochMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

QueueBenchDatabase::QueueBenchDatabase(const BenchConfig &config)
{
    WorkloadConfig scratch;
    scratch.db = config.db;
    m_scratch = std::make_unique<ScratchDatabase>(scratch);
    m_settings.tablePrefix = std::string(kScratchPrefix);
    m_table = '"';
    m_table += kScratchPrefix;
    m_table += "queue\"";
    m_store = std::make_unique<AsyncKVStore>(m_scratch->connection(), m_settings);
    (void)m_store->queueStats().result(); // creates the tables
    if (m_scratch->postgres()) {
        m_pg.reset(PQconnectdb(withCommandPassword(withoutStoreParameters(config.db)).c_str()));
        if (PQstatus(m_pg.get()) != CONNECTION_OK)
            throw ConnectionError(std::string("kvs: bench: ") + PQerrorMessage(m_pg.get()),
                                  ConnectionError::Step::Connect);
        exec("SET jit = off"); // as the store's connections run (postgres/pq_connection.cpp)
    } else if (sqlite3_open(m_scratch->connection().c_str(), &m_sqlite) != SQLITE_OK) {
        throw DatabaseError(std::string("kvs: bench: ") + sqlite3_errmsg(m_sqlite), "", "");
    }
}

QueueBenchDatabase::~QueueBenchDatabase()
{
    if (m_store)
        m_store->close().waitForFinished();
    m_store.reset();
    sqlite3_close(m_sqlite);
}

const std::string &QueueBenchDatabase::connection() const noexcept
{
    return m_scratch->connection();
}

void QueueBenchDatabase::exec(const std::string &sql)
{
    if (m_pg) {
        PGresult *result = PQexec(m_pg.get(), sql.c_str());
        const ExecStatusType status = PQresultStatus(result);
        PQclear(result);
        if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
            throw DatabaseError(std::string("kvs: bench: ") + PQerrorMessage(m_pg.get()), "", sql);
        return;
    }
    char *error = nullptr;
    if (sqlite3_exec(m_sqlite, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
        const std::string message = error ? error : "unknown error";
        sqlite3_free(error);
        throw DatabaseError("kvs: bench: " + message, "", sql);
    }
}

void QueueBenchDatabase::fill(std::int64_t rows, const Columns &c)
{
    // One real message gives every row a payload the store decodes; it is deleted after.
    QueueOptions sample;
    sample.topic = "kvsbench-sample";
    const std::int64_t sampleId = m_store->enqueue(Value("bench"), sample).result().id;
    const std::string now = std::to_string(epochMs());
    auto of = [&](const std::string &expression) {
        std::string text = expression;
        for (std::size_t at = text.find("NOW"); at != std::string::npos; at = text.find("NOW"))
            text.replace(at, 3, now);
        return text;
    };
    const std::string insert
        = "INSERT INTO " + m_table
          + " (topic, payload, status, enqueued_at, deliver_at, attempts, max_attempts, "
            "locked_until, lease_token, last_error, finished_at) SELECT "
          + of(c.topic) + ", (SELECT payload FROM " + m_table
          + " WHERE id = " + std::to_string(sampleId) + "), " + of(c.status) + ", "
          + of(c.enqueuedAt) + ", " + of(c.deliverAt) + ", " + of(c.attempts) + ", "
          + of(c.maxAttempts) + ", " + of(c.lockedUntil) + ", " + of(c.leaseToken) + ", "
          + of(c.lastError) + ", " + of(c.finishedAt);
    const std::string last = std::to_string(rows - 1);
    if (m_pg)
        exec(insert + " FROM generate_series(0, " + last + ") AS n(i)");
    else
        exec("WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < " + last
             + ") " + insert + " FROM n");
    exec("DELETE FROM " + m_table + " WHERE id = " + std::to_string(sampleId));
}

QueueBenchDatabase::Columns QueueBenchDatabase::Columns::deadLetters(const std::string &topic)
{
    Columns rows;
    rows.topic = "'" + topic + "'";
    rows.status = "'dead'";
    rows.lockedUntil = "NULL";
    rows.leaseToken = "NULL";
    rows.finishedAt = "NOW - 5000";
    return rows;
}

void QueueBenchDatabase::analyze()
{
    // SQLite: none; the store never runs ANALYZE, so neither does a bench of its reads.
    if (m_pg)
        exec("VACUUM ANALYZE " + m_table);
}

} // namespace kvs::bench
