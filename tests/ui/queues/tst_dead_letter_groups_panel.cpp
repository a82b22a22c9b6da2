// Issue 43: the Queues view's dead letters grouped by error signature, above the message
// browser: filled off the GUI thread, choosing a group filters the browser, and a group is
// retried or deleted through the existing bulk jobs (count, question, audit, and the typed name
// on a production tab). On a SQLite file.
#include "common/production_mark.h"
#include "common/typed_name_dialog.h"
#include "queues/dead_letter_groups_model.h"
#include "queues/dead_letter_groups_panel.h"
#include "queues/queue_message_model.h"
#include "queues/queue_overview_model.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "support/small_screen.h"
#include "support/test_paths.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/kvstore.h>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTest>
#include <QTimer>

using namespace kvs;
using namespace kvs::ui;

namespace {

// On topic "jobs": 6 timeouts, 3 HTTP errors, 1 refusal (in that order, ids 1-10); on "other"
// one timeout.
void fill(const std::string &path)
{
    KVStore store(path);
    const auto fail = [&](const std::string &topic, const std::string &error) {
        QueueOptions queue;
        queue.topic = topic;
        queue.maxAttempts = 1;
        const std::int64_t id = store.enqueue(Value("job"), queue).id;
        const std::vector<QueueMessage> taken = store.dequeue(topic);
        QVERIFY(taken.size() == 1 && taken[0].id == id);
        NackOptions nack;
        nack.error = error;
        QVERIFY(store.nack(double(id), taken[0].token, nack));
    };
    for (int i = 0; i < 6; ++i)
        fail("jobs",
             "timeout after " + std::to_string(10 + i) + "s calling 10.0.0." + std::to_string(i)
                 + ":443");
    for (int i = 0; i < 3; ++i)
        fail("jobs",
             "HTTP 50" + std::to_string(i) + " for order 123e4567-e89b-12d3-a456-42661417400"
                 + std::to_string(i));
    fail("jobs", "connection refused");
    fail("other", "timeout after 1s calling 10.0.0.1:443");
}

} // namespace

class TestDeadLetterGroupsPanel : public QObject
{
    Q_OBJECT

private:
    test::TestFiles m_files;

    static DeadLetterGroupsPanel *groupsOf(QueuesPane &pane)
    {
        return pane.findChild<DeadLetterGroupsPanel *>();
    }

    static void selectTopic(QueuesPane &pane, const std::string &topic)
    {
        const int row = pane.controller()->overview()->rowOf(topic);
        pane.overviewView()->setCurrentIndex(pane.controller()->overview()->index(row, 0));
    }

    static int deadOf(QueuesPane &pane, const std::string &topic)
    {
        const QueueOverviewModel *overview = pane.controller()->overview();
        const QueueStats *stats = overview->statsAt(overview->rowOf(topic));
        return stats ? int(stats->dead) : -1;
    }

    static QString cell(const DeadLetterGroupsModel *model, int row, int column)
    {
        return model->data(model->index(row, column)).toString();
    }

private slots:
    void initTestCase()
    {
        qputenv("KVS_AUDIT_LOG",
                QFile::encodeName(QString::fromStdString(m_files.path("audit.jsonl"))));
    }

