// `kvs bench --workload` (issue 15): the JSON lines' fields, the table, the scratch file,
// Ctrl+C's partial result, and the usage errors.

#include "cli_test_support.h"
#include "support/broken_history_run.h"
#include "support/test_paths.h"

#include <QJsonArray>
#include <QTemporaryDir>

#include <csignal>

using namespace cli_test;

namespace {

const QStringList kResultFields = {"kind",
                                   "workload",
                                   "op",
                                   "ops_per_s",
                                   "p50_us",
                                   "p90_us",
                                   "p99_us",
                                   "p999_us",
                                   "max_us",
                                   "errors",
                                   "errors_by_kind",
                                   "backend",
                                   "store",
                                   "mode",
                                   "concurrency",
                                   "seconds",
                                   "partial",
                                   "db"};

QList<QJsonObject> objectsOfKind(const QByteArray &out, const QString &kind)
{
    QList<QJsonObject> objects;
    for (const QByteArray &line : lines(out)) {
        const QJsonObject object = parseObject(line);
        if (object.value(QStringLiteral("kind")).toString() == kind)
            objects << object;
    }
    return objects;
}

QStringList sortedKeys(const QJsonObject &object)
{
    QStringList keys = object.keys();
    keys.sort();
    return keys;
}

QStringList sorted(QStringList list)
{
    list.sort();
    return list;
}

} // namespace

class TestCliBenchWorkload : public QObject
{
    Q_OBJECT

private slots:
    void closedLoopJsonLines()
    {
        const Run run = runKvs({"bench",
                                "--workload",
                                "ycsb-a",
                                "--db",
                                ":memory:",
                                "--seconds",
                                "1",
                                "--warmup",
                                "0",
                                "--keys",
                                "1000",
                                "--value-size",
                                "10..100",
                                "--concurrency",
                                "4",
                                "--json"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData()); // no progress line off a terminal
        const QList<QJsonObject> results = objectsOfKind(run.out, QStringLiteral("result"));
        QCOMPARE(results.size(), 3); // get, set, all
        QStringList ops;
        for (const QJsonObject &result : results) {
            QCOMPARE(sortedKeys(result), sorted(kResultFields));
            QCOMPARE(result.value("workload").toString(), QStringLiteral("ycsb-a"));
            QCOMPARE(result.value("backend").toString(), QStringLiteral("sqlite"));
            QCOMPARE(result.value("store").toString(), QStringLiteral("async"));
            QCOMPARE(result.value("mode").toString(), QStringLiteral("closed"));
            QCOMPARE(result.value("concurrency").toInt(), 4);
            QCOMPARE(result.value("partial").toBool(), false);
            QCOMPARE(result.value("db").toString(), QStringLiteral(":memory:"));
            QCOMPARE(result.value("errors").toInt(), 0);
            QVERIFY(result.value("errors_by_kind").isObject());
            QVERIFY(result.value("ops_per_s").toDouble() > 0);
            QVERIFY(result.value("p50_us").toDouble() <= result.value("p99_us").toDouble());
            QVERIFY(result.value("p999_us").toDouble() <= result.value("max_us").toDouble());
            ops << result.value("op").toString();
        }
        QCOMPARE(ops, (QStringList{"get", "set", "all"}));
        QCOMPARE(objectsOfKind(run.out, QStringLiteral("second")).size(), 1);
        const QList<QJsonObject> runs = objectsOfKind(run.out, QStringLiteral("run"));
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs[0].value("load_keys").toInt(), 1000);
    }

    void fixedRateJsonLinesCarryTargetAndLate()
    {
        const Run run = runKvs({"bench",
                                "--workload",
                                "get",
                                "--store",
                                "kvstore",
                                "--db",
                                ":memory:",
                                "--seconds",
                                "0.5",
                                "--warmup",
                                "0",
                                "--keys",
                                "100",
                                "--rate",
                                "200",
                                "--json"});
        QCOMPARE(run.code, 0);
        const QList<QJsonObject> results = objectsOfKind(run.out, QStringLiteral("result"));
        QCOMPARE(results.size(), 2);
        for (const QJsonObject &result : results) {
            QCOMPARE(sortedKeys(result),
                     sorted(kResultFields + QStringList{"target_rate", "late"}));
            QCOMPARE(result.value("mode").toString(), QStringLiteral("rate"));
            QCOMPARE(result.value("store").toString(), QStringLiteral("kvstore"));
            QCOMPARE(result.value("target_rate").toInt(), 200);
            QVERIFY(result.value("late").isDouble());
        }
    }

