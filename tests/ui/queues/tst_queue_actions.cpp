// The Queues view's single-message actions, driven as a user drives them: enqueue (the dialog's
// live validation), clean a topic's done messages, edit a dead message and re-enqueue the
// corrected copy (also when it is gone meanwhile), the payload key-path filter, read-only tabs,
// and the audit log's content after each action with its viewer and export. On a SQLite file, or
// on the test run's PostgreSQL when KVS_QUEUES_BACKEND=postgres (a ctest entry of its own).
#include "common/literal_editor.h"
#include "queues/audit_log_model.h"
#include "queues/audit_log_view.h"
#include "queues/enqueue_dialog.h"
#include "queues/queue_actions.h"
#include "queues/queue_actions_bar.h"
#include "queues/queue_message_model.h"
#include "queues/queue_overview_model.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "support/postgres_test_server.h"

#include <kvs/async_kvstore.h>
#include <kvs/literal.h>
#include <kvs/payload_path.h>

#include <QAbstractItemModelTester>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs;
using namespace kvs::ui;

namespace {

bool onPostgres()
{
    return qgetenv("KVS_QUEUES_BACKEND") == "postgres";
}

QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString auditPath()
{
    return QString::fromLocal8Bit(qgetenv("KVS_AUDIT_LOG"));
}

// The audit log's lines, oldest first.
QList<QJsonObject> auditRecords()
{
    QList<QJsonObject> records;
    for (const QByteArray &line : fileBytes(auditPath()).split('\n')) {
        if (!line.isEmpty())
            records << QJsonDocument::fromJson(line).object();
    }
    return records;
}

} // namespace

