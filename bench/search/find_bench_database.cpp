#include "bench/search/find_bench_database.h"

#include "bench/measure/bench_config.h"

#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/key.h>
#include <kvs/password_command.h>
#include <kvs/sqlite_handle.h>

#include <libpq-fe.h>
#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <random>
#include <vector>

namespace kvs::bench {

namespace {

std::string padded(std::int64_t i)
{
    char digits[32];
    std::snprintf(digits, sizeof digits, "%07lld", static_cast<long long>(i));
    return digits;
}

const char *statusOf(std::int64_t i)
{
    return i % 3 == 0 ? "failed" : i % 3 == 1 ? "ok" : "pending";
}

const char *noteOf(std::int64_t i)
{
    return i % 100 == 0 ? "a needle in the haystack" : "only hay in this haystack";
}

} // namespace

FindBenchDatabase::FindBenchDatabase(const BenchConfig &config, std::int64_t rows)
    : m_rows(rows)
{
    WorkloadConfig scratch;
    scratch.db = config.db;
    m_scratch = std::make_unique<ScratchDatabase>(scratch);
    m_settings.tablePrefix = std::string(kScratchPrefix);
    m_store = std::make_unique<AsyncKVStore>(m_scratch->connection(), m_settings);
    (void)m_store->get({"warm"}).result(); // creates the tables
    if (m_scratch->postgres())
        fillPostgres(config.db);
    else
        fillSqlite();
}

FindBenchDatabase::~FindBenchDatabase()
{
    if (m_store)
        m_store->close().waitForFinished();
}

const std::string &FindBenchDatabase::connection() const noexcept
{
    return m_scratch->connection();
}

std::string FindBenchDatabase::table() const
{
    return std::string(kScratchPrefix) + "kv";
}

std::string FindBenchDatabase::key(std::int64_t i)
{
    return encodeKey(Key{"find", padded(i)});
}

std::string FindBenchDatabase::value(std::int64_t i)
{
    return "{\"id\":" + std::to_string(i) + ",\"status\":\"" + statusOf(i) + "\",\"name\":\"user-"
           + padded(i) + "\",\"note\":\"" + noteOf(i) + "\",\"score\":" + std::to_string(i % 97)
           + "}";
}

void FindBenchDatabase::fillSqlite()
{
    sqlite3 *raw = nullptr;
    const int opened = sqlite3_open(m_scratch->connection().c_str(), &raw);
    const SqliteHandle db(raw);
    const auto fail = [&](const char *what) {
        throw DatabaseError(
            std::string("kvs: bench: ") + what + ": " + sqlite3_errmsg(db.get()), "", "");
    };
    if (opened != SQLITE_OK)
        fail("cannot open the bench database");
    const std::string insert = "INSERT INTO \"" + table()
                               + "\" (key, value, version, expires_at) VALUES (?1, ?2, 1, NULL)";
    sqlite3_stmt *prepared = nullptr;
    if (sqlite3_prepare_v2(db.get(), insert.c_str(), -1, &prepared, nullptr) != SQLITE_OK)
        fail("cannot prepare the fill");
    const SqliteStatementHandle statement(prepared);
    // Random key order, as an application's writes come: the rows' places in the table (rowid)
    // are unrelated to their keys' order, as they are in a real database.
    std::vector<std::int64_t> order(static_cast<std::size_t>(m_rows));
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), std::mt19937_64(37));
    if (sqlite3_exec(db.get(), "BEGIN", nullptr, nullptr, nullptr) != SQLITE_OK)
        fail("cannot begin the fill");
    for (const std::int64_t i : order) {
        const std::string k = key(i);
        const std::string v = value(i);
        sqlite3_bind_blob(statement.get(), 1, k.data(), int(k.size()), SQLITE_TRANSIENT);
        sqlite3_bind_blob(statement.get(), 2, v.data(), int(v.size()), SQLITE_TRANSIENT);
        if (sqlite3_step(statement.get()) != SQLITE_DONE)
            fail("cannot fill the bench database");
        sqlite3_reset(statement.get());
    }
    if (sqlite3_exec(db.get(), "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK)
        fail("cannot commit the fill");
}

void FindBenchDatabase::fillPostgres(const std::string &url)
{
    std::string plain = url;
    (void)takeConnectionParameter(plain, "pool_max", true);
    (void)takeConnectionParameter(plain, "timeout_ms", true);
    const PgConnPtr conn(PQconnectdb(withCommandPassword(plain).c_str()));
    if (PQstatus(conn.get()) != CONNECTION_OK)
        throw ConnectionError(std::string("kvs: bench: ") + PQerrorMessage(conn.get()),
                              ConnectionError::Step::Connect);
    // The same rows as on SQLite, built by the server, in random order.
    const std::string prefix = "'\\x0266696e640002'::bytea || convert_to(lpad(i::text, 7, '0'), "
                               "'UTF8') || '\\x00'::bytea";
    const std::string value
        = "convert_to('{\"id\":' || i || ',\"status\":\"' || (CASE i % 3 WHEN 0 THEN 'failed' WHEN "
          "1 THEN 'ok' ELSE 'pending' END) || '\",\"name\":\"user-' || lpad(i::text, 7, '0') || "
          "'\",\"note\":\"' || (CASE WHEN i % 100 = 0 THEN 'a needle in the haystack' ELSE 'only "
          "hay in this haystack' END) || '\",\"score\":' || (i % 97) || '}', 'UTF8')";
    for (const std::string &sql :
         std::vector<std::string>{"SET jit = off",
                                  "INSERT INTO \"" + table() + "\" SELECT " + prefix + ", " + value
                                      + ", 1, NULL FROM generate_series(0, "
                                      + std::to_string(m_rows - 1) + ") i ORDER BY random()",
                                  "VACUUM ANALYZE \"" + table() + "\""}) {
        PGresult *result = PQexec(conn.get(), sql.c_str());
        const ExecStatusType status = PQresultStatus(result);
        PQclear(result);
        if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
            throw DatabaseError(std::string("kvs: bench: ") + PQerrorMessage(conn.get()), "", sql);
    }
}

} // namespace kvs::bench
