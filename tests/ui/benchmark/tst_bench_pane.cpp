// The Benchmark view on scratch SQLite files: a run fills the chart and the result table and is
// saved to the history, a stopped run is kept and marked partial, saved runs are compared side by
// side (named by the parameters that differ), a run and the chart are exported, and a refused
// run says why.
#include "bench/history/run_history.h"
#include "benchmark/bench_chart.h"
#include "benchmark/bench_controller.h"
#include "benchmark/bench_exports.h"
#include "benchmark/bench_history_model.h"
#include "benchmark/bench_pane.h"
#include "benchmark/bench_result_model.h"
#include "benchmark/run_difference.h"
#include "connection/connection_spec.h"
#include "session/database_session.h"
#include "session/database_view.h"
#include "support/small_screen.h"
#include "support/test_paths.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>
#include <QValueAxis>

using namespace kvs;
using namespace kvs::ui;

namespace {

constexpr int kRunTimeoutMs = 60000;

// A pane with the history and the scratch folder in dir; a short run's parameters.
void prepare(BenchPane &pane, const QTemporaryDir &dir)
{
    pane.controller()->setHistoryPath(dir.filePath(QStringLiteral("history.sqlite")));
    pane.setScratchFolder(dir.path());
    pane.setWorkload(QStringLiteral("ycsb-a"));
}

bench::WorkloadConfig shortRun(const BenchPane &pane, double seconds)
{
    bench::WorkloadConfig config = pane.config();
    config.seconds = seconds;
    config.warmupSeconds = 0;
    config.keys = 1000;
    return config;
}

// The tick labels an axis draws: its label format applied to each tick value, as Qt Charts
// does ("%d" to the value as an integer).
QStringList tickLabels(const QValueAxis *axis)
{
    QStringList labels;
    const QByteArray format = axis->labelFormat().toLatin1();
    const double step = (axis->max() - axis->min()) / (axis->tickCount() - 1);
    for (int tick = 0; tick < axis->tickCount(); ++tick) {
        const double value = axis->min() + tick * step;
        labels << (format.endsWith('d') ? QString::asprintf(format.constData(), qint64(value))
                                        : QString::asprintf(format.constData(), value));
    }
    return labels;
}

// Each label a different whole number, rising from 0, and the range covers top.
void checkAxis(const QValueAxis *axis, double top)
{
    const QStringList labels = tickLabels(axis);
    QVERIFY2(labels.size() >= 2, qPrintable(labels.join(QLatin1Char(' '))));
    QCOMPARE(labels.front(), QStringLiteral("0"));
    for (int i = 1; i < labels.size(); ++i) {
        bool whole = false;
        const long long value = labels.at(i).toLongLong(&whole);
        QVERIFY2(whole && value > labels.at(i - 1).toLongLong(),
                 qPrintable(labels.join(QLatin1Char(' '))));
    }
    QVERIFY(axis->max() >= top);
}

// checkAxis, and the test ends at its failure.
#define CHECK_AXIS(axis, top) \
    do { \
        checkAxis(axis, top); \
        if (QTest::currentTestFailed()) \
            return; \
    } while (false)

QStringList fileEntries(const QString &folder)
{
    return QDir(folder).entryList(QDir::Files | QDir::NoDotAndDotDot);
}

} // namespace

