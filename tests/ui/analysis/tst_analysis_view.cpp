// Issue 40: the Analysis view on SQLite and PostgreSQL. The treemap of bytes by prefix (its
// geometry: areas proportional to bytes, tiles inside, none overlapping; drill down, the
// breadcrumb up, the hover figures), the charts and tables, findings with their links, Cancel,
// the budget, exports, and two saved reports compared.
#include "analysis/analysis_charts.h"
#include "analysis/analysis_controller.h"
#include "analysis/analysis_tables.h"
#include "analysis/analysis_view.h"
#include "analysis/findings_panel.h"
#include "analysis/saved_reports_panel.h"
#include "analysis/treemap_breadcrumb.h"
#include "analysis/treemap_widget.h"
#include "analysis_test_data.h"
#include "preferences/preference_keys.h"
#include "support/gate.h"
#include "support/postgres_test_server.h"
#include "support/test_paths.h"
#include "treemap_geometry.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/key_space_json.h>
#include <kvs/literal.h>
#include <kvs/saved_key_space_reports.h>

#include <QApplication>
#include <QChartView>
#include <QDir>
#include <QFile>
#include <QHelpEvent>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>

#include <atomic>

using kvs::Key;
using kvs::ui::AnalysisController;
using kvs::ui::AnalysisOutcome;
using kvs::ui::AnalysisView;
using kvs::ui::TreemapTile;

namespace {

constexpr int kTimeout = 60000;

QStringList labelsOf(const std::vector<TreemapTile> &tiles)
{
    QStringList labels;
    for (const TreemapTile &tile : tiles)
        labels << tile.label;
    return labels;
}

int tileNamed(const std::vector<TreemapTile> &tiles, const QString &label)
{
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        if (tiles[i].label == label)
            return int(i);
    }
    return -1;
}

// The treemap's tiles against its layout: the bytes it was given, in the widget's rectangle.
void checkTreemap(const kvs::ui::TreemapWidget &treemap)
{
    std::vector<double> weights;
    for (const TreemapTile &tile : treemap.tiles())
        weights.push_back(double(tile.bytes));
    kvs::test::checkTreemapGeometry(
        weights, treemap.tileRects(), QRectF(treemap.rect()).adjusted(2, 2, -2, -2));
}

qreal sum(const QList<qreal> &values)
{
    qreal total = 0;
    for (qreal v : values)
        total += v;
    return total;
}

// Holds the view's analysis at gate after its first page, on its worker (later runs go on).
void holdAfterFirstPage(AnalysisView &view, kvs::test::Gate &gate)
{
    auto first = std::make_shared<std::atomic<bool>>(true);
    view.controller()->setProgressHook([&gate, first](std::int64_t) {
        if (first->exchange(false))
            gate.wait();
    });
}

} // namespace

