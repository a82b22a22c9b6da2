// Closing a database tab, or quitting the application, while its Queues view reads: an overview
// refresh, a count of due messages (QueueCountJob) or a dead-letter sweep (SweepJob) in flight
// (on PostgreSQL held up by another connection's lock on the queue). Closing must not wait for the
// read, nothing the view started may keep the store past the tab (the session closes it on a
// worker; a copy left in a continuation on the GUI thread would close it there, or crash when the
// application object goes), and the application must end cleanly. On a SQLite file, or on the test
// run's PostgreSQL when KVS_QUEUES_BACKEND=postgres (a ctest entry of its own).
#include "connection/connection_spec.h"
#include "queues/queue_count_job.h"
#include "queues/queue_overview_model.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "queues/sweep_job.h"
#include "session/database_session.h"
#include "session/database_view.h"
#include "support/postgres_test_server.h"

#include <kvs/async_kvstore.h>

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

#include <memory>

using namespace kvs;
using namespace kvs::ui;

namespace {

constexpr int kTimeout = 20000;
constexpr int kDead = 1200; // more than one read of 1000
constexpr int kDue = 2500;

bool onPostgres()
{
    return qgetenv("KVS_QUEUES_BACKEND") == "postgres";
}

// Where the test's queue lives: a SQLite file, or a schema of the test server.
struct Location
{
    std::string sqlitePath;
    std::string schema;

    std::string connection() const { return onPostgres() ? test::postgresUrl() : sqlitePath; }
    AsyncKVStoreSettings settings() const
    {
        AsyncKVStoreSettings s;
        if (onPostgres())
            s.schema = schema;
        return s;
    }
    std::optional<ConnectionSpec> spec(QString *password) const
    {
        if (!onPostgres())
            return ConnectionSpec::sqlite(QString::fromStdString(sqlitePath));
        std::optional<ConnectionSpec> spec = ConnectionSpec::fromPostgresUrl(
            QString::fromStdString(test::postgresUrl()), password);
        if (spec)
            spec->setSchema(QString::fromStdString(schema));
        return spec;
    }
};

// "emails": kDead dead letters; "jobs": kDue due messages.
void fill(const Location &where)
{
    AsyncKVStore store(where.connection(), where.settings());
    QueueOptions emails;
    emails.topic = "emails";
    emails.maxAttempts = 1;
    std::vector<QFuture<EnqueueResult>> enqueued;
    for (int i = 0; i < kDead; ++i)
        enqueued.push_back(store.enqueue(Value(i), emails));
    QueueOptions jobs;
    jobs.topic = "jobs";
    for (int i = 0; i < kDue; ++i)
        enqueued.push_back(store.enqueue(Value(i), jobs));
    for (QFuture<EnqueueResult> &f : enqueued)
        f.waitForFinished();
    for (int taken = 0; taken < kDead;) {
        const std::vector<QueueMessage> page = store.dequeue("emails", 1000).result();
        std::vector<QFuture<bool>> nacked;
        for (const QueueMessage &m : page)
            nacked.push_back(
                store.nack(double(m.id), m.token, NackOptions{"HTTP 503", std::nullopt}));
        for (QFuture<bool> &f : nacked)
            f.waitForFinished();
        taken += int(page.size());
    }
    store.close().waitForFinished();
}

// On PostgreSQL, another connection's ACCESS EXCLUSIVE lock on the queue table, which keeps
// the store's reads of the queue waiting while it lives (no timeout at all: a close that waited
// for them would hang). A reader of a SQLite file in WAL mode cannot be held up that way (an
// exclusive lock needs every other connection gone), so there the read is only in flight.
class QueueLock
{
public:
    explicit QueueLock(const Location &where)
    {
        if (!onPostgres())
            return;
        m_admin = std::make_unique<test::PgAdmin>();
        m_admin->exec("BEGIN; LOCK TABLE \"" + where.schema
                      + "\".\"queue\" IN ACCESS EXCLUSIVE MODE");
    }
    ~QueueLock()
    {
        if (m_admin)
            m_admin->exec("COMMIT");
    }
    QueueLock(const QueueLock &) = delete;
    QueueLock &operator=(const QueueLock &) = delete;

private:
    std::unique_ptr<test::PgAdmin> m_admin;
};

// A tab on the database with its Queues view shown and its overview read.
std::unique_ptr<DatabaseView> openQueuesTab(const Location &where)
{
    QString password;
    const std::optional<ConnectionSpec> spec = where.spec(&password);
    if (!spec)
        return nullptr;
    auto view = std::make_unique<DatabaseView>(new DatabaseSession(*spec, password));
    view->resize(1200, 800);
    view->show();
    if (!QTest::qWaitFor([&] { return view->session()->store() != nullptr; }, kTimeout))
        return nullptr;
    QueuesPane *pane = view->queues();
    view->views()->setCurrentWidget(pane);
    if (!QTest::qWaitFor([&] { return pane->controller()->overview()->rowCount() == 2; }, kTimeout))
        return nullptr;
    return view;
}

// Shows topic's messages of status and waits for the first page.
bool browse(QueuesPane *pane, const std::string &topic, BrowseStatus status)
{
    QSignalSpy changed(pane->controller(), &QueuesController::browseChanged);
    pane->statusChoice()->setCurrentIndex(int(status));
    const int row = pane->controller()->overview()->rowOf(topic);
    pane->overviewView()->setCurrentIndex(pane->controller()->overview()->index(row, 0));
    return changed.wait(kTimeout);
}

// Selects what inFlight names ("refresh", "count", "sweep"), before the queue is locked.
bool prepare(QueuesPane *pane, const QString &inFlight)
{
    if (inFlight == QLatin1String("count"))
        return browse(pane, "jobs", BrowseStatus::Due);
    if (inFlight == QLatin1String("sweep"))
        return browse(pane, "emails", BrowseStatus::Dead);
    return true;
}

// Starts the read inFlight names; true when it is running.
bool start(QueuesPane *pane, const QString &inFlight)
{
    if (inFlight == QLatin1String("refresh")) {
        pane->controller()->refresh();
        return true;
    }
    pane->countButton()->click();
    if (inFlight == QLatin1String("count"))
        return pane->countJob()->isRunning();
    return pane->controller()->isJobRunning();
}

} // namespace

