// The benchmark's run history (bench/run_history.h): a saved run reads back the same, ids
// grow, the file is private, passwords are not saved.

#include "bench/history/run_history.h"
#include "bench/history/run_history_watch.h"
#include "bench/workload/workload_engine.h"
#include "support/broken_history_run.h"
#include "support/raw_sqlite.h"
#include "support/test_support.h"

#include <kvs/errors.h>
#include <kvs/kvstore.h>

#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>

using namespace kvs::bench;
namespace fs = std::filesystem;

namespace {

QByteArray fileBytes(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    return QByteArray::fromStdString(
        std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()));
}

WorkloadConfig quickConfig()
{
    WorkloadConfig config;
    config.db = ":memory:";
    config.workload = "ycsb-b";
    config.seconds = 1.1;
    config.warmupSeconds = 0;
    config.keys = 200;
    config.valueMin = 20;
    config.valueMax = 40;
    config.concurrency = 2;
    config.ttlShare = 0.25;
    config.distribution = KeyDistribution::Latest;
    config.distributionSet = true;
    return config;
}

} // namespace

class TestRunHistory : public QObject
{
    Q_OBJECT

private slots:
    void savedRunReadsBackTheSame()
    {
        QTemporaryDir dir;
        const std::string path
            = dir.filePath(QStringLiteral("data/kvs-admin/h.sqlite")).toStdString();
        const WorkloadConfig config = quickConfig();
        const std::atomic<bool> cancel{false};
        const RunResult result = runWorkload(config, {}, cancel);
        QVERIFY(!result.series.empty());
        const MachineInfo machine{"Test CPU 3000", 7, "Linux 6.1 x86_64"};
        {
            RunHistory history(path);
            QCOMPARE(history.append(config, result, machine, 1.7e12), 1);
            QCOMPARE(history.append(config, result, machine, 1.8e12), 2);
        }
        RunHistory history(path); // reopened: it was written to the file
        const std::vector<HistoryRun> runs = history.list();
        QCOMPARE(runs.size(), std::size_t(2));
        QCOMPARE(runs[0].id, 1);
        QCOMPARE(runs[1].id, 2);
        const HistoryRun &run = runs[0];
        QCOMPARE(run.timeMs, 1.7e12);
        QCOMPARE(run.config.workload, config.workload);
        QCOMPARE(run.config.db, config.db);
        QCOMPARE(run.config.seconds, config.seconds);
        QCOMPARE(run.config.keys, config.keys);
        QCOMPARE(run.config.valueMin, config.valueMin);
        QCOMPARE(run.config.valueMax, config.valueMax);
        QCOMPARE(run.config.concurrency, config.concurrency);
        QCOMPARE(run.config.ttlShare, config.ttlShare);
        QVERIFY(run.config.distributionSet);
        QVERIFY(run.config.distribution == KeyDistribution::Latest);
        QVERIFY(run.config.store == StoreKind::Async);
        QCOMPARE(run.machine.cpuModel, machine.cpuModel);
        QCOMPARE(run.machine.cores, machine.cores);
        QCOMPARE(run.machine.os, machine.os);
        QCOMPARE(run.backend, result.backend);
        QCOMPARE(run.serverVersion, result.serverVersion);
        QCOMPARE(run.seconds, result.seconds);
        QCOMPARE(run.partial, result.partial);
        QCOMPARE(run.clientCpu, result.clientCpu);
        QCOMPARE(run.load.keys, result.load.keys);
        QCOMPARE(run.load.seconds, result.load.seconds);
        const std::vector<SavedOp> expected = savedOps(result);
        QCOMPARE(run.ops.size(), expected.size());
        QCOMPARE(run.ops.back().op, std::string("all"));
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(run.ops[i].op, expected[i].op);
            QCOMPARE(run.ops[i].ops, expected[i].ops);
            QCOMPARE(run.ops[i].opsPerSecond, expected[i].opsPerSecond);
            QCOMPARE(run.ops[i].p50Us, expected[i].p50Us);
            QCOMPARE(run.ops[i].p999Us, expected[i].p999Us);
            QCOMPARE(run.ops[i].maxUs, expected[i].maxUs);
            QCOMPARE(run.ops[i].errors, expected[i].errors);
            QVERIFY(run.ops[i].errorsByKind == expected[i].errorsByKind);
        }
        QCOMPARE(run.series.size(), result.series.size());
        for (std::size_t i = 0; i < run.series.size(); ++i) {
            QCOMPARE(run.series[i].second, result.series[i].second);
            QCOMPARE(run.series[i].opsPerSecond, result.series[i].opsPerSecond);
            QCOMPARE(run.series[i].p99Us, result.series[i].p99Us);
        }
    }

    void savedRunKeepsItsHistograms()
    {
        // Issue 44: the Benchmark view exports a saved run's histogram, so the history keeps
        // every bucket and the exact extremes.
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("h.sqlite")).toStdString();
        const std::atomic<bool> cancel{false};
        const RunResult result = runWorkload(quickConfig(), {}, cancel);
        {
            RunHistory history(path);
            (void)history.append(quickConfig(), result, currentMachine(), 1);
        }
        const HistoryRun run = RunHistory(path).list().front();
        const std::vector<SavedOp> expected = savedOps(result);
        QCOMPARE(run.ops.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const LatencyHistogram &saved = *run.ops[i].latency;
            const LatencyHistogram &measured = *expected[i].latency;
            QCOMPARE(saved.count(), measured.count());
            QCOMPARE(saved.minNanos(), measured.minNanos());
            QCOMPARE(saved.maxNanos(), measured.maxNanos());
            QCOMPARE(saved.sumNanos(), measured.sumNanos());
            for (std::size_t b = 0; b < LatencyHistogram::kBuckets; ++b)
                QCOMPARE(saved.countAt(b), measured.countAt(b));
            for (const double p : {0.5, 0.99, 0.999, 1.0})
                QCOMPARE(saved.percentileNanos(p), measured.percentileNanos(p));
        }
        QVERIFY(run.capacity.empty());
    }

    void savedCapacitySearchKeepsItsSteps()
    {
        QTemporaryDir dir;
        RunHistory history(dir.filePath(QStringLiteral("h.sqlite")).toStdString());
        CapacityStep held;
        held.index = 1;
        held.rate = 400;
        held.achieved = 399.5;
        held.held = true;
        held.p50Us = 120.5;
        held.p99Us = 900.25;
        held.p999Us = 1500;
        held.calls = 1998;
        held.late = 3;
        held.unstarted = 2;
        held.lateShare = 0.0015;
        CapacityStep broke = held;
        broke.index = 2;
        broke.rate = 800;
        broke.repeat = true;
        broke.held = false;
        broke.broken = "p99 was 12.5 ms (SLO p99<5ms)";
        WorkloadConfig config = quickConfig();
        config.rate = 400;
        RunResult result;
        result.all.op = "all";
        (void)history.append(config, result, currentMachine(), 1, {held, broke});
        const HistoryRun run = history.list().front();
        QCOMPARE(run.capacity.size(), std::size_t(2));
        QCOMPARE(run.config.rate, 400.0);
        const CapacityStep &first = run.capacity[0];
        QCOMPARE(first.index, 1);
        QCOMPARE(first.rate, 400.0);
        QCOMPARE(first.achieved, 399.5);
        QVERIFY(first.held);
        QVERIFY(!first.repeat);
        QCOMPARE(first.p50Us, 120.5);
        QCOMPARE(first.p99Us, 900.25);
        QCOMPARE(first.p999Us, 1500.0);
        QCOMPARE(first.calls, 1998U);
        QCOMPARE(first.late, 3U);
        QCOMPARE(first.unstarted, 2U);
        QCOMPARE(first.lateShare, 0.0015);
        const CapacityStep &second = run.capacity[1];
        QVERIFY(!second.held);
        QVERIFY(second.repeat);
        QCOMPARE(second.broken, broke.broken);
    }

    void fileAndFolderArePrivate()
    {
        QTemporaryDir dir;
        const fs::path folder = fs::path(dir.path().toStdString()) / "new-folder";
        const std::string path = (folder / "h.sqlite").string();
        RunHistory history(path);
        QCOMPARE(fs::status(path).permissions() & fs::perms::all,
                 fs::perms::owner_read | fs::perms::owner_write);
        QCOMPARE(fs::status(folder).permissions() & fs::perms::all, fs::perms::owner_all);
    }

    void passwordIsNotSaved()
    {
        QTemporaryDir dir;
        RunHistory history(dir.filePath(QStringLiteral("h.sqlite")).toStdString());
        WorkloadConfig config = quickConfig();
        config.db = "postgres://bench:s3cret@db.example/app";
        RunResult result;
        result.all.op = "all";
        (void)history.append(config, result, currentMachine(), 1);
        QCOMPARE(history.list().front().config.db,
                 std::string("postgres://bench:***@db.example/app"));
    }

    void defaultPathFollowsTheEnvironment()
    {
        qputenv("KVS_BENCH_HISTORY", "/tmp/elsewhere.sqlite");
        QCOMPARE(RunHistory::defaultPath(), std::string("/tmp/elsewhere.sqlite"));
        qunsetenv("KVS_BENCH_HISTORY");
        qputenv("XDG_DATA_HOME", "/tmp/xdg-data");
        QCOMPARE(RunHistory::defaultPath(),
                 std::string("/tmp/xdg-data/kvs-admin/bench-history.sqlite"));
    }

    void deletedRunsAreGoneAndTheirIdsNotGivenAgain()
    {
        QTemporaryDir dir;
        RunHistory history(dir.filePath(QStringLiteral("h.sqlite")).toStdString());
        RunResult result;
        result.all.op = "all";
        for (int i = 0; i < 3; ++i)
            (void)history.append(quickConfig(), result, currentMachine(), 1);
        history.remove({1, 3, 42}); // 42 was never saved: skipped
        std::vector<HistoryRun> runs = history.list();
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs[0].id, 2);
        // 3 was the newest; a new run does not take its id (an export may name it).
        QCOMPARE(history.append(quickConfig(), result, currentMachine(), 1), 4);
        history.remove({2, 4});
        QVERIFY(history.list().empty());
        QCOMPARE(history.append(quickConfig(), result, currentMachine(), 1), 5);
    }

    // Issue 28: one run whose value bytes do not decode failed every read of the history ("cannot
    // decode value ... at byte 0", naming neither the file nor the run) and the next save. It is
    // left out and named; the others read, a run is saved after it, and the watch reads too.
    void anUndecodableRunIsSkippedAndNamed()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("h.sqlite")).toStdString();
        RunResult result;
        result.all.op = "all";
        {
            RunHistory history(path);
            for (int i = 0; i < 3; ++i)
                (void)history.append(quickConfig(), result, currentMachine(), 1);
        }
        kvs::test::breakHistoryRun(path, 3); // the newest: the next save reads its key
        kvs::test::breakHistoryRun(path, 1);
        RunHistory history(path);
        const HistoryListing listing = history.read();
        QCOMPARE(listing.runs.size(), std::size_t(1));
        QCOMPARE(listing.runs[0].id, 2);
        QCOMPARE(listing.unreadable.size(), std::size_t(2));
        QCOMPARE(listing.unreadable[0].id, 1);
        QCOMPARE(listing.unreadable[1].id, 3);
        const std::string &problem = listing.unreadable[0].problem;
        QVERIFY2(problem.starts_with("cannot decode value: ") && problem.ends_with(" at byte 0"),
                 problem.c_str());
        QCOMPARE(unreadableRunText(path, listing.unreadable[0]),
                 "skipped run 1 of the benchmark history " + path + ": " + problem);
        QCOMPARE(history.list().size(), std::size_t(1));

        QCOMPARE(history.append(quickConfig(), result, currentMachine(), 2), 4);
        const HistoryListing after = history.read();
        QCOMPARE(after.runs.size(), std::size_t(2));
        QCOMPARE(after.runs[1].id, 4);
        QCOMPARE(after.unreadable.size(), std::size_t(2));

        RunHistoryWatch watch(path);
        const std::optional<HistoryListing> watched = watch.changedRuns();
        QVERIFY(watched);
        QCOMPARE(watched->runs.size(), std::size_t(2));
        QCOMPARE(watched->unreadable.size(), std::size_t(2));
        QCOMPARE(watched->unreadable[1].id, 3);
    }

    void watchSeesRunsAddedByAnotherConnection()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("h.sqlite")).toStdString();
        RunHistoryWatch watch(path);
        QVERIFY(!watch.changedRuns()); // no file yet: nothing to read, nothing created
        QVERIFY(!fs::exists(path));
        RunResult result;
        result.all.op = "all";
        (void)RunHistory(path).append(quickConfig(), result, currentMachine(), 1);
        std::optional<HistoryListing> runs = watch.changedRuns();
        QVERIFY(runs);
        QCOMPARE(runs->runs.size(), std::size_t(1));
        QVERIFY(!watch.changedRuns()); // unchanged
        {
            RunHistory other(path);
            (void)other.append(quickConfig(), result, currentMachine(), 2);
            (void)other.append(quickConfig(), result, currentMachine(), 3);
        }
        runs = watch.changedRuns();
        QVERIFY(runs);
        QCOMPARE(runs->runs.size(), std::size_t(3));
        QCOMPARE(runs->runs.back().id, 3); // oldest first, as list() gives them
        RunHistory(path).remove({1});
        runs = watch.changedRuns();
        QVERIFY(runs);
        QCOMPARE(runs->runs.size(), std::size_t(2));
        QCOMPARE(runs->runs.front().id, 2);
    }

    void watchOfAFileThatIsNoDatabaseFailsAndKeepsIt()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("h.sqlite")).toStdString();
        std::ofstream(path) << "not a database, but mine";
        RunHistoryWatch watch(path);
        for (int attempt = 0; attempt < 2; ++attempt) { // each call tries again
            try {
                (void)watch.changedRuns();
                QFAIL("no error");
            } catch (const kvs::DatabaseError &error) {
                QVERIFY2(QByteArray(error.what()).contains("not a database"), error.what());
            }
        }
        std::ifstream in(path);
        std::string content;
        std::getline(in, content);
        QCOMPARE(content, std::string("not a database, but mine"));
    }

    void aFileThatIsNoDatabaseIsRefusedAndKept()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("h.sqlite")).toStdString();
        std::ofstream(path) << "not a database, but mine";
        QVERIFY(kvs::test::throwsWith<kvs::Error>(
            [&] { RunHistory history(path); },
            "kvs: cannot open the benchmark history " + path
                + ": it is not a benchmark history (not a SQLite database)"));
        std::ifstream in(path);
        std::string content;
        std::getline(in, content);
        QCOMPARE(content, std::string("not a database, but mine"));
    }

    // Issue 28: KVS_BENCH_HISTORY naming an application's SQLite file or a user's kvs database
    // added kvs tables to the one and wrote ["run", 1] and ["last_id"] into the other.
    void anApplicationsSqliteFileIsRefusedByteForByte()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("app.sqlite")).toStdString();
        {
            kvs::test::RawSqlite app(path);
            app.exec("PRAGMA journal_mode = WAL; CREATE TABLE users (id INTEGER PRIMARY KEY, "
                     "name TEXT); INSERT INTO users (name) VALUES ('alice');");
        }
        const QByteArray before = fileBytes(path);
        QVERIFY(!fs::exists(path + "-wal") && !fs::exists(path + "-shm"));
        QVERIFY(kvs::test::throwsWith<kvs::Error>(
            [&] { RunHistory history(path); },
            "kvs: cannot open the benchmark history " + path
                + ": it is not a benchmark history (it holds the table users)"));
        QCOMPARE(fileBytes(path), before);
        QVERIFY(!fs::exists(path + "-wal"));
        QVERIFY(!fs::exists(path + "-shm"));
    }

    void aUsersKvsDatabaseIsRefusedByteForByte()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("user.db")).toStdString();
        {
            kvs::KVStore store(path);
            store.set(kvs::Key{"users", "alice"}, kvs::Value(1.0));
        }
        const QByteArray before = fileBytes(path);
        QVERIFY(!fs::exists(path + "-wal") && !fs::exists(path + "-shm"));
        QVERIFY(kvs::test::throwsWith<kvs::Error>(
            [&] { RunHistory history(path); },
            "kvs: cannot open the benchmark history " + path
                + ": it is not a benchmark history (a kvs database with other data)"));
        QCOMPARE(fileBytes(path), before);
        QVERIFY(!fs::exists(path + "-wal"));
        QVERIFY(!fs::exists(path + "-shm"));
    }

    void aNewHistoryIsMarkedAndOpensAgain()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("new.sqlite")).toStdString();
        {
            RunHistory history(path);
            QVERIFY(history.list().empty());
        }
        RunHistory again(path); // marked: no run yet, and still a history
        QVERIFY(again.list().empty());
    }
};

QTEST_GUILESS_MAIN(TestRunHistory)
#include "tst_run_history.moc"
