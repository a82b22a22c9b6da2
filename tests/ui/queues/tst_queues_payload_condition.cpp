// Issue 38: the message browser's payload filter accepts a condition too, the payload as
// `value` (kvs/condition.h), evaluated on SQLite and on PostgreSQL alike.
#include "queues/queue_message_model.h"
#include "queues/queue_overview_model.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"

#include <kvs/async_kvstore.h>
#include <kvs/literal.h>

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs;
using namespace kvs::ui;

class TestQueuesPayloadCondition : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::shared_ptr<AsyncKVStore> m_store;

    static void browse(QueuesPane &pane)
    {
        QSignalSpy changed(pane.controller(), &QueuesController::browseChanged);
        pane.applyFilter();
        QVERIFY(changed.wait(20000));
        QueuesController *controller = pane.controller();
        while (controller->hasMore()) {
            QSignalSpy more(controller, &QueuesController::browseChanged);
            controller->loadMore();
            QVERIFY(more.wait(20000));
        }
    }

    static QStringList shownPayloads(QueuesPane &pane)
    {
        QStringList payloads;
        const QueueMessageModel *model = pane.controller()->deadLetters();
        for (int row = 0; row < model->rowCount(); ++row)
            payloads << QString::fromStdString(printLiteral(model->messageAt(row)->payload));
        return payloads;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_store = std::make_shared<AsyncKVStore>(
            m_dir.filePath(QStringLiteral("queue.db")).toStdString());
        QueueOptions jobs;
        jobs.topic = "jobs";
        for (int i = 0; i < 30; ++i) {
            const std::string payload
                = "{customer: " + std::to_string(i % 3) + ", tries: " + std::to_string(i) + "}";
            m_store->enqueue(parseLiteral(payload), jobs).waitForFinished();
        }
    }

    void conditionOnThePayload()
    {
        QueuesPane pane;
        pane.setStore(m_store, false, QStringLiteral("queue"));
        pane.show();
        QTRY_COMPARE(pane.controller()->overview()->rowCount(), 1);
        pane.overviewView()->setCurrentIndex(pane.controller()->overview()->index(0, 0));
        pane.statusChoice()->setCurrentIndex(int(BrowseStatus::Due));
        pane.payloadFilter()->setText(QStringLiteral("value.customer == 1 && value.tries >= 20"));
        pane.payloadConditionBox()->setChecked(true);
        browse(pane);
        QCOMPARE(shownPayloads(pane),
                 QStringList({QStringLiteral(R"({"customer": 1, "tries": 22})"),
                              QStringLiteral(R"({"customer": 1, "tries": 25})"),
                              QStringLiteral(R"({"customer": 1, "tries": 28})")}));

        // A condition that does not parse: said, and nothing browsed.
        pane.payloadFilter()->setText(QStringLiteral("value.customer =="));
        pane.applyFilter();
        QCOMPARE(pane.statusLabel()->text(),
                 QStringLiteral("kvs: expected a value at position 17"));

        // The same field as text again: a substring of the payload's literal.
        pane.payloadConditionBox()->setChecked(false);
        pane.payloadFilter()->setText(QStringLiteral(R"("tries": 2})"));
        browse(pane);
        QCOMPARE(shownPayloads(pane),
                 QStringList({QStringLiteral(R"({"customer": 2, "tries": 2})")}));
    }
};

QTEST_MAIN(TestQueuesPayloadCondition)

#include "tst_queues_payload_condition.moc"
