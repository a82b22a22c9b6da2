// Issue 28: the GUI's operator actions and the audit log. A bulk job writes its started line
// (expected count) before its first batch and an ended line after (done, interrupted when the
// job goes while it runs: a closed tab, the application's end); an action whose started line
// cannot be written changes nothing, unless the confirmation, which says why, was answered "run
// without an audit entry", for that one action; the viewer shows a started line without its end
// as interrupted. On a SQLite file, or on the test run's PostgreSQL when
// KVS_QUEUES_BACKEND=postgres (a ctest entry of its own).
#include "atomic/transaction_controller.h"
#include "atomic/transaction_model.h"
#include "atomic/transaction_pane.h"
#include "atomic/transaction_row.h"
#include "common/production_mark.h"
#include "common/typed_name_dialog.h"
#include "queues/audit_log_model.h"
#include "queues/queue_actions.h"
#include "queues/queue_message_model.h"
#include "queues/queue_overview_model.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "queues/sweep_job.h"
#include "support/audit_lines.h"
#include "support/postgres_test_server.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>

#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>
#include <QTimer>

using namespace kvs;
using namespace kvs::ui;

namespace {

constexpr int kTimeout = 20000;

bool onPostgres()
{
    return qgetenv("KVS_QUEUES_BACKEND") == "postgres";
}

using kvs::test::auditLines;

} // namespace

class TestQueueAudit : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_logs = 0;
    int m_databases = 0;
    QString m_log; // this case's audit log
    std::shared_ptr<ManualClock> m_clock;
    std::shared_ptr<AsyncKVStore> m_store;

    // A fresh database with count dead letters on topic "jobs".
    void freshStore(int count)
    {
        ++m_databases;
        AsyncKVStoreSettings settings;
        std::string db;
        if (onPostgres()) {
            db = test::postgresUrl();
            settings.schema = test::freshSchema("qaudit");
        } else {
            db = m_dir.filePath(QStringLiteral("q%1.db").arg(m_databases)).toStdString();
        }
        m_clock = std::make_shared<ManualClock>(QDateTime::currentMSecsSinceEpoch());
        settings.clock = m_clock;
        m_store = std::make_shared<AsyncKVStore>(db, settings);
        QueueOptions queue;
        queue.topic = "jobs";
        queue.maxAttempts = 1;
        for (int i = 0; i < count; ++i)
            (void)m_store->enqueue(Value::object({{"n", Value(double(i))}}), queue).result();
        if (count == 0)
            return;
        for (const QueueMessage &m : m_store->dequeue("jobs", count).result()) {
            NackOptions nack;
            nack.error = "boom";
            QVERIFY(m_store->nack(double(m.id), m.token, nack).result());
        }
    }

    std::int64_t dead() const { return m_store->queueStats("jobs").result().at(0).dead; }

    // A directory where the log should be: every started line is refused.
    void breakLog() const { QVERIFY(QDir().mkpath(m_log)); }
    void mendLog() const { QVERIFY(QDir().rmdir(m_log)); }

    SweepJobSpec retrySpec(std::int64_t expected, AuditPolicy audit = AuditPolicy::Required)
    {
        SweepJobSpec spec;
        spec.action = DeadLetterAction::Retry;
        spec.topic = "jobs";
        spec.filterText = QStringLiteral("any filter");
        spec.expected = expected;
        spec.audit = audit;
        return spec;
    }