class TstAnalysisView : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_count = 0;
    std::shared_ptr<kvs::ManualClock> m_clock;
    QString m_reports; // the saved reports' file of the test

    // A fresh store of the row's backend on m_clock, filled with the test data; its sessions
    // expired (not cleaned) when expired is true.
    std::shared_ptr<kvs::AsyncKVStore> freshStore(bool expired = true)
    {
        QFETCH(QString, backend);
        m_clock = std::make_shared<kvs::ManualClock>(1'700'000'000'000);
        kvs::AsyncKVStoreSettings settings;
        settings.clock = m_clock;
        std::shared_ptr<kvs::AsyncKVStore> store;
        if (backend == QStringLiteral("postgres")) {
            settings.schema = kvs::test::freshSchema("analysis");
            store = std::make_shared<kvs::AsyncKVStore>(kvs::test::postgresUrl(), settings);
        } else {
            const QString path = m_dir.filePath(QStringLiteral("analysis-%1.db").arg(++m_count));
            store = std::make_shared<kvs::AsyncKVStore>(path.toStdString(), settings);
        }
        kvs::test::fillForAnalysis(*store);
        if (expired)
            m_clock->advance(5000); // less than the 60 s maintenance: still stored
        return store;
    }

    // A view on store (its reports in the test's file) under a database name of its own.
    void attach(AnalysisView &view, std::shared_ptr<kvs::AsyncKVStore> store)
    {
        view.setClock(m_clock);
        view.controller()->setReportsPath(m_reports);
        view.setStore(std::move(store), QStringLiteral("database-%1").arg(++m_count));
    }

    // Runs the view's analysis to its end; the outcome.
    static std::optional<AnalysisOutcome> run(AnalysisView &view)
    {
        QSignalSpy finished(view.controller(), &AnalysisController::finished);
        if (!view.analyze() || !finished.wait(kTimeout))
            return std::nullopt;
        return finished.at(0).at(0).value<AnalysisOutcome>();
    }

    static void addBackends()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        if (!qEnvironmentVariableIsEmpty("KVS_TEST_PG_URL"))
            QTest::newRow("postgres") << QStringLiteral("postgres");
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qRegisterMetaType<AnalysisOutcome>();
        m_reports = m_dir.filePath(QStringLiteral("analysis-reports.jsonl"));
    }
    void cleanup() { QSettings().remove(kvs::ui::prefs::kAnalysisBudgetSeconds); }

    void treemapShowsBytesByPrefixAndDrillsDownAndUp_data() { addBackends(); }
    void treemapShowsBytesByPrefixAndDrillsDownAndUp();
    void chartsAndTablesShowTheReport_data() { addBackends(); }
    void chartsAndTablesShowTheReport();
    void findingsLinkToTheKeysAndToMaintenance_data() { addBackends(); }
    void findingsLinkToTheKeysAndToMaintenance();
    void cancelStopsAfterThePageAndSavesNothing_data() { addBackends(); }
    void cancelStopsAfterThePageAndSavesNothing();
    void cancelDoesNotWaitForADatabaseThatDoesNotAnswer_data() { addBackends(); }
    void cancelDoesNotWaitForADatabaseThatDoesNotAnswer();
    void estimateFromTheLastReportOfThePrefix_data() { addBackends(); }
    void estimateFromTheLastReportOfThePrefix();
    void budgetFromThePreferencesGivesAPartialReport_data() { addBackends(); }
    void budgetFromThePreferencesGivesAPartialReport();
    void exportsImagesAndJson();
    void savesAScreenshotOfTheTreemap();
    void twoSavedReportsCompared_data() { addBackends(); }
    void twoSavedReportsCompared();
    void anOlderListOrComparisonArrivingLateIsDropped();
};

// Two workers answer listSaved() and compare(): an answer asked for earlier can arrive later, and
// must not replace the newer one (a report saved in between would vanish from the list).
void TstAnalysisView::anOlderListOrComparisonArrivingLateIsDropped()
{
    AnalysisController controller;
    controller.setReportsPath(m_dir.filePath(QStringLiteral("none.jsonl")));
    controller.setDatabase(QStringLiteral("late.db"));
    QSignalSpy listed(&controller, &AnalysisController::savedListed);
    QSignalSpy compared(&controller, &AnalysisController::compared);
    controller.listSaved();
    controller.listSaved();
    controller.compare({}, {});
    controller.compare({}, {});
    // The workers' answers: only the last asked for of each is passed on.
    QTRY_COMPARE(listed.count(), 1);
    QTRY_COMPARE(compared.count(), 1);
    listed.clear();
    compared.clear();
    kvs::SavedKeySpaceReport old;
    old.id = 7;
    controller.deliverSaved(1, {old}, {});
    controller.deliverCompared(1, {kvs::KeySpaceChange{}}, {});
    QCOMPARE(listed.count(), 0);
    QCOMPARE(compared.count(), 0);
    controller.deliverSaved(2, {old}, {});
    controller.deliverCompared(2, {}, {});
    QCOMPARE(listed.count(), 1);
    QCOMPARE(compared.count(), 1);
}