class TestQueuesTeardown : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    Location m_where;

private slots:
    void initTestCase()
    {
        if (onPostgres())
            m_where.schema = test::freshSchema("qteardown");
        else
            m_where.sqlitePath = m_dir.filePath(QStringLiteral("teardown.db")).toStdString();
        fill(m_where);
    }

    void closingTheTabLetsTheStoreGoOffTheGuiThread_data()
    {
        QTest::addColumn<QString>("inFlight");
        QTest::newRow("refresh") << QStringLiteral("refresh");
        QTest::newRow("count") << QStringLiteral("count");
        QTest::newRow("sweep") << QStringLiteral("sweep");
    }

    // As MainWindow::closeTab: the tab's view goes (its deleteLater), with the read held up.
    void closingTheTabLetsTheStoreGoOffTheGuiThread()
    {
        QFETCH(QString, inFlight);
        std::unique_ptr<DatabaseView> view = openQueuesTab(m_where);
        QVERIFY(view);
        QueuesPane *pane = view->queues();
        QVERIFY(prepare(pane, inFlight));
        const std::weak_ptr<AsyncKVStore> store = view->session()->store();
        {
            QueueLock lock(m_where);
            QVERIFY(start(pane, inFlight));
            QElapsedTimer closing;
            closing.start();
            view.reset(); // returns with the read still waiting for the lock (on PostgreSQL
                          // for ever: a close that waited would hang here)
            qInfo("the tab closed in %lld ms with the %s in flight",
                  closing.elapsed(),
                  qPrintable(inFlight));
        }
        // The session closes the store on a worker of the global pool, the jobs end there too;
        // once they are done the store is gone, without the GUI thread's event loop running (a
        // continuation left holding it would destroy it there, later).
        QThreadPool::globalInstance()->waitForDone();
        QVERIFY(store.expired());
        // The continuations still posted (all of them: their work is done) find their receivers
        // gone and do nothing.
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }

    void quittingWithAReadInFlightEndsCleanly_data()
    {
        closingTheTabLetsTheStoreGoOffTheGuiThread_data();
    }

    // As kvs-admin's main: the window goes, then the application object, right after the read
    // started (its continuation still pending).
    void quittingWithAReadInFlightEndsCleanly()
    {
        QFETCH(QString, inFlight);
        QProcess child;
        child.setProcessChannelMode(QProcess::ForwardedChannels);
        child.start(QCoreApplication::applicationFilePath(),
                    {QStringLiteral("--quit-while"),
                     inFlight,
                     QString::fromStdString(onPostgres() ? m_where.schema : m_where.sqlitePath)});
        QVERIFY(child.waitForFinished(60000));
        QCOMPARE(child.exitStatus(), QProcess::NormalExit);
        QCOMPARE(child.exitCode(), 0);
    }
};

namespace {

// The child of quittingWithAReadInFlightEndsCleanly: exit code 0 when it ended as main() does.
int quitWhileReading(int argc, char **argv)
{
    QApplication app(argc, argv);
    Location where;
    (onPostgres() ? where.schema : where.sqlitePath) = argv[3];
    const QString inFlight = QString::fromLocal8Bit(argv[2]);
    {
        std::unique_ptr<DatabaseView> view = openQueuesTab(where);
        if (!view || !prepare(view->queues(), inFlight)) {
            qWarning("the child could not open the Queues view");
            return 2;
        }
        if (!start(view->queues(), inFlight)) {
            qWarning("the child could not start the %s", qPrintable(inFlight));
            return 3;
        }
    }
    return 0; // the application object goes next
}

} // namespace

int main(int argc, char **argv)
{
    if (argc == 4 && qstrcmp(argv[1], "--quit-while") == 0)
        return quitWhileReading(argc, argv);
    QApplication app(argc, argv);
    TestQueuesTeardown test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_queues_teardown.moc"
