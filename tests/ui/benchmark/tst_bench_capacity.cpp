// The Benchmark view's capacity search and histograms (issue 44): "Find capacity" on a SQLite
// scratch store that stalls past a known rate charts each step and saves the search; a saved
// run's histogram is exported as .hgrm, also after the history was read again; a bad SLO is
// refused; a run checks the form's SLO. Saves the README's capacity chart.
#include "bench/history/run_history.h"
#include "benchmark/bench_charts.h"
#include "benchmark/bench_controller.h"
#include "benchmark/bench_exports.h"
#include "benchmark/bench_form.h"
#include "benchmark/bench_history_model.h"
#include "benchmark/bench_pane.h"
#include "benchmark/bench_result_model.h"
#include "benchmark/capacity_chart.h"
#include "support/small_screen.h"
#include "support/stalling_adapter.h"
#include "support/test_paths.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QLocale>
#include <QPushButton>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>

using namespace kvs;
using namespace kvs::ui;

namespace {

constexpr int kRunTimeoutMs = 120000;

void prepare(BenchPane &pane, const QTemporaryDir &dir)
{
    pane.controller()->setHistoryPath(dir.filePath(QStringLiteral("history.sqlite")));
    pane.setScratchFolder(dir.path());
    pane.setWorkload(QStringLiteral("ycsb-a"));
}

// The scratch store stalls each call for a second past rate calls/s (bursts of 100 pass).
void stallPast(BenchPane &pane, double rate)
{
    bench::RunSeams seams;
    seams.wrapAdapter = [rate](std::shared_ptr<SqlAdapter> inner) {
        return std::make_shared<test::StallingAdapter>(
            std::move(inner), rate, 100, std::chrono::milliseconds(1000));
    };
    pane.controller()->setRunSeams(seams);
}

// Steps of 0.5 s after 0.2 s of warm-up, 16 calls in flight.
bench::WorkloadConfig stepConfig(const BenchPane &pane)
{
    bench::WorkloadConfig config = pane.config();
    config.seconds = 0.5;
    config.warmupSeconds = 0.2;
    config.keys = 500;
    config.concurrency = 16;
    return config;
}

bench::CapacityOptions searchOptions()
{
    bench::CapacityOptions options;
    options.startRate = 50;
    options.precision = 0.1;
    options.lateShare = 1;
    options.repeats = 1;
    options.slo = bench::parseSlo("p99<400ms");
    return options;
}

} // namespace

class TestBenchCapacity : public QObject
{
    Q_OBJECT

private slots:
    void findCapacityChartsEachStepAndSavesTheSearch()
    {
        QTemporaryDir dir;
        BenchPane pane;
        prepare(pane, dir);
        stallPast(pane, 400);
        QAbstractItemModelTester history(pane.historyModel());
        pane.resize(kvs::test::kPaneOnSmallScreen);
        pane.show();
        QSignalSpy started(pane.controller(), &BenchController::stepStarted);
        QSignalSpy steps(pane.controller(), &BenchController::capacityStep);
        QSignalSpy finished(pane.controller(), &BenchController::finished);
        QVERIFY(pane.controller()->findCapacity(stepConfig(pane), searchOptions()));
        QVERIFY(pane.charts()->showsCapacity());
        QVERIFY(!pane.findCapacityButton()->isEnabled());
        QVERIFY(!pane.startButton()->isEnabled());
        QVERIFY(finished.wait(kRunTimeoutMs));
        QVERIFY(pane.findCapacityButton()->isEnabled());

        const auto run = finished.at(0).at(0).value<bench::HistoryRun>();
        QCOMPARE(int(run.capacity.size()), steps.size());
        QCOMPARE(started.size(), steps.size());
        QCOMPARE(started.at(0).at(1).toDouble(), 50.0);
        // The store holds up to 400 calls/s and stalls below twice that (how far above 400 its
        // burst lasts depends on how late the machine dispatches).
        QVERIFY2(run.config.rate >= 400 && run.config.rate < 800,
                 qPrintable(QString::number(run.config.rate)));
        QVERIFY(run.id > 0);

        // The chart has every step: achieved and p99 by rate, a marker held or broke.
        const CapacityChart *chart = pane.capacityChart();
        QVERIFY(pane.charts()->showsCapacity());
        QCOMPARE(chart->achievedSeries()->count(), steps.size());
        QCOMPARE(chart->p99Series()->count(), steps.size());
        QCOMPARE(chart->heldSeries()->count() + chart->brokenSeries()->count(), steps.size());
        QVERIFY(chart->brokenSeries()->count() >= 1);
        QCOMPARE(chart->highestHeld(), run.config.rate);
        QVERIFY(chart->rateAxis()->max() >= 800);
        QVERIFY2(pane.statusLabel()->text().startsWith(
                     QStringLiteral("Capacity: %1 calls/s held; ")
                         .arg(QLocale().toString(run.config.rate, 'f', 0))),
                 qPrintable(pane.statusLabel()->text()));
        QVERIFY(pane.statusLabel()->text().contains(QStringLiteral("#1")));

        // Saved with its steps; the history says it is a capacity search.
        QCOMPARE(pane.historyModel()->savedRunCount(), 1);
        QVERIFY(pane.historyModel()
                    ->index(0, BenchHistoryModel::Mode)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("capacity: ")));
        const std::vector<bench::HistoryRun> saved
            = bench::RunHistory(dir.filePath(QStringLiteral("history.sqlite")).toStdString())
                  .list();
        QCOMPARE(saved.size(), std::size_t(1));
        QCOMPARE(saved[0].capacity.size(), run.capacity.size());
        QCOMPARE(saved[0].config.rate, run.config.rate);
        QVERIFY(saved[0].ops.back().latency);

