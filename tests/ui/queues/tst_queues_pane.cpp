// The queue dashboard on a real SQLite file: the overview and its warnings, the dead-letter
// browser's filter and pages, the operator's actions (asked first, recorded in the audit log),
// a bulk job, and a read-only database that shows everything and offers no action.
#include "queues/queue_message_model.h"
#include "queues/queue_overview_model.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "queues/sweep_job.h"
#include "support/test_paths.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/kvstore.h>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTest>

using namespace kvs;
using namespace kvs::ui;

namespace {

// count dead letters on "emails" (even ones failed with "timeout", odd ones with "HTTP 503"),
// one due message on "webhooks", and one delayed.
void fill(const std::string &path, int count)
{
    KVStore store(path);
    QueueOptions emails;
    emails.topic = "emails";
    emails.maxAttempts = 1;
    for (int i = 0; i < count; ++i)
        (void)store.enqueue(Value::object({{"to", Value("user" + std::to_string(i) + "@x")}}),
                            emails);
    for (int taken = 0; taken < count;) {
        const auto page = store.dequeue("emails", 1000);
        for (const QueueMessage &m : page) {
            NackOptions nack;
            nack.error = m.id % 2 == 0 ? "timeout after 30s" : "HTTP 503 from smtp";
            store.nack(double(m.id), m.token, nack);
        }
        taken += int(page.size());
    }
    QueueOptions hooks;
    hooks.topic = "webhooks";
    (void)store.enqueue(Value("ping"), hooks);
    hooks.delay = 3600000;
    (void)store.enqueue(Value("later"), hooks);
}

} // namespace

class TestQueuesPane : public QObject
{
    Q_OBJECT

private:
    test::TestFiles m_files;

    static int deadOf(QueuesPane &pane, const std::string &topic)
    {
        const QueueOverviewModel *overview = pane.controller()->overview();
        const QueueStats *stats = overview->statsAt(overview->rowOf(topic));
        return stats ? int(stats->dead) : -1;
    }

    static void selectTopic(QueuesPane &pane, const std::string &topic)
    {
        const int row = pane.controller()->overview()->rowOf(topic);
        pane.overviewView()->setCurrentIndex(pane.controller()->overview()->index(row, 0));
    }

private slots:
    void initTestCase()
    {
        qputenv("KVS_AUDIT_LOG",
                QFile::encodeName(QString::fromStdString(m_files.path("audit.jsonl"))));
    }

    void overviewBrowserAndActions()
    {
        const std::string path = m_files.path("queues.db");
        fill(path, 250);
        auto store = std::make_shared<AsyncKVStore>(path);
        QueuesPane pane;
        QAbstractItemModelTester overviewTester(pane.controller()->overview());
        QAbstractItemModelTester deadTester(pane.controller()->deadLetters());
        int asked = 0;
        QString lastQuestion;
        pane.setConfirm([&](const QString &question) {
            ++asked;
            lastQuestion = question;
            return true;
        });
        pane.resize(1100, 700);
        pane.setStore(store, true, QString::fromStdString(path));
        pane.show();
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 2);
        QCOMPARE(deadOf(pane, "emails"), 250);
        const QueueOverviewModel *overview = pane.controller()->overview();
        const int hooks = overview->rowOf("webhooks");
        QCOMPARE(overview->data(overview->index(hooks, QueueOverviewModel::Due)).toString(),
                 QStringLiteral("1"));
        QCOMPARE(overview->data(overview->index(hooks, QueueOverviewModel::Delayed)).toString(),
                 QStringLiteral("1"));

        // The browser pages the topic's dead letters, a hundred matches at a time.
        selectTopic(pane, "emails");
        QueueMessageModel *dead = pane.controller()->deadLetters();
        QTRY_COMPARE(dead->rowCount(), 250); // one page of listDead holds them all
        pane.errorFilter()->setText(QStringLiteral("timeout"));
        pane.applyFilter();
        QTRY_COMPARE(dead->rowCount(), 125);
        pane.regexFilter()->setChecked(true);
        pane.errorFilter()->setText(QStringLiteral("^HTTP 5\\d\\d"));
        pane.applyFilter();
        QTRY_COMPARE(dead->rowCount(), 125);
        QVERIFY(dead->messageAt(0)->id % 2 == 1);

