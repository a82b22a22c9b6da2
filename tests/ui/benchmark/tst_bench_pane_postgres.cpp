// The Benchmark view on the PostgreSQL of the test command: a run on the server of a database
// tab writes only scratch kvsbench_ tables, drops them, and is saved as a postgres run.
#include "benchmark/bench_chart.h"
#include "benchmark/bench_controller.h"
#include "benchmark/bench_exports.h"
#include "benchmark/bench_history_model.h"
#include "benchmark/bench_pane.h"
#include "benchmark/bench_result_model.h"
#include "connection/connection_spec.h"
#include "session/database_session.h"
#include "session/database_view.h"
#include "support/postgres_test_server.h"
#include "support/test_paths.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QImage>
#include <QItemSelectionModel>
#include <QLineSeries>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs;
using namespace kvs::ui;

class TestBenchPanePostgres : public QObject
{
    Q_OBJECT

private slots:
    // The tab of a PostgreSQL database offers its server, with the session's password.
    void tabOfAPostgresDatabaseTargetsItsServer()
    {
        QString password;
        const std::optional<ConnectionSpec> spec = ConnectionSpec::fromPostgresUrl(
            QString::fromStdString(test::postgresUrl()), &password);
        QVERIFY(spec);
        DatabaseView view(new DatabaseSession(*spec, password));
        const bench::WorkloadConfig config = view.bench()->config();
        QCOMPARE(config.db, spec->connectionString(password));
        QVERIFY(config.scratchFolder.empty());
    }

    void runsOnScratchTablesOfTheServer()
    {
        test::PgAdmin admin;
        const std::string schema = test::freshSchema("benchview");
        admin.exec("CREATE SCHEMA " + schema);
        // The user's own data in the same schema, which the run must leave alone.
        admin.exec("CREATE TABLE " + schema + ".users_data (id int); INSERT INTO " + schema
                   + ".users_data VALUES (1)");
        const std::string url
            = test::withParameter(test::postgresUrl(), "options=-csearch_path%3D" + schema);

        QTemporaryDir dir;
        BenchPane pane;
        QAbstractItemModelTester results(pane.resultModel());
        pane.controller()->setHistoryPath(dir.filePath(QStringLiteral("history.sqlite")));
        pane.setPostgresServer(url, QStringLiteral("test server"));
        pane.setWorkload(QStringLiteral("ycsb-b"));
        pane.show();
        bench::WorkloadConfig config = pane.config();
        QCOMPARE(config.db, url);
        QVERIFY(config.scratchFolder.empty());
        config.seconds = 1.1;
        config.warmupSeconds = 0;
        config.keys = 1000;
        config.concurrency = 4;
        QSignalSpy finished(pane.controller(), &BenchController::finished);
        QVERIFY(pane.controller()->start(config));
        QVERIFY(finished.wait(120000));
        const auto run = finished.at(0).at(0).value<bench::HistoryRun>();
        QCOMPARE(run.backend, std::string("postgres"));
        QVERIFY(!run.partial);
        QCOMPARE(pane.chart()->lineSeries().at(0)->count(), 1);
        QCOMPARE(pane.resultModel()->rowCount(), 3); // get, set, all
        QCOMPARE(pane.resultModel()->index(0, BenchResultModel::Run).data().toString(),
                 QStringLiteral("#1 ycsb-b postgres"));
        // The history keeps the URL without its password.
        QVERIFY(run.id == 1);
        QCOMPARE(admin.exec("SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = "
                            "c.relnamespace WHERE n.nspname = '"
                            + schema + "' AND c.relname LIKE 'kvsbench\\_%'"),
                 std::string("0"));
        QCOMPARE(admin.exec("SELECT count(*) FROM " + schema + ".users_data"), std::string("1"));
        admin.exec("DROP SCHEMA " + schema + " CASCADE");
    }

    // SQLite vs PostgreSQL in one chart, written by the view's own PNG export: the README's
    // comparison chart (scripts/update-screenshots.sh copies it). KVS_COMPARE_SECONDS sets the
    // measured seconds of each run (default 2).
    void savesAComparisonChartOfSqliteAndPostgres()
    {
        test::PgAdmin admin;
        const std::string schema = test::freshSchema("benchcompare");
        admin.exec("CREATE SCHEMA " + schema);
        const std::string url
            = test::withParameter(test::postgresUrl(), "options=-csearch_path%3D" + schema);
        const double seconds = qEnvironmentVariableIsSet("KVS_COMPARE_SECONDS")
                                   ? qEnvironmentVariable("KVS_COMPARE_SECONDS").toDouble()
                                   : 2;
        QVERIFY(seconds > 0);

        QTemporaryDir dir;
        BenchPane pane;
        pane.controller()->setHistoryPath(dir.filePath(QStringLiteral("history.sqlite")));
        pane.setPostgresServer(url, QStringLiteral("test server"));
        pane.setScratchFolder(dir.path());
        pane.setWorkload(QStringLiteral("ycsb-c"));
        pane.resize(1200, 760);
        pane.show();
        QSignalSpy finished(pane.controller(), &BenchController::finished);
        for (const BenchPane::Target target :
             {BenchPane::ScratchSqlite, BenchPane::PostgresServer}) {
            pane.setTarget(target);
            bench::WorkloadConfig config = pane.config();
            config.seconds = seconds;
            config.warmupSeconds = 1;
            config.keys = 20000;
            config.concurrency = 16;
            QVERIFY(pane.controller()->start(config));
            QVERIFY(finished.wait(120000));
        }
        QCOMPARE(finished.size(), 2);
        for (const QList<QVariant> &signal : finished) { // the figures for the README's caption
            const auto run = signal.at(0).value<bench::HistoryRun>();
            const bench::SavedOp &all = run.ops.back();
            qInfo("%s: %.0f ops/s, p50 %.0f us, p99 %.0f us, p99.9 %.0f us",
                  run.backend.c_str(),
                  all.opsPerSecond,
                  all.p50Us,
                  all.p99Us,
                  all.p999Us);
        }
        QCOMPARE(finished.at(1).at(0).value<bench::HistoryRun>().backend, std::string("postgres"));

        pane.historyView()->selectionModel()->select(
            QItemSelection(pane.historyModel()->index(0, 0), pane.historyModel()->index(1, 0)),
            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        const QList<QLineSeries *> series = pane.chart()->lineSeries();
        QCOMPARE(series.size(), 2);
        QCOMPARE(series.at(0)->name(), QStringLiteral("#2 ycsb-c postgres"));
        QCOMPARE(series.at(1)->name(), QStringLiteral("#1 ycsb-c sqlite"));
        const QString out = kvs::test::fromTest(KVS_SCREENSHOT_DIR);
        QDir().mkpath(out);
        const QString png = out + QStringLiteral("/benchmark-compare.png");
        QVERIFY(pane.exports()->exportPng(png));
        QVERIFY(!QImage(png).isNull());
        admin.exec("DROP SCHEMA " + schema + " CASCADE");
    }
};

QTEST_MAIN(TestBenchPanePostgres)
#include "tst_bench_pane_postgres.moc"