        // Another run shows its seconds; selecting the search again shows its steps.
        QVERIFY(pane.controller()->start(stepConfig(pane)));
        QVERIFY(!pane.charts()->showsCapacity());
        QVERIFY(finished.wait(kRunTimeoutMs));
        pane.historyView()->selectRow(pane.historyModel()->rowOf(run.id));
        QVERIFY(pane.charts()->showsCapacity());
        QCOMPARE(pane.capacityChart()->steps().size(), run.capacity.size());
    }

    void exportsTheHistogramOfARunAlsoFromTheHistory()
    {
        QTemporaryDir dir;
        const QString historyPath = dir.filePath(QStringLiteral("history.sqlite"));
        {
            BenchPane pane;
            prepare(pane, dir);
            QSignalSpy finished(pane.controller(), &BenchController::finished);
            bench::WorkloadConfig config = stepConfig(pane);
            config.warmupSeconds = 0;
            QVERIFY(pane.controller()->start(config));
            QVERIFY(finished.wait(kRunTimeoutMs));
            QVERIFY(pane.exports()->hgrmButton()->isEnabled());
            const QString hgrm = dir.filePath(QStringLiteral("run.hgrm"));
            QVERIFY(pane.exports()->exportHgrm(hgrm));
            QFile file(hgrm);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY(file.readAll().startsWith("       Value     Percentile TotalCount"));
        }
        // Read back from the history: the histogram was kept, the same file comes out.
        BenchPane pane;
        pane.controller()->setHistoryPath(historyPath);
        QSignalSpy loaded(pane.controller(), &BenchController::historyLoaded);
        pane.show();
        QVERIFY(loaded.wait(kRunTimeoutMs));
        pane.historyView()->selectRow(0);
        QVERIFY(pane.exports()->shownRun());
        QVERIFY(pane.exports()->hgrmButton()->isEnabled());
        const QString again = dir.filePath(QStringLiteral("again.hgrm"));
        QVERIFY(pane.exports()->exportHgrm(again));
        QFile first(dir.filePath(QStringLiteral("run.hgrm")));
        QFile second(again);
        QVERIFY(first.open(QIODevice::ReadOnly) && second.open(QIODevice::ReadOnly));
        QCOMPARE(second.readAll(), first.readAll());
    }

    void refusesABadSloAndChecksARunsSlo()
    {
        QTemporaryDir dir;
        BenchPane pane;
        prepare(pane, dir);
        auto *slo = pane.findChild<QLineEdit *>(QStringLiteral("benchSlo"));
        QVERIFY(slo);
        slo->setText(QStringLiteral("p95<5ms"));
        QVERIFY(!pane.findCapacity());
        QVERIFY(!pane.start());
        QCOMPARE(pane.statusLabel()->text(),
                 QStringLiteral("The SLO does not read: kvs: --slo: unknown metric \"p95\" in "
                                "\"p95<5ms\" (known: p50, p90, p99, p999, max, errors, late)"));
        QVERIFY(!pane.controller()->isRunning());

        // A run breaks "max<1us" (no call is that fast) and says so.
        slo->setText(QStringLiteral("p99<10s,max<1us"));
        QSignalSpy finished(pane.controller(), &BenchController::finished);
        bench::WorkloadConfig config = stepConfig(pane);
        config.warmupSeconds = 0;
        pane.form()->showConfig(config);
        QVERIFY(pane.start());
        QVERIFY(finished.wait(kRunTimeoutMs));
        QVERIFY2(pane.statusLabel()->text().contains(QStringLiteral("The SLO broke: max was ")),
                 qPrintable(pane.statusLabel()->text()));
        slo->setText(QStringLiteral("p99<10s"));
        QVERIFY(pane.start());
        QVERIFY(finished.wait(kRunTimeoutMs));
        QVERIFY2(pane.statusLabel()->text().contains(QStringLiteral("The SLO held.")),
                 qPrintable(pane.statusLabel()->text()));
    }

    void savesAScreenshot()
    {
        QTemporaryDir dir;
        BenchPane pane;
        prepare(pane, dir);
        stallPast(pane, 400);
        pane.form()->setSloText(QStringLiteral("p99<400ms"));
        pane.resize(1200, 760);
        pane.show();
        QSignalSpy finished(pane.controller(), &BenchController::finished);
        QVERIFY(pane.controller()->findCapacity(stepConfig(pane), searchOptions()));
        QVERIFY(finished.wait(kRunTimeoutMs));
        QVERIFY(pane.capacityChart()->steps().size() >= 5);
        const QString out = kvs::test::fromTest(KVS_SCREENSHOT_DIR);
        QDir().mkpath(out);
        QVERIFY(pane.grab().save(out + QStringLiteral("/benchmark-capacity.png")));
    }
};

QTEST_MAIN(TestBenchCapacity)
#include "tst_bench_capacity.moc"
