// The Benchmark view's history: saved runs are deleted after a question that names them, and
// a run that `kvs bench --save` adds shows up while the tab is open.
#include "bench/history/machine_info.h"
#include "bench/history/run_history.h"
#include "benchmark/bench_controller.h"
#include "benchmark/bench_exports.h"
#include "benchmark/bench_history_model.h"
#include "benchmark/bench_history_panel.h"
#include "benchmark/bench_pane.h"
#include "benchmark/bench_result_model.h"
#include "support/broken_history_run.h"
#include "support/test_paths.h"

#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs;
using namespace kvs::ui;

namespace {

constexpr int kTimeoutMs = 60000;

void saveRuns(const QString &path, int count)
{
    bench::RunHistory history(path.toStdString());
    bench::RunResult result;
    result.all.op = "all";
    bench::WorkloadConfig config;
    config.db = ":memory:";
    for (int i = 0; i < count; ++i)
        (void)history.append(config, result, bench::currentMachine(), 1.7e12 + i);
}

void selectRowsOf(BenchPane &pane, std::initializer_list<std::int64_t> ids)
{
    QItemSelectionModel *selection = pane.historyView()->selectionModel();
    selection->clearSelection();
    for (const std::int64_t id : ids) {
        const int row = pane.historyModel()->rowOf(id);
        QVERIFY(row >= 0);
        selection->select(pane.historyModel()->index(row, 0),
                          QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
}

std::vector<std::int64_t> savedIds(const QString &path)
{
    std::vector<std::int64_t> ids;
    for (const bench::HistoryRun &run : bench::RunHistory(path.toStdString()).list())
        ids.push_back(run.id);
    return ids;
}

} // namespace

class TestBenchHistory : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // The run lists of the messages ("#3 and #1") follow the locale.
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void deletingAsksFirstAndNamesTheRuns()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("history.sqlite"));
        saveRuns(path, 3);
        BenchPane pane;
        pane.controller()->setHistoryPath(path);
        QSignalSpy loaded(pane.controller(), &BenchController::historyLoaded);
        pane.show();
        QVERIFY(loaded.wait(kTimeoutMs));
        QCOMPARE(pane.historyModel()->savedRunCount(), 3);
        QStringList questions;
        bool answer = false;
        pane.history()->setConfirm([&](const QString &question) {
            questions << question;
            return answer;
        });

        // The reference's rows are no saved run: nothing to delete.
        selectRowsOf(pane, {-1});
        QVERIFY(!pane.history()->deleteButton()->isEnabled());

        // Said no: nothing deleted.
        selectRowsOf(pane, {1, 3, -2});
        QVERIFY(pane.history()->deleteButton()->isEnabled());
        QTest::mouseClick(pane.history()->deleteButton(), Qt::LeftButton);
        QCOMPARE(questions.size(), 1);
        QCOMPARE(questions.at(0),
                 QStringLiteral("Delete the 2 saved runs #3 and #1 from the benchmark history? "
                                "This cannot be undone."));
        QCOMPARE(savedIds(path), (std::vector<std::int64_t>{1, 2, 3}));

        answer = true;
        QSignalSpy deleted(pane.controller(), &BenchController::runsDeleted);
        pane.history()->deleteSelectedRuns();
        QVERIFY(deleted.wait(kTimeoutMs));
        QCOMPARE(savedIds(path), (std::vector<std::int64_t>{2}));
        QTRY_COMPARE(pane.historyModel()->savedRunCount(), 1);
        QCOMPARE(pane.historyModel()->run(0).id, 2);
        QCOMPARE(pane.statusLabel()->text(), QStringLiteral("Deleted the 2 saved runs #3 and #1."));