class TestBenchPane : public QObject
{
    Q_OBJECT

private slots:
    void runFillsTheChartAndTheTableAndIsSaved()
    {
        QTemporaryDir dir;
        BenchPane pane;
        prepare(pane, dir);
        QAbstractItemModelTester results(pane.resultModel());
        QAbstractItemModelTester history(pane.historyModel());
        pane.resize(1200, 800);
        pane.show();
        QSignalSpy finished(pane.controller(), &BenchController::finished);
        // 1.2 s: the chart's points are whole seconds, so a run shorter than one has none.
        QVERIFY(pane.controller()->start(shortRun(pane, 1.2)));
        QVERIFY(pane.controller()->isRunning());
        QVERIFY(finished.wait(kRunTimeoutMs));
        const auto run = finished.at(0).at(0).value<bench::HistoryRun>();
        QVERIFY(!run.partial);
        QCOMPARE(run.id, 1);
        QVERIFY(!pane.controller()->isRunning());
        QVERIFY(pane.startButton()->isEnabled());
        QVERIFY(!pane.stopButton()->isEnabled());

        const QList<QLineSeries *> series = pane.chart()->lineSeries();
        QCOMPARE(series.size(), 3);
        QCOMPARE(series.at(0)->count(), 1);
        QVERIFY(series.at(0)->at(0).y() > 0);
        QCOMPARE(series.at(0)->at(0).x(), 1.0);

        // ycsb-a: get, set and all.
        QCOMPARE(pane.resultModel()->rowCount(), 3);
        const QAbstractItemModel *model = pane.resultModel();
        QCOMPARE(model->index(2, BenchResultModel::Operation).data().toString(),
                 QStringLiteral("all"));
        QVERIFY(model->index(2, BenchResultModel::OpsPerSecond).data().toString() != "0");
        QCOMPARE(model->index(2, BenchResultModel::Errors).data().toString(), QStringLiteral("0"));

        QCOMPARE(pane.historyModel()->savedRunCount(), 1);
        QCOMPARE(pane.historyView()->selectionModel()->selectedRows().size(), 1);
        QVERIFY(pane.statusLabel()->text().contains(QStringLiteral("#1")));
        QVERIFY(pane.exports()->shownRun().has_value());

        // Saved where the CLI's --history reads, with its figures.
        const std::vector<bench::HistoryRun> saved
            = bench::RunHistory(dir.filePath(QStringLiteral("history.sqlite")).toStdString())
                  .list();
        QCOMPARE(saved.size(), std::size_t(1));
        QCOMPARE(saved[0].config.workload, std::string("ycsb-a"));
        QCOMPARE(saved[0].ops.back().op, std::string("all"));
        QCOMPARE(saved[0].series.size(), std::size_t(1));
        // The scratch file is gone: only the history is left in the folder (with its WAL while
        // the open pane watches it).
        QStringList left = fileEntries(dir.path());
        left.removeAll(QStringLiteral("history.sqlite-wal"));
        left.removeAll(QStringLiteral("history.sqlite-shm"));
        QCOMPARE(left, QStringList{QStringLiteral("history.sqlite")});
    }

    void stoppedRunIsKeptAndMarkedPartial()
    {
        QTemporaryDir dir;
        BenchPane pane;
        prepare(pane, dir);
        pane.show();
        QSignalSpy seconds(pane.controller(), &BenchController::second);
        QSignalSpy finished(pane.controller(), &BenchController::finished);
        QVERIFY(pane.controller()->start(shortRun(pane, 600)));
        QVERIFY(seconds.wait(kRunTimeoutMs));
        QVERIFY(pane.stopButton()->isEnabled());
        QTest::mouseClick(pane.stopButton(), Qt::LeftButton);
        QVERIFY(finished.wait(kRunTimeoutMs));
        const auto run = finished.at(0).at(0).value<bench::HistoryRun>();
        QVERIFY(run.partial);
        QVERIFY(run.seconds < 600);
        QVERIFY(pane.statusLabel()->text().contains(QStringLiteral("partial")));
        QCOMPARE(pane.historyModel()->savedRunCount(), 1);
        QCOMPARE(pane.historyModel()->index(0, BenchHistoryModel::Partial).data().toString(),
                 QStringLiteral("stopped early"));
        QVERIFY(pane.resultModel()
                    ->index(0, BenchResultModel::Run)
                    .data()
                    .toString()
                    .endsWith(QStringLiteral("(partial)")));
        QVERIFY(bench::RunHistory(dir.filePath(QStringLiteral("history.sqlite")).toStdString())
                    .list()
                    .at(0)
                    .partial);
    }

    void closingThePaneDuringARunLeavesTheRunToEndOnItsOwn()
    {
        QTemporaryDir dir;
        auto pane = std::make_unique<BenchPane>();
        prepare(*pane, dir);
        pane->show();
        QSignalSpy seconds(pane->controller(), &BenchController::second);
        QVERIFY(pane->controller()->start(shortRun(*pane, 600)));
        QVERIFY(seconds.wait(kRunTimeoutMs));
        pane.reset(); // the tab closes: the run is cancelled, not waited for
        // The GUI thread got back before the run ended (it still saves its partial result).
        QVERIFY(QThreadPool::globalInstance()->activeThreadCount() > 0);
        // The run sees the cancel, saves its partial result and posts to a controller that is
        // gone; nothing is shown and nothing crashes.
        QVERIFY(QThreadPool::globalInstance()->waitForDone(kRunTimeoutMs));
        QCoreApplication::sendPostedEvents();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        const auto runs
            = bench::RunHistory(dir.filePath(QStringLiteral("history.sqlite")).toStdString())
                  .list();
        QCOMPARE(runs.size(), std::size_t(1));
        QVERIFY(runs.at(0).partial);
    }

