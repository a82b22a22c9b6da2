#include "bench/baselines/raw_libpq_baseline.h"

#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/password_command.h>
#include <kvs/value_codec.h>

#include <libpq-fe.h>

#include <array>
#include <deque>
#include <poll.h>

namespace kvs::bench {

void PgConnCloser::operator()(pg_conn *conn) const noexcept
{
    PQfinish(conn);
}

namespace {

using Clock = std::chrono::steady_clock;

struct ResultCloser
{
    void operator()(PGresult *result) const noexcept { PQclear(result); }
};
using ResultPtr = std::unique_ptr<PGresult, ResultCloser>;

std::string int8Bytes(std::int64_t value)
{
    std::string bytes(8, '\0');
    auto bits = static_cast<std::uint64_t>(value);
    for (int i = 7; i >= 0; --i) {
        bytes[static_cast<std::size_t>(i)] = static_cast<char>(bits & 0xff);
        bits >>= 8;
    }
    return bytes;
}

std::int64_t nowMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// kvs's own parameters, which libpq refuses.
std::string withoutOwnParameters(std::string url)
{
    (void)takeConnectionParameter(url, "pool_max", true);
    (void)takeConnectionParameter(url, "timeout_ms", true);
    return url;
}

} // namespace

struct RawLibpqBaseline::Result
{
    ResultPtr result;
    int rows() const { return PQntuples(result.get()); }
};

RawLibpqBaseline::RawLibpqBaseline(const std::string &url,
                                   const std::string &schema,
                                   const BenchKeys &keys)
    : m_keys(keys)
    , m_schema(schema)
    , m_conn(PQconnectdb(withCommandPassword(withoutOwnParameters(url)).c_str()))
{
    if (PQstatus(m_conn.get()) != CONNECTION_OK)
        throw Error(redactSecrets("kvs: bench: the libpq baseline cannot connect: "
                                      + std::string(PQerrorMessage(m_conn.get())),
                                  url));
    // The baselines prepare by name and pipeline: through a pooler in transaction pooling the
    // next transaction may run on a server connection without the statement, and PgBouncer 1.18
    // can split a pipeline across two (pgbouncer/pgbouncer#759). A pooler makes up the backend
    // pid the startup gives.
    ResultPtr pid(PQexec(m_conn.get(), "SELECT pg_backend_pid()"));
    if (PQresultStatus(pid.get()) == PGRES_TUPLES_OK && PQntuples(pid.get()) == 1
        && std::to_string(PQbackendPID(m_conn.get())) != PQgetvalue(pid.get(), 0, 0))
        throw Error("kvs: bench: the raw libpq baselines cannot run through a connection pooler "
                    "(PgBouncer): they prepare statements by name and pipeline them; bench the "
                    "server directly, or a deployment through the pooler with --workload");
    const std::string kv = schema + ".\"kv\"";
    const std::string seq = "nextval('" + schema + ".\"kv_versionstamp\"')";
    const std::string live = " AND (expires_at IS NULL OR expires_at > $2)";
    const std::array<std::pair<const char *, std::string>, 7> statements{{
        {"raw_get", "SELECT value, version, expires_at FROM " + kv + " WHERE key = $1" + live},
        {"raw_set",
         "INSERT INTO " + kv + " (key, value, version, expires_at) VALUES ($1, $2, " + seq
             + ", NULL) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, version = "
               "EXCLUDED.version, expires_at = EXCLUDED.expires_at RETURNING version"},
        {"raw_delete", "DELETE FROM " + kv + " WHERE key = $1"},
        {"raw_increment",
         "INSERT INTO " + kv
             + " (key, value, version, expires_at) VALUES ($1, convert_to(($2::numeric)::text, "
               "'UTF8'), COALESCE($4::int8, "
             + seq + "), NULL) ON CONFLICT (key) DO UPDATE SET value = CASE WHEN " + kv
             + ".expires_at IS NOT NULL AND " + kv
             + ".expires_at <= $3 THEN EXCLUDED.value ELSE "
               "convert_to((convert_from("
             + kv
             + ".value, 'UTF8')::numeric + $2::numeric)::text, 'UTF8') END, "
               "version = EXCLUDED.version, expires_at = CASE WHEN "
             + kv + ".expires_at IS NOT NULL AND " + kv + ".expires_at <= $3 THEN NULL ELSE " + kv
             + ".expires_at END RETURNING convert_from(value, "
               "'UTF8')::numeric::float8, version"},
        {"raw_get_many",
         "SELECT key, value, version, expires_at FROM " + kv
             + " WHERE key IN ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) AND (expires_at IS NULL OR "
               "expires_at > $11)"},
        {"raw_lock", "SELECT pg_advisory_xact_lock($1)"},
        {"raw_next", "SELECT " + seq},
    }};
    for (const auto &[name, sql] : statements) {
        ResultPtr prepared(PQprepare(m_conn.get(), name, sql.c_str(), 0, nullptr));
        if (PQresultStatus(prepared.get()) != PGRES_COMMAND_OK)
            throw Error("kvs: bench: cannot prepare the baseline's " + std::string(name) + ": "
                        + PQresultErrorMessage(prepared.get()));
    }
}

RawLibpqBaseline::~RawLibpqBaseline() = default;

RawLibpqBaseline::Result RawLibpqBaseline::run(const char *statement,
                                               int count,
                                               const char *const *values,
                                               const int *lengths,
                                               const int *formats)
{
    Result result{
        ResultPtr(PQexecPrepared(m_conn.get(), statement, count, values, lengths, formats, 1))};
    const ExecStatusType status = PQresultStatus(result.result.get());
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK)
        throw Error("kvs: bench: the libpq baseline failed: "
                    + std::string(PQresultErrorMessage(result.result.get())));
    return result;
}