    void passwordIsRemovedFromDb()
    {
        // The run fails to connect, and its error names the server without the password.
        const Run run = runKvs({"bench",
                                "--workload",
                                "get",
                                "--db",
                                "postgres://u:s3cret@127.0.0.1:1/x?connect_timeout=2"});
        QCOMPARE(run.code, 1);
        VERIFY_ONE_ERROR_LINE(run);
        QVERIFY2(!run.err.contains("s3cret"), run.err.constData());
        QVERIFY2(run.err.contains("cannot connect to postgres://u:***@127.0.0.1:1/x"),
                 run.err.constData());
    }

    void tableAndScratchFile()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("new.db"));
        const Run run = runKvs({"bench",
                                "--workload",
                                "ycsb-d",
                                "--db",
                                db,
                                "--seconds",
                                "0.3",
                                "--warmup",
                                "0",
                                "--keys",
                                "500"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.out.contains("ycsb-d on AsyncKVStore"), run.out.constData());
        QVERIFY(run.out.contains("load phase: 500 keys"));
        QVERIFY(run.out.contains("\nget "));
        QVERIFY(run.out.contains("\ninsert "));
        QVERIFY(run.out.contains("\nall "));
        QVERIFY(run.out.contains("client CPU"));
        QVERIFY(!QFile::exists(db));
    }

    void existingFileIsRefused()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("mine.db"));
        QCOMPARE(runKvs({"--db", db, "set", "['mine']", "1"}).code, 0);
        const QByteArray before = fileBytes(db);
        const Run run = runKvs({"bench", "--workload", "set", "--db", db, "--seconds", "0.1"});
        QCOMPARE(run.code, 1);
        VERIFY_ONE_ERROR_LINE(run);
        QVERIFY2(run.err.contains("exists; a workload run writes only to a SQLite file it "
                                  "creates and deletes"),
                 run.err.constData());
        QCOMPARE(fileBytes(db), before);
    }

    void interruptPrintsAPartialResult()
    {
        QProcess process;
        process.start(kvs::test::fromTest(KVS_CLI_PATH),
                      {"bench",
                       "--workload",
                       "ycsb-b",
                       "--db",
                       ":memory:",
                       "--seconds",
                       "600",
                       "--warmup",
                       "0",
                       "--keys",
                       "100",
                       "--json"});
        QVERIFY(process.waitForStarted());
        // The first per-second line says the measured run is under way.
        QByteArray out;
        while (!out.contains("\"kind\": \"second\"")) {
            QVERIFY(process.waitForReadyRead(60000));
            out += process.readAllStandardOutput();
        }
        ::kill(static_cast<pid_t>(process.processId()), SIGINT);
        QVERIFY(process.waitForFinished(60000));
        out += process.readAllStandardOutput();
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 130);
        const QList<QJsonObject> results = objectsOfKind(out, QStringLiteral("result"));
        QVERIFY(!results.isEmpty());
        for (const QJsonObject &result : results) {
            QCOMPARE(result.value("partial").toBool(), true);
            QVERIFY(result.value("seconds").toDouble() < 600);
        }
    }

    void saveAndHistory()
    {
        QTemporaryDir dir;
        const QString history = dir.filePath(QStringLiteral("history.sqlite"));
        qputenv("KVS_BENCH_HISTORY", history.toUtf8());
        const Run empty = runKvs({"bench", "--history", "--json"});
        QCOMPARE(empty.code, 0);
        QVERIFY(empty.out.isEmpty());
        for (const char *workload : {"ycsb-c", "set"}) {
            const Run run = runKvs({"bench",
                                    "--workload",
                                    workload,
                                    "--db",
                                    ":memory:",
                                    "--seconds",
                                    "0.2",
                                    "--warmup",
                                    "0",
                                    "--keys",
                                    "100",
                                    "--save"});
            QCOMPARE(run.code, 0);
            QVERIFY2(run.err.startsWith("kvs: saved as run "), run.err.constData());
        }
        const Run listed = runKvs({"bench", "--history", "--json"});
        QCOMPARE(listed.code, 0);
        const QList<QJsonObject> runs = objectsOfKind(listed.out, QStringLiteral("history"));
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs[0].value("id").toInt(), 1);
        QCOMPARE(runs[0].value("workload").toString(), QStringLiteral("ycsb-c"));
        QCOMPARE(runs[1].value("id").toInt(), 2);
        QCOMPARE(runs[1].value("workload").toString(), QStringLiteral("set"));
        QVERIFY(runs[1].value("ops_per_s").toDouble() > 0);
        QVERIFY(runs[1].value("cores").toInt() > 0);
        const Run table = runKvs({"bench", "--history"});
        QCOMPARE(table.code, 0);
        QCOMPARE(lines(table.out).size(), 3); // the header and two runs
        QVERIFY(table.out.contains("ycsb-c"));
        qunsetenv("KVS_BENCH_HISTORY");
    }

    // Issue 28: a history with one run whose value bytes another writer broke. `--history` and
    // `--save` failed with "cannot decode value ... at byte 0", naming neither the file nor the
    // run; now that run is skipped with a warning naming both, and the others list.
    void anUndecodableRunIsSkippedWithAWarning()
    {
        QTemporaryDir dir;
        const QString history = dir.filePath(QStringLiteral("history.sqlite"));
        qputenv("KVS_BENCH_HISTORY", history.toUtf8());
        const auto save = [] {
            return runKvs({"bench",
                           "--workload",
                           "get",
                           "--db",
                           ":memory:",
                           "--seconds",
                           "0.2",
                           "--warmup",
                           "0",
                           "--keys",
                           "100",
                           "--save"});
        };
        for (int i = 0; i < 2; ++i)
            QCOMPARE(save().code, 0);
        kvs::test::breakHistoryRun(history.toStdString(), 2);
        const QByteArray warning = "kvs: warning: skipped run 2 of the benchmark history "
                                   + history.toUtf8() + ": cannot decode value: ";

        const Run listed = runKvs({"bench", "--history", "--json"});
        QCOMPARE(listed.code, 0);
        QVERIFY2(listed.err.startsWith(warning) && listed.err.endsWith(" at byte 0\n"),
                 listed.err.constData());
        QCOMPARE(lines(listed.err).size(), 1);
        QList<QJsonObject> runs = objectsOfKind(listed.out, QStringLiteral("history"));
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs[0].value("id").toInt(), 1);

        const Run saved = save(); // after the broken newest run
        QCOMPARE(saved.code, 0);
        QVERIFY2(saved.err.startsWith("kvs: saved as run 3 in "), saved.err.constData());

        const Run table = runKvs({"bench", "--history"});
        QCOMPARE(table.code, 0);
        QVERIFY2(table.err.startsWith(warning), table.err.constData());
        QCOMPARE(lines(table.out).size(), 3); // the header, runs 1 and 3
        qunsetenv("KVS_BENCH_HISTORY");
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("workload") << QStringList{"bench", "--workload", "tpcc", "--db", ":memory:"}
                                  << "kvs: --workload: unknown workload \"tpcc\" (known: set, get, "
                                     "get_miss, delete, increment, get_many_10, atomic_sum, "
                                     "ycsb-a, ycsb-b, ycsb-c, ycsb-d, ycsb-e, ycsb-f, queue, "
                                     "custom)\n";
        QTest::newRow("concurrency")
            << QStringList{"bench", "--workload", "get", "--db", ":memory:", "--concurrency", "300"}
            << "kvs: --concurrency needs a whole number from 1 to 256, got \"300\"\n";
        QTest::newRow("value size")
            << QStringList{"bench", "--workload", "get", "--db", ":memory:", "--value-size", "9..1"}
            << "kvs: --value-size needs bytes N or a range MIN..MAX (MIN <= MAX), got \"9..1\"\n";
        QTest::newRow("store")
            << QStringList{"bench", "--workload", "get", "--db", ":memory:", "--store", "redis"}
            << "kvs: --store: unknown value \"redis\" (known: async, kvstore)\n";
        QTest::newRow("distribution")
            << QStringList{"bench", "--workload", "get", "--db", ":memory:", "--distribution", "x"}
            << "kvs: --distribution: unknown value \"x\" (known: uniform, zipfian, latest, "
               "sequential)\n";
        QTest::newRow("mix without custom")
            << QStringList{"bench", "--workload", "get", "--db", ":memory:", "--mix", "get=1"}
            << "kvs: --mix needs --workload custom\n";
        QTest::newRow("ops with workload")
            << QStringList{"bench", "--workload", "get", "--db", ":memory:", "--ops", "set"}
            << "kvs: --ops is not an option of bench --workload\n";
        QTest::newRow("keys without workload")
            << QStringList{"bench", "--db", ":memory:", "--keys", "5"}
            << "kvs: --keys is an option of bench --workload\n";
        QTest::newRow("table prefix")
            << QStringList{"bench", "--workload", "get", "--db", ":memory:", "--table-prefix", "t_"}
            << "kvs: bench --workload uses tables of its own (kvsbench_* in the connection's "
               "current schema), so --table-prefix does not apply\n";
        QTest::newRow("kvstore concurrency")
            << QStringList{"bench",
                           "--workload",
                           "get",
                           "--db",
                           ":memory:",
                           "--store",
                           "kvstore",
                           "--concurrency",
                           "2"}
            << "kvs: bench: --store kvstore makes one call at a time; --concurrency needs "
               "--store async\n";
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run run = runKvs(args);
        QVERIFY(run.code == 1 || run.code == 2);
        QCOMPARE(QString::fromUtf8(run.err), message);
        QVERIFY(run.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliBenchWorkload)
#include "tst_cli_bench_workload.moc"
