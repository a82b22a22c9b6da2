// The Queues view at the main window's default size and a smaller one: the overview shows
// several topics, the charts have a plot and axis labels that fit (1.5k, not "…"), the division
// is kept across restarts; and the README's three screenshots of the view (the overview with
// charts, the message browser with a filter, a bulk retry in progress), on a SQLite file whose
// queue history is built on a test clock.
#include "queues/queue_charts_view.h"
#include "queues/queue_message_model.h"
#include "queues/queue_overview_model.h"
#include "queues/queue_rate_sampler.h"
#include "queues/queue_trends_panel.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "queues/sweep_job.h"
#include "queues/sweep_job_bar.h"
#include "support/small_screen.h"
#include "support/test_paths.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <utility>

using namespace kvs;
using namespace kvs::ui;

namespace {

constexpr int kTimeout = 20000;

// The pane's share of the main window at 1400x900 and at 1024x700 (less the window's menu,
// toolbars, the database tab's toolbar and its views' tab bar: about 195 px, measured under Xvfb).
const QSize kDefaultPane(1380, 705);
const QSize kSmallPane(1004, 505);

QueueOptions topic(const char *name, int maxAttempts = 5)
{
    QueueOptions options;
    options.topic = name;
    options.maxAttempts = maxAttempts;
    return options;
}

} // namespace

class TestQueuesLayout : public QObject
{
    Q_OBJECT

private:
    test::TestFiles m_files;
    QTemporaryDir m_config;
    QTemporaryDir m_histories;
    std::shared_ptr<ManualClock> m_clock = std::make_shared<ManualClock>(0);

    static bool labelsFit(const QStringList &labels)
    {
        for (const QString &label : labels) {
            if (label.size() > 5 || label.contains(QChar(0x2026)))
                return false;
        }
        return !labels.isEmpty();
    }

    // Five topics, one with a few thousand due messages (the count axis reads in thousands).
    std::shared_ptr<AsyncKVStore> fiveTopics(const char *file)
    {
        AsyncKVStoreSettings settings;
        settings.queue.doneRetention = 3600000; // acknowledged messages are kept and charted
        auto store = std::make_shared<AsyncKVStore>(m_files.path(file), settings);
        AsyncAtomicOperation batch = store->atomic();
        for (int i = 0; i < 2400; ++i)
            batch.enqueue(Value(i), topic("emails"));
        for (const char *name : {"invoices", "reports", "thumbnails", "webhooks"})
            batch.enqueue(Value(name), topic(name));
        (void)batch.commit().result();
        return store;
    }

    void refreshAndSample(QueuesPane &pane)
    {
        QSignalSpy sampled(pane.trends()->sampler(), &QueueRateSampler::sampled);
        pane.controller()->refresh();
        QVERIFY(sampled.wait(kTimeout));
    }

    // Thirty samples 10 s apart: emails arrive faster than they are acknowledged, invoices fail
    // (one attempt each, every other one with a timeout), webhooks wait an hour.
    void buildHistory(QueuesPane &pane, AsyncKVStore &store)
    {
        for (int step = 0; step < 30; ++step) {
            AsyncAtomicOperation batch = store.atomic();
            const int arriving = 60 + int(40 * std::sin(step / 4.0));
            for (int i = 0; i < arriving; ++i)
                batch.enqueue(Value(i), topic("emails"));
            for (int i = 0; i < 8; ++i) {
                batch.enqueue(Value::object({{"invoice", Value(step * 8 + i)},
                                             {"customer", Value("c" + std::to_string(i % 3))}}),
                              topic("invoices", 1));
            }
            QueueOptions later = topic("webhooks");
            later.delay = 3600000;
            batch.enqueue(Value("https://example.com/hook"), later);
            (void)batch.commit().result();
            for (const QueueMessage &m : store.dequeue("emails", 50).result())
                (void)store.acknowledge(double(m.id), m.token).result();
            int failed = 0;
            for (const QueueMessage &m : store.dequeue("invoices", 8).result()) {
                NackOptions nack;
                nack.error = ++failed % 2 ? "timeout after 30s calling billing"
                                          : "HTTP 503 from billing: try later";
                (void)store.nack(double(m.id), m.token, nack).result();
            }
            refreshAndSample(pane);
            m_clock->advance(10000);
        }
    }

    void useTestClock(QueuesPane &pane)
    {
        pane.trends()->sampler()->setClock(m_clock);
        pane.trends()->charts()->setClock(m_clock);
    }

    static void selectTopic(QueuesPane &pane, const std::string &name)
    {
        const int row = pane.controller()->overview()->rowOf(name);
        pane.overviewView()->setCurrentIndex(pane.controller()->overview()->index(row, 0));
    }