class TestQueueActions : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_databases = 0;
    std::string m_db;
    std::string m_schema;

    std::shared_ptr<AsyncKVStore> freshStore(double doneRetention = 0)
    {
        ++m_databases;
        AsyncKVStoreSettings settings;
        settings.queue.doneRetention = doneRetention;
        if (onPostgres()) {
            m_db = test::postgresUrl();
            m_schema = test::freshSchema("qactions");
            settings.schema = m_schema;
        } else {
            m_db = m_dir.filePath(QStringLiteral("a%1.db").arg(m_databases)).toStdString();
        }
        return std::make_shared<AsyncKVStore>(m_db, settings);
    }

    // A dead message of topic with payload, failed with error.
    static std::int64_t deadMessage(AsyncKVStore &store,
                                    const std::string &topic,
                                    const Value &payload,
                                    const std::string &error = "HTTP 500")
    {
        QueueOptions options;
        options.topic = topic;
        options.maxAttempts = 1;
        const std::int64_t id = store.enqueue(payload, options).result().id;
        const auto taken = store.dequeue(topic, 1).result();
        if (taken.size() != 1 || taken[0].id != id)
            return -1;
        NackOptions nack;
        nack.error = error;
        return store.nack(double(id), taken[0].token, nack).result() ? id : -1;
    }

    static void selectTopic(QueuesPane &pane, const std::string &topic)
    {
        const int row = pane.controller()->overview()->rowOf(topic);
        pane.overviewView()->setCurrentIndex(pane.controller()->overview()->index(row, 0));
    }

    // A pane on store, shown, with its overview read; confirmations answered yes and recorded.
    struct Shown
    {
        QueuesPane pane;
        QStringList questions;
    };
    std::unique_ptr<Shown> show(const std::shared_ptr<AsyncKVStore> &store, bool writable)
    {
        auto shown = std::make_unique<Shown>();
        Shown *s = shown.get();
        s->pane.setConfirm([s](const QString &q) {
            s->questions << q;
            return true;
        });
        s->pane.actionsBar()->setConfirm([s](const QString &q) {
            s->questions << q;
            return true;
        });
        s->pane.resize(1200, 700);
        s->pane.setStore(store, writable, QString::fromStdString(m_db));
        s->pane.show();
        QSignalSpy refreshed(s->pane.controller(), &QueuesController::refreshed);
        refreshed.wait(5000);
        return shown;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(!auditPath().isEmpty());
        QFile::remove(auditPath());
    }

    void enqueueDialogValidatesLive()
    {
        EnqueueDialog dialog(QStringLiteral("mail"));
        QCOMPARE(dialog.topicEdit()->text(), QStringLiteral("mail"));
        QVERIFY(dialog.okButton()->isEnabled());
        dialog.payloadEditor()->setText(QStringLiteral("{to: \"a@x\",")); // validates at once
        QVERIFY(!dialog.okButton()->isEnabled());
        QCOMPARE(dialog.payloadEditor()->errorText(),
                 QStringLiteral("Line 1, column 12: kvs: expected a member name at position 11"));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Rejected)); // refused while invalid
        // An edit disables OK until its validation (after a pause) says it parses.
        QSignalSpy validated(dialog.payloadEditor(), &LiteralEditor::validated);
        dialog.payloadEditor()->textEdit()->setPlainText(QStringLiteral("{to: \"a@x\"}"));
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY(validated.wait(5000));
        QVERIFY(dialog.okButton()->isEnabled());
        QVERIFY(dialog.payloadEditor()->errorText().isEmpty());
        dialog.topicEdit()->clear();
        QVERIFY(!dialog.okButton()->isEnabled());
        dialog.topicEdit()->setText(QStringLiteral("mail"));
        dialog.delaySeconds()->setValue(1.5);
        dialog.maxAttempts()->setValue(7);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(dialog.payload() == parseLiteral("{to: \"a@x\"}"));
        QCOMPARE(dialog.options().topic, std::string("mail"));
        QCOMPARE(dialog.options().delay, 1500.0);
        QCOMPARE(dialog.options().maxAttempts, 7.0);
    }

    void enqueueFromThePane()
    {
        auto store = freshStore();
        (void)store->enqueue(Value("first"), QueueOptions{"mail"}).result();
        auto shown = show(store, true);
        QueuesPane &pane = shown->pane;
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 1);
        selectTopic(pane, "mail");
        QueueActionsBar *bar = pane.actionsBar();
        QVERIFY(bar->enqueueButton()->isEnabled());
        bar->setDialogRunner([](QDialog *d) {
            auto *dialog = qobject_cast<EnqueueDialog *>(d);
            if (!dialog || dialog->topicEdit()->text() != QStringLiteral("mail"))
                return false; // prefilled with the browsed topic
            dialog->payloadEditor()->setText(QStringLiteral("{to: \"b@x\", n: 7n}"));
            dialog->maxAttempts()->setValue(5);
            dialog->delaySeconds()->setValue(3600);
            dialog->accept();
            return dialog->result() == QDialog::Accepted;
        });
        const qsizetype recordsBefore = auditRecords().size();
        QSignalSpy status(bar, &QueueActionsBar::statusMessage);
        bar->enqueueButton()->click();
        QVERIFY(status.wait(5000));
        QVERIFY2(status.last().at(0).toString().startsWith(QStringLiteral("Enqueued message 2 in "
                                                                          "topic \"mail\"")),
                 qPrintable(status.last().at(0).toString()));
        const auto delayed
            = store->peek("mail", PeekOptions{PeekStatus::Delayed, 0, 10, ExpiredLeases::Project})
                  .result();
        QCOMPARE(delayed.size(), std::size_t(1));
        QVERIFY(delayed[0].payload == parseLiteral("{to: \"b@x\", n: 7n}"));
        QCOMPARE(delayed[0].maxAttempts, std::int64_t(5));
        QVERIFY(delayed[0].deliverAt - delayed[0].enqueuedAt == 3600000);
        // The overview shows it (read again after the action).
        QTRY_COMPARE(pane.controller()->overview()->statsAt(0)->delayed, std::int64_t(1));

        QTRY_COMPARE(auditRecords().size(), recordsBefore + 2); // written off the GUI thread
        const QJsonObject audit = auditRecords().last();
        QCOMPARE(audit[u"action"].toString(), QStringLiteral("enqueue"));
        QCOMPARE(audit[u"topic"].toString(), QStringLiteral("mail"));
        QCOMPARE(audit[u"changed"].toInt(), 1);
        QCOMPARE(audit[u"result"].toString(), QStringLiteral("done"));
        QCOMPARE(audit[u"detail"].toString(), QStringLiteral("new id 2"));
        QVERIFY(!fileBytes(auditPath()).contains("b@x")); // never a payload

        // Cancelled: nothing written, nothing audited.
        const qsizetype records = auditRecords().size();
        bar->setDialogRunner([](QDialog *) { return false; });
        bar->enqueueButton()->click();
        QCOMPARE(auditRecords().size(), records);
        QCOMPARE(store->queueStats("mail").result().at(0).delayed, std::int64_t(1));
    }

    void editAndReenqueueADeadMessage()
    {
        auto store = freshStore();
        const std::int64_t id
            = deadMessage(*store, "orders", parseLiteral("{customer: {id: 42}, total: \"12,50\"}"));
        QVERIFY(id > 0);
        auto shown = show(store, true);
        QueuesPane &pane = shown->pane;
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 1);
        selectTopic(pane, "orders");
        QueueMessageModel *messages = pane.controller()->deadLetters();
        QAbstractItemModelTester tester(messages);
        QTRY_COMPARE(messages->rowCount(), 1);
        QueueActionsBar *bar = pane.actionsBar();
        QVERIFY(!bar->editButton()->isEnabled()); // nothing selected
        pane.deadLetterView()->selectRow(0);
        QVERIFY(bar->editButton()->isEnabled());

        bool prefilled = false;
        bool refusedInvalid = false;
        bar->setDialogRunner([&](QDialog *d) {
            auto *dialog = qobject_cast<EnqueueDialog *>(d);
            if (!dialog)
                return false;
            prefilled = parseLiteral(dialog->payloadEditor()->text().toStdString())
                        == parseLiteral("{customer: {id: 42}, total: \"12,50\"}");
            dialog->payloadEditor()->setText(QStringLiteral("{customer: {id: 42}, total: 12.5"));
            refusedInvalid = !dialog->okButton()->isEnabled()
                             && !dialog->payloadEditor()->errorText().isEmpty();
            dialog->payloadEditor()->setText(QStringLiteral("{customer: {id: 42}, total: 12.5}"));
            dialog->maxAttempts()->setValue(4);
            dialog->accept();
            return dialog->result() == QDialog::Accepted;
        });
        const qsizetype recordsBefore = auditRecords().size();
        QSignalSpy status(bar, &QueueActionsBar::statusMessage);
        bar->editButton()->click();
        QVERIFY(prefilled);
        QVERIFY(refusedInvalid);
        QVERIFY(status.wait(5000));
        QCOMPARE(shown->questions.last(),
                 QStringLiteral("Replace dead message %1 of topic \"orders\" with the corrected "
                                "copy? The copy is enqueued due now and the original is deleted, "
                                "in one transaction.")
                     .arg(id));
        QCOMPARE(status.last().at(0).toString(),
                 QStringLiteral("Replaced message %1 of topic \"orders\" with message %2.")
                     .arg(id)
                     .arg(id + 1));
        QCOMPARE(store->listDead("orders").result().size(), std::size_t(0));
        const auto due = store->peek("orders", PeekOptions{PeekStatus::Pending, 0, 10}).result();
        QCOMPARE(due.size(), std::size_t(1));
        QCOMPARE(due[0].id, id + 1);
        QVERIFY(due[0].payload == parseLiteral("{customer: {id: 42}, total: 12.5}"));
        QCOMPARE(due[0].maxAttempts, std::int64_t(4));
        QCOMPARE(due[0].attempts, std::int64_t(0));
        QTRY_COMPARE(messages->rowCount(), 0); // the browser read the dead letters again

        QTRY_COMPARE(auditRecords().size(), recordsBefore + 2); // written off the GUI thread
        const QJsonObject audit = auditRecords().last();
        QCOMPARE(audit[u"action"].toString(), QStringLiteral("move"));
        QCOMPARE(audit[u"topic"].toString(), QStringLiteral("orders"));
        QCOMPARE(audit[u"filter"].toString(), QStringLiteral("id %1").arg(id));
        QCOMPARE(audit[u"matched"].toInt(), 1);
        QCOMPARE(audit[u"changed"].toInt(), 1);
        QCOMPARE(audit[u"result"].toString(), QStringLiteral("done"));
        QCOMPARE(audit[u"detail"].toString(), QStringLiteral("new id %1").arg(id + 1));
        QVERIFY(!fileBytes(auditPath()).contains("12.5"));
    }

    void editOfAMessageGoneMeanwhileWritesNothing()
    {
        auto store = freshStore();
        const std::int64_t id = deadMessage(*store, "orders", Value("broken"));
        const std::int64_t other = deadMessage(*store, "orders", Value("kept"));
        auto shown = show(store, true);
        QueuesPane &pane = shown->pane;
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 1);
        selectTopic(pane, "orders");
        QTRY_COMPARE(pane.controller()->deadLetters()->rowCount(), 2);
        pane.deadLetterView()->selectRow(0);
        QueueActionsBar *bar = pane.actionsBar();
        bar->setDialogRunner([&](QDialog *d) {
            auto *dialog = qobject_cast<EnqueueDialog *>(d);
            if (!dialog || dialog->messageId() != id)
                return false;
            // Someone else deletes it while the operator edits.
            (void)store->deleteDeadMessages("orders", {double(id)}).result();
            dialog->payloadEditor()->setText(QStringLiteral("\"fixed\""));
            dialog->accept();
            return dialog->result() == QDialog::Accepted;
        });
        const qsizetype recordsBefore = auditRecords().size();
        QSignalSpy status(bar, &QueueActionsBar::statusMessage);
        bar->editButton()->click();
        QVERIFY(status.wait(5000));
        QCOMPARE(status.last().at(0).toString(),
                 QStringLiteral("Message %1 of topic \"orders\" is gone (retried, deleted or moved "
                                "meanwhile): nothing was written.")
                     .arg(id));
        const QueueStats stats = store->queueStats("orders").result().at(0);
        QCOMPARE(stats.pending, std::int64_t(0));
        QCOMPARE(stats.dead, std::int64_t(1));
        QCOMPARE(store->listDead("orders").result().at(0).id, other);
        QTRY_COMPARE(auditRecords().size(), recordsBefore + 2); // written off the GUI thread
        const QJsonObject audit = auditRecords().last();
        QCOMPARE(audit[u"action"].toString(), QStringLiteral("move"));
        QCOMPARE(audit[u"changed"].toInt(), 0);
        QCOMPARE(audit[u"result"].toString(), QStringLiteral("failed"));
        QCOMPARE(audit[u"detail"].toString(), QStringLiteral("not found"));
    }

    // Someone retries the message and a consumer leases it while the operator edits it: the
    // move must not replace the leased message.
    void editOfAMessageRetriedMeanwhileWritesNothing()
    {
        auto store = freshStore();
        const std::int64_t id = deadMessage(*store, "orders", Value("broken"));
        auto shown = show(store, true);
        QueuesPane &pane = shown->pane;
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 1);
        selectTopic(pane, "orders");
        QTRY_COMPARE(pane.controller()->deadLetters()->rowCount(), 1);
        pane.deadLetterView()->selectRow(0);
        QueueActionsBar *bar = pane.actionsBar();
        std::string token;
        bar->setDialogRunner([&](QDialog *d) {
            auto *dialog = qobject_cast<EnqueueDialog *>(d);
            if (!dialog || dialog->messageId() != id)
                return false;
            (void)store->retryDeadMessages("orders", {double(id)}).result();
            const auto leased = store->dequeue("orders", 1).result();
            if (leased.size() == 1)
                token = leased[0].token;
            dialog->payloadEditor()->setText(QStringLiteral("\"fixed\""));
            dialog->accept();
            return dialog->result() == QDialog::Accepted;
        });
        const qsizetype recordsBefore = auditRecords().size();
        QSignalSpy status(bar, &QueueActionsBar::statusMessage);
        bar->editButton()->click();
        QVERIFY(status.wait(5000));
        QVERIFY(!token.empty());
        QCOMPARE(status.last().at(0).toString(),
                 QStringLiteral("Message %1 of topic \"orders\" was retried meanwhile and is "
                                "leased by a consumer now: nothing was written.")
                     .arg(id));
        const QueueStats stats = store->queueStats("orders").result().at(0);
        QCOMPARE(stats.processing, std::int64_t(1));
        QCOMPARE(stats.pending + stats.dead, std::int64_t(0));
        QVERIFY(store->acknowledge(double(id), token).result()); // the consumer still holds it
        QTRY_COMPARE(auditRecords().size(), recordsBefore + 2);  // written off the GUI thread
        const QJsonObject audit = auditRecords().last();
        QCOMPARE(audit[u"action"].toString(), QStringLiteral("move"));
        QCOMPARE(audit[u"changed"].toInt(), 0);
        QCOMPARE(audit[u"result"].toString(), QStringLiteral("failed"));
        QCOMPARE(audit[u"detail"].toString(),
                 QStringLiteral("kvs: moveMessage() needs a dead message, but message %1 of topic "
                                "\"orders\" is processing")
                     .arg(id));
    }

    void cleanDoneDeletesOnlyTheTopicsDoneMessages()
    {
        auto store = freshStore(3600000); // done messages kept an hour
        for (const char *topic : {"jobs", "jobs", "jobs", "other"}) {
            QueueOptions options;
            options.topic = topic;
            (void)store->enqueue(Value(topic), options).result();
            const auto taken = store->dequeue(topic, 1).result();
            QVERIFY(taken.size() == 1
                    && store->acknowledge(double(taken[0].id), taken[0].token).result());
        }
        (void)store->enqueue(Value("still due"), QueueOptions{"jobs"}).result();
        auto shown = show(store, true);
        QueuesPane &pane = shown->pane;
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 2);
        QueueActionsBar *bar = pane.actionsBar();
        QVERIFY(!bar->cleanDoneButton()->isEnabled()); // no topic chosen
        selectTopic(pane, "jobs");
        QTRY_VERIFY(bar->cleanDoneButton()->isEnabled());
        const qsizetype recordsBefore = auditRecords().size();
        QSignalSpy status(bar, &QueueActionsBar::statusMessage);
        bar->cleanDoneButton()->click();
        QVERIFY(status.wait(5000));
        QCOMPARE(shown->questions.last(),
                 QStringLiteral("Delete the 3 done message(s) of topic \"jobs\"? Messages of other "
                                "topics and statuses are kept. This cannot be undone."));
        QCOMPARE(status.last().at(0).toString(),
                 QStringLiteral("Deleted 3 done message(s) of topic \"jobs\"."));
        for (const QueueStats &stats : store->queueStats().result()) {
            QCOMPARE(stats.done, std::int64_t(stats.topic == "other" ? 1 : 0));
            QCOMPARE(stats.pending, std::int64_t(stats.topic == "jobs" ? 1 : 0));
        }
        QTRY_COMPARE(auditRecords().size(), recordsBefore + 2); // written off the GUI thread
        const QJsonObject audit = auditRecords().last();
        QCOMPARE(audit[u"action"].toString(), QStringLiteral("clean-done"));
        QCOMPARE(audit[u"topic"].toString(), QStringLiteral("jobs"));
        QCOMPARE(audit[u"filter"].toString(), QStringLiteral("status done"));
        QCOMPARE(audit[u"matched"].toInt(), 3);
        QCOMPARE(audit[u"changed"].toInt(), 3);
        QCOMPARE(audit[u"result"].toString(), QStringLiteral("done"));

        // Asked and declined: nothing deleted, nothing audited.
        const qsizetype records = auditRecords().size();
        bar->setConfirm([](const QString &) { return false; });
        selectTopic(pane, "other");
        QTRY_VERIFY(bar->cleanDoneButton()->isEnabled());
        bar->cleanDoneButton()->click();
        QCOMPARE(auditRecords().size(), records);
        QCOMPARE(store->queueStats("other").result().at(0).done, std::int64_t(1));
    }

    void payloadPathFilterInTheFilterBar()
    {
        auto store = freshStore();
        for (int i = 0; i < 9; ++i) {
            const std::string literal = "{customer: {id: " + std::to_string(i % 3) + "}}";
            QVERIFY(deadMessage(*store, "orders", parseLiteral(literal)) > 0);
        }
        auto shown = show(store, true);
        QueuesPane &pane = shown->pane;
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 1);
        selectTopic(pane, "orders");
        QueueMessageModel *messages = pane.controller()->deadLetters();
        QTRY_COMPARE(messages->rowCount(), 9);
        pane.payloadPathFilter()->setText(QStringLiteral("customer.id"));
        pane.payloadEqualsFilter()->setText(QStringLiteral("1"));
        pane.applyFilter();
        QTRY_COMPARE(messages->rowCount(), 3);
        for (int row = 0; row < 3; ++row) {
            const Value *id
                = PayloadPath::parse("customer.id").find(messages->messageAt(row)->payload);
            QVERIFY(id && *id == Value(1));
        }
        pane.payloadPathFilter()->setText(QStringLiteral("[\"customer\", \"id\"]"));
        pane.payloadEqualsFilter()->setText(QStringLiteral("2"));
        pane.applyFilter();
        QTRY_COMPARE(messages->rowCount(), 3);
        // The bulk job honours it: retry all matching retries those three only.
        const qsizetype recordsBefore = auditRecords().size();
        pane.retryAllButton()->click();
        // The job counts the matches first and then asks, naming the exact count.
        QTRY_VERIFY(!shown->questions.isEmpty());
        QVERIFY(shown->questions.last().contains(
            QStringLiteral("payload at [\"customer\", \"id\"] equal to 2")));
        QTRY_COMPARE(store->queueStats("orders").result().at(0).pending, std::int64_t(3));
        QTRY_COMPARE(auditRecords().size(), recordsBefore + 2);
        QCOMPARE(auditRecords().last()[u"filter"].toString(),
                 QStringLiteral("payload at [\"customer\", \"id\"] equal to 2"));

        // Bad input: said in the status line, the browser keeps what it showed.
        pane.payloadPathFilter()->setText(QStringLiteral("customer..id"));
        pane.applyFilter();
        QCOMPARE(
            pane.statusLabel()->text(),
            QStringLiteral("kvs: invalid payload path \"customer..id\": empty part at position 9"));
        pane.payloadPathFilter()->setText(QStringLiteral("customer.id"));
        pane.payloadEqualsFilter()->setText(QStringLiteral("1,"));
        pane.applyFilter();
        QCOMPARE(pane.statusLabel()->text(),
                 QStringLiteral("kvs: expected end of input at position 1"));
        pane.payloadEqualsFilter()->clear();
        pane.applyFilter();
        QCOMPARE(pane.statusLabel()->text(),
                 QStringLiteral("A payload path condition needs both the path and the literal its "
                                "value equals."));
    }

    void readOnlyOffersNoWrite()
    {
        auto store = freshStore();
        QVERIFY(deadMessage(*store, "orders", Value("x")) > 0);
        auto shown = show(store, false);
        QueuesPane &pane = shown->pane;
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 1);
        selectTopic(pane, "orders");
        QTRY_COMPARE(pane.controller()->deadLetters()->rowCount(), 1);
        pane.deadLetterView()->selectRow(0);
        QueueActionsBar *bar = pane.actionsBar();
        for (QPushButton *button :
             {bar->enqueueButton(), bar->cleanDoneButton(), bar->editButton()}) {
            QVERIFY(!button->isEnabled());
            QCOMPARE(button->toolTip(),
                     QStringLiteral("The database is open read-only: allow writes to act on "
                                    "messages."));
        }
        QVERIFY(bar->auditLogButton()->isEnabled()); // reading the log writes nothing
        // Even when called, the actions write nothing.
        bar->actions()->enqueue(Value("y"), QueueOptions{"orders"});
        bar->actions()->cleanDone("orders");
        bar->actions()->move(1, Value("z"), QueueOptions{"orders"});
        const QueueStats stats = store->queueStats("orders").result().at(0);
        QCOMPARE(stats.pending + stats.delayed, std::int64_t(0));
        QCOMPARE(stats.dead, std::int64_t(1));
    }

    void auditLogViewerListsNewestFirstAndExports()
    {
        // The earlier cases' actions are in the log; the viewer reads it off the GUI thread.
        // One row per action: its started line, with what its ended line says.
        QList<QJsonObject> records;
        for (const QJsonObject &line : auditRecords()) {
            if (line[u"event"].toString() == QStringLiteral("started"))
                records << line;
        }
        QVERIFY(records.size() >= 4);
        auto store = freshStore();
        auto shown = show(store, true);
        QueueActionsBar *bar = shown->pane.actionsBar();
        bar->auditLogButton()->click();
        AuditLogView *view = bar->auditLogView();
        QVERIFY(view);
        QCOMPARE(view->path(), auditPath());
        QAbstractItemModelTester tester(view->model());
        QTRY_COMPARE(view->model()->rowCount(), int(records.size()));
        const AuditLogEntry *newest = view->model()->entryAt(0);
        QCOMPARE(newest->action, records.last()[u"action"].toString());
        QCOMPARE(newest->time, records.last()[u"time"].toString());
        QCOMPARE(newest->result, auditRecords().last()[u"result"].toString());
        QCOMPARE(view->model()->entryAt(int(records.size()) - 1)->time,
                 records.first()[u"time"].toString());
        QCOMPARE(view->model()->data(view->model()->index(0, AuditLogModel::Database)).toString(),
                 records.last()[u"database"].toString());
        QCOMPARE(view->model()->headerData(AuditLogModel::Result, Qt::Horizontal, Qt::DisplayRole),
                 QVariant(QStringLiteral("Result")));
        QCOMPARE(view->statusLabel()->text(), QStringLiteral("%1 record(s).").arg(records.size()));
        // No payload of the actions above appears anywhere in the table.
        for (int row = 0; row < view->model()->rowCount(); ++row) {
            for (int column = 0; column < AuditLogModel::ColumnCount; ++column) {
                const QString text = view->model()->index(row, column).data().toString();
                QVERIFY2(!text.contains(QStringLiteral("b@x"))
                             && !text.contains(QStringLiteral("12.5")),
                         qPrintable(text));
            }
        }

        // Export: the JSON lines as they are, owner-only.
        const QString target = m_dir.filePath(QStringLiteral("export.jsonl"));
        view->setExportTarget([&] { return target; });
        QSignalSpy exported(view, &AuditLogView::exportFinished);
        view->exportButton()->click();
        QVERIFY(exported.wait(5000));
        QCOMPARE(exported.last().at(0).toBool(), true);
        QCOMPARE(fileBytes(target), fileBytes(auditPath()));
        QCOMPARE(
            QFileInfo(target).permissions()
                & (QFile::ReadGroup | QFile::WriteGroup | QFile::ReadOther | QFile::WriteOther),
            QFileDevice::Permissions());
        // An export that cannot be written says why.
        view->setExportTarget(
            [&] { return m_dir.filePath(QStringLiteral("missing/dir/x.jsonl")); });
        view->exportButton()->click();
        QVERIFY(exported.wait(5000));
        QCOMPARE(exported.last().at(0).toBool(), false);
        QVERIFY(exported.last().at(1).toString().startsWith(
            QStringLiteral("Cannot export the audit log to ")));
        // Cancelled choice: nothing happens.
        view->setExportTarget([] { return QString(); });
        view->exportButton()->click();
        QCOMPARE(exported.size(), 2);
    }

    void auditLogReaderSkipsBrokenLines()
    {
        const QString path = m_dir.filePath(QStringLiteral("broken.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"time\":\"2026-12-05T03:00:00.000Z\",\"action\":\"retry\",\"matched\":5,"
                   "\"changed\":4,\"payload\":\"secret\"}\nnot json\n\n"
                   "{\"time\":\"2026-12-05T03:01:00.000Z\",\"action\":\"enqueue\"}\n");
        file.close();
        const AuditLogContents contents = readAuditLog(path);
        QCOMPARE(contents.entries.size(), std::size_t(2));
        QCOMPARE(contents.unreadable, 1);
        QCOMPARE(contents.entries[0].action, QStringLiteral("enqueue"));
        QCOMPARE(contents.entries[1].matched, qint64(5));
        QCOMPARE(contents.entries[1].changed, qint64(4));
        AuditLogView view(nullptr, path);
        QTRY_COMPARE(view.model()->rowCount(), 2);
        QCOMPARE(view.statusLabel()->text(),
                 QStringLiteral("2 record(s). 1 line(s) could not be read."));
        for (int column = 0; column < AuditLogModel::ColumnCount; ++column)
            QVERIFY(!view.model()->index(1, column).data().toString().contains(
                QStringLiteral("secret")));
        // A missing log is an empty one.
        QVERIFY(readAuditLog(m_dir.filePath(QStringLiteral("none.jsonl"))).entries.empty());
        QVERIFY(readAuditLog(m_dir.filePath(QStringLiteral("none.jsonl"))).error.isEmpty());
    }
};

QTEST_MAIN(TestQueueActions)
#include "tst_queue_actions.moc"