        selectRowsOf(pane, {2});
        pane.history()->deleteSelectedRuns();
        QCOMPARE(questions.last(),
                 QStringLiteral("Delete saved run #2 from the benchmark history? This cannot be "
                                "undone."));
        QVERIFY(deleted.wait(kTimeoutMs));
        QVERIFY(savedIds(path).empty());
        QTRY_COMPARE(pane.historyModel()->savedRunCount(), 0);
    }

    // Issue 28: one run whose value bytes another writer broke failed the whole list. It is left
    // out with a warning in the view naming the file and the run (no dialog); the others show,
    // and a deletion reads the history again with the warning still there.
    void anUndecodableRunIsLeftOutWithAWarning()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("history.sqlite"));
        saveRuns(path, 3);
        kvs::test::breakHistoryRun(path.toStdString(), 2);
        BenchPane pane;
        pane.controller()->setHistoryPath(path);
        QSignalSpy loaded(pane.controller(), &BenchController::historyLoaded);
        QSignalSpy failed(pane.controller(), &BenchController::failed);
        pane.show();
        QVERIFY(loaded.wait(kTimeoutMs));
        QCOMPARE(pane.historyModel()->savedRunCount(), 2);
        QCOMPARE(pane.historyModel()->run(0).id, 3);
        QCOMPARE(pane.historyModel()->run(1).id, 1);
        QLabel *warning = pane.history()->unreadableLabel();
        QVERIFY(warning->isVisible());
        QVERIFY2(warning->text().startsWith(QStringLiteral("Run #2 of ") + path
                                            + QStringLiteral(" cannot be read and is left out: "
                                                             "cannot decode value: ")),
                 qPrintable(warning->text()));
        QVERIFY(failed.isEmpty());

        pane.history()->setConfirm([](const QString &) { return true; });
        selectRowsOf(pane, {1});
        QSignalSpy deleted(pane.controller(), &BenchController::runsDeleted);
        pane.history()->deleteSelectedRuns();
        QVERIFY(deleted.wait(kTimeoutMs));
        QTRY_COMPARE_WITH_TIMEOUT(pane.historyModel()->savedRunCount(), 1, kTimeoutMs);
        QVERIFY(warning->isVisible());
        QVERIFY(warning->text().startsWith(QStringLiteral("Run #2 of ")));
        QVERIFY(failed.isEmpty());
    }

    // A history that cannot be opened: the deletion fails with the reason, and nothing else.
    void deletionThatCannotOpenTheHistorySaysWhy()
    {
        QTemporaryDir dir;
        QFile plain(dir.filePath(QStringLiteral("plain")));
        QVERIFY(plain.open(QIODevice::WriteOnly));
        plain.close();
        BenchController controller;
        const QString path = dir.filePath(QStringLiteral("plain/history.sqlite"));
        controller.setHistoryPath(path);
        QSignalSpy failed(&controller, &BenchController::failed);
        QSignalSpy deleted(&controller, &BenchController::runsDeleted);
        controller.deleteRuns({1});
        QVERIFY(failed.wait(kTimeoutMs));
        QVERIFY2(failed.at(0).at(0).toString().startsWith(
                     QStringLiteral("kvs: cannot open the benchmark history ") + path
                     + QStringLiteral(": ")),
                 qPrintable(failed.at(0).at(0).toString()));
        QCOMPARE(deleted.size(), 0);
        QCOMPARE(QFileInfo(plain).size(), 0);
    }

    // A real `kvs bench --save` process appends to the history the open tab shows.
    void runSavedByTheCliShowsUpWhileTheTabIsOpen()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("history.sqlite"));
        saveRuns(path, 1);
        BenchPane pane;
        pane.controller()->setHistoryPath(path);
        QSignalSpy loaded(pane.controller(), &BenchController::historyLoaded);
        pane.show();
        QVERIFY(loaded.wait(kTimeoutMs));
        QCOMPARE(pane.historyModel()->savedRunCount(), 1);
        QVERIFY(pane.controller()->isWatchingHistory());
        // A comparison in progress keeps its selection when the list grows.
        selectRowsOf(pane, {1, -1});

        QProcess cli;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("KVS_BENCH_HISTORY"), path);
        cli.setProcessEnvironment(environment);
        cli.start(kvs::test::fromTest(KVS_CLI_PATH),
                  {QStringLiteral("bench"),
                   QStringLiteral("--workload"),
                   QStringLiteral("get"),
                   QStringLiteral("--db"),
                   dir.filePath(QStringLiteral("scratch.sqlite")),
                   QStringLiteral("--keys"),
                   QStringLiteral("100"),
                   QStringLiteral("--seconds"),
                   QStringLiteral("0.3"),
                   QStringLiteral("--warmup"),
                   QStringLiteral("0"),
                   QStringLiteral("--save")});
        QVERIFY(cli.waitForFinished(kTimeoutMs));
        // (What the CLI said, should it fail on a loaded machine.)
        QVERIFY2(cli.exitStatus() == QProcess::NormalExit && cli.exitCode() == 0,
                 cli.readAllStandardError().constData());

        QTRY_COMPARE_WITH_TIMEOUT(pane.historyModel()->savedRunCount(), 2, kTimeoutMs);
        QCOMPARE(pane.historyModel()->run(0).id, 2);
        QCOMPARE(pane.historyModel()->run(0).config.workload, std::string("get"));
        const QModelIndexList selected = pane.historyView()->selectionModel()->selectedRows();
        QCOMPARE(selected.size(), 2);
        QCOMPARE(pane.historyModel()->run(selected.at(0).row()).id == 1
                     || pane.historyModel()->run(selected.at(1).row()).id == 1,
                 true);

        // Hidden, the tab stops looking.
        pane.hide();
        QVERIFY(!pane.controller()->isWatchingHistory());
    }

    // The reference's published table, each row beside the saved runs with its machine.
    void referenceFiguresAreRowsToCompareAgainst()
    {
        // kvs-reference.md, "Benchmarks", verbatim: columns set('k','v'), get() hit, get() miss,
        // delete(), increment(), getMany(10 keys), atomic().sum().
        const QStringList table = {
            QStringLiteral("KVStore (bun:sqlite) 388,424 ops/s 618,121 ops/s 1,078,434 ops/s "
                           "451,968 ops/s 125,737 ops/s 42,916 ops/s 103,971 ops/s"),
            QStringLiteral("AsyncKVStore (SQLite) 56,011 ops/s 69,605 ops/s 68,773 ops/s 74,343 "
                           "ops/s 21,620 ops/s 16,220 ops/s 20,846 ops/s"),
            QStringLiteral("AsyncKVStore (PostgreSQL) 1,485 ops/s 5,555 ops/s 6,167 ops/s 1,415 "
                           "ops/s 1,125 ops/s 3,682 ops/s 609 ops/s"),
        };
        const std::vector<std::string> ours
            = {"set", "get", "get_miss", "delete", "increment", "get_many_10", "atomic_sum"};
        const QString machine = QStringLiteral("reference figures (Intel Xeon 2.1 GHz, 4 vCPU)");

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("history.sqlite"));
        saveRuns(path, 1);
        BenchPane pane;
        pane.controller()->setHistoryPath(path);
        QSignalSpy loaded(pane.controller(), &BenchController::historyLoaded);
        pane.show();
        QVERIFY(loaded.wait(kTimeoutMs));
        const BenchHistoryModel *history = pane.historyModel();
        QCOMPARE(history->rowCount(), 1 + table.size());
        for (int i = 0; i < table.size(); ++i) {
            const QString line = table.at(i);
            const qsizetype firstFigure = line.indexOf(QRegularExpression(QStringLiteral(" \\d")));
            const QString backend = line.left(firstFigure);
            QStringList figures;
            for (const QString &part : line.mid(firstFigure).split(QStringLiteral(" ops/s")))
                if (!part.trimmed().isEmpty())
                    figures << part.trimmed().remove(QLatin1Char(','));
            QCOMPARE(figures.size(), qsizetype(ours.size()));

            const int row = 1 + i; // below the saved runs
            QCOMPARE(history->index(row, BenchHistoryModel::Saved).data().toString(), machine);
            QCOMPARE(history->index(row, BenchHistoryModel::Workload).data().toString(), backend);
            const bench::HistoryRun &reference = history->run(row);
            QCOMPARE(BenchHistoryModel::label(reference), machine + QStringLiteral(": ") + backend);
            QCOMPARE(reference.ops.size(), ours.size());
            for (std::size_t op = 0; op < ours.size(); ++op) {
                QCOMPARE(reference.ops[op].op, ours[op]);
                QCOMPARE(reference.ops[op].opsPerSecond,
                         figures.at(static_cast<qsizetype>(op)).toDouble());
            }
        }

        // Selected beside a saved run: its ops/s in the result table, labelled with the machine.
        selectRowsOf(pane, {1, -2});
        const QAbstractItemModel *results = pane.resultModel();
        QCOMPARE(results->rowCount(), 1 + 7); // the saved run's "all", the reference's 7 ops
        const QString label = machine + QStringLiteral(": AsyncKVStore (SQLite)");
        int found = 0;
        for (int row = 0; row < results->rowCount(); ++row) {
            if (results->index(row, BenchResultModel::Run).data().toString() != label)
                continue;
            ++found;
            if (results->index(row, BenchResultModel::Operation).data().toString()
                == QStringLiteral("get")) {
                QCOMPARE(results->index(row, BenchResultModel::OpsPerSecond).data().toString(),
                         QLocale().toString(69605.0, 'f', 0));
                // The reference publishes no latencies: none shown.
                QVERIFY(results->index(row, BenchResultModel::P99).data().toString().isEmpty());
            }
        }
        QCOMPARE(found, 7);
        // The reference is no run to export or delete.
        selectRowsOf(pane, {-2});
        QVERIFY(!pane.exports()->shownRun());
        QVERIFY(!pane.history()->deleteButton()->isEnabled());
    }
};

QTEST_MAIN(TestBenchHistory)
#include "tst_bench_history.moc"
