// The queue charts on a real SQLite file: a sample at each overview refresh (counts and the id
// counter), the charts' series and range choice, the history kept across a restart of the view,
// a damaged history file reported and moved aside, and the "no consumer?" threshold kept in
// QSettings.
#include "queues/queue_charts_view.h"
#include "queues/queue_history.h"
#include "queues/queue_overview_model.h"
#include "queues/queue_rate_sampler.h"
#include "queues/queue_trends_panel.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/kvstore.h>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineSeries>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs;
using namespace kvs::ui;

namespace {

// Qt's owner bits and the group's and others' (its "user" bits repeat the owner's on Unix).
constexpr int kOwnerGroupOther = 0x7077;

void enqueue(const std::string &path, const std::string &topic, int count)
{
    KVStore store(path);
    QueueOptions options;
    options.topic = topic;
    for (int i = 0; i < count; ++i)
        (void)store.enqueue(Value(i), options);
}

} // namespace

class TestQueueCharts : public QObject
{
    Q_OBJECT

private:
    test::TestFiles m_files;
    QTemporaryDir m_config;
    QTemporaryDir m_histories;
    std::shared_ptr<ManualClock> m_clock = std::make_shared<ManualClock>(1'800'000'000'000);

    // A pane whose samples are taken at m_clock's time (moved by the test).
    void useTestClock(QueuesPane &pane)
    {
        pane.trends()->sampler()->setClock(m_clock);
        pane.trends()->charts()->setClock(m_clock);
    }

    // Closes store once the pane's reads in flight let it go: a store last released while the
    // application ends would be closed after its threads are gone.
    static void closeWhenFree(const std::shared_ptr<AsyncKVStore> &store)
    {
        QTRY_COMPARE(store.use_count(), 1L);
        store->close().waitForFinished();
    }