        // Retry a selection: asked first, then done, and the overview follows.
        pane.deadLetterView()->selectRow(0);
        QVERIFY(pane.retrySelectedButton()->isEnabled());
        pane.retrySelectedButton()->click();
        QCOMPARE(asked, 1);
        QVERIFY2(lastQuestion.contains(QStringLiteral("Retry 1 dead message")),
                 qPrintable(lastQuestion));
        QVERIFY(lastQuestion.contains(QStringLiteral("\"emails\"")));
        QTRY_COMPARE(deadOf(pane, "emails"), 249);
        QCOMPARE(dead->rowCount(), 124);

        // Delete everything the filter matches, as a job: counted first, so the question says
        // how many, in which topic, with which filter.
        QSignalSpy finished(pane.controller(), &QueuesController::jobFinished);
        pane.setConfirmDelete([&](const QString &question, qint64) {
            ++asked;
            lastQuestion = question;
            return QueuesPane::DeleteChoice{true, {}};
        });
        pane.deleteAllButton()->click();
        QTRY_COMPARE(asked, 2);
        QVERIFY2(lastQuestion.contains(QStringLiteral("Delete the 124 dead message(s) of topic "
                                                      "\"emails\" that match error matching "
                                                      "/^HTTP 5\\d\\d/")),
                 qPrintable(lastQuestion));
        QTRY_COMPARE(finished.count(), 2);
        QCOMPARE(finished.at(1).at(0).toString(), QStringLiteral("Deleted 124 message(s)."));
        QTRY_COMPARE(deadOf(pane, "emails"), 125);
        QTRY_COMPARE(dead->rowCount(), 0);

        // A refusal asks and does nothing.
        pane.setConfirm([&](const QString &) {
            ++asked;
            return false;
        });
        pane.regexFilter()->setChecked(false);
        pane.errorFilter()->clear();
        pane.applyFilter();
        QTRY_COMPARE(dead->rowCount(), 125); // one page of listDead holds them all
        QVERIFY(!pane.controller()->hasMore());
        pane.retryAllButton()->click();
        QTRY_COMPARE(asked, 3);
        QVERIFY(!pane.controller()->isJobRunning());
        QCOMPARE(deadOf(pane, "emails"), 125);

        // Each action is in the audit log.
        QFile audit(QString::fromLocal8Bit(qgetenv("KVS_AUDIT_LOG")));
        QTRY_VERIFY(audit.exists() && audit.size() > 0);
        QVERIFY(audit.open(QIODevice::ReadOnly));
        const QByteArray log = audit.readAll();
        QVERIFY(log.contains("\"action\":\"retry\""));
        QVERIFY(log.contains("\"action\":\"delete-dead\""));
        QVERIFY(!log.contains("user1@x")); // no payloads

