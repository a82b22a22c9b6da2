#pragma once

#include "bench/measure/data.h"

#include <kvs/sqlite_handle.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace kvs::bench {

// The baseline of `kvs bench`: the SQL the store runs, as a raw sqlite3 prepared-statement loop
// with no store around it, on its own database with the store's schema and pragmas. Statements
// are prepared once; versions come from a counter in memory (the store reserves them in blocks
// of 1024, about one extra write per 1024). Throws kvs::Error on any SQLite failure or wrong
// answer. Thread rule: one thread at a time.
class RawSqliteBaseline
{
public:
    // Opens (creating) the database at path (":memory:" for a private one), sets the pragmas,
    // creates the kv and queue tables and their indexes and prepares the statements.
    // Requires: keys outlives the baseline.
    RawSqliteBaseline(const std::string &path, const BenchKeys &keys);
    ~RawSqliteBaseline();
    RawSqliteBaseline(const RawSqliteBaseline &) = delete;
    RawSqliteBaseline &operator=(const RawSqliteBaseline &) = delete;

    // The same calls as StoreTarget.
    void populate();
    void set(std::uint64_t i);
    void getHit(std::uint64_t i);
    void getMiss(std::uint64_t i);
    void refillDeleteKeys();
    void remove(std::uint64_t i);
    void increment(std::uint64_t i);
    void getMany10(std::uint64_t i);
    void atomicSum(std::uint64_t i);
    // The statements of the store's enqueue, dequeue (the picker only: the store's reclaim runs
    // once a second) and acknowledge, on an empty topic.
    void queueCycle(std::uint64_t i);

private:
    class Transaction;

    SqliteStatementHandle prepare(std::string_view sql, int parameters);
    void exec(const char *sql);
    [[noreturn]] void fail(std::string_view what) const;
    // True when a live row is at key (reads value, version and expires_at).
    bool get(std::string_view key, std::int64_t now);
    void upsert(std::string_view key, std::string_view value, const std::int64_t *expiresAt);
    void insertAll(const std::vector<std::string> &keys);
    // increment() and atomic().sum(): read select's row, add delta, write back, keep a live TTL.
    void addToNumber(sqlite3_stmt *select, int expiresColumn, std::string_view key, double delta);

    const BenchKeys &m_keys; // Not owned.
    SqliteHandle m_db;
    SqliteStatementHandle m_get;
    SqliteStatementHandle m_upsert;
    SqliteStatementHandle m_delete;
    SqliteStatementHandle m_incrementSelect;
    SqliteStatementHandle m_sumSelect;
    SqliteStatementHandle m_beginImmediate;
    SqliteStatementHandle m_beginDeferred;
    SqliteStatementHandle m_commit;
    SqliteStatementHandle m_rollback;
    SqliteStatementHandle m_enqueue;
    SqliteStatementHandle m_dequeue;
    SqliteStatementHandle m_acknowledge;
    std::int64_t m_nextVersion = 1;
    std::string m_number; // scratch for the text of a number
    std::string m_token;  // the lease token of the current cycle
};

} // namespace kvs::bench