    void groupsFilterTheBrowserAndRetryAGroup()
    {
        const std::string path = m_files.path("groups.db");
        fill(path);
        auto store = std::make_shared<AsyncKVStore>(path);
        QueuesPane pane;
        DeadLetterGroupsPanel *groups = groupsOf(pane);
        QVERIFY(groups);
        QAbstractItemModelTester tester(groups->model());
        QStringList questions;
        pane.setConfirm([&](const QString &question) {
            questions << question;
            return true;
        });
        pane.resize(kvs::test::kPaneOnSmallScreen);
        pane.setStore(store, true, QString::fromStdString(path));
        pane.show();
        QTRY_VERIFY(pane.controller()->overview()->rowOf("jobs") >= 0);
        selectTopic(pane, "jobs");

        // The groups, the largest first.
        const DeadLetterGroupsModel *model = groups->model();
        QTRY_COMPARE(model->rowCount(), 3);
        QVERIFY(!groups->isLoading());
        QCOMPARE(cell(model, 0, DeadLetterGroupsModel::Signature),
                 QStringLiteral("timeout after <num>s calling <ip>"));
        QCOMPARE(cell(model, 0, DeadLetterGroupsModel::Id), QStringLiteral("487f6a1a"));
        QCOMPARE(cell(model, 0, DeadLetterGroupsModel::Count), QStringLiteral("6"));
        QCOMPARE(cell(model, 0, DeadLetterGroupsModel::Share), QStringLiteral("60.0 %"));
        QCOMPARE(cell(model, 0, DeadLetterGroupsModel::Attempts), QStringLiteral("1"));
        QCOMPARE(cell(model, 0, DeadLetterGroupsModel::Example),
                 QStringLiteral("timeout after 15s calling 10.0.0.5:443"));
        QVERIFY(!cell(model, 0, DeadLetterGroupsModel::First).isEmpty());
        QCOMPARE(cell(model, 1, DeadLetterGroupsModel::Signature),
                 QStringLiteral("HTTP <num> for order <uuid>"));
        QCOMPARE(cell(model, 1, DeadLetterGroupsModel::Count), QStringLiteral("3"));
        QCOMPARE(cell(model, 2, DeadLetterGroupsModel::Signature),
                 QStringLiteral("connection refused"));
        QVERIFY2(groups->statusLabel()->text().contains(QStringLiteral("10 dead letter")),
                 qPrintable(groups->statusLabel()->text()));
        QVERIFY(!groups->retryButton()->isEnabled()); // no group chosen

        // Choosing a group filters the browser to it.
        QueueMessageModel *dead = pane.controller()->deadLetters();
        QTRY_COMPARE(dead->rowCount(), 10);
        groups->view()->selectRow(1);
        QTRY_COMPARE(dead->rowCount(), 3);
        for (int row = 0; row < dead->rowCount(); ++row)
            QVERIFY(dead->messageAt(row)->lastError->rfind("HTTP 50", 0) == 0);
        QCOMPARE(groups->chosenSignature(), QStringLiteral("82a0136f"));

        // Retry the group: the bulk job counts, asks, retries only its messages, and the
        // groups are read again.
        QTRY_VERIFY(groups->retryButton()->isEnabled());
        groups->retryButton()->click();
        QTRY_COMPARE(questions.size(), 1);
        QVERIFY2(questions[0].contains(QStringLiteral("Retry the 3 dead message(s) of topic "
                                                      "\"jobs\" that match error signature "
                                                      "82a0136f")),
                 qPrintable(questions[0]));
        QTRY_COMPARE(deadOf(pane, "jobs"), 7);
        QCOMPARE(deadOf(pane, "other"), 1);
        QTRY_COMPARE(model->rowCount(), 2);
        QCOMPARE(cell(model, 0, DeadLetterGroupsModel::Count), QStringLiteral("6"));
        QCOMPARE(cell(model, 1, DeadLetterGroupsModel::Signature),
                 QStringLiteral("connection refused"));
        // The chosen group is gone: none is chosen, and the browser shows every dead letter.
        QVERIFY(groups->chosenSignature().isEmpty());
        QTRY_COMPARE(dead->rowCount(), 7);

        // The screenshot of the README (scripts/update-screenshots.sh), with the charts closed
        // as a user does on a small screen to see more groups and messages.
        groups->view()->selectRow(0);
        QTRY_COMPARE(dead->rowCount(), 6);
        const QList<int> sizes = pane.splitter()->sizes();
        pane.splitter()->setSizes({sizes[0], 0, sizes[1] + sizes[2]});
        QTRY_VERIFY(groups->view()->viewport()->height()
                    >= 2 * groups->view()->verticalHeader()->defaultSectionSize());
        const QString dir = kvs::test::fromTest(KVS_SCREENSHOT_DIR);
        QDir().mkpath(dir);
        QVERIFY(pane.grab().save(dir + QStringLiteral("/queues-groups.png")));
        pane.hide();
        store->close().waitForFinished();
    }