    static void refreshAndSample(QueuesPane &pane)
    {
        QSignalSpy sampled(pane.trends()->sampler(), &QueueRateSampler::sampled);
        pane.controller()->refresh();
        QVERIFY(sampled.wait(10000));
    }

private slots:
    void initTestCase()
    {
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_config.path()));
        qputenv("KVS_QUEUE_HISTORY_DIR", QFile::encodeName(m_histories.path()));
        QCoreApplication::setOrganizationName(QStringLiteral("kvs-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_queue_charts"));
    }

    void samplesChartAndSurviveARestart()
    {
        const std::string path = m_files.path("charts.db");
        enqueue(path, "emails", 5);
        const QString identity = QString::fromStdString(path);
        auto first = std::make_shared<AsyncKVStore>(path);
        {
            auto &store = first;
            QueuesPane pane;
            QAbstractItemModelTester tester(pane.controller()->overview());
            useTestClock(pane);
            QSignalSpy loaded(pane.trends()->sampler(), &QueueRateSampler::historyLoaded);
            pane.resize(1100, 800);
            pane.setStore(store, true, identity);
            pane.show();
            QVERIFY(loaded.count() > 0 || loaded.wait(10000));
            // Refreshes at one instant of the test's clock make one sample.
            QTRY_COMPARE(pane.trends()->sampler()->history().samples().size(), std::size_t(1));
            QTRY_COMPARE(pane.trends()->sampler()->history().samples()[0].lastId, std::int64_t(5));

            // Ten more messages in 2 s: 5 per second enqueued, 15 due.
            enqueue(path, "emails", 10);
            m_clock->advance(2000);
            refreshAndSample(pane);
            QueueChartsView *charts = pane.trends()->charts();
            QLineSeries *due = charts->countSeries(QueueChartsView::DueCount);
            QCOMPARE(due->count(), 2);
            QTRY_COMPARE(due->at(1).y(), 15.0); // a refresh already in flight may come first
            QLineSeries *enqueued = charts->rateSeries(QueueChartsView::EnqueuedRate);
            QCOMPARE(enqueued->count(), 1);
            QTRY_COMPARE(enqueued->at(0).y(), 5.0);
            QVERIFY(enqueued->isVisible());

            // One topic: its counts, and no enqueue rate (the counter is the database's).
            enqueue(path, "hooks", 1);
            m_clock->advance(2000);
            refreshAndSample(pane);
            QTRY_COMPARE(charts->scopeChoice()->count(), 3); // all, emails, hooks
            charts->scopeChoice()->setCurrentIndex(
                charts->scopeChoice()->findData(QStringLiteral("hooks")));
            QTRY_COMPARE(due->count(), 1); // hooks exists in the last sample only
            QCOMPARE(due->at(0).y(), 1.0);
            QVERIFY(!charts->rateSeries(QueueChartsView::EnqueuedRate)->isVisible());

            // The range: a sample 10 minutes old is outside the last 5 minutes.
            charts->scopeChoice()->setCurrentIndex(0);
            m_clock->advance(10 * 60 * 1000);
            refreshAndSample(pane);
            QCOMPARE(charts->rangeChoice()->currentIndex(), 0);
            QCOMPARE(due->count(), 1);
            charts->rangeChoice()->setCurrentIndex(1); // last hour
            // The three samples 2 s apart are older than 5 minutes now: one per 10 s is kept.
            QCOMPARE(due->count(), 2);
            QCOMPARE(pane.trends()->sampler()->history().samples().size(), std::size_t(2));

            QSignalSpy saved(pane.trends()->sampler(), &QueueRateSampler::historySaved);
            pane.trends()->sampler()->save();
            QVERIFY(saved.wait(10000));
        }
        closeWhenFree(first);
        // A new view of the same database reads the history back.
        auto store = std::make_shared<AsyncKVStore>(path);
        auto pane = std::make_unique<QueuesPane>();
        useTestClock(*pane);
        QSignalSpy loaded(pane->trends()->sampler(), &QueueRateSampler::historyLoaded);
        pane->setStore(store, false, identity);
        QVERIFY(loaded.count() > 0 || loaded.wait(10000));
        QCOMPARE(pane->trends()->sampler()->history().samples().size(), std::size_t(2));
        QCOMPARE(pane->trends()->sampler()->history().samples().back().lastId, std::int64_t(16));
        const QString file = QDir(m_histories.path()).entryList({QStringLiteral("*.kqh")}).value(0);
        QVERIFY(!file.isEmpty());
        QCOMPARE(QFile::permissions(m_histories.path() + QLatin1Char('/') + file)
                     & kOwnerGroupOther,
                 QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        pane.reset();
        closeWhenFree(store);
    }

    void damagedHistoryIsReportedAndMovedAside()
    {
        const std::string path = m_files.path("damaged.db");
        enqueue(path, "t", 1);
        const QString identity = QString::fromStdString(path);
        QueuesPane pane;
        QString historyPath;
        pane.trends()->sampler()->setPathForIdentity([&](const QString &) {
            historyPath = QString::fromStdString(m_files.path("damaged.kqh"));
            return historyPath;
        });
        {
            QFile file(QString::fromStdString(m_files.path("damaged.kqh")));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("not ours");
        }
        QSignalSpy problem(pane.trends(), &QueueTrendsPanel::problem);
        auto store = std::make_shared<AsyncKVStore>(path);
        pane.setStore(store, false, identity);
        QVERIFY(problem.wait(10000));
        const QString message = problem.at(0).at(0).toString();
        QVERIFY2(message.contains(QStringLiteral("not a queue history file"))
                     && message.contains(historyPath + QStringLiteral(".unreadable")),
                 qPrintable(message));
        QCOMPARE(test::fileBytes(historyPath + QStringLiteral(".unreadable")),
                 QByteArray("not ours"));
        pane.setStore(nullptr, false, {});
        closeWhenFree(store);
    }

    void noConsumerThresholdIsAUserSetting()
    {
        const std::string path = m_files.path("stall.db");
        {
            // A message that has been due for 10 s (the store's clock set back, no sleeping).
            AsyncKVStoreSettings settings;
            settings.clock
                = std::make_shared<ManualClock>(QDateTime::currentMSecsSinceEpoch() - 10000);
            AsyncKVStore writer(path, settings);
            QueueOptions options;
            options.topic = "slow";
            (void)writer.enqueue(Value(1), options).result();
        }
        auto store = std::make_shared<AsyncKVStore>(path);
        {
            QueuesPane pane;
            QCOMPARE(pane.trends()->noConsumerSeconds()->value(), 30);
            pane.setStore(store, false, QStringLiteral("stall"));
            pane.show();
            const QueueOverviewModel *overview = pane.controller()->overview();
            QTRY_COMPARE(overview->rowCount(), 1);
            QVERIFY(!overview->data(overview->index(0, 0), Qt::UserRole).toBool()); // 10 s < 30 s
            pane.trends()->noConsumerSeconds()->setValue(5); // refreshes at once
            QTRY_VERIFY(overview->data(overview->index(0, 0), Qt::UserRole).toBool());
            QVERIFY(overview->data(overview->index(0, QueueOverviewModel::Status))
                        .toString()
                        .contains(QStringLiteral("no consumer?")));
        }
        closeWhenFree(store);
        QCOMPARE(QSettings().value(QLatin1String(QueueTrendsPanel::kNoConsumerKey)).toInt(), 5);
        QueuesPane again;
        QCOMPARE(again.trends()->noConsumerSeconds()->value(), 5);
        QSettings().remove(QLatin1String(QueueTrendsPanel::kNoConsumerKey));
    }
};

QTEST_MAIN(TestQueueCharts)
#include "tst_queue_charts.moc"
