// The message browser's filters and id-keyset pages, and the exact counts of a filtered set
// (dead letters by the sweep, the other statuses by QueueCountJob, with progress and cancel),
// on a SQLite file or on the test run's PostgreSQL when KVS_QUEUES_BACKEND=postgres (a ctest
// entry of its own).
#include "queues/queue_count_job.h"
#include "queues/queue_message_model.h"
#include "queues/queue_overview_model.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "queues/sweep_job_bar.h"
#include "support/postgres_test_server.h"

#include <kvs/async_kvstore.h>

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace kvs;
using namespace kvs::ui;

namespace {

bool onPostgres()
{
    return qgetenv("KVS_QUEUES_BACKEND") == "postgres";
}

constexpr int kDead = 1200; // more than one read of 1000
constexpr int kDue = 1500;  // every other one an "acme" payload
constexpr int kShown = QueuesController::kBrowsePage;

} // namespace

class TestQueuesBrowser : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string m_db;
    std::string m_schema;
    std::shared_ptr<AsyncKVStore> m_store;

    AsyncKVStoreSettings settings() const
    {
        AsyncKVStoreSettings s;
        if (!m_schema.empty())
            s.schema = m_schema;
        return s;
    }

    static void selectTopic(QueuesPane &pane, const std::string &topic)
    {
        const int row = pane.controller()->overview()->rowOf(topic);
        pane.overviewView()->setCurrentIndex(pane.controller()->overview()->index(row, 0));
    }

    // Applies the filter fields and waits for the first page of matches.
    static void browse(QueuesPane &pane)
    {
        QSignalSpy changed(pane.controller(), &QueuesController::browseChanged);
        pane.applyFilter();
        QVERIFY(changed.wait(20000));
    }

    // Loads the pages left of the current browse.
    static void loadAll(QueuesPane &pane)
    {
        QueuesController *controller = pane.controller();
        while (controller->hasMore()) {
            QSignalSpy changed(controller, &QueuesController::browseChanged);
            controller->loadMore();
            QVERIFY(changed.wait(20000));
        }
    }

    static std::vector<std::int64_t> shownIds(QueuesPane &pane)
    {
        std::vector<std::int64_t> ids;
        const QueueMessageModel *model = pane.controller()->deadLetters();
        for (int row = 0; row < model->rowCount(); ++row)
            ids.push_back(model->messageAt(row)->id);
        return ids;
    }

    static bool ascendingAndUnique(const std::vector<std::int64_t> &ids)
    {
        for (std::size_t i = 1; i < ids.size(); ++i) {
            if (ids[i] <= ids[i - 1])
                return false;
        }
        return true;
    }