void RawLibpqBaseline::exec(const std::string &sql)
{
    ResultPtr result(PQexec(m_conn.get(), sql.c_str()));
    if (PQresultStatus(result.get()) != PGRES_COMMAND_OK)
        throw Error("kvs: bench: the libpq baseline failed: "
                    + std::string(PQresultErrorMessage(result.get())));
}

void RawLibpqBaseline::getHit(std::uint64_t i)
{
    const std::string &key = m_keys.background.encoded[i % kBackgroundKeys];
    const std::string now = int8Bytes(nowMs());
    const char *values[] = {key.data(), now.data()};
    const int lengths[] = {int(key.size()), 8};
    const int formats[] = {1, 1};
    if (run("raw_get", 2, values, lengths, formats).rows() != 1)
        throw Error("kvs: bench: the baseline's get_hit found nothing");
}

void RawLibpqBaseline::getMiss(std::uint64_t i)
{
    const std::string &key = m_keys.miss.encoded[i % kMissKeys];
    const std::string now = int8Bytes(nowMs());
    const char *values[] = {key.data(), now.data()};
    const int lengths[] = {int(key.size()), 8};
    const int formats[] = {1, 1};
    if (run("raw_get", 2, values, lengths, formats).rows() != 0)
        throw Error("kvs: bench: the baseline's get_miss found a row");
}

void RawLibpqBaseline::set(std::uint64_t)
{
    const std::string &key = m_keys.setKeyEncoded;
    const char *values[] = {key.data(), kValueBytes.data()};
    const int lengths[] = {int(key.size()), int(kValueBytes.size())};
    const int formats[] = {1, 1};
    run("raw_set", 2, values, lengths, formats);
}

void RawLibpqBaseline::refillDeleteKeys()
{
    exec("BEGIN");
    for (const std::string &key : m_keys.remove.encoded) {
        const char *values[] = {key.data(), kValueBytes.data()};
        const int lengths[] = {int(key.size()), int(kValueBytes.size())};
        const int formats[] = {1, 1};
        run("raw_set", 2, values, lengths, formats);
    }
    exec("COMMIT");
}

void RawLibpqBaseline::remove(std::uint64_t i)
{
    const std::string &key = m_keys.remove.encoded[i % kDeleteBatch];
    const char *values[] = {key.data()};
    const int lengths[] = {int(key.size())};
    const int formats[] = {1};
    run("raw_delete", 1, values, lengths, formats);
}