    static void save(QWidget &widget, const QString &name)
    {
        const QString dir = kvs::test::fromTest(KVS_SCREENSHOT_DIR);
        QDir().mkpath(dir);
        QVERIFY(widget.grab().save(dir + QLatin1Char('/') + name));
    }

private slots:
    void initTestCase()
    {
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_config.path()));
        qputenv("KVS_QUEUE_HISTORY_DIR", QFile::encodeName(m_histories.path()));
        QCoreApplication::setOrganizationName(QStringLiteral("kvs-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_queues_layout"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        m_clock->set(QDateTime::currentMSecsSinceEpoch() - 300000);
    }

    void compactAxisLabels_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("label");
        QTest::newRow("zero") << 0.0 << QStringLiteral("0");
        QTest::newRow("fraction") << 0.25 << QStringLiteral("0.25");
        QTest::newRow("hundreds") << 950.0 << QStringLiteral("950");
        QTest::newRow("thousand") << 1000.0 << QStringLiteral("1k");
        QTest::newRow("thousands") << 1500.0 << QStringLiteral("1.5k");
        QTest::newRow("tens of thousands") << 125000.0 << QStringLiteral("125k");
        QTest::newRow("millions") << 1200000.0 << QStringLiteral("1.2M");
        QTest::newRow("billions") << 3e9 << QStringLiteral("3G");
    }

    void compactAxisLabels()
    {
        QFETCH(double, value);
        QFETCH(QString, label);
        QCOMPARE(QueueChartsView::compactNumber(value), label);
    }

    void niceTicks()
    {
        QCOMPARE(QueueChartsView::niceTicks(0, 4), (std::vector<double>{0, 0.5, 1}));
        QCOMPARE(QueueChartsView::niceTicks(100, 4), (std::vector<double>{0, 50, 100}));
        QCOMPARE(QueueChartsView::niceTicks(2400, 4), (std::vector<double>{0, 1000, 2000, 3000}));
        QCOMPARE(QueueChartsView::niceTicks(7, 4), (std::vector<double>{0, 2, 4, 6, 8}));
        // Never more than the ticks asked for above 0, and the top at or above the highest.
        for (const double highest : {0.3, 3.0, 17.0, 999.0, 123456.0}) {
            const std::vector<double> ticks = QueueChartsView::niceTicks(highest, 4);
            QVERIFY(ticks.size() <= 5);
            QVERIFY(ticks.back() >= highest);
        }
    }

    void fitsTheWindow_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("topicsShown");
        QTest::newRow("1400x900 window") << kDefaultPane << 4;
        QTest::newRow("1024x700 window") << kSmallPane << QueuesPane::kOverviewRowsShown;
    }

    // The pane fits, its overview shows several topics, the charts a plot of some height with
    // labels that fit.
    void fitsTheWindow()
    {
        QFETCH(QSize, size);
        QFETCH(int, topicsShown);
        QSettings().remove(QLatin1String(QueuesPane::kSplitterKey));
        const std::string file = "fits-" + std::to_string(size.width()) + ".db";
        std::shared_ptr<AsyncKVStore> store = fiveTopics(file.c_str());
        QueuesPane pane;
        pane.resize(size);
        pane.setStore(store, false, QStringLiteral("fits"));
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 5);
        QTRY_VERIFY(pane.trends()->sampler()->history().samples().size() >= 1);
        // It fits: nothing is cut off at the bottom or the right.
        QVERIFY2(pane.minimumSizeHint().width() <= size.width()
                     && pane.minimumSizeHint().height() <= size.height(),
                 qPrintable(QStringLiteral("it needs %1x%2")
                                .arg(pane.minimumSizeHint().width())
                                .arg(pane.minimumSizeHint().height())));
        const QTableView *overview = pane.overviewView();
        QVERIFY2(
            overview->viewport()->height()
                >= topicsShown * overview->verticalHeader()->defaultSectionSize(),
            qPrintable(
                QStringLiteral("the overview is %1 px high").arg(overview->viewport()->height())));
        const QueueChartsView *charts = pane.trends()->charts();
        // Thousands, as 1k .. 4k (fewer ticks where the plot is low).
        QTRY_VERIFY(charts->countAxisLabels().last().endsWith(QLatin1Char('k')));
        QVERIFY2(labelsFit(charts->countAxisLabels()),
                 qPrintable(charts->countAxisLabels().join(QLatin1Char(' '))));
        const double plot = charts->countView()->chart()->plotArea().height();
        QVERIFY2(plot >= 50, qPrintable(QStringLiteral("the plot is %1 px high").arg(plot)));
        // The legends name every series, whole: Qt's legend beside the chart cut its last
        // entries off at 1024x700; the labels below the charts wrap instead.
        QList<const QLineSeries *> counts;
        for (int i = 0; i < QueueChartsView::CountSeriesCount; ++i)
            counts << charts->countSeries(QueueChartsView::CountSeries(i));
        QList<const QLineSeries *> rates;
        for (int i = 0; i < QueueChartsView::RateSeriesCount; ++i)
            rates << charts->rateSeries(QueueChartsView::RateSeries(i));
        for (const auto &[legend, series] :
             {std::pair{charts->countLegend(), counts}, std::pair{charts->rateLegend(), rates}}) {
            QVERIFY(legend->isVisible());
            const QString text = legend->text();
            for (const QLineSeries *line : series) {
                QVERIFY(!line->chart()->legend()->isVisible());
                const QString name
                    = line->name().replace(QLatin1Char(' '), QStringLiteral("&nbsp;"));
                QVERIFY2(text.contains(name), qPrintable(name + QStringLiteral(" in ") + text));
                QVERIFY(text.contains(line->color().name()));
            }
            const QRect shown(legend->mapTo(&pane, QPoint()), legend->size());
            QVERIFY2(pane.rect().contains(shown)
                         && legend->height() >= legend->heightForWidth(legend->width()),
                     qPrintable(QStringLiteral("%1x%2 at %3,%4, needs %5 px")
                                    .arg(legend->width())
                                    .arg(legend->height())
                                    .arg(shown.x())
                                    .arg(shown.y())
                                    .arg(legend->heightForWidth(legend->width()))));
        }
        pane.hide();
        store->close().waitForFinished();
    }

    // The user's division of overview, charts and messages is kept.
    void keepsTheDivision()
    {
        QSettings().remove(QLatin1String(QueuesPane::kSplitterKey));
        QList<int> moved;
        {
            QueuesPane pane;
            pane.resize(kDefaultPane);
            pane.show();
            QVERIFY(QTest::qWaitForWindowExposed(&pane));
            QSplitter *splitter = pane.splitter();
            const QList<int> sizes = splitter->sizes();
            // As a drag of the first handle does: the overview grows by 60 px.
            splitter->setSizes({sizes[0] + 60, sizes[1] - 60, sizes[2]});
            emit splitter->splitterMoved(sizes[0] + 60, 1);
            moved = splitter->sizes();
            QCOMPARE(moved[0], sizes[0] + 60);
        }
        QueuesPane again;
        again.resize(kDefaultPane);
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        QCOMPARE(again.splitter()->sizes(), moved);
    }

    void savesTheReadmeScreenshots()
    {
        QSettings().remove(QLatin1String(QueuesPane::kSplitterKey));
        std::shared_ptr<AsyncKVStore> store = fiveTopics("screenshots.db");
        QueuesPane pane;
        useTestClock(pane);
        pane.setConfirm([](const QString &) { return true; });
        pane.resize(kvs::test::kPaneOnSmallScreen);
        pane.setStore(store, true, QStringLiteral("shop.db"));
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        QTRY_VERIFY(pane.trends()->sampler()->isLoaded());
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 5);
        buildHistory(pane, *store);
        QVERIFY(pane.trends()->charts()->countSeries(QueueChartsView::DueCount)->count() >= 25);
        save(pane, QStringLiteral("queues.png"));

        // The browser: the invoices that died of a timeout.
        pane.statusChoice()->setCurrentIndex(int(BrowseStatus::Dead));
        pane.errorFilter()->setText(QStringLiteral("timeout"));
        QSignalSpy browsed(pane.controller(), &QueuesController::browseChanged);
        selectTopic(pane, "invoices");
        QTRY_VERIFY(pane.controller()->deadLetters()->rowCount() >= 100);
        save(pane, QStringLiteral("queues-browser.png"));

        // A bulk retry of them at 20 messages per second, shown while it runs.
        pane.jobBar()->rateField()->setText(QStringLiteral("20"));
        pane.retryAllButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(pane.controller()->job()
                                     && pane.controller()->job()->spec().action
                                            == DeadLetterAction::Retry
                                     && pane.controller()->job()->progress().changed >= 20,
                                 kTimeout);
        QVERIFY(pane.jobBar()->progressBar()->isVisible());
        save(pane, QStringLiteral("queues-bulk-retry.png"));
        pane.jobBar()->cancelButton()->click();
        QTRY_VERIFY(!pane.controller()->isJobRunning());
        pane.hide();
        store->close().waitForFinished();
    }
};

QTEST_MAIN(TestQueuesLayout)
#include "tst_queues_layout.moc"