    void savedRunsAreComparedSideBySide()
    {
        QTemporaryDir dir;
        const QString historyPath = dir.filePath(QStringLiteral("history.sqlite"));
        {
            BenchPane pane;
            prepare(pane, dir);
            QSignalSpy finished(pane.controller(), &BenchController::finished);
            QVERIFY(pane.controller()->start(shortRun(pane, 1.1)));
            QVERIFY(finished.wait(kRunTimeoutMs));
            pane.setWorkload(QStringLiteral("ycsb-c"));
            QVERIFY(pane.controller()->start(shortRun(pane, 1.1)));
            QVERIFY(finished.wait(kRunTimeoutMs));
        }
        // A new pane reads the history when shown.
        BenchPane pane;
        pane.controller()->setHistoryPath(historyPath);
        QAbstractItemModelTester results(pane.resultModel());
        QAbstractItemModelTester history(pane.historyModel());
        QSignalSpy loaded(pane.controller(), &BenchController::historyLoaded);
        pane.show();
        QVERIFY(loaded.wait(kRunTimeoutMs));
        QCOMPARE(pane.historyModel()->savedRunCount(), 2);
        // Newest first.
        QCOMPARE(pane.historyModel()->index(0, BenchHistoryModel::Workload).data().toString(),
                 QStringLiteral("ycsb-c"));
        pane.historyView()->selectionModel()->select(
            QItemSelection(pane.historyModel()->index(0, 0), pane.historyModel()->index(1, 0)),
            QItemSelectionModel::Select | QItemSelectionModel::Rows);
        // ycsb-c: get, all; ycsb-a: get, set, all.
        QCOMPARE(pane.resultModel()->rowCount(), 5);
        QStringList runs;
        for (int row = 0; row < 5; ++row)
            runs << pane.resultModel()->index(row, BenchResultModel::Run).data().toString();
        QVERIFY(runs.contains(QStringLiteral("#1 ycsb-a sqlite")));
        QVERIFY(runs.contains(QStringLiteral("#2 ycsb-c sqlite")));
        const QList<QLineSeries *> series = pane.chart()->lineSeries();
        QCOMPARE(series.size(), 2);
        QCOMPARE(series.at(0)->name(), QStringLiteral("#2 ycsb-c sqlite"));
        QCOMPARE(series.at(1)->name(), QStringLiteral("#1 ycsb-a sqlite"));
        QCOMPARE(series.at(0)->count(), 1);
        // Two runs are no single run to export.
        QVERIFY(!pane.exports()->shownRun());
        QVERIFY(!pane.exports()->exportJson(dir.filePath(QStringLiteral("none.json"))));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("none.json"))));
        QVERIFY(pane.statusLabel()->text().contains(QStringLiteral("no run shown")));
    }

    // Issue 31: two compared runs were told apart in the legend (and the PNG) only by their
    // number; the parameters that differ name them.
    void issue31_comparedRunsAreNamedByWhatDiffers()
    {
        bench::HistoryRun one;
        one.id = 3;
        one.backend = "sqlite";
        one.config.workload = "ycsb-a";
        one.config.concurrency = 1;
        one.series = {bench::SecondStats{1, 900, 0, 0, 0, 0}};
        bench::HistoryRun sixteen = one;
        sixteen.id = 4;
        sixteen.config.concurrency = 16;
        sixteen.series = {bench::SecondStats{1, 4000, 0, 0, 0, 0}};
        const RunDifference difference({one, sixteen});
        QCOMPARE(difference.differing(), QStringList{QStringLiteral("concurrency")});
        QCOMPARE(difference.label(one), QStringLiteral("#3 ycsb-a sqlite (concurrency 1)"));
        // Alike runs keep their short labels.
        QCOMPARE(RunDifference({one, one}).label(one), QStringLiteral("#3 ycsb-a sqlite"));

        BenchPane pane;
        pane.chart()->showRuns({one, sixteen});
        const QList<QLineSeries *> series = pane.chart()->lineSeries();
        QCOMPARE(series.size(), 2);
        QCOMPARE(series.at(0)->name(), QStringLiteral("#3 ycsb-a sqlite (concurrency 1)"));
        QCOMPARE(series.at(1)->name(), QStringLiteral("#4 ycsb-a sqlite (concurrency 16)"));
    }

    void exportsTheRunAndTheChart()
    {
        QTemporaryDir dir;
        BenchPane pane;
        prepare(pane, dir);
        pane.resize(1000, 700);
        pane.show();
        QSignalSpy finished(pane.controller(), &BenchController::finished);
        QVERIFY(pane.controller()->start(shortRun(pane, 1.1)));
        QVERIFY(finished.wait(kRunTimeoutMs));

        const QString json = dir.filePath(QStringLiteral("run.json"));
        QVERIFY(pane.exports()->exportJson(json));
        QFile jsonFile(json);
        QVERIFY(jsonFile.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = jsonFile.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 3 + 1); // run, get, set, all, one second
        QVERIFY(lines[0].contains("\"kind\":\"run\""));
        QVERIFY(lines[3].contains("\"kind\":\"result\""));
        QVERIFY(lines[3].contains("\"op\":\"all\""));
        for (const char *member : {"\"ops_per_s\":",
                                   "\"p50_us\":",
                                   "\"p90_us\":",
                                   "\"p99_us\":",
                                   "\"p999_us\":",
                                   "\"max_us\":",
                                   "\"errors\":0",
                                   "\"mode\":\"closed\"",
                                   "\"partial\":false"})
            QVERIFY2(lines[3].contains(member), member);
        QVERIFY(lines[4].contains("\"kind\":\"second\""));

        const QString csv = dir.filePath(QStringLiteral("run.csv"));
        QVERIFY(pane.exports()->exportCsv(csv));
        QFile csvFile(csv);
        QVERIFY(csvFile.open(QIODevice::ReadOnly));
        const QByteArray csvText = csvFile.readAll();
        QVERIFY(csvText.startsWith("op,ops_per_s,p50_us,p90_us,p99_us,p999_us,max_us,errors\n"));
        QVERIFY(csvText.contains("\nall,"));
        QVERIFY(csvText.contains("\nsecond,ops_per_s,p50_us,p99_us,errors\n1,"));

        const QString png = dir.filePath(QStringLiteral("chart.png"));
        QVERIFY(pane.exports()->exportPng(png));
        QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), pane.chart()->size() * pane.chart()->devicePixelRatio());

        const QString svg = dir.filePath(QStringLiteral("chart.svg"));
        QVERIFY(pane.exports()->exportSvg(svg));
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        const QByteArray svgText = svgFile.readAll();
        QVERIFY(svgText.contains("<svg"));
        QVERIFY(svgText.contains("Benchmark"));

        // A folder that does not exist: refused with the reason, nothing written.
        const QString nowhere = dir.filePath(QStringLiteral("missing/run.json"));
        QVERIFY(!pane.exports()->exportJson(nowhere));
        QVERIFY(pane.statusLabel()->text().startsWith(QStringLiteral("Cannot write ")));
        QVERIFY(!QFile::exists(nowhere));
    }

    void refusesABadRunAndSaysWhy()
    {
        QTemporaryDir dir;
        BenchPane pane;
        prepare(pane, dir);
        QSignalSpy failed(pane.controller(), &BenchController::failed);
        bench::WorkloadConfig config = shortRun(pane, 1);
        config.store = bench::StoreKind::KVStore;
        config.concurrency = 4;
        QVERIFY(!pane.controller()->start(config));
        QCOMPARE(failed.size(), 1);
        QVERIFY(failed.at(0).at(0).toString().startsWith(QStringLiteral("kvs: bench: ")));
        QVERIFY(!pane.controller()->isRunning());
        QCOMPARE(fileEntries(dir.path()), QStringList());

        // A custom mix that does not parse: the status names the bad part, nothing starts.
        pane.setWorkload(QStringLiteral("custom"));
        auto *mix = pane.findChild<QLineEdit *>(QStringLiteral("benchMix"));
        QVERIFY(mix);
        mix->setText(QStringLiteral("get=50,fly=10"));
        QVERIFY(!pane.start());
        QVERIFY(pane.statusLabel()->text().contains(QStringLiteral("fly")));
        QVERIFY(!pane.controller()->isRunning());

        // The PostgreSQL target of a SQLite database's tab: refused.
        pane.setWorkload(QStringLiteral("ycsb-a"));
        pane.setTarget(BenchPane::PostgresServer);
        QVERIFY(!pane.start());
        QCOMPARE(pane.statusLabel()->text(),
                 QStringLiteral("This database is not on a PostgreSQL server."));
    }

    // A history that cannot be written: the run is shown all the same, and the status says why
    // it was not saved.
    void unsavedRunSaysWhy()
    {
        QTemporaryDir dir;
        BenchPane pane;
        prepare(pane, dir);
        QFile plain(dir.filePath(QStringLiteral("plain")));
        QVERIFY(plain.open(QIODevice::WriteOnly));
        plain.close();
        pane.controller()->setHistoryPath(dir.filePath(QStringLiteral("plain/history.sqlite")));
        QSignalSpy finished(pane.controller(), &BenchController::finished);
        QVERIFY(pane.controller()->start(shortRun(pane, 1.1)));
        QVERIFY(finished.wait(kRunTimeoutMs));
        QCOMPARE(finished.at(0).at(0).value<bench::HistoryRun>().id, 0);
        QVERIFY2(pane.statusLabel()->text().startsWith(
                     QStringLiteral("kvs: cannot open the benchmark history ")),
                 qPrintable(pane.statusLabel()->text()));
        QCOMPARE(pane.resultModel()->rowCount(), 3);
        QVERIFY(pane.exports()->shownRun().has_value());
        QCOMPARE(pane.historyModel()->savedRunCount(), 0);
    }

    // The tab of a SQLite database benchmarks a scratch file next to it, never the file itself.
    void isATabOfEachDatabase()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("shop.db"));
        DatabaseView view(new DatabaseSession(ConnectionSpec::sqlite(path, true), {}));
        auto *tabs = view.findChild<QTabWidget *>();
        QVERIFY(tabs);
        QCOMPARE(tabs->tabText(tabs->indexOf(view.bench())), QStringLiteral("Benchmark"));
        const bench::WorkloadConfig config = view.bench()->config();
        QVERIFY(config.db.empty());
        QCOMPARE(QString::fromStdString(config.scratchFolder), QFileInfo(path).absolutePath());
        // No server to offer on a SQLite tab.
        auto *target = view.bench()->findChild<QComboBox *>(QStringLiteral("benchTarget"));
        QVERIFY(target);
        const auto *items = qobject_cast<QStandardItemModel *>(target->model());
        QVERIFY(!items->item(BenchPane::PostgresServer)->isEnabled());
        QVERIFY(items->item(BenchPane::ScratchSqlite)->isEnabled());
    }

    // An empty chart read "0 0 1 1 1" on its ops/s and latency axes (an integer format on 0..1).
    void axesLabelDistinctWholeNumbers()
    {
        BenchChart chart;
        chart.resize(800, 400);
        chart.show();
        CHECK_AXIS(chart.opsAxis(), 0);
        CHECK_AXIS(chart.latencyAxis(), 0);
        CHECK_AXIS(chart.timeAxis(), 10);
        QCOMPARE(tickLabels(chart.opsAxis()).join(QLatin1Char(' ')), QStringLiteral("0 1 2 3 4 5"));

        chart.startRun(1.2); // a short run, before its first point
        CHECK_AXIS(chart.timeAxis(), 1.2);
        CHECK_AXIS(chart.opsAxis(), 0);
        bench::SecondStats second;
        second.second = 1;
        second.opsPerSecond = 3;
        second.p50Us = 0.4;
        second.p99Us = 0.9;
        chart.addSecond(second); // small values on every axis
        CHECK_AXIS(chart.opsAxis(), 3);
        CHECK_AXIS(chart.latencyAxis(), 0.9);
        second.second = 2;
        second.opsPerSecond = 123456;
        second.p99Us = 7350;
        chart.addSecond(second);
        CHECK_AXIS(chart.timeAxis(), 2);
        CHECK_AXIS(chart.opsAxis(), 123456);
        CHECK_AXIS(chart.latencyAxis(), 7350);
        QCOMPARE(tickLabels(chart.opsAxis()).join(QLatin1Char(' ')),
                 QStringLiteral("0 50000 100000 150000"));
    }

    void savesAScreenshot()
    {
        QTemporaryDir dir;
        BenchPane pane;
        prepare(pane, dir);
        pane.resize(kvs::test::kPaneOnSmallScreen);
        pane.show();
        QSignalSpy finished(pane.controller(), &BenchController::finished);
        QVERIFY(pane.controller()->start(shortRun(pane, 5)));
        QVERIFY(finished.wait(kRunTimeoutMs));
        QVERIFY(pane.chart()->lineSeries().at(0)->count() >= 4);
        const QString out = kvs::test::fromTest(KVS_SCREENSHOT_DIR);
        QDir().mkpath(out);
        QVERIFY(pane.grab().save(out + QStringLiteral("/benchmark.png")));
    }
};

QTEST_MAIN(TestBenchPane)
#include "tst_bench_pane.moc"