private slots:
    void init()
    {
        m_log = m_dir.filePath(QStringLiteral("audit%1.jsonl").arg(++m_logs));
        qputenv("KVS_AUDIT_LOG", QFile::encodeName(m_log));
    }

    void cleanup()
    {
        QThreadPool::globalInstance()->waitForDone();
        if (m_store)
            m_store->close().waitForFinished();
        m_store.reset();
    }

    void aJobWritesStartedBeforeItsBatchesAndEndedAfter()
    {
        freshStore(25);
        SweepJob job(m_store, m_clock, QStringLiteral("/srv/q.db"), retrySpec(25));
        QSignalSpy finished(&job, &SweepJob::finished);
        job.start();
        QVERIFY(finished.wait(kTimeout));
        const QList<QJsonObject> lines = auditLines(m_log);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[0][u"event"].toString(), QStringLiteral("started"));
        QCOMPARE(lines[0][u"expected"].toInt(), 25);
        QCOMPARE(lines[0][u"database"].toString(), QStringLiteral("/srv/q.db"));
        QCOMPARE(lines[0][u"filter"].toString(), QStringLiteral("any filter"));
        QCOMPARE(lines[1][u"result"].toString(), QStringLiteral("done"));
        QCOMPARE(lines[1][u"changed"].toInt(), 25);
        QCOMPARE(dead(), std::int64_t(0));
    }

    void aJobThatGoesWhileItRunsIsInterrupted()
    {
        freshStore(30);
        // One message per batch, then a wait for the manual clock, which never moves: the job
        // is running when it goes, as when its tab closes or the application ends.
        SweepJobSpec spec = retrySpec(30);
        spec.ratePerSecond = 10;
        auto job = std::make_unique<SweepJob>(m_store, m_clock, QStringLiteral("db"), spec);
        job->start();
        QTRY_VERIFY_WITH_TIMEOUT(dead() < 30, kTimeout);
        job.reset();
        QThreadPool::globalInstance()->waitForDone(); // what the application's end waits for
        const QList<QJsonObject> lines = auditLines(m_log);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[1][u"result"].toString(), QStringLiteral("interrupted"));
        QCOMPARE(qint64(lines[1][u"changed"].toDouble()), 30 - dead());
    }

    void aJobIsRefusedWhenItsStartCannotBeLogged()
    {
        freshStore(10);
        breakLog();
        SweepJob refused(m_store, m_clock, QStringLiteral("db"), retrySpec(10));
        QSignalSpy finished(&refused, &SweepJob::finished);
        refused.start();
        QVERIFY(finished.wait(kTimeout));
        QVERIFY(refused.failed());
        QCOMPARE(refused.resultMessage(),
                 QStringLiteral("The job failed: kvs: cannot write the audit log %1: Is a "
                                "directory")
                     .arg(m_log));
        QCOMPARE(dead(), std::int64_t(10));
        // The operator's choice for this job: it runs without the log.
        SweepJob allowed(
            m_store, m_clock, QStringLiteral("db"), retrySpec(10, AuditPolicy::WithoutAudit));
        QSignalSpy done(&allowed, &SweepJob::finished);
        allowed.start();
        QVERIFY(done.wait(kTimeout));
        QVERIFY(!allowed.failed());
        QCOMPARE(dead(), std::int64_t(0));
        mendLog();
        QVERIFY(auditLines(m_log).isEmpty());
    }

    void singleActionsAreRefusedWhenTheirStartCannotBeLogged()
    {
        freshStore(2);
        breakLog();
        QueueActions actions;
        actions.setStore(m_store, true, QStringLiteral("db"));
        QSignalSpy failed(&actions, &QueueActions::failed);
        QSignalSpy finished(&actions, &QueueActions::finished);
        QSignalSpy gone(&actions, &QueueActions::gone);
        QueueOptions mail;
        mail.topic = "mail";
        actions.enqueue(Value("x"), mail);
        QVERIFY(failed.wait(kTimeout));
        QCOMPARE(failed.last().at(0).toString(),
                 QStringLiteral("kvs: cannot write the audit log %1: Is a directory").arg(m_log));
        QCOMPARE(m_store->queueStats("mail").result().at(0).pending, std::int64_t(0));
        QueueOptions jobs;
        jobs.topic = "jobs";
        actions.move(1, Value("fixed"), jobs);
        QVERIFY(failed.wait(kTimeout));
        QCOMPARE(dead(), std::int64_t(2));
        actions.enqueue(Value("x"), mail, AuditPolicy::WithoutAudit);
        QVERIFY(finished.wait(kTimeout));
        QCOMPARE(m_store->queueStats("mail").result().at(0).pending, std::int64_t(1));
        QueuesController controller;
        controller.setStore(m_store, true, QStringLiteral("db"));
        controller.browse("jobs", BrowseStatus::Dead, {}, {});
        QSignalSpy controllerFailed(&controller, &QueuesController::failed);
        controller.remove({1, 2});
        QVERIFY(controllerFailed.wait(kTimeout));
        QCOMPARE(dead(), std::int64_t(2));
        mendLog();
    }

    void theConfirmationSaysSoAndItsChoiceHoldsForOneAction()
    {
        freshStore(3);
        QueuesPane pane;
        QStringList questions;
        bool answer = true;
        pane.setConfirm([&](const QString &question) {
            questions << question;
            return answer;
        });
        pane.setStore(m_store, true, QStringLiteral("db"));
        pane.show();
        QTRY_VERIFY(pane.controller()->overview()->rowOf("jobs") >= 0);
        const QueueOverviewModel *overview = pane.controller()->overview();
        pane.overviewView()->setCurrentIndex(overview->index(overview->rowOf("jobs"), 0));
        QTRY_COMPARE(pane.controller()->deadLetters()->rowCount(), 3);

        breakLog();
        pane.deadLetterView()->selectRow(0);
        QTRY_VERIFY(pane.retrySelectedButton()->isEnabled());
        pane.retrySelectedButton()->click();
        QCOMPARE(questions.size(), 1);
        QVERIFY2(questions.last().endsWith(
                     QStringLiteral("The audit log cannot be written (kvs: cannot write the "
                                    "audit log %1: Is a directory): this action would not be "
                                    "recorded. Run it without an audit entry?")
                         .arg(m_log)),
                 qPrintable(questions.last()));
        QTRY_COMPARE(dead(), std::int64_t(2)); // run without the log, as chosen

        // The next action asks again; declined, nothing changes.
        answer = false;
        QTRY_COMPARE(pane.controller()->deadLetters()->rowCount(), 2);
        pane.deadLetterView()->selectRow(0);
        QTRY_VERIFY(pane.retrySelectedButton()->isEnabled());
        pane.retrySelectedButton()->click();
        QCOMPARE(questions.size(), 2);
        QVERIFY(questions.last().contains(QStringLiteral("Run it without an audit entry?")));
        QCOMPARE(dead(), std::int64_t(2));

        // A log that works again: the plain question, and the lines.
        mendLog();
        answer = true;
        pane.deadLetterView()->selectRow(0);
        QPushButton *deleteSelected = nullptr;
        for (QPushButton *button : pane.findChildren<QPushButton *>()) {
            if (button->text() == QStringLiteral("Delete selected…"))
                deleteSelected = button;
        }
        QVERIFY(deleteSelected);
        QTRY_VERIFY(deleteSelected->isEnabled());
        deleteSelected->click();
        QCOMPARE(questions.size(), 3);
        QVERIFY(!questions.last().contains(QStringLiteral("audit")));
        QTRY_COMPARE(dead(), std::int64_t(1));
        QTRY_COMPARE(auditLines(m_log).size(), 2);
        QCOMPARE(auditLines(m_log).at(1)[u"action"].toString(), QStringLiteral("delete-dead"));
    }

    void deleteSelectedAsksForTheTypedNameOnProduction()
    {
        // Issue 35: on a production tab, deleting selected dead letters asks for the database's
        // name after the usual question; a wrong name changes nothing.
        freshStore(2);
        QWidget tab;
        setProductionMark(&tab, ProductionMark{QStringLiteral("orders.db"), QColor(Qt::red)});
        auto *pane = new QueuesPane(&tab);
        pane->setConfirm([](const QString &) { return true; });
        pane->setStore(m_store, true, QStringLiteral("db"));
        tab.show();
        QTRY_VERIFY(pane->controller()->overview()->rowOf("jobs") >= 0);
        const QueueOverviewModel *overview = pane->controller()->overview();
        pane->overviewView()->setCurrentIndex(overview->index(overview->rowOf("jobs"), 0));
        QTRY_COMPARE(pane->controller()->deadLetters()->rowCount(), 2);
        QPushButton *deleteSelected = nullptr;
        for (QPushButton *button : pane->findChildren<QPushButton *>()) {
            if (button->text() == QStringLiteral("Delete selected…"))
                deleteSelected = button;
        }
        QVERIFY(deleteSelected);
        int asked = 0;
        const auto typeName = [&asked](const QString &name) {
            QTimer::singleShot(0, qApp, [&asked, name] {
                auto *dialog = qobject_cast<TypedNameDialog *>(QApplication::activeModalWidget());
                QVERIFY(dialog);
                ++asked;
                dialog->nameEdit()->setText(name);
                if (dialog->actionButton()->isEnabled())
                    dialog->actionButton()->click();
                else
                    dialog->reject();
            });
        };
        pane->deadLetterView()->selectRow(0);
        QTRY_VERIFY(deleteSelected->isEnabled());
        typeName(QStringLiteral("orders"));
        deleteSelected->click();
        QCOMPARE(asked, 1);
        QCOMPARE(dead(), std::int64_t(2));
        typeName(QStringLiteral("orders.db"));
        deleteSelected->click();
        QCOMPARE(asked, 2);
        QTRY_COMPARE(dead(), std::int64_t(1));
    }

    void aCommitAsksWhenTheLogCannotBeWritten()
    {
        freshStore(0);
        TransactionPane pane;
        QStringList questions;
        bool answer = false;
        pane.setConfirm([&](const QString &question) {
            questions << question;
            return answer;
        });
        pane.setStore(m_store, true);
        TransactionRow set;
        set.kind = TransactionRow::Kind::Set;
        set.key = QStringLiteral("[\"k\"]");
        set.value = QStringLiteral("1");
        pane.controller()->model()->addRow(set);
        QVERIFY(pane.commitButton()->isEnabled());
        breakLog();
        pane.commitButton()->click();
        QCOMPARE(questions.size(), 1);
        QVERIFY(questions.last().startsWith(QStringLiteral("Commit this transaction?")));
        QVERIFY(questions.last().contains(QStringLiteral("Is a directory")));
        QVERIFY(!m_store->get({"k"}).result());
        answer = true;
        pane.commitButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(m_store->get({"k"}).result().has_value(), kTimeout);
        mendLog();
        // Writable again: no question, and the commit's lines.
        QTRY_VERIFY(pane.commitButton()->isEnabled());
        pane.commitButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(auditLines(m_log).size(), 2, kTimeout);
        QCOMPARE(questions.size(), 2);
    }

    void theViewerShowsAStartWithoutEndAsInterrupted()
    {
        QFile file(m_log);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(
            R"({"time":"2026-12-05T03:00:00.000Z","event":"started","id":"a","action":"retry","expected":9}
{"time":"2026-12-05T03:00:01.000Z","event":"started","id":"b","action":"move","expected":1}
{"time":"2026-12-05T03:00:02.000Z","event":"ended","id":"b","action":"move","matched":1,"changed":1,"result":"done","detail":"new id 7"}
{"time":"2026-12-05T03:00:03.000Z","action":"enqueue","matched":1,"changed":1,"result":"ok"}
)");
        file.close();
        const AuditLogContents contents = readAuditLog(m_log);
        QCOMPARE(contents.entries.size(), std::size_t(3));
        AuditLogModel model;
        model.setEntries(contents.entries);
        const auto result = [&](int row, int role = Qt::DisplayRole) {
            return model.index(row, AuditLogModel::Result).data(role).toString();
        };
        QCOMPARE(model.entryAt(0)->action, QStringLiteral("enqueue")); // newest first
        QCOMPARE(result(0), QStringLiteral("ok"));
        QCOMPARE(result(1), QStringLiteral("done: new id 7"));
        QCOMPARE(model.entryAt(1)->time, QStringLiteral("2026-12-05T03:00:01.000Z"));
        QCOMPARE(result(2), QStringLiteral("interrupted"));
        QVERIFY(model.entryAt(2)->unended);
        QCOMPARE(result(2, Qt::ToolTipRole),
                 QStringLiteral("No end was recorded: the action was killed, or it is still "
                                "running."));
    }
};

QTEST_MAIN(TestQueueAudit)
#include "tst_queue_audit.moc"
