// The workload engine (bench/workload_engine.h) on SQLite: every workload, both stores, closed
// loop and fixed rate, the time series, cancel, the scratch file, and the refusals.

#include "bench/workload/workload_engine.h"

#include <kvs/errors.h>

#include <QCoreApplication>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <filesystem>
#include <fstream>

using namespace kvs::bench;

namespace {

WorkloadConfig quickConfig(const std::string &workload)
{
    WorkloadConfig config;
    config.db = ":memory:";
    config.workload = workload;
    config.seconds = 0.2;
    config.warmupSeconds = 0;
    config.keys = 500;
    config.valueMin = 10;
    config.valueMax = 50;
    return config;
}

RunResult run(const WorkloadConfig &config, const RunCallbacks &callbacks = {})
{
    const std::atomic<bool> cancel{false};
    return runWorkload(config, callbacks, cancel);
}

QStringList opNames(const RunResult &result)
{
    QStringList names;
    for (const OpResult &op : result.ops)
        names << QString::fromStdString(op.op);
    return names;
}

void expectRefusal(const WorkloadConfig &config, const QString &message)
{
    try {
        (void)run(config);
        QFAIL("no error");
    } catch (const kvs::Error &error) {
        QCOMPARE(QString::fromStdString(error.what()), message);
    }
}

} // namespace

class TestWorkloadEngine : public QObject
{
    Q_OBJECT

private slots:
    void eachWorkloadMakesItsOperations_data()
    {
        QTest::addColumn<QString>("workload");
        QTest::addColumn<bool>("async");
        QTest::addColumn<QStringList>("ops");
        const QList<QPair<QString, QStringList>> workloads = {
            {"set", {"set"}},
            {"get", {"get"}},
            {"get_miss", {"get_miss"}},
            {"delete", {"delete"}},
            {"increment", {"increment"}},
            {"get_many_10", {"get_many_10"}},
            {"atomic_sum", {"atomic_sum"}},
            {"ycsb-a", {"get", "set"}},
            {"ycsb-b", {"get", "set"}},
            {"ycsb-c", {"get"}},
            {"ycsb-d", {"get", "insert"}},
            {"ycsb-e", {"insert", "list"}},
            {"ycsb-f", {"get", "check_set"}},
            {"queue", {"enqueue", "handler"}},
        };
        for (const bool async : {false, true}) {
            for (const auto &[name, ops] : workloads) {
                QTest::addRow("%s %s", qPrintable(name), async ? "async" : "kvstore")
                    << name << async << ops;
            }
        }
    }

    void eachWorkloadMakesItsOperations()
    {
        QFETCH(QString, workload);
        QFETCH(bool, async);
        QFETCH(QStringList, ops);
        WorkloadConfig config = quickConfig(workload.toStdString());
        config.store = async ? StoreKind::Async : StoreKind::KVStore;
        config.concurrency = async ? 4 : 1;
        config.ttlShare = 0.5;
        const RunResult result = run(config);
        QCOMPARE(opNames(result), ops);
        QCOMPARE(result.backend, std::string("sqlite"));
        QVERIFY(!result.serverVersion.empty());
        QVERIFY(!result.partial);
        QCOMPARE(result.load.keys, workload == QLatin1String("queue") ? 0U : 500U);
        std::uint64_t sum = 0;
        for (const OpResult &op : result.ops) {
            QVERIFY2(op.ops > 0, op.op.c_str());
            QCOMPARE(op.latency->count(), op.ops);
            // At most a few check_set conflicts with calls in flight; nothing else fails.
            const std::uint64_t conflicts
                = op.errorsByKind.count("conflict") ? op.errorsByKind.at("conflict") : 0;
            QCOMPARE(op.errors, conflicts);
            sum += op.ops;
        }
        QCOMPARE(result.all.ops, sum);
        QCOMPARE(result.all.latency->count(), sum);
        QVERIFY(result.all.latency->percentileNanos(0.5) > 0);
        QVERIFY(result.all.latency->percentileNanos(0.999) <= result.all.latency->maxNanos());
        QCOMPARE(result.all.late, 0U); // closed loop: nothing is late
    }

    void customMixMakesItsOperations()
    {
        WorkloadConfig config = quickConfig("custom");
        config.mix = parseMix("get=1,set=1,list=1,get_many_10=1");
        QCOMPARE(opNames(run(config)), (QStringList{"get", "set", "list", "get_many_10"}));
    }

    void fixedRateMakesRateTimesSecondsCalls_data()
    {
        QTest::addColumn<bool>("async");
        QTest::newRow("kvstore") << false;
        QTest::newRow("async") << true;
    }

    void fixedRateMakesRateTimesSecondsCalls()
    {
        // Calls are due at i / rate from the warm-up's start; those due in the measured time are
        // counted, whenever they end.
        QFETCH(bool, async);
        WorkloadConfig config = quickConfig("ycsb-c");
        config.store = async ? StoreKind::Async : StoreKind::KVStore;
        config.concurrency = async ? 2 : 1;
        config.rate = 400;
        config.seconds = 0.5;
        config.warmupSeconds = 0.1;
        const RunResult result = run(config);
        QCOMPARE(result.all.ops, 200U);
        QCOMPARE(result.all.errors, 0U);
    }

