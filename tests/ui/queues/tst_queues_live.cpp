// The queue dashboard against a database that others write: its refresh never writes (on a
// writable tab too, while a lease has expired), and it shows what another process (the kvs
// binary) enqueues without a manual refresh. On a SQLite file, or on the test run's PostgreSQL
// when KVS_QUEUES_BACKEND=postgres (a ctest entry of its own).
#include "queues/queue_message_model.h"
#include "queues/queue_overview_model.h"
#include "queues/queue_refresh_scheduler.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "support/postgres_test_server.h"
#include "support/raw_sqlite.h"
#include "support/test_paths.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/kvstore.h>

#include <QAbstractItemModelTester>
#include <QFile>
#include <QLabel>
#include <QProcess>
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

} // namespace

class TestQueuesLive : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_databases = 0;
    std::string m_db;     // the file, or the server's URL
    std::string m_schema; // PostgreSQL: the test's own schema

    // A fresh database of this test's backend.
    void freshDatabase()
    {
        ++m_databases;
        if (onPostgres()) {
            m_db = test::postgresUrl();
            m_schema = test::freshSchema("queues");
        } else {
            m_db = m_dir.filePath(QStringLiteral("q%1.db").arg(m_databases)).toStdString();
        }
    }
    AsyncKVStoreSettings settings(std::shared_ptr<Clock> clock = nullptr) const
    {
        AsyncKVStoreSettings s;
        if (!m_schema.empty())
            s.schema = m_schema;
        s.clock = std::move(clock);
        return s;
    }
    // The rows as the database holds them, with what proves a write: PostgreSQL's xmin of each
    // row, SQLite's data_version seen by a connection of the test.
    std::string rowsAsStored(test::RawSqlite *sqlite) const
    {
        std::string out;
        if (onPostgres()) {
            test::PgAdmin admin;
            out = admin.exec("SELECT string_agg(id || ':' || status || ':' || xmin, ',' ORDER BY "
                             "id) FROM \""
                             + m_schema + "\".queue");
        } else {
            for (const auto &row : sqlite->rows("SELECT id, status FROM queue ORDER BY id"))
                out += row.at(0) + ':' + row.at(1) + ',';
            out += "v" + sqlite->rows("PRAGMA data_version").at(0).at(0);
        }
        return out;
    }
    static const QueueStats *statsOf(QueuesPane &pane, const std::string &topic)
    {
        const QueueOverviewModel *overview = pane.controller()->overview();
        return overview->statsAt(overview->rowOf(topic));
    }

