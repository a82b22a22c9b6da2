#pragma once

#include "bench/workload/scratch_database.h"

#include <kvs/async_kvstore.h>

#include <cstdint>
#include <memory>
#include <string>

namespace kvs::bench {

struct BenchConfig;

// The database of the find bench: rows entries ["find", "0000042"] of about 100 bytes, written
// in random key order, as an application's JSON objects:
//   {"id":42,"status":"failed","name":"user-0000042","note":"...","score":17}
// status "failed" in every third row (i % 3 == 0), "ok" or "pending" otherwise; the note holds
// the word "needle" in every hundredth (i % 100 == 0) and only hay otherwise. On a scratch
// SQLite file or kvsbench_ tables on PostgreSQL (ScratchDatabase), filled with SQL of its own.
// Thread rule: one thread.
class FindBenchDatabase
{
public:
    // Throws what ScratchDatabase and the store throw, and DatabaseError "kvs: bench: ..." when
    // the fill fails.
    FindBenchDatabase(const BenchConfig &config, std::int64_t rows);
    ~FindBenchDatabase();
    FindBenchDatabase(const FindBenchDatabase &) = delete;
    FindBenchDatabase &operator=(const FindBenchDatabase &) = delete;

    [[nodiscard]] bool postgres() const noexcept { return m_scratch->postgres(); }
    [[nodiscard]] AsyncKVStore &store() const noexcept { return *m_store; }
    // The SQLite file (for the raw read), or the PostgreSQL URL.
    [[nodiscard]] const std::string &connection() const noexcept;
    [[nodiscard]] const AsyncKVStoreSettings &settings() const noexcept { return m_settings; }
    // The kv table's name as stored (kvsbench_kv).
    [[nodiscard]] std::string table() const;
    [[nodiscard]] std::int64_t rows() const noexcept { return m_rows; }

    // The key of row i (["find", "0000042"]).
    [[nodiscard]] static std::string key(std::int64_t i);
    // The stored value of row i.
    [[nodiscard]] static std::string value(std::int64_t i);

private:
    void fillSqlite();
    void fillPostgres(const std::string &url);

    std::unique_ptr<ScratchDatabase> m_scratch;
    AsyncKVStoreSettings m_settings;
    std::unique_ptr<AsyncKVStore> m_store;
    std::int64_t m_rows = 0;
};

} // namespace kvs::bench