void TstAnalysisView::treemapShowsBytesByPrefixAndDrillsDownAndUp()
{
    AnalysisView view;
    view.resize(1000, 640);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    attach(view, freshStore());
    const std::optional<AnalysisOutcome> outcome = run(view);
    QVERIFY(outcome);
    QCOMPARE(outcome->error, QString());
    QVERIFY(!outcome->partial);
    QCOMPARE(outcome->savedId, std::int64_t(1));

    kvs::ui::TreemapWidget *treemap = view.treemap();
    // Largest first: the big value, the users, then the small ones.
    QCOMPARE(labelsOf(treemap->tiles()),
             QStringList({QStringLiteral("\"blobs\""),
                          QStringLiteral("\"users\""),
                          QStringLiteral("\"orders\""),
                          QStringLiteral("\"sessions\""),
                          QStringLiteral("\"config\"")}));
    const TreemapTile &users = treemap->tiles()[1];
    QCOMPARE(users.entries, std::int64_t(kvs::test::kAnalysisUsers));
    QCOMPARE(treemap->tiles()[0].entries, std::int64_t(1));
    QVERIFY(treemap->tiles()[0].valueBytes >= kvs::test::kAnalysisBigBytes);
    // The tiles' bytes are the report's, and add up to its total.
    const QJsonObject totals = view.report().value(QStringLiteral("totals")).toObject();
    std::int64_t bytes = 0;
    for (const TreemapTile &tile : treemap->tiles())
        bytes += tile.bytes;
    QCOMPARE(double(bytes), totals.value(QStringLiteral("bytes")).toDouble());
    checkTreemap(*treemap);
    QCOMPARE(view.breadcrumb()->texts(), QStringList({QStringLiteral("All keys")}));
    // Hovering says the figures.
    const QPoint overUsers = treemap->tileRects()[1].center().toPoint();
    QHelpEvent hover(QEvent::ToolTip, overUsers, treemap->mapToGlobal(overUsers));
    QApplication::sendEvent(treemap, &hover);
    QTRY_VERIFY(QToolTip::isVisible());
    QCOMPARE(QToolTip::text(), kvs::ui::TreemapWidget::tileToolTip(users));
    QToolTip::hideText();
    QVERIFY(kvs::ui::TreemapWidget::tileToolTip(users).contains(
        QStringLiteral("%1 entries").arg(QLocale().toString(1500))));
    QVERIFY(kvs::ui::TreemapWidget::tileToolTip(users).contains(QStringLiteral("[\"users\"]")));

    // A leaf is not drilled into.
    const int config = tileNamed(treemap->tiles(), QStringLiteral("\"config\""));
    QTest::mouseClick(
        treemap, Qt::LeftButton, {}, treemap->tileRects()[std::size_t(config)].center().toPoint());
    QCOMPARE(treemap->path().size(), 1);

    // A click on users shows its children: the 1,000 kept and the others.
    QTest::mouseClick(treemap, Qt::LeftButton, {}, treemap->tileRects()[1].center().toPoint());
    QCOMPARE(treemap->path().size(), 2);
    QCOMPARE(int(treemap->tiles().size()), 1001);
    QCOMPARE(treemap->tiles().back().kind, TreemapTile::Kind::Others);
    QCOMPARE(treemap->tiles().back().label, QStringLiteral("others (500 children)"));
    QCOMPARE(treemap->tiles().back().entries, std::int64_t(kvs::test::kAnalysisUsers - 1000));
    QCOMPARE(treemap->tiles().front().entries, std::int64_t(1));
    checkTreemap(*treemap);
    QCOMPARE(view.breadcrumb()->texts(),
             QStringList({QStringLiteral("All keys"), QStringLiteral("\"users\"")}));
    // The table beside it follows.
    QCOMPARE(view.tables()->children()->rowCount(), 1001);
    // At the report's depth the users' children have none listed.
    QVERIFY(!treemap->drillDown(0));

    // The breadcrumb goes back up.
    view.breadcrumb()->goTo(0);
    QTRY_COMPARE(treemap->path().size(), 1);
    QCOMPARE(treemap->tiles().size(), std::size_t(5));
    QCOMPARE(view.breadcrumb()->texts(), QStringList({QStringLiteral("All keys")}));
    QCOMPARE(view.tables()->children()->rowCount(), 5);
    checkTreemap(*treemap);
    // A new size lays the tiles out again.
    view.resize(700, 500);
    QTRY_COMPARE(treemap->tileRects().empty(), false);
    checkTreemap(*treemap);
}

