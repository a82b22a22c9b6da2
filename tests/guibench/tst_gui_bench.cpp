// Runs the real kvs-gui-bench program (KVS_GUI_BENCH_PATH), as a server without a display would:
// no QT_QPA_PLATFORM, no DISPLAY. Checks the GUI benchmarks' JSON lines and table, and its
// command line.

#include "support/test_paths.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTest>

namespace {

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

Run runGuiBench(const QStringList &args)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &name : {QStringLiteral("QT_QPA_PLATFORM"),
                                QStringLiteral("DISPLAY"),
                                QStringLiteral("WAYLAND_DISPLAY")}) {
        environment.remove(name);
    }
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(kvs::test::fromTest(KVS_GUI_BENCH_PATH), args);
    Run run;
    if (!process.waitForFinished(120000) || process.exitStatus() != QProcess::NormalExit) {
        process.kill();
        process.waitForFinished();
        run.err = "kvs-gui-bench did not finish: " + process.readAllStandardError();
        return run;
    }
    run.code = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

QList<QByteArray> lines(const QByteArray &text)
{
    QList<QByteArray> result = text.split('\n');
    if (!result.isEmpty() && result.last().isEmpty())
        result.removeLast();
    return result;
}

QJsonObject parseObject(const QByteArray &line)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(line, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        qWarning() << "not a JSON object:" << line << error.errorString();
        return {};
    }
    return document.object();
}

// The members of a JSON line, in order, with the CLI's spacing.
bool hasFieldsInOrder(const QByteArray &line, const QList<QByteArray> &fields)
{
    qsizetype at = -1;
    for (const QByteArray &field : fields) {
        const qsizetype next = line.indexOf('"' + field + "\": ");
        if (next <= at)
            return false;
        at = next;
    }
    return parseObject(line).size() == fields.size();
}

} // namespace

class TestGuiBench : public QObject
{
    Q_OBJECT

private slots:
    void json()
    {
        // The GUI's code paths: the key tree's expansion and the inspector opening 20 MB. The exit
        // code also proves the Qt application object went cleanly.
        const Run run = runGuiBench(
            {"--ops", "tree_expand_10k,inspector_open_20mb", "--seconds", "0.05", "--json"});
        QVERIFY2(run.code == 0, run.err.constData());
        const QList<QByteArray> rows = lines(run.out);
        QCOMPARE(rows.size(), 2);
        QVERIFY2(hasFieldsInOrder(rows[0],
                                  {"backend",
                                   "db",
                                   "op",
                                   "ops_per_s",
                                   "p50_us",
                                   "p99_us",
                                   "baseline",
                                   "baseline_ops_per_s",
                                   "ratio"}),
                 rows[0].constData());
        const QJsonObject expand = parseObject(rows[0]);
        QCOMPARE(expand[u"backend"].toString(), QStringLiteral("tree"));
        QCOMPARE(expand[u"op"].toString(), QStringLiteral("tree_expand_10k"));
        QVERIFY(expand[u"ops_per_s"].toDouble() > 0);
        QVERIFY(expand[u"baseline"].isNull());
        QVERIFY2(hasFieldsInOrder(
                     rows[1],
                     {"backend", "db", "op", "value_bytes", "runs", "longest_gap_ms", "open_ms"}),
                 rows[1].constData());
        const QJsonObject open = parseObject(rows[1]);
        QCOMPARE(open[u"backend"].toString(), QStringLiteral("tree"));
        QCOMPARE(open[u"op"].toString(), QStringLiteral("inspector_open_20mb"));
        QCOMPARE(open[u"value_bytes"].toDouble(), 20'000'000.0);
        QCOMPARE(open[u"runs"].toDouble(), 3.0);
        QVERIFY(open[u"longest_gap_ms"].toDouble() > 0); // a 10 ms timer never ticks closer
        QVERIFY(open[u"open_ms"].toDouble() > 0);
    }

    void table()
    {
        const Run run = runGuiBench({"--ops", "tree_expand_10k", "--seconds", "0.05"});
        QVERIFY2(run.code == 0, run.err.constData());
        const QList<QByteArray> rows = lines(run.out);
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows[0],
                 QByteArray("kvs bench: the key tree (KeyTreeModel over AsyncKVStore, SQLite), "
                            "0.05 s per operation"));
        QVERIFY2(rows[1].startsWith("tree_expand_10k "), rows[1].constData());
        QVERIFY(rows[1].contains(" expansions/s  p50 "));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("unknown op")
            << QStringList{"--ops", "tree_expand_10k,get_hit"}
            << QByteArray("kvs-gui-bench: --ops: unknown operation \"get_hit\" (known: "
                          "tree_expand_10k, tree_expand_1m, inspector_open_20mb, tables_scroll_1m, "
                          "bench_view_30s, queues_overview_1m, analysis_view_1m, tree_goto_10k, "
                          "tree_goto_1m, "
                          "tree_expand_1000_pg_1ms, tree_expand_10k_pg, tree_expand_1m_pg, "
                          "tree_goto_10k_pg, tree_goto_1m_pg)\n");
        QTest::newRow("pg op without a server")
            << QStringList{"--ops", "tree_expand_1000_pg_1ms"}
            << QByteArray("kvs-gui-bench: --ops: tree_expand_1000_pg_1ms needs --postgres URL\n");
        QTest::newRow("seconds") << QStringList{"--seconds", "0"}
                                 << QByteArray("kvs-gui-bench: --seconds needs a number of "
                                               "seconds > 0, got \"0\"\n");
        QTest::newRow("argument") << QStringList{"tree"}
                                  << QByteArray("kvs-gui-bench: takes no arguments");
        QTest::newRow("option") << QStringList{"--db", "x.db"}
                                << QByteArray("kvs-gui-bench: Unknown option 'db'");
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        const Run run = runGuiBench(args);
        QCOMPARE(run.code, 2);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(run.err.startsWith(message), run.err.constData());
        QCOMPARE(run.err.count('\n'), 1);
    }

    void help()
    {
        const Run run = runGuiBench({"--help"});
        QCOMPARE(run.code, 0);
        for (const char *topic : {"--ops",
                                  "--seconds",
                                  "--json",
                                  "tree_expand_10k",
                                  "tree_expand_1m",
                                  "inspector_open_20mb",
                                  "bench_view_30s",
                                  "queues_overview_1m",
                                  "analysis_view_1m",
                                  "tree_goto_1m",
                                  "tree_expand_1000_pg_1ms",
                                  "--postgres",
                                  "\"round_trips\"",
                                  "\"longest_gap_ms\""}) {
            QVERIFY2(run.out.contains(topic), topic);
        }
    }
};

QTEST_GUILESS_MAIN(TestGuiBench)
#include "tst_gui_bench.moc"