private slots:
    void refreshOfAWritableTabNeverWrites()
    {
        freshDatabase();
        auto clock = std::make_shared<ManualClock>();
        auto store = std::make_shared<AsyncKVStore>(m_db, settings(clock));
        QueueOptions retryable;
        retryable.topic = "jobs";
        const std::int64_t due = store->enqueue(Value("a"), retryable).result().id;
        QueueOptions last = retryable;
        last.maxAttempts = 1;
        const std::int64_t dying = store->enqueue(Value("b"), last).result().id;
        QCOMPARE(store->dequeue("jobs", 2, {1000.0}).result().size(), std::size_t(2));
        clock->advance(5000); // both leases expired, neither settled

        std::unique_ptr<test::RawSqlite> sqlite;
        if (!onPostgres())
            sqlite = std::make_unique<test::RawSqlite>(m_db, true);
        const std::string before = rowsAsStored(sqlite.get());
        const QByteArray bytesBefore
            = onPostgres() ? QByteArray() : fileBytes(QString::fromStdString(m_db));

        QueuesPane pane;
        QAbstractItemModelTester overviewTester(pane.controller()->overview());
        QAbstractItemModelTester deadTester(pane.controller()->deadLetters());
        pane.setStore(store, true, QStringLiteral("test"));
        pane.show();
        QTRY_VERIFY(statsOf(pane, "jobs") != nullptr);
        const QueueStats *stats = statsOf(pane, "jobs");
        QCOMPARE(stats->pending, std::int64_t(1)); // due again: its lease expired
        QCOMPARE(stats->processing, std::int64_t(0));
        QCOMPARE(stats->dead, std::int64_t(1)); // its last attempt's lease expired
        const QueueOverviewModel *overview = pane.controller()->overview();
        QCOMPARE(overview->data(overview->index(overview->rowOf("jobs"), QueueOverviewModel::Due))
                     .toString(),
                 QStringLiteral("1"));
        const int row = overview->rowOf("jobs");
        pane.overviewView()->setCurrentIndex(overview->index(row, 0));
        QueueMessageModel *dead = pane.controller()->deadLetters();
        QTRY_COMPARE(dead->rowCount(), 1);
        QCOMPARE(dead->messageAt(0)->id, dying);
        QCOMPARE(dead->messageAt(0)->lastError.value_or(""), std::string("lease expired"));
        pane.controller()->refresh();
        QTRY_VERIFY(!pane.statusLabel()->text().isEmpty());

        QCOMPARE(rowsAsStored(sqlite.get()), before);
        if (!onPostgres())
            QCOMPARE(fileBytes(QString::fromStdString(m_db)), bytesBefore);
        // What the reference's read would have done: settled, the due one stays processing.
        const QueueStats settled = store->queueStats("jobs").result().at(0);
        QCOMPARE(settled.dead, std::int64_t(1));
        QVERIFY(rowsAsStored(sqlite.get()) != before);
        const auto leased = store->peek("jobs", {PeekStatus::Processing, 0, 10}).result();
        QCOMPARE(leased.size(), std::size_t(1));
        QCOMPARE(leased.at(0).id, due);
        pane.hide();
        store->close().waitForFinished();
    }

    // Issue 13's third warning: a lease about to end (a slow or stuck consumer; the message
    // will be delivered again), counted by the dashboard's read in the window the user sets.
    void warnsOfLeasesAboutToExpire()
    {
        freshDatabase();
        auto clock = std::make_shared<ManualClock>();
        auto store = std::make_shared<AsyncKVStore>(m_db, settings(clock));
        QueueOptions jobs;
        jobs.topic = "jobs";
        QueueOptions mail;
        mail.topic = "mail";
        (void)store->enqueue(Value("a"), jobs).result();
        (void)store->enqueue(Value("b"), mail).result();
        QCOMPARE(store->dequeue("jobs", 1, {8000.0}).result().size(), std::size_t(1));
        QCOMPARE(store->dequeue("mail", 1, {60000.0}).result().size(), std::size_t(1));

        QueuesPane pane;
        QAbstractItemModelTester overviewTester(pane.controller()->overview());
        QCOMPARE(pane.controller()->leaseWindowMs(), QueuesController::kDefaultLeaseWindowMs);
        pane.setStore(store, true, QStringLiteral("test"));
        pane.show();
        QTRY_VERIFY(statsOf(pane, "jobs") != nullptr && statsOf(pane, "mail") != nullptr);
        const QueueOverviewModel *overview = pane.controller()->overview();
        const auto status = [&](const std::string &topic) {
            return overview->data(
                overview->index(overview->rowOf(topic), QueueOverviewModel::Status));
        };
        const auto trouble = [&](const std::string &topic) {
            return overview->data(overview->index(overview->rowOf(topic), 0), Qt::UserRole)
                .toBool();
        };
        QCOMPARE(statsOf(pane, "jobs")->leasesEnding, std::int64_t(1));
        QCOMPARE(status("jobs").toString(), QStringLiteral("1 lease(s) expiring within 10 s"));
        QVERIFY(trouble("jobs"));
        QCOMPARE(statsOf(pane, "mail")->leasesEnding, std::int64_t(0));
        QCOMPARE(status("mail").toString(), QStringLiteral("ok"));
        QVERIFY(!trouble("mail"));

        // A narrower window leaves the 8 s lease out, until the store's time moves 4 s on.
        pane.controller()->setLeaseWindowMs(5000);
        QTRY_COMPARE(statsOf(pane, "jobs")->leasesEnding, std::int64_t(0));
        QVERIFY(!trouble("jobs"));
        clock->advance(4000);
        pane.controller()->refresh();
        QTRY_COMPARE(statsOf(pane, "jobs")->leasesEnding, std::int64_t(1));
        QCOMPARE(status("jobs").toString(), QStringLiteral("1 lease(s) expiring within 5 s"));
        pane.hide();
        store->close().waitForFinished();
    }

    void showsWhatAnotherProcessEnqueues()
    {
        freshDatabase();
        auto store = std::make_shared<AsyncKVStore>(m_db, settings());
        QueueOptions first;
        first.topic = "mail";
        (void)store->enqueue(Value("first"), first).result();
        QueuesPane pane;
        QAbstractItemModelTester overviewTester(pane.controller()->overview());
        pane.setStore(store, true, QStringLiteral("test"));
        if (!onPostgres())
            pane.setSqliteFile(m_db);
        pane.pollInterval()->setValue(1);
        pane.show();
        QTRY_VERIFY(statsOf(pane, "mail") != nullptr);
        QCOMPARE(statsOf(pane, "mail")->pending, std::int64_t(1));
        QueueRefreshScheduler *scheduler = pane.controller()->scheduler();
        if (!onPostgres()) {
            QTRY_VERIFY(scheduler->watchesCommits());
            QVERIFY(!pane.pollInterval()->isEnabled());
            // Time alone refreshes seldom: what follows comes from the commit.
            QCOMPARE(scheduler->tickIntervalMs() >= QueueRefreshScheduler::kSlowTickMs, true);
        } else {
            QVERIFY(!scheduler->watchesCommits());
            QCOMPARE(scheduler->pollIntervalMs(), 1000);
        }

        QStringList args{QStringLiteral("--db"), QString::fromStdString(m_db)};
        if (!m_schema.empty())
            args << QStringLiteral("--schema") << QString::fromStdString(m_schema);
        args << QStringLiteral("queue") << QStringLiteral("enqueue") << QStringLiteral("mail")
             << QStringLiteral("\"second\"");
        QProcess cli;
        cli.start(kvs::test::fromTest(KVS_CLI_PATH), args);
        QVERIFY(cli.waitForFinished(60000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        QTRY_COMPARE_WITH_TIMEOUT(statsOf(pane, "mail")->pending, std::int64_t(2), 5000);
        pane.hide();
        store->close().waitForFinished();
    }
};

QTEST_MAIN(TestQueuesLive)
#include "tst_queues_live.moc"
