#pragma once

#include "bench/measure/data.h"
#include "bench/measure/measure.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

struct pg_conn;

namespace kvs::bench {

struct PgConnCloser
{
    void operator()(pg_conn *conn) const noexcept;
};
using PgConnPtr = std::unique_ptr<pg_conn, PgConnCloser>;

// The PostgreSQL baseline of `kvs bench`: the store's SQL as prepared statements on one plain
// libpq connection, one round trip at a time (PQexecPrepared), and a get pipeline that keeps 64
// statements in flight (libpq's pipeline mode). It runs on the store's own tables, so both sides
// read the same rows. Throws kvs::Error on a failure or a wrong answer. Thread rule: one thread.
class RawLibpqBaseline
{
public:
    // Connects to url (kvs's own parameters removed) and prepares the statements for the
    // tables of schema (quoted identifier, e.g. "kvs_bench_1") with no table prefix.
    RawLibpqBaseline(const std::string &url, const std::string &schema, const BenchKeys &keys);
    ~RawLibpqBaseline();

    // The same calls as AsyncTarget, one round trip (or one transaction) each.
    void set(std::uint64_t i);
    void getHit(std::uint64_t i);
    void getMiss(std::uint64_t i);
    void refillDeleteKeys();
    void remove(std::uint64_t i);
    void increment(std::uint64_t i);
    void getMany10(std::uint64_t i);
    void atomicSum(std::uint64_t i);

    // get_hit with depth statements in flight in pipeline mode, for about budget.
    Measurement measureGetPipeline(std::chrono::nanoseconds budget, std::size_t depth);

private:
    struct Result;
    Result run(const char *statement,
               int count,
               const char *const *values,
               const int *lengths,
               const int *formats);
    void exec(const std::string &sql);

    const BenchKeys &m_keys; // Not owned.
    std::string m_schema;
    PgConnPtr m_conn;
};

} // namespace kvs::bench