void TstAnalysisView::chartsAndTablesShowTheReport()
{
    AnalysisView view;
    attach(view, freshStore());
    QVERIFY(run(view));
    const double entries = view.report()
                               .value(QStringLiteral("totals"))
                               .toObject()
                               .value(QStringLiteral("entries"))
                               .toDouble();
    QCOMPARE(entries,
             double(kvs::test::kAnalysisUsers + kvs::test::kAnalysisOrders + 1 + 1
                    + kvs::test::kAnalysisSessions));
    const std::vector<QChartView *> &charts = view.charts()->charts();
    QCOMPARE(int(charts.size()), 4);
    const QStringList kinds = kvs::ui::AnalysisCharts::categoriesOf(charts[0]);
    QVERIFY(kinds.contains(QStringLiteral("object")));
    QVERIFY(kinds.contains(QStringLiteral("string")));
    // Every entry is in one bar of each chart.
    for (QChartView *chart : charts)
        QCOMPARE(sum(kvs::ui::AnalysisCharts::valuesOf(chart)), entries);
    const QStringList groups = kvs::ui::AnalysisCharts::categoriesOf(charts[1]);
    QCOMPARE(groups.first(), QStringLiteral("no expiry"));
    QCOMPARE(groups.at(1), QStringLiteral("expired, not cleaned"));
    QCOMPARE(kvs::ui::AnalysisCharts::valuesOf(charts[1]).at(1),
             qreal(kvs::test::kAnalysisSessions));
    // The tables: the largest entry first, the kinds, the expiry groups.
    QCOMPARE(view.tables()->largest()->item(0, 0)->text(), QStringLiteral("[\"blobs\", \"big\"]"));
    QCOMPARE(view.tables()->kinds()->rowCount(), kinds.size());
    QCOMPARE(view.tables()->expiry()->rowCount(), 8);
    QVERIFY(view.tables()->totals()->text().startsWith(
        QStringLiteral("%1 entries").arg(QLocale().toString(1532))));
}

void TstAnalysisView::findingsLinkToTheKeysAndToMaintenance()
{
    AnalysisView view;
    attach(view, freshStore());
    QVERIFY(run(view));
    kvs::ui::FindingsPanel *findings = view.findings();
    const QStringList rules = findings->rules();
    QVERIFY2(rules.contains(QStringLiteral("expired-not-cleaned")), qPrintable(rules.join(u',')));
    QVERIFY(rules.contains(QStringLiteral("large-values")));
    QVERIFY(rules.contains(QStringLiteral("dominant-prefix")));
    QCOMPARE(view.results()->tabText(view.results()->indexOf(findings)),
             QStringLiteral("Findings (%1)").arg(rules.size()));

    QSignalSpy tree(&view, &AnalysisView::treeRequested);
    QSignalSpy search(&view, &AnalysisView::valueSearchRequested);
    QSignalSpy maintenance(&view, &AnalysisView::maintenanceRequested);
    findings->linkOf(int(rules.indexOf(QStringLiteral("dominant-prefix"))))->click();
    QCOMPARE(tree.size(), 1);
    QCOMPARE(tree.at(0).at(0).value<Key>(), Key{"blobs"});
    findings->linkOf(int(rules.indexOf(QStringLiteral("large-values"))))->click();
    QCOMPARE(search.size(), 1);
    QCOMPARE(search.at(0).at(0).value<Key>(), Key{});
    QCOMPARE(search.at(0).at(1).toString(), QStringLiteral("size >= 1048576"));
    findings->linkOf(int(rules.indexOf(QStringLiteral("expired-not-cleaned"))))->click();
    QCOMPARE(maintenance.size(), 1);
    QCOMPARE(maintenance.at(0).at(0).toString(), QStringLiteral("expired-not-cleaned"));
    // The heading is the view's; the sentence is the engine's.
    QVERIFY(findings->findChild<QWidget *>(QStringLiteral("finding-large-values")));
    QCOMPARE(kvs::ui::FindingsPanel::headingOf(QStringLiteral("large-values")),
             QStringLiteral("Large values"));
}