void RawLibpqBaseline::increment(std::uint64_t)
{
    const std::string &key = m_keys.counterKeyEncoded;
    const std::string now = int8Bytes(nowMs());
    const char *values[] = {key.data(), "1", now.data(), nullptr};
    const int lengths[] = {int(key.size()), 1, 8, 0};
    const int formats[] = {1, 0, 1, 1};
    run("raw_increment", 4, values, lengths, formats);
}

void RawLibpqBaseline::getMany10(std::uint64_t i)
{
    const std::size_t group = i % kGroups;
    const std::string now = int8Bytes(nowMs());
    const char *values[11];
    int lengths[11];
    int formats[11];
    for (std::size_t k = 0; k < kGroupSize; ++k) {
        const std::string &key = m_keys.background.encoded[group * kGroupSize + k];
        values[k] = key.data();
        lengths[k] = int(key.size());
        formats[k] = 1;
    }
    values[10] = now.data();
    lengths[10] = 8;
    formats[10] = 1;
    if (run("raw_get_many", 11, values, lengths, formats).rows() != int(kGroupSize))
        throw Error("kvs: bench: the baseline's get_many_10 missed a key");
}

void RawLibpqBaseline::atomicSum(std::uint64_t)
{
    // What the store's commit of one sum does: a transaction with the key's advisory lock, the
    // commit's versionstamp, and the NUMERIC upsert.
    const std::string &key = m_keys.sumKeyEncoded;
    exec("BEGIN");
    const std::string lockId = int8Bytes(static_cast<std::int64_t>(std::hash<std::string>{}(key)));
    const char *lock[] = {lockId.data()};
    const int lockLength[] = {8};
    const int binary[] = {1};
    run("raw_lock", 1, lock, lockLength, binary);
    const Result next = run("raw_next", 0, nullptr, nullptr, nullptr);
    std::int64_t version = 0;
    for (int b = 0; b < 8; ++b)
        version
            = (version << 8) | static_cast<unsigned char>(PQgetvalue(next.result.get(), 0, 0)[b]);
    const std::string versionBytes = int8Bytes(version);
    const std::string now = int8Bytes(nowMs());
    const char *values[] = {key.data(), "1", now.data(), versionBytes.data()};
    const int lengths[] = {int(key.size()), 1, 8, 8};
    const int formats[] = {1, 0, 1, 1};
    run("raw_increment", 4, values, lengths, formats);
    exec("COMMIT");
}

Measurement RawLibpqBaseline::measureGetPipeline(std::chrono::nanoseconds budget, std::size_t depth)
{
    PGconn *conn = m_conn.get();
    if (PQenterPipelineMode(conn) != 1)
        throw Error("kvs: bench: libpq refused pipeline mode");
    Timing timing;
    std::deque<Clock::time_point> started;
    std::uint64_t i = 0;
    const auto send = [&] {
        const std::string &key = m_keys.background.encoded[i++ % kBackgroundKeys];
        const std::string now = int8Bytes(nowMs());
        const char *values[] = {key.data(), now.data()};
        const int lengths[] = {int(key.size()), 8};
        const int formats[] = {1, 1};
        if (!PQsendQueryPrepared(conn, "raw_get", 2, values, lengths, formats, 1)
            || !PQpipelineSync(conn))
            throw Error("kvs: bench: the pipeline failed to send");
        started.push_back(Clock::now());
    };
    const Clock::time_point start = Clock::now();
    for (std::size_t k = 0; k < depth; ++k)
        send();
    PQflush(conn);
    Clock::time_point last = start;
    bool stopping = false;
    while (!started.empty()) {
        // One statement's result, its NULL, and its sync.
        ResultPtr result(PQgetResult(conn));
        if (PQresultStatus(result.get()) != PGRES_TUPLES_OK || PQntuples(result.get()) != 1)
            throw Error("kvs: bench: a pipelined get failed");
        ResultPtr end(PQgetResult(conn));
        ResultPtr sync(PQgetResult(conn));
        last = Clock::now();
        timing.sample.add(last - started.front());
        started.pop_front();
        ++timing.ops;
        if (!stopping && last - start >= budget)
            stopping = true;
        if (!stopping) {
            send();
            PQflush(conn);
        }
    }
    timing.timed = last - start;
    PQexitPipelineMode(conn);
    return timing.result();
}

} // namespace kvs::bench
