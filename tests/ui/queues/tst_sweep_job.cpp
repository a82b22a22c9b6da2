// The Queues view's bulk job (ui/queues/sweep_job.*, sweep_job_bar.*): a retry job paused,
// resumed, auto-paused when its retried messages die again, and cancelled; a scheduled start
// fired by moving the clock (never by sleeping); a delete that exports the matches to a file
// first, and deletes nothing when the export fails. On a SQLite file, or on the test run's
// PostgreSQL when KVS_QUEUES_BACKEND=postgres (a ctest entry of its own).
#include "queues/queue_overview_model.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "queues/sweep_job.h"
#include "queues/sweep_job_bar.h"
#include "support/postgres_test_server.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>

#include <QCheckBox>
#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeEdit>

using namespace kvs;
using namespace kvs::ui;

namespace {

bool onPostgres()
{
    return qgetenv("KVS_QUEUES_BACKEND") == "postgres";
}

// Today 10:00:30 local time: a scheduled start at 11:00 is ahead, on any day.
std::int64_t morning()
{
    return QDateTime(QDate::currentDate(), QTime(10, 0, 30)).toMSecsSinceEpoch();
}

} // namespace

class TestSweepJob : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_databases = 0;
    std::shared_ptr<ManualClock> m_clock;
    std::shared_ptr<AsyncKVStore> m_store;

    // A fresh database of this test's backend with count dead letters on topic "jobs" (max
    // attempts 1; message i failed with "boom i"), its store on a manual clock.
    void freshStore(int count)
    {
        ++m_databases;
        AsyncKVStoreSettings settings;
        std::string db;
        if (onPostgres()) {
            db = test::postgresUrl();
            settings.schema = test::freshSchema("sweepjob");
        } else {
            db = m_dir.filePath(QStringLiteral("j%1.db").arg(m_databases)).toStdString();
        }
        m_clock = std::make_shared<ManualClock>(morning());
        settings.clock = m_clock;
        m_store = std::make_shared<AsyncKVStore>(db, settings);
        QueueOptions queue;
        queue.topic = "jobs";
        queue.maxAttempts = 1;
        for (int i = 0; i < count; ++i)
            (void)m_store->enqueue(Value::object({{"n", Value(double(i))}}), queue).result();
        for (const QueueMessage &m : m_store->dequeue("jobs", count).result()) {
            NackOptions nack;
            nack.error = "boom " + std::to_string(m.id);
            QVERIFY(m_store->nack(double(m.id), m.token, nack).result());
        }
        m_clock->advance(1000); // a retried message that dies again fails at a later time
    }

    QueueStats stats() const { return m_store->queueStats("jobs").result().at(0); }

    // Takes the one due message and fails it on its last attempt: dead again.
    void killDue()
    {
        const std::vector<QueueMessage> taken = m_store->dequeue("jobs", 1).result();
        QCOMPARE(taken.size(), std::size_t(1));
        NackOptions nack;
        nack.error = "still broken";
        QVERIFY(m_store->nack(double(taken[0].id), taken[0].token, nack).result());
    }

    // A shown pane on m_store, browsing the dead letters of "jobs", every question answered yes.
    void openPane(QueuesPane &pane)
    {
        pane.controller()->setClock(m_clock);
        pane.setConfirm([](const QString &) { return true; });
        pane.setStore(m_store, true, QStringLiteral("test"));
        pane.show();
        QTRY_VERIFY(pane.controller()->overview()->rowOf("jobs") >= 0);
        const QueueOverviewModel *overview = pane.controller()->overview();
        pane.overviewView()->setCurrentIndex(overview->index(overview->rowOf("jobs"), 0));
        QTRY_VERIFY(pane.retryAllButton()->isEnabled());
    }

    static std::int64_t changed(QueuesPane &pane)
    {
        const SweepJob *job = pane.controller()->job();
        return job ? job->progress().changed : -1;
    }