    void deletingAGroupOnProductionAsksForTheTypedName()
    {
        const std::string path = m_files.path("production.db");
        fill(path);
        auto store = std::make_shared<AsyncKVStore>(path);
        QWidget tab;
        setProductionMark(&tab, ProductionMark{QStringLiteral("orders.db"), QColor(Qt::red)});
        auto *pane = new QueuesPane(&tab);
        QStringList questions;
        pane->setConfirmDelete([&](const QString &question, qint64) {
            questions << question;
            return QueuesPane::DeleteChoice{true, {}};
        });
        pane->setStore(store, true, QString::fromStdString(path));
        tab.resize(kvs::test::kPaneOnSmallScreen);
        tab.show();
        QTRY_VERIFY(pane->controller()->overview()->rowOf("jobs") >= 0);
        selectTopic(*pane, "jobs");
        DeadLetterGroupsPanel *groups = groupsOf(*pane);
        QTRY_COMPARE(groups->model()->rowCount(), 3);
        groups->view()->selectRow(0); // the timeouts
        QTRY_COMPARE(pane->controller()->deadLetters()->rowCount(), 6);

        // The typed-name box comes after the count and the question: answered when it shows.
        QString typed = QStringLiteral("orders"); // wrong first
        int dialogs = 0;
        QTimer answer;
        answer.setInterval(5);
        connect(&answer, &QTimer::timeout, this, [&] {
            auto *dialog = qobject_cast<TypedNameDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            ++dialogs;
            dialog->nameEdit()->setText(typed);
            if (dialog->actionButton()->isEnabled())
                dialog->actionButton()->click();
            else
                dialog->reject();
        });
        answer.start();
        QTRY_VERIFY(groups->deleteButton()->isEnabled());
        groups->deleteButton()->click();
        QTRY_COMPARE(dialogs, 1);
        QCOMPARE(questions.size(), 1);
        QVERIFY2(questions[0].contains(QStringLiteral("Delete the 6 dead message(s) of topic "
                                                      "\"jobs\" that match error signature "
                                                      "487f6a1a")),
                 qPrintable(questions[0]));
        QTRY_VERIFY(groups->deleteButton()->isEnabled());
        QCOMPARE(deadOf(*pane, "jobs"), 10); // the wrong name deleted nothing

        typed = QStringLiteral("orders.db");
        groups->deleteButton()->click();
        QTRY_COMPARE(dialogs, 2);
        QTRY_COMPARE(deadOf(*pane, "jobs"), 4);
        QCOMPARE(deadOf(*pane, "other"), 1);
        QTRY_COMPARE(groups->model()->rowCount(), 2);
        answer.stop();
        tab.hide();
        store->close().waitForFinished();
    }

    void cancelStopsTheGrouping()
    {
        const std::string path = m_files.path("cancel.db");
        fill(path);
        auto store = std::make_shared<AsyncKVStore>(path);
        DeadLetterGroupsPanel panel;
        QAbstractItemModelTester tester(panel.model());
        panel.load(store, "jobs");
        QVERIFY(panel.isLoading());
        QVERIFY(panel.cancelButton()->isVisibleTo(&panel));
        panel.cancel();
        QVERIFY(!panel.isLoading());
        QCOMPARE(panel.statusLabel()->text(), QStringLiteral("Cancelled."));
        // Its result, when it comes, is dropped; a new load fills the list.
        panel.load(store, "jobs");
        QTRY_COMPARE(panel.model()->rowCount(), 3);
        QVERIFY(!panel.cancelButton()->isVisibleTo(&panel));
        panel.load(nullptr, {});
        QCOMPARE(panel.model()->rowCount(), 0);
        store->close().waitForFinished();
    }
};

QTEST_MAIN(TestDeadLetterGroupsPanel)
#include "tst_dead_letter_groups_panel.moc"