        const QString dir = kvs::test::fromTest(KVS_SCREENSHOT_DIR);
        QDir().mkpath(dir);
        pane.errorFilter()->setText(QStringLiteral("timeout"));
        pane.applyFilter();
        QTRY_VERIFY(dead->rowCount() > 0);
        QVERIFY(pane.grab().save(dir + QStringLiteral("/queues.png")));
        pane.hide();
        store->close().waitForFinished();
    }

    // Issue 31: after Allow writes (a new store of the same database) the browser said "Select
    // a topic" while the topic's row stayed selected, and a click on it did nothing.
    void issue31_allowingWritesKeepsTheTopicBrowsed()
    {
        const std::string path = m_files.path("allow.db");
        fill(path, 20);
        QueuesPane pane;
        pane.resize(1100, 700);
        pane.setStore(std::make_shared<AsyncKVStore>(path), false, QStringLiteral("allow.db"));
        pane.show();
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 2);
        selectTopic(pane, "emails");
        QueueMessageModel *dead = pane.controller()->deadLetters();
        QTRY_COMPARE(dead->rowCount(), 20);
        pane.setStore(std::make_shared<AsyncKVStore>(path), true, QStringLiteral("allow.db"));
        QCOMPARE(pane.controller()->browsedTopic(), std::string("emails"));
        QTRY_COMPARE(dead->rowCount(), 20);
        pane.deadLetterView()->selectRow(0);
        QVERIFY(pane.retrySelectedButton()->isEnabled());
        // Nothing browsed (a new database's first open): a click on the current row browses it.
        pane.setStore(std::make_shared<AsyncKVStore>(path), true, QStringLiteral("allow.db"));
        pane.overviewView()->setCurrentIndex({});
        pane.controller()->browse({}, BrowseStatus::Dead, {}, {});
        const QModelIndex emails = pane.controller()->overview()->index(
            pane.controller()->overview()->rowOf("emails"), 0);
        pane.overviewView()->setCurrentIndex(emails);
        pane.controller()->browse({}, BrowseStatus::Dead, {}, {}); // as if setStore cleared it
        QTest::mouseClick(pane.overviewView()->viewport(),
                          Qt::LeftButton,
                          {},
                          pane.overviewView()->visualRect(emails).center());
        QCOMPARE(pane.controller()->browsedTopic(), std::string("emails"));
    }

    // Issue 31: cancelling the question of "Retry all matching…" left Count matching, Retry all
    // matching and Delete all matching disabled until Apply.
    void issue31_aCancelledBulkQuestionLeavesTheButtonsOn()
    {
        const std::string path = m_files.path("cancel.db");
        fill(path, 20);
        QueuesPane pane;
        int asked = 0;
        pane.setConfirm([&](const QString &) {
            ++asked;
            return false;
        });
        pane.resize(1100, 700);
        pane.setStore(std::make_shared<AsyncKVStore>(path), true, QStringLiteral("cancel.db"));
        pane.show();
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 2);
        selectTopic(pane, "emails");
        QTRY_COMPARE(pane.controller()->deadLetters()->rowCount(), 20);
        QTRY_VERIFY(pane.retryAllButton()->isEnabled());
        pane.retryAllButton()->click();
        QTRY_COMPARE(asked, 1);
        QVERIFY(!pane.controller()->isJobRunning());
        QVERIFY(pane.countButton()->isEnabled());
        QVERIFY(pane.retryAllButton()->isEnabled());
        QVERIFY(pane.deleteAllButton()->isEnabled());
    }

    // Issue 31: while a bulk retry ran, the list showed the retried ids as dead until the job
    // ended; they leave it as their batches commit.
    void issue31_aBulkRetryDropsItsRowsAsBatchesCommit()
    {
        const std::string path = m_files.path("batches.db");
        fill(path, 200);
        QueuesPane pane;
        pane.resize(1100, 700);
        pane.setStore(std::make_shared<AsyncKVStore>(path), true, QStringLiteral("batches.db"));
        pane.show();
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 2);
        selectTopic(pane, "emails");
        QueueMessageModel *dead = pane.controller()->deadLetters();
        QTRY_COMPARE(dead->rowCount(), 200);
        // 20 messages a second: ten seconds of batches, so the job still runs when the first
        // batches are out of the list.
        pane.controller()->startJob(DeadLetterAction::Retry, 20.0);
        QVERIFY(pane.controller()->isJobRunning());
        QTRY_VERIFY_WITH_TIMEOUT(dead->rowCount() < 200 || !pane.controller()->isJobRunning(),
                                 20000);
        QVERIFY2(pane.controller()->isJobRunning(), "the rows left only when the job ended");
        const int shown = dead->rowCount();
        QCOMPARE(qint64(shown), 200 - pane.controller()->job()->progress().changed);
        QSignalSpy finished(pane.controller(), &QueuesController::jobFinished);
        pane.controller()->cancelJob();
        QVERIFY(finished.wait(20000));
    }

    void readOnlyShowsAndOffersNothing()
    {
        const std::string path = m_files.path("readonly.db");
        fill(path, 3);
        AsyncKVStoreSettings settings;
        settings.readOnly = true;
        auto store = std::make_shared<AsyncKVStore>(path, settings);
        QueuesPane pane;
        pane.setStore(store, false, QString::fromStdString(path));
        pane.show();
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 2);
        selectTopic(pane, "emails");
        QTRY_COMPARE(pane.controller()->deadLetters()->rowCount(), 3);
        pane.deadLetterView()->selectRow(0);
        QVERIFY(!pane.retrySelectedButton()->isEnabled());
        QVERIFY(!pane.retryAllButton()->isEnabled());
        QVERIFY(!pane.deleteAllButton()->isEnabled());
        QVERIFY(!pane.retryAllButton()->toolTip().isEmpty());
        pane.hide();
        store->close().waitForFinished();
    }

    void browsesEveryStatus()
    {
        const std::string path = m_files.path("statuses.db");
        fill(path, 3);
        {
            KVStoreOptions options;
            options.queue.doneRetention = 3600000;
            KVStore store(path, options);
            QueueOptions work;
            work.topic = "work";
            for (const char *name : {"acked", "leased", "waiting"})
                (void)store.enqueue(Value(name), work);
            const auto acked = store.dequeue("work", 1).at(0);
            QVERIFY(store.acknowledge(double(acked.id), acked.token));
            (void)store.dequeue("work", 1);
        }
        auto store = std::make_shared<AsyncKVStore>(path);
        QueuesPane pane;
        QAbstractItemModelTester tester(pane.controller()->deadLetters());
        pane.setStore(store, true, QString::fromStdString(path));
        pane.show();
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 3);
        QueueMessageModel *messages = pane.controller()->deadLetters();
        const auto payloadAt = [&](int row) {
            return messages->data(messages->index(row, QueueMessageModel::Payload)).toString();
        };
        const auto show = [&](BrowseStatus status) {
            pane.statusChoice()->setCurrentIndex(int(status));
            pane.applyFilter();
        };
        selectTopic(pane, "work");
        show(BrowseStatus::Due);
        QTRY_COMPARE(messages->rowCount(), 1);
        QCOMPARE(payloadAt(0), QStringLiteral("\"waiting\""));
        QVERIFY(messages->data(messages->index(0, QueueMessageModel::LeaseExpiry))
                    .toString()
                    .isEmpty());
        show(BrowseStatus::Processing);
        QTRY_COMPARE(payloadAt(0), QStringLiteral("\"leased\""));
        QCOMPARE(messages->rowCount(), 1);
        QVERIFY(!messages->data(messages->index(0, QueueMessageModel::LeaseExpiry))
                     .toString()
                     .isEmpty());
        QCOMPARE(messages->data(messages->index(0, QueueMessageModel::Attempts)).toString(),
                 QStringLiteral("1 / 3"));
        // Not dead: no retry or delete offered.
        pane.deadLetterView()->selectRow(0);
        QVERIFY(!pane.retrySelectedButton()->isEnabled());
        QVERIFY(!pane.retryAllButton()->isEnabled());
        QVERIFY(pane.countButton()->isEnabled()); // every status can be counted
        // The attempts filter.
        pane.attemptsAtLeast()->setValue(2);
        pane.applyFilter();
        QTRY_COMPARE(messages->rowCount(), 0);
        pane.attemptsAtLeast()->setValue(0);
        show(BrowseStatus::Done);
        QTRY_COMPARE(payloadAt(0), QStringLiteral("\"acked\""));
        selectTopic(pane, "webhooks");
        show(BrowseStatus::Delayed);
        QTRY_COMPARE(payloadAt(0), QStringLiteral("\"later\""));
        QCOMPARE(messages->rowCount(), 1);
        // The age filter: nothing here is an hour old.
        pane.olderThanMinutes()->setValue(60);
        pane.applyFilter();
        QTRY_COMPARE(messages->rowCount(), 0);
        pane.olderThanMinutes()->setValue(0);

        // The filtered count of dead letters, as a job with progress.
        selectTopic(pane, "emails");
        show(BrowseStatus::Dead);
        QTRY_COMPARE(messages->rowCount(), 3);
        QVERIFY(pane.countButton()->isEnabled());
        QSignalSpy finished(pane.controller(), &QueuesController::jobFinished);
        pane.errorFilter()->setText(QStringLiteral("HTTP"));
        pane.applyFilter();
        QTRY_COMPARE(messages->rowCount(), 2); // ids 1 and 3: the odd ones failed with HTTP
        pane.countButton()->click();
        QTRY_COMPARE(finished.count(), 1);
        QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("2 message(s) match."));
        pane.hide();
        store->close().waitForFinished();
    }

    void stalledTopicIsFlagged()
    {
        QueueOverviewModel model;
        QAbstractItemModelTester tester(&model);
        QueueStats stalled{"emails", 3, 0, 0, 0, 0, std::int64_t(1000)};
        QueueStats fine{"hooks", 1, 0, 0, 0, 0, std::int64_t(100000)};
        model.setStats({stalled, fine}, 100000);
        const QString status = model.data(model.index(0, QueueOverviewModel::Status)).toString();
        QVERIFY2(status.contains(QStringLiteral("no consumer?")), qPrintable(status));
        QCOMPARE(model.data(model.index(1, QueueOverviewModel::Status)).toString(),
                 QStringLiteral("ok"));
        // Dead letters growing between two refreshes.
        stalled.dead = 2;
        stalled.oldestPendingAt = 100000;
        model.setStats({stalled, fine}, 100000);
        QCOMPARE(model.data(model.index(0, QueueOverviewModel::Status)).toString(),
                 QStringLiteral("dead letters growing (+2)"));
        QCOMPARE(model.data(model.index(0, QueueOverviewModel::Status), Qt::UserRole).toBool(),
                 true);
    }
};

QTEST_MAIN(TestQueuesPane)
#include "tst_queues_pane.moc"