void TstAnalysisView::cancelStopsAfterThePageAndSavesNothing()
{
    AnalysisView view;
    attach(view, freshStore());
    kvs::test::Gate gate;
    holdAfterFirstPage(view, gate);
    // However slow the worker is to come back, its partial report is waited for.
    view.controller()->setCancelGraceMs(3'600'000);
    QSignalSpy finished(view.controller(), &AnalysisController::finished);
    QVERIFY(view.analyze());
    QVERIFY(!view.analyzeButton()->isEnabled());
    QVERIFY(view.cancelButton()->isEnabled());
    QVERIFY(view.progressBar()->isVisibleTo(&view));
    QTRY_COMPARE_WITH_TIMEOUT(gate.waiting(), 1, kTimeout);
    // The GUI thread goes on while the analysis waits on its worker.
    QVERIFY(view.controller()->isRunning());
    view.cancelButton()->click();
    QVERIFY(view.statusText().startsWith(QStringLiteral("Cancelling")));
    QVERIFY(!view.cancelButton()->isEnabled());
    gate.open();
    QVERIFY(finished.wait(kTimeout));
    const auto outcome = finished.at(0).at(0).value<AnalysisOutcome>();
    QVERIFY(outcome.cancelled);
    QVERIFY(outcome.partial);
    QCOMPARE(outcome.savedId, std::int64_t(0));
    QVERIFY2(view.statusText().startsWith(
                 QStringLiteral("Cancelled after %1 rows").arg(QLocale().toString(1000))),
             qPrintable(view.statusText()));
    QVERIFY(view.report().value(QStringLiteral("partial")).toBool());
    QVERIFY(view.tables()->totals()->text().contains(QStringLiteral("Partial")));
    QVERIFY(view.analyzeButton()->isEnabled());
    QVERIFY(!view.cancelButton()->isEnabled());
    QVERIFY(kvs::listKeySpaceReports(view.controller()->database().toStdString(),
                                     m_reports.toStdString())
                .empty());
}

// A worker stuck in a read (a server that stopped answering; here the gate holds it after the
// first page) does not hold Cancel: the run ends after the grace without figures, the view can
// start again, and the stuck worker's late answer is dropped.
void TstAnalysisView::cancelDoesNotWaitForADatabaseThatDoesNotAnswer()
{
    AnalysisView view;
    attach(view, freshStore());
    kvs::test::Gate gate;
    holdAfterFirstPage(view, gate);
    view.controller()->setCancelGraceMs(0);
    QSignalSpy cancelling(view.controller(), &AnalysisController::cancelling);
    QSignalSpy finished(view.controller(), &AnalysisController::finished);
    QVERIFY(view.analyze());
    QTRY_COMPARE_WITH_TIMEOUT(gate.waiting(), 1, kTimeout);
    view.cancelButton()->click();
    QCOMPARE(cancelling.size(), 1);
    QVERIFY2(view.statusText().startsWith(QStringLiteral("Cancelling")),
             qPrintable(view.statusText()));
    QVERIFY(!view.cancelButton()->isEnabled());
    QVERIFY(!view.analyzeButton()->isEnabled());
    // The worker is still held: the run ends without it.
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kTimeout);
    QCOMPARE(gate.waiting(), 1);
    const auto outcome = finished.at(0).at(0).value<AnalysisOutcome>();
    QVERIFY(outcome.cancelled);
    QVERIFY(outcome.abandoned);
    QVERIFY(outcome.report.isEmpty());
    QVERIFY(!view.controller()->isRunning());
    QVERIFY2(view.statusText().contains(QStringLiteral("did not answer")),
             qPrintable(view.statusText()));
    QVERIFY(view.analyzeButton()->isEnabled());
    QVERIFY(!view.cancelButton()->isEnabled());
    QVERIFY(view.report().isEmpty());
    // The next analysis runs while the first worker is still held, and completes.
    QVERIFY(view.analyze());
    QVERIFY(finished.wait(kTimeout));
    QCOMPARE(finished.size(), 2);
    const auto second = finished.at(1).at(0).value<AnalysisOutcome>();
    QVERIFY(!second.cancelled);
    QVERIFY(!second.report.isEmpty());
    // The held worker goes on and ends; its answer changes nothing.
    gate.open();
    QTRY_COMPARE_WITH_TIMEOUT(gate.waiting(), 0, kTimeout);
    QCoreApplication::processEvents();
    QCOMPARE(finished.size(), 2);
    QCOMPARE(view.report(), second.report);
    QVERIFY(kvs::listKeySpaceReports(view.controller()->database().toStdString(),
                                     m_reports.toStdString())
                .size()
            == 1);
}