    void timeSeriesHasOneEntryPerSecond()
    {
        WorkloadConfig config = quickConfig("ycsb-b");
        config.store = StoreKind::KVStore;
        config.rate = 200;
        config.seconds = 2;
        std::vector<SecondStats> reported;
        RunCallbacks callbacks;
        callbacks.onSecond = [&](const SecondStats &second) {
            reported.push_back(second);
        };
        const RunResult result = run(config, callbacks);
        QCOMPARE(result.series.size(), std::size_t(2));
        QCOMPARE(reported.size(), std::size_t(2));
        double total = 0;
        for (std::size_t i = 0; i < result.series.size(); ++i) {
            QCOMPARE(result.series[i].second, int(i) + 1);
            QCOMPARE(reported[i].opsPerSecond, result.series[i].opsPerSecond);
            QVERIFY(result.series[i].p50Us > 0);
            QVERIFY(result.series[i].p99Us >= result.series[i].p50Us);
            total += result.series[i].opsPerSecond;
        }
        // 400 calls due; one may end past the last second's boundary.
        QVERIFY2(total >= 399 && total <= 400, qPrintable(QString::number(total)));
        QCOMPARE(result.all.ops, 400U);
    }

    void cancelGivesAPartialResult()
    {
        WorkloadConfig config = quickConfig("ycsb-a");
        config.store = StoreKind::Async;
        config.concurrency = 8;
        config.seconds = 600;
        std::atomic<bool> cancel{false};
        RunCallbacks callbacks;
        callbacks.onSecond = [&](const SecondStats &) {
            cancel = true;
        };
        const RunResult result = runWorkload(config, callbacks, cancel);
        QVERIFY(result.partial);
        QCOMPARE(result.series.size(), std::size_t(1));
        QVERIFY(result.seconds < 600);
        QVERIFY(result.all.ops > 0);
    }

    void cancelDuringTheLoadPhase()
    {
        WorkloadConfig config = quickConfig("ycsb-a");
        std::atomic<bool> cancel{true};
        const RunResult result = runWorkload(config, {}, cancel);
        QVERIFY(result.partial);
        QCOMPARE(result.load.keys, 0U);
        QCOMPARE(result.all.ops, 0U);
    }

    void loadPhaseIsReported()
    {
        WorkloadConfig config = quickConfig("ycsb-c");
        config.keys = 1234;
        LoadPhase loaded;
        RunCallbacks callbacks;
        callbacks.onLoaded = [&](const LoadPhase &load) {
            loaded = load;
        };
        const RunResult result = run(config, callbacks);
        QCOMPARE(loaded.keys, 1234U);
        QCOMPARE(result.load.keys, 1234U);
        QVERIFY(result.load.seconds > 0);
    }

