#include "bench/search/backup_bench.h"

#include "bench/measure/bench_config.h"
#include "bench/measure/run_figures.h"
#include "bench/search/find_bench_database.h"
#include "bench/workload/scratch_database.h"

#include <kvs/backup.h>
#include <kvs/json_line.h>
#include <kvs/kvstore.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <ostream>
#include <thread>
#include <vector>

namespace kvs::bench {

namespace {

constexpr std::int64_t kRows = 1000000;
constexpr int kRounds = 5;

// set() in a loop on a connection of its own until stopped; the longest call and how many.
class LoopingWriter
{
public:
    LoopingWriter(const std::string &path, const std::string &tablePrefix)
    {
        KVStoreOptions options;
        options.tablePrefix = tablePrefix;
        m_thread = std::thread([this, path, options] {
            KVStore store(path, options);
            const Value value(std::string(100, 'w'));
            while (!m_stop.load()) {
                const auto started = std::chrono::steady_clock::now();
                store.set({"backup-bench-writer", double(m_writes % 1000)}, value);
                const auto took = std::chrono::steady_clock::now() - started;
                m_longest = std::max(m_longest, took);
                ++m_writes;
            }
        });
    }
    // Stops the writer; its longest set() in ms.
    double stop()
    {
        m_stop.store(true);
        m_thread.join();
        return std::chrono::duration<double, std::milli>(m_longest).count();
    }
    std::int64_t writes() const { return m_writes; }

private:
    std::atomic_bool m_stop{false};
    std::chrono::steady_clock::duration m_longest{};
    std::int64_t m_writes = 0;
    std::thread m_thread;
};

} // namespace

void runBackupBench(const BenchConfig &config, std::ostream &out)
{
    FindBenchDatabase db(config, kRows);
    if (db.postgres()) {
        out << JsonLine()
                   .string("op", "backup_postgres")
                   .string("skipped", "kvs backup copies SQLite files")
                   .text()
            << '\n';
        return;
    }
    const std::string prefix(kScratchPrefix);
    const std::string destination = db.connection() + ".backup";
    BackupOptions options;
    options.tablePrefix = prefix;
    std::vector<double> seconds;
    std::vector<double> withBackup;
    std::vector<double> withCheckpoint;
    std::vector<double> alone;
    std::int64_t writesDuring = 0;
    std::int64_t entries = 0;
    // One window of the writer during a backup; its longest set() in ms.
    const auto duringBackup = [&](bool checkpoint) {
        std::filesystem::remove(destination);
        options.checkpointAfter = checkpoint;
        LoopingWriter during(db.connection(), prefix);
        const double took = secondsOf(
            [&] { entries = backupSqliteStore(db.connection(), destination, options).entries; });
        const double longest = during.stop();
        writesDuring += during.writes();
        seconds.push_back(took);
        return longest;
    };
    for (int round = 0; round < kRounds; ++round) {
        withBackup.push_back(duringBackup(false));
        withCheckpoint.push_back(duringBackup(true));
        LoopingWriter without(db.connection(), prefix);
        std::this_thread::sleep_for(std::chrono::duration<double>(seconds.back()));
        alone.push_back(without.stop());
    }
    std::filesystem::remove(destination);
    out << JsonLine()
               .string("op", "backup_sqlite")
               .raw("rows", std::to_string(entries))
               .raw("backup_s", threeDecimals(medianOf(seconds)))
               .raw("writer_max_ms_backup", threeDecimals(medianOf(withBackup)))
               .raw("writer_max_ms_backup_checkpoint", threeDecimals(medianOf(withCheckpoint)))
               .raw("writer_max_ms_alone", threeDecimals(medianOf(alone)))
               .raw("extra_ms", threeDecimals(medianOf(withBackup) - medianOf(alone)))
               .raw("extra_ms_checkpoint",
                    threeDecimals(medianOf(withCheckpoint) - medianOf(alone)))
               .raw("target", "20")
               .raw("writes_during_backups", std::to_string(writesDuring))
               .raw("load_avg_1m", threeDecimals(loadAverage1m()))
               .text()
        << '\n';
}

} // namespace kvs::bench