void TstAnalysisView::estimateFromTheLastReportOfThePrefix()
{
    AnalysisView view;
    attach(view, freshStore());
    // No earlier report: rows read, no estimate.
    kvs::test::Gate firstRun;
    std::atomic<int> pages{0};
    view.controller()->setProgressHook([&](std::int64_t) {
        if (pages.fetch_add(1) == 0)
            firstRun.wait();
    });
    QSignalSpy finished(view.controller(), &AnalysisController::finished);
    QVERIFY(view.analyze());
    QTRY_COMPARE_WITH_TIMEOUT(firstRun.waiting(), 1, kTimeout);
    QTRY_VERIFY(view.statusText().startsWith(
        QStringLiteral("%1 rows read in ").arg(QLocale().toString(1000))));
    QCOMPARE(view.progressBar()->maximum(), 0); // busy: no estimate
    firstRun.open();
    QVERIFY(finished.wait(kTimeout));
    QTRY_COMPARE(int(view.saved()->saved().size()), 1);
    QCOMPARE(view.saved()->lastRowsRead(QStringLiteral("[]")), std::optional<std::int64_t>(1532));
    QCOMPARE(view.saved()->lastRowsRead(QStringLiteral("[\"users\"]")), std::nullopt);

    // The second run of the same prefix: of about the rows the first read.
    kvs::test::Gate secondRun;
    pages = 0;
    view.controller()->setProgressHook([&](std::int64_t) {
        if (pages.fetch_add(1) == 0)
            secondRun.wait();
    });
    QVERIFY(view.analyze());
    QTRY_COMPARE_WITH_TIMEOUT(secondRun.waiting(), 1, kTimeout);
    QTRY_VERIFY2(
        view.statusText().startsWith(QStringLiteral("%1 of about %2 rows read; about ")
                                         .arg(QLocale().toString(1000), QLocale().toString(1532))),
        qPrintable(view.statusText()));
    QCOMPARE(view.progressBar()->maximum(), 1000);
    QCOMPARE(view.progressBar()->value(), 1000 * 1000 / 1532);
    secondRun.open();
    QVERIFY(finished.wait(kTimeout));
}

void TstAnalysisView::budgetFromThePreferencesGivesAPartialReport()
{
    QSettings().setValue(kvs::ui::prefs::kAnalysisBudgetSeconds, 2);
    AnalysisView view;
    attach(view, freshStore());
    // The first page takes 3 s of the store's clock: past the budget, checked after it.
    std::atomic<bool> first{true};
    view.controller()->setProgressHook([&](std::int64_t) {
        if (first.exchange(false))
            m_clock->advance(3000);
    });
    const std::optional<AnalysisOutcome> outcome = run(view);
    QVERIFY(outcome);
    QVERIFY(outcome->partial);
    QVERIFY(!outcome->cancelled);
    QCOMPARE(outcome->savedId, std::int64_t(0));
    QVERIFY2(
        view.statusText().startsWith(QStringLiteral("The budget of 2 s (Preferences) ran out")),
        qPrintable(view.statusText()));
    QCOMPARE(view.report().value(QStringLiteral("rowsRead")).toDouble(), 1000.0);
}