    void aNewFileIsTheScratchDatabaseAndIsDeleted()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("scratch.db")).toStdString();
        WorkloadConfig config = quickConfig("ycsb-a");
        config.db = path;
        bool existedDuringRun = false;
        RunCallbacks callbacks;
        callbacks.onLoaded = [&](const LoadPhase &) {
            existedDuringRun = std::filesystem::exists(path);
        };
        (void)run(config, callbacks);
        QVERIFY(existedDuringRun);
        QVERIFY(!std::filesystem::exists(path));
        QVERIFY(!std::filesystem::exists(path + "-wal"));
    }

    void aScratchFolderGetsAFileOfTheRun()
    {
        QTemporaryDir dir;
        WorkloadConfig config = quickConfig("set");
        config.db.clear();
        config.scratchFolder = dir.path().toStdString();
        std::size_t filesDuringRun = 0;
        RunCallbacks callbacks;
        callbacks.onLoaded = [&](const LoadPhase &) {
            for (const auto &entry : std::filesystem::directory_iterator(config.scratchFolder))
                filesDuringRun += entry.path().filename().string().rfind("kvsbench-", 0) == 0;
        };
        (void)run(config, callbacks);
        QVERIFY(filesDuringRun >= 1);
        QVERIFY(std::filesystem::is_empty(config.scratchFolder));
    }

    void anExistingFileIsRefusedAndKept()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("mine.db")).toStdString();
        std::ofstream(path) << "my data";
        WorkloadConfig config = quickConfig("set");
        config.db = path;
        expectRefusal(config,
                      QStringLiteral("kvs: bench: \"%1\" exists; a workload run writes only to a "
                                     "SQLite file it creates and deletes (give a path that does "
                                     "not exist, :memory:, or --scratch-dir)")
                          .arg(QString::fromStdString(path)));
        std::ifstream in(path);
        std::string content;
        std::getline(in, content);
        QCOMPARE(content, std::string("my data"));
    }

    void sqliteUrlsAreRefused_data()
    {
        QTest::addColumn<QString>("prefix");
        QTest::newRow("file: URI") << "file:";
        QTest::newRow("sqlite://") << "sqlite://";
        QTest::newRow("file://") << "file://";
    }

    void sqliteUrlsAreRefused()
    {
        // SQLite would open the existing file behind the URL, which the check for an existing
        // file did not look at.
        QFETCH(QString, prefix);
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("mine.db")).toStdString();
        std::ofstream(path) << "my data";
        WorkloadConfig config = quickConfig("set");
        config.db = prefix.toStdString() + path;
        expectRefusal(config,
                      QStringLiteral("kvs: bench: give the scratch file as a plain path, not a "
                                     "URL (\"%1\")")
                          .arg(QString::fromStdString(config.db)));
        std::ifstream in(path);
        std::string content;
        std::getline(in, content);
        QCOMPARE(content, std::string("my data"));
    }

    void badParametersAreRefused_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("workload") << "workload"
                                  << "kvs: bench: unknown workload \"nope\" (known: set, get, "
                                     "get_miss, delete, increment, get_many_10, atomic_sum, "
                                     "ycsb-a, ycsb-b, ycsb-c, ycsb-d, ycsb-e, ycsb-f, queue, "
                                     "custom)";
        QTest::newRow("custom") << "custom"
                                << "kvs: bench: the custom workload needs --mix, as in "
                                   "get=90,set=10";
        QTest::newRow("concurrency") << "concurrency"
                                     << "kvs: bench: --concurrency must be 1 .. 256";
        QTest::newRow("kvstore concurrency")
            << "kvstore concurrency"
            << "kvs: bench: --store kvstore makes one call at a time; --concurrency needs "
               "--store async";
        QTest::newRow("kvstore postgres")
            << "kvstore postgres"
            << "kvs: bench: --store kvstore is SQLite only; use --store async for PostgreSQL";
        QTest::newRow("durability postgres")
            << "durability postgres"
            << "kvs: bench: --durability is a SQLite setting; PostgreSQL's synchronous_commit "
               "decides";
        QTest::newRow("value range") << "value range"
                                     << "kvs: bench: --value-size must be N or MIN..MAX with MIN "
                                        "<= MAX <= 16777216";
        QTest::newRow("seconds") << "seconds"
                                 << "kvs: bench: --seconds must be > 0";
        QTest::newRow("rate") << "rate"
                              << "kvs: bench: --rate must be operations per second >= 0";
        QTest::newRow("pool") << "pool"
                              << "kvs: bench: --pool is a PostgreSQL setting";
        QTest::newRow("no db") << "no db"
                               << "kvs: bench needs --db (a new SQLite file, :memory: or a "
                                  "postgres:// URL) or --scratch-dir";
    }

    void badParametersAreRefused()
    {
        QFETCH(QString, field);
        QFETCH(QString, message);
        WorkloadConfig config = quickConfig("ycsb-a");
        if (field == QLatin1String("workload"))
            config.workload = "nope";
        if (field == QLatin1String("custom"))
            config.workload = "custom";
        if (field == QLatin1String("concurrency"))
            config.concurrency = 257;
        if (field == QLatin1String("kvstore concurrency")) {
            config.store = StoreKind::KVStore;
            config.concurrency = 2;
        }
        if (field == QLatin1String("kvstore postgres")) {
            config.store = StoreKind::KVStore;
            config.db = "postgres://localhost/x";
        }
        if (field == QLatin1String("durability postgres")) {
            config.db = "postgres://localhost/x";
            config.durability = "full";
        }
        if (field == QLatin1String("value range")) {
            config.valueMin = 10;
            config.valueMax = 5;
        }
        if (field == QLatin1String("seconds"))
            config.seconds = 0;
        if (field == QLatin1String("rate"))
            config.rate = -1;
        if (field == QLatin1String("pool"))
            config.poolSize = 4;
        if (field == QLatin1String("no db"))
            config.db.clear();
        expectRefusal(config, message);
    }

    void parseMixRefusesBadParts_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown op") << "get=1,fly=2"
                                    << "kvs: bench: --mix: unknown operation \"fly\" (known: get, "
                                       "set, insert, list, check_set, get_miss, delete, "
                                       "increment, get_many_10, atomic_sum)";
        QTest::newRow("queue op") << "enqueue=1"
                                  << "kvs: bench: --mix: unknown operation \"enqueue\" (known: "
                                     "get, set, insert, list, check_set, get_miss, delete, "
                                     "increment, get_many_10, atomic_sum)";
        QTest::newRow("no weight") << "get"
                                   << "kvs: bench: --mix: \"get\" needs a weight > 0, as in "
                                      "get=90,set=10";
        QTest::newRow("zero weight") << "get=0"
                                     << "kvs: bench: --mix: \"get=0\" needs a weight > 0, as in "
                                        "get=90,set=10";
        QTest::newRow("empty") << ""
                               << "kvs: bench: --mix needs at least one op=weight, as in "
                                  "get=90,set=10";
    }

    void parseMixRefusesBadParts()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        try {
            (void)parseMix(text.toStdString());
            QFAIL("no error");
        } catch (const kvs::Error &error) {
            QCOMPARE(QString::fromUtf8(error.what()), message);
        }
    }
};

QTEST_GUILESS_MAIN(TestWorkloadEngine)
#include "tst_workload_engine.moc"