private slots:
    void initTestCase()
    {
        if (onPostgres()) {
            m_db = test::postgresUrl();
            m_schema = test::freshSchema("qbrowser");
        } else {
            m_db = m_dir.filePath(QStringLiteral("browser.db")).toStdString();
        }
        m_store = std::make_shared<AsyncKVStore>(m_db, settings());
        QueueOptions emails;
        emails.topic = "emails";
        emails.maxAttempts = 1;
        // Sent together, then waited for: the backend may run them on several connections.
        std::vector<QFuture<EnqueueResult>> enqueued;
        for (int i = 0; i < kDead; ++i)
            enqueued.push_back(m_store->enqueue(Value(i), emails));
        for (QFuture<EnqueueResult> &f : enqueued)
            f.waitForFinished();
        enqueued.clear();
        for (int taken = 0; taken < kDead;) {
            const std::vector<QueueMessage> page = m_store->dequeue("emails", 1000).result();
            std::vector<QFuture<bool>> nacked;
            for (const QueueMessage &m : page) {
                NackOptions nack;
                nack.error = m.id % 2 == 0 ? "timeout after 30s" : "HTTP 503 from smtp";
                nacked.push_back(m_store->nack(double(m.id), m.token, nack));
            }
            for (QFuture<bool> &f : nacked)
                QVERIFY(f.result());
            taken += int(page.size());
        }
        QueueOptions jobs;
        jobs.topic = "jobs";
        for (int i = 0; i < kDue; ++i)
            enqueued.push_back(m_store->enqueue(
                Value((i % 2 == 0 ? "acme-" : "other-") + std::to_string(i)), jobs));
        for (QFuture<EnqueueResult> &f : enqueued)
            f.waitForFinished();
        QCOMPARE(m_store->queueStats("emails").result().at(0).dead, std::int64_t(kDead));
        QCOMPARE(m_store->queueStats("jobs").result().at(0).pending, std::int64_t(kDue));
    }

    void cleanupTestCase()
    {
        if (m_store)
            m_store->close().waitForFinished();
    }

    void filtersAndPagesByIdKeyset()
    {
        QueuesPane pane;
        QAbstractItemModelTester overviewTester(pane.controller()->overview());
        QAbstractItemModelTester messagesTester(pane.controller()->deadLetters());
        pane.setStore(m_store, false, QStringLiteral("browser"));
        pane.show();
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 2);
        QueueMessageModel *messages = pane.controller()->deadLetters();

        // Dead letters matching "timeout": a page of 100 matches first, then the rest.
        pane.statusChoice()->setCurrentIndex(int(BrowseStatus::Dead));
        pane.errorFilter()->setText(QStringLiteral("timeout"));
        selectTopic(pane, "emails");
        browse(pane);
        // The first read of 1000 holds 500 matches, more than a page: shown, more to read.
        QVERIFY(messages->rowCount() >= kShown);
        QVERIFY(pane.controller()->hasMore());
        loadAll(pane);
        std::vector<std::int64_t> ids = shownIds(pane);
        QCOMPARE(int(ids.size()), kDead / 2);
        QVERIFY(ascendingAndUnique(ids));
        for (const std::int64_t id : ids)
            QCOMPARE(id % 2, std::int64_t(0));

        // A regular expression, evaluated by us on both backends.
        pane.regexFilter()->setChecked(true);
        pane.errorFilter()->setText(QStringLiteral("^HTTP 5\\d\\d from"));
        browse(pane);
        loadAll(pane);
        ids = shownIds(pane);
        QCOMPARE(int(ids.size()), kDead / 2);
        QVERIFY(ascendingAndUnique(ids));
        QCOMPARE(ids.front() % 2, std::int64_t(1));

        // Due messages whose payload contains "acme", across two reads of 1000.
        pane.regexFilter()->setChecked(false);
        pane.errorFilter()->clear();
        pane.payloadFilter()->setText(QStringLiteral("acme"));
        selectTopic(pane, "jobs");
        pane.statusChoice()->setCurrentIndex(int(BrowseStatus::Due));
        browse(pane);
        QCOMPARE(pane.controller()->browsedStatus(), BrowseStatus::Due);
        QVERIFY(messages->rowCount() >= kShown);
        loadAll(pane);
        ids = shownIds(pane);
        QCOMPARE(int(ids.size()), kDue / 2);
        QVERIFY(ascendingAndUnique(ids));
        pane.hide();
    }

    void countsTheFilteredSetOfEveryStatus()
    {
        QueuesPane pane;
        pane.setStore(m_store, false, QStringLiteral("browser"));
        pane.show();
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 2);

        // Dead letters: the sweep counts.
        pane.statusChoice()->setCurrentIndex(int(BrowseStatus::Dead));
        pane.errorFilter()->setText(QStringLiteral("timeout"));
        selectTopic(pane, "emails");
        browse(pane);
        QVERIFY(pane.countButton()->isEnabled());
        QSignalSpy swept(pane.controller(), &QueuesController::jobFinished);
        pane.countButton()->click();
        QVERIFY(swept.wait(20000));
        QCOMPARE(swept.at(0).at(0).toString(), QStringLiteral("600 message(s) match."));
        // One place for a job's progress and result: the job bar, not the status line too.
        SweepJobBar *bar = pane.jobBar();
        QCOMPARE(bar->jobLabel()->text(), QStringLiteral("600 message(s) match."));
        QVERIFY(!pane.statusLabel()->text().contains(QStringLiteral("match")));

        // Due messages: QueueCountJob, with progress after the first read of 1000.
        pane.errorFilter()->clear();
        pane.payloadFilter()->setText(QStringLiteral("acme"));
        selectTopic(pane, "jobs");
        pane.statusChoice()->setCurrentIndex(int(BrowseStatus::Due));
        browse(pane);
        QCOMPARE(pane.controller()->browsedStatus(), BrowseStatus::Due);
        QVERIFY(pane.countButton()->isEnabled());
        QueueCountJob *job = pane.countJob();
        QSignalSpy progress(job, &QueueCountJob::progress);
        QSignalSpy finished(job, &QueueCountJob::finished);
        pane.countButton()->click();
        QVERIFY(job->isRunning());
        QVERIFY(!pane.countButton()->isEnabled());
        // The count runs in the job bar: its progress against the overview's count, Cancel,
        // no Pause (a count cannot pause).
        QVERIFY(bar->progressBar()->isVisible());
        QCOMPARE(bar->progressBar()->maximum(), kDue);
        QVERIFY(bar->cancelButton()->isVisible());
        QVERIFY(!bar->pauseButton()->isVisible());
        QVERIFY(finished.wait(20000));
        QCOMPARE(progress.count(), 1);
        QCOMPARE(progress.at(0).at(0).toLongLong(), qint64(1000));
        QCOMPARE(finished.at(0).at(0).toLongLong(), qint64(kDue));
        QCOMPARE(finished.at(0).at(1).toLongLong(), qint64(kDue / 2));
        QCOMPARE(finished.at(0).at(2).toBool(), false);
        QCOMPARE(
            bar->jobLabel()->text(),
            QStringLiteral("750 message(s) match (of %1 read).").arg(QLocale().toString(1500)));
        QVERIFY(!pane.statusLabel()->text().contains(QStringLiteral("match")));
        QVERIFY(!bar->progressBar()->isVisible());
        QVERIFY(!bar->cancelButton()->isVisible());
        QVERIFY(pane.countButton()->isEnabled());

        // Cancelled: it stops after the read in flight and says how far it got.
        finished.clear();
        pane.countButton()->click();
        bar->cancelButton()->click(); // the job bar's Cancel stops the count
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.at(0).at(0).toLongLong(), qint64(1000));
        QCOMPARE(finished.at(0).at(2).toBool(), true);
        QVERIFY2(bar->jobLabel()->text().startsWith(QStringLiteral("Cancelled. ")),
                 qPrintable(bar->jobLabel()->text()));

        // Nothing matches: an exact zero, not an empty answer.
        pane.payloadFilter()->setText(QStringLiteral("nobody"));
        browse(pane);
        finished.clear();
        pane.countButton()->click();
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.at(0).at(1).toLongLong(), qint64(0));
        QCOMPARE(bar->jobLabel()->text(),
                 QStringLiteral("0 message(s) match (of %1 read).").arg(QLocale().toString(1500)));
        pane.hide();
    }
};

QTEST_MAIN(TestQueuesBrowser)
#include "tst_queues_browser.moc"