void TstAnalysisView::exportsImagesAndJson()
{
    AnalysisView view;
    view.resize(900, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    {
        m_clock = std::make_shared<kvs::ManualClock>(1'700'000'000'000);
        kvs::AsyncKVStoreSettings settings;
        settings.clock = m_clock;
        const QString path = m_dir.filePath(QStringLiteral("export.db"));
        auto store = std::make_shared<kvs::AsyncKVStore>(path.toStdString(), settings);
        kvs::test::fillForAnalysis(*store);
        attach(view, store);
    }
    QVERIFY(!view.findChild<QPushButton *>(QStringLiteral("exportAnalysisJson"))->isEnabled());
    QVERIFY(run(view));
    const QString png = m_dir.filePath(QStringLiteral("treemap.png"));
    QVERIFY(view.exportImage(png));
    QImage image(png);
    QCOMPARE(image.size(), view.treemap()->size());
    const QString svg = m_dir.filePath(QStringLiteral("charts.svg"));
    view.results()->setCurrentWidget(view.charts());
    QVERIFY(view.exportImage(svg));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray drawing = svgFile.readAll();
    QVERIFY(drawing.contains("<svg"));
    QVERIFY(drawing.contains("Key-space analysis: charts"));
    const QString json = m_dir.filePath(QStringLiteral("report.json"));
    QVERIFY(view.exportJson(json));
    QFile jsonFile(json);
    QVERIFY(jsonFile.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(jsonFile.readAll()).object(), view.report());
    QCOMPARE(view.report().value(QStringLiteral("version")).toInt(), kvs::kKeySpaceJsonVersion);
    // A file that cannot be written says so.
    QVERIFY(!view.exportJson(m_dir.filePath(QStringLiteral("no/such/folder/report.json"))));
    QVERIFY(view.statusText().startsWith(QStringLiteral("Cannot write")));
    QVERIFY(!view.exportImage(m_dir.filePath(QStringLiteral("no/such/folder/chart.svg"))));
}

// The README's treemap: a database of several prefixes of different sizes.
void TstAnalysisView::savesAScreenshotOfTheTreemap()
{
    m_clock = std::make_shared<kvs::ManualClock>(1'700'000'000'000);
    kvs::AsyncKVStoreSettings settings;
    settings.clock = m_clock;
    const QString path = m_dir.filePath(QStringLiteral("screenshot.db"));
    auto store = std::make_shared<kvs::AsyncKVStore>(path.toStdString(), settings);
    kvs::AsyncAtomicOperation atomic = store->atomic();
    const auto add = [&atomic](const char *prefix, int count, int bytes, double ttl = 0) {
        for (int i = 0; i < count; ++i) {
            kvs::SetOptions options;
            if (ttl > 0)
                options.ttl = ttl;
            atomic.set(
                Key{prefix, i}, kvs::Value(std::string(std::size_t(bytes + i % 50), 'v')), options);
        }
    };
    add("users", 400, 300);
    add("orders", 600, 120);
    add("sessions", 300, 90, 3'600'000);
    add("cache", 40, 2500, 600'000);
    add("events", 900, 40);
    add("config", 12, 200);
    QVERIFY(atomic.commit().result().ok);
    AnalysisView view;
    view.resize(1000, 640);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    attach(view, store);
    QVERIFY(run(view));
    QCOMPARE(int(view.treemap()->tiles().size()), 6);
    checkTreemap(*view.treemap());
#ifdef KVS_SCREENSHOT_DIR
    QCoreApplication::processEvents();
    QDir().mkpath(kvs::test::fromTest(KVS_SCREENSHOT_DIR));
    QVERIFY(view.grab().save(kvs::test::fromTest(KVS_SCREENSHOT_DIR "/analysis-treemap.png")));
#endif
}

void TstAnalysisView::twoSavedReportsCompared()
{
    AnalysisView view;
    view.resize(1000, 640);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    std::shared_ptr<kvs::AsyncKVStore> store = freshStore();
    attach(view, store);
    QVERIFY(run(view));
    // Orders vanish, events appear, one user grows (one of the 1,000 children kept in both).
    kvs::AsyncAtomicOperation change = store->atomic();
    for (int i = 0; i < kvs::test::kAnalysisOrders; ++i)
        change.remove(Key{"orders", i});
    for (int i = 0; i < 300; ++i)
        change.set(Key{"events", i}, kvs::Value(std::string(100, 'e')));
    change.set(Key{"users", "u0010"}, kvs::Value(std::string(5000, 'u')));
    QVERIFY(change.commit().result().ok);
    const std::optional<AnalysisOutcome> second = run(view);
    QVERIFY(second);
    QCOMPARE(second->savedId, std::int64_t(2));

    kvs::ui::SavedReportsPanel *saved = view.saved();
    QTRY_COMPARE(saved->reports()->rowCount(), 2);
    // Newest first.
    QCOMPARE(saved->reports()->item(0, 0)->text(), QStringLiteral("2"));
    QCOMPARE(saved->reports()->item(1, 0)->text(), QStringLiteral("1"));
    QSignalSpy compared(view.controller(), &AnalysisController::compared);
    saved->selectReports({1, 2});
    QVERIFY(compared.wait(kTimeout));
    const std::vector<kvs::KeySpaceChange> expected
        = kvs::compareKeySpaceReports(saved->saved()[0].report, saved->saved()[1].report);
    QTableWidget *changes = saved->changes();
    QCOMPARE(changes->rowCount(), int(expected.size()));
    QStringList appeared;
    QStringList vanished;
    for (int row = 0; row < changes->rowCount(); ++row) {
        QCOMPARE(changes->item(row, 0)->data(Qt::UserRole).toString(),
                 QString::fromStdString(expected[std::size_t(row)].key));
        if (changes->item(row, 1)->text() == QStringLiteral("appeared"))
            appeared << changes->item(row, 0)->text();
        if (changes->item(row, 1)->text() == QStringLiteral("vanished"))
            vanished << changes->item(row, 0)->text();
    }
    QVERIFY(appeared.contains(QStringLiteral("[\"events\"]")));
    QVERIFY(vanished.contains(QStringLiteral("[\"orders\"]")));
    // Sorted by the change of bytes: the events (300 entries) before the user that grew.
    const auto rowOf = [changes](const QString &key) {
        const QList<QTableWidgetItem *> found = changes->findItems(key, Qt::MatchExactly);
        return found.isEmpty() ? -1 : found.first()->row();
    };
    const int events = rowOf(QStringLiteral("[\"events\"]"));
    const int grown = rowOf(QStringLiteral("[\"users\", \"u0010\"]"));
    QVERIFY(events >= 0 && grown > events);
    QVERIFY2(changes->item(grown, 1)->text().startsWith(QLatin1Char('+')),
             qPrintable(changes->item(grown, 1)->text()));
    QVERIFY2(saved->summary()->text().startsWith(QStringLiteral("Report 1 → report 2: ")),
             qPrintable(saved->summary()->text()));
    QVERIFY(saved->summary()->text().contains(QStringLiteral("%1 appeared").arg(appeared.size())));
    QVERIFY(saved->summary()->text().contains(QStringLiteral("%1 vanished").arg(vanished.size())));
    // A double click on a prefix opens it in the key tree.
    QSignalSpy tree(&view, &AnalysisView::treeRequested);
    emit changes->cellDoubleClicked(events, 0);
    QCOMPARE(tree.size(), 1);
    QCOMPARE(tree.at(0).at(0).value<Key>(), Key{"events"});
    // One report selected: nothing compared.
    saved->selectReports({2});
    QCOMPARE(changes->rowCount(), 0);
    saved->selectReports({1, 2});
    QVERIFY(compared.wait(kTimeout));

#ifdef KVS_SCREENSHOT_DIR
    QFETCH(QString, backend);
    if (backend == QStringLiteral("sqlite")) {
        view.results()->setCurrentWidget(saved);
        QCoreApplication::processEvents();
        QDir().mkpath(kvs::test::fromTest(KVS_SCREENSHOT_DIR));
        QVERIFY(view.grab().save(kvs::test::fromTest(KVS_SCREENSHOT_DIR "/analysis-compare.png")));
    }
#endif
}

QTEST_MAIN(TstAnalysisView)
#include "tst_analysis_view.moc"
