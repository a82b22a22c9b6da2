// Issue 28: kvs-admin told to quit (SIGTERM, as at a logout; SIGINT) while a bulk job runs. A
// child process wires TerminationSignals as kvs-admin's main() does and runs a slow bulk retry
// (SweepJob) on a SQLite file, or on the test run's PostgreSQL when KVS_QUEUES_BACKEND=postgres;
// this test sends it a real signal. The child must end by itself with 128 + the signal, after
// the batch in flight, and the audit log must hold the job's ended line "interrupted" counting
// exactly the messages the database shows retried.
#include "queues/sweep_job.h"
#include "startup/termination_signals.h"
#include "support/audit_lines.h"
#include "support/postgres_test_server.h"

#include <kvs/async_kvstore.h>

#include <QApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>
#include <unistd.h>

using namespace kvs;
using namespace kvs::ui;

namespace {

constexpr char kChild[] = "KVS_TST_GUI_TERMINATION_DB";
constexpr char kChildSchema[] = "KVS_TST_GUI_TERMINATION_SCHEMA";
constexpr int kDead = 3000;
constexpr int kTimeout = 60000;

bool onPostgres()
{
    return qgetenv("KVS_QUEUES_BACKEND") == "postgres";
}

std::shared_ptr<AsyncKVStore> openStore(const std::string &db, const std::string &schema)
{
    AsyncKVStoreSettings settings;
    settings.maintenanceInterval = std::chrono::milliseconds(0);
    if (!schema.empty())
        settings.schema = schema;
    return std::make_shared<AsyncKVStore>(db, settings);
}

// The child: kvs-admin's wiring of the signals, and a bulk retry at 300 messages per second.
int runJobUntilTold(int argc, char **argv)
{
    QApplication app(argc, argv);
    TerminationSignals termination;
    QObject::connect(&termination, &TerminationSignals::terminationRequested, &app, [](int number) {
        QCoreApplication::exit(128 + number);
    });
    auto store = openStore(qgetenv(kChild).toStdString(), qgetenv(kChildSchema).toStdString());
    SweepJobSpec spec;
    spec.action = DeadLetterAction::Retry;
    spec.topic = "jobs";
    spec.filterText = QStringLiteral("any filter");
    spec.ratePerSecond = 300;
    spec.expected = kDead;
    auto job = std::make_unique<SweepJob>(store, nullptr, QStringLiteral("db"), spec);
    job->start();
    const int code = QApplication::exec();
    job.reset(); // as the window goes, with its tabs
    store.reset();
    return code; // the application object waits for the job's worker as it goes
}

using kvs::test::auditLines;

} // namespace

class TestGuiTermination : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    void interruptRunningJob(int signal)
    {
        std::string db;
        std::string schema;
        if (onPostgres()) {
            db = test::postgresUrl();
            schema = test::freshSchema("guiterm");
        } else {
            db = m_dir.filePath(QStringLiteral("q%1.db").arg(signal)).toStdString();
        }
        const auto store = openStore(db, schema);
        for (int start = 0; start < kDead; start += 500) {
            AsyncAtomicOperation batch = store->atomic();
            QueueOptions options;
            options.topic = "jobs";
            options.maxAttempts = 1;
            for (int i = start; i < start + 500; ++i)
                batch.enqueue(Value(double(i)), options);
            QVERIFY(batch.commit().result().ok);
        }
        for (int taken = 0; taken < kDead;) {
            const std::vector<QueueMessage> page = store->dequeue("jobs", 1000).result();
            for (const QueueMessage &m : page)
                QVERIFY(store->nack(double(m.id), m.token, {}).result());
            taken += int(page.size());
        }
        const auto dead = [&] {
            return store->queueStats("jobs").result().at(0).dead;
        };

        const QString log = m_dir.filePath(QStringLiteral("audit-%1.jsonl").arg(signal));
        QProcess child;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QString::fromLatin1(kChild), QString::fromStdString(db));
        environment.insert(QString::fromLatin1(kChildSchema), QString::fromStdString(schema));
        environment.insert(QStringLiteral("KVS_AUDIT_LOG"), log);
        child.setProcessEnvironment(environment);
        child.start(QCoreApplication::applicationFilePath(), {});
        QVERIFY(child.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(auditLines(log).size() == 1 && dead() < kDead - 100, kTimeout);
        QCOMPARE(::kill(pid_t(child.processId()), signal), 0);
        if (!child.waitForFinished(kTimeout)) {
            child.kill();
            child.waitForFinished();
            QFAIL("the application did not end");
        }
        QCOMPARE(child.exitStatus(), QProcess::NormalExit);
        QCOMPARE(child.exitCode(), 128 + signal);
        const std::int64_t retried = kDead - dead();
        QVERIFY(retried > 0 && retried < kDead);
        const QList<QJsonObject> lines = auditLines(log);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[0][u"expected"].toInt(), kDead);
        QCOMPARE(lines[1][u"result"].toString(), QStringLiteral("interrupted"));
        QCOMPARE(qint64(lines[1][u"changed"].toDouble()), retried);
        store->close().waitForFinished();
    }

private slots:
    void sigtermEndsTheJobsBatchAndRecordsIt() { interruptRunningJob(SIGTERM); }
    void sigintEndsTheJobsBatchAndRecordsIt() { interruptRunningJob(SIGINT); }
};

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsSet(kChild))
        return runJobUntilTold(argc, argv);
    QApplication app(argc, argv);
    TestGuiTermination test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_gui_termination.moc"