private slots:
    void initTestCase()
    {
        qputenv("KVS_AUDIT_LOG", QFile::encodeName(m_dir.filePath(QStringLiteral("audit.jsonl"))));
    }

    // A failed check leaves a job or a refresh in flight: the store closes before the next.
    void cleanup()
    {
        if (m_store)
            m_store->close().waitForFinished();
        m_store.reset();
    }

    void retryJobPausesResumesPausesItselfAndCancels()
    {
        freshStore(30);
        QueuesPane pane;
        openPane(pane);
        SweepJobBar *bar = pane.jobBar();
        bar->rateField()->setText(QStringLiteral("10")); // one message per batch, 100 ms apart
        QCOMPARE(bar->autoPauseField()->value(), 50);
        QString question;
        pane.setConfirm([&](const QString &q) {
            question = q;
            return true;
        });
        pane.retryAllButton()->click();
        // Counted first, so the question says exactly how many, where and with which filter.
        QTRY_VERIFY(!question.isEmpty());
        QVERIFY2(question.contains(QStringLiteral("Retry the 30 dead message(s) of topic "
                                                  "\"jobs\" that match any filter")),
                 qPrintable(question));
        QVERIFY2(question.contains(QStringLiteral("At most 10 messages per second")),
                 qPrintable(question));
        QVERIFY(question.contains(QStringLiteral("more than 50 %")));
        QTRY_COMPARE(changed(pane), std::int64_t(1)); // the rest waits for the clock
        SweepJob *job = pane.controller()->job();
        QCOMPARE(job->state(), SweepJob::State::Running);
        QVERIFY(bar->pauseButton()->isVisible());
        QVERIFY(bar->jobLabel()->text().contains(QStringLiteral("1 done")));

        // Paused: time passing does nothing.
        bar->pauseButton()->click();
        QCOMPARE(job->state(), SweepJob::State::Paused);
        QCOMPARE(bar->pauseButton()->text(), QStringLiteral("Resume"));
        m_clock->advance(5000);
        QCoreApplication::processEvents();
        QCOMPARE(stats().pending, std::int64_t(1));
        QCOMPARE(changed(pane), std::int64_t(1));

        // Resumed; every retried message dies again (each one while the next waits for the
        // clock): the job pauses itself once 10 were retried and more than half died again.
        killDue();
        bar->pauseButton()->click();
        QCOMPARE(job->state(), SweepJob::State::Running);
        for (std::int64_t done = 2; job->state() == SweepJob::State::Running && done <= 12;
             ++done) {
            QTRY_COMPARE(changed(pane), done);
            killDue();
            m_clock->advance(100); // the next batch's turn
            QCoreApplication::processEvents();
        }
        QTRY_COMPARE(job->state(), SweepJob::State::Paused);
        QVERIFY(job->autoPaused());
        QCOMPARE(changed(pane), std::int64_t(10));
        QVERIFY2(bar->jobLabel()->text().startsWith(QStringLiteral(
                     "Paused by itself: 9 of the 10 messages this job retried died again (more "
                     "than 50 %). Resume or Cancel.")),
                 qPrintable(bar->jobLabel()->text()));
        QCOMPARE(bar->pauseButton()->text(), QStringLiteral("Resume"));

        // Cancelled while paused: stops, what is done stays done.
        QSignalSpy finished(pane.controller(), &QueuesController::jobFinished);
        bar->cancelButton()->click();
        QTRY_COMPARE(finished.count(), 1);
        QCOMPARE(finished.at(0).at(0).toString(),
                 QStringLiteral("Cancelled. Retried 10 message(s)."));
        QVERIFY(!bar->pauseButton()->isVisible());
        const QueueStats after = stats();
        QCOMPARE(after.dead, std::int64_t(30 - 10 + 10)); // the tenth died after the check
        QCOMPARE(after.pending, std::int64_t(0));
        pane.hide();
        m_store->close().waitForFinished();
    }

    void scheduledStartFiresWhenTheClockGetsThere()
    {
        freshStore(5);
        QueuesPane pane;
        openPane(pane);
        SweepJobBar *bar = pane.jobBar();
        bar->startAtCheck()->setChecked(true);
        bar->startAtTime()->setTime(QTime(11, 0));
        QString question;
        pane.setConfirm([&](const QString &q) {
            question = q;
            return true;
        });
        pane.retryAllButton()->click();
        QTRY_VERIFY(pane.controller()->job()
                    && pane.controller()->job()->state() == SweepJob::State::Scheduled);
        QVERIFY2(question.contains(QStringLiteral("only if KVS Admin is still open then")),
                 qPrintable(question));
        QVERIFY(bar->jobLabel()->text().contains(QStringLiteral("runs only while KVS Admin")));
        QVERIFY(bar->cancelButton()->isVisible());
        QVERIFY(!pane.retryAllButton()->isEnabled());
        m_clock->advance(59 * 60 * 1000); // 10:59:30
        QCoreApplication::processEvents();
        QCOMPARE(pane.controller()->job()->state(), SweepJob::State::Scheduled);
        QCOMPARE(stats().dead, std::int64_t(5));
        m_clock->advance(30 * 1000); // 11:00:00
        QTRY_COMPARE(pane.controller()->job()->state(), SweepJob::State::Finished);
        QCOMPARE(pane.controller()->job()->resultMessage(),
                 QStringLiteral("Retried 5 message(s)."));
        QCOMPARE(stats().pending, std::int64_t(5));

        // A pending job cancelled never runs.
        freshStore(2);
        QueuesPane second;
        openPane(second);
        second.jobBar()->startAtCheck()->setChecked(true);
        second.jobBar()->startAtTime()->setTime(QTime(11, 0));
        second.retryAllButton()->click();
        QTRY_VERIFY(second.controller()->job()
                    && second.controller()->job()->state() == SweepJob::State::Scheduled);
        second.jobBar()->cancelButton()->click();
        QCOMPARE(second.controller()->job()->state(), SweepJob::State::Finished);
        QCOMPARE(second.controller()->job()->resultMessage(),
                 QStringLiteral("Cancelled before it started."));
        m_clock->advance(3600 * 1000);
        QCoreApplication::processEvents();
        QCOMPARE(stats().dead, std::int64_t(2));
        second.hide();
        pane.hide();
    }

    void deleteExportsFirstAndDeletesNothingWhenTheExportFails()
    {
        freshStore(40);
        QueuesPane pane;
        openPane(pane);
        pane.errorFilter()->setText(QStringLiteral("boom 1"));
        pane.applyFilter(); // 1, 10..19: 11 messages
        const QString target = m_dir.filePath(QStringLiteral("export-%1.jsonl").arg(m_databases));
        QString question;
        pane.setConfirmDelete([&](const QString &q, qint64 count) {
            question = q;
            [&] {
                QCOMPARE(count, qint64(11));
            }();
            return QueuesPane::DeleteChoice{true, target};
        });
        QSignalSpy finished(pane.controller(), &QueuesController::jobFinished);
        QTRY_VERIFY(pane.deleteAllButton()->isEnabled());
        pane.deleteAllButton()->click();
        QTRY_COMPARE(finished.count(), 2); // the count, then the delete
        QVERIFY2(question.contains(QStringLiteral("Delete the 11 dead message(s) of topic "
                                                  "\"jobs\" that match error containing \"boom "
                                                  "1\"")),
                 qPrintable(question));
        QCOMPARE(
            finished.at(1).at(0).toString(),
            QStringLiteral("Exported 11 message(s) to %1. Deleted 11 message(s).").arg(target));
        QFile file(target);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 11);
        const QJsonObject first = QJsonDocument::fromJson(lines.at(0)).object();
        QCOMPARE(first[u"id"].toInteger(), 1);
        QCOMPARE(first[u"topic"].toString(), QStringLiteral("jobs"));
        QCOMPARE(first[u"payload"].toString(), QStringLiteral("{\"n\": 0}"));
        QCOMPARE(first[u"lastError"].toString(), QStringLiteral("boom 1"));
        QCOMPARE(QJsonDocument::fromJson(lines.at(10)).object()[u"id"].toInteger(), 19);
        QCOMPARE(stats().dead, std::int64_t(29));

        // An export that cannot be written: a clear error, and nothing deleted.
        pane.errorFilter()->setText(QStringLiteral("boom 2"));
        pane.applyFilter();
        const QString nowhere = m_dir.filePath(QStringLiteral("no-such-folder/x.jsonl"));
        pane.setConfirmDelete([&](const QString &, qint64) {
            return QueuesPane::DeleteChoice{true, nowhere};
        });
        QTRY_VERIFY(pane.deleteAllButton()->isEnabled());
        pane.deleteAllButton()->click();
        QTRY_COMPARE(finished.count(), 4);
        QCOMPARE(finished.at(3).at(0).toString(),
                 QStringLiteral("The job failed (nothing is deleted before the export is "
                                "written): kvs: cannot write the export: %1: No such file or "
                                "directory")
                     .arg(nowhere));
        QCOMPARE(stats().dead, std::int64_t(29));
        pane.hide();
        m_store->close().waitForFinished();
    }
};

QTEST_MAIN(TestSweepJob)
#include "tst_sweep_job.moc"
