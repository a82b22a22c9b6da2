// Issue 28: kvs's writes and the audit log. Every operator write (queue retry, delete-dead,
// move, enqueue, atomic) is refused, changing nothing, when its started line cannot be appended
// (a directory, /dev/full, a symbolic link, a read-only folder), unless --no-audit; a bulk action
// writes a started line (expected count) before its first batch and an ended line after; SIGINT
// and SIGTERM (real signals to the kvs process) end the batch in flight, write the ended line
// ("interrupted", with exactly the messages changed) and exit 130 / 143; SIGKILL leaves the
// started line. On a SQLite file, and on the test run's PostgreSQL when
// KVS_CLI_AUDIT_BACKEND=postgres (a ctest entry of its own).
#include "cli_test_support.h"
#include "support/postgres_test_server.h"

#include <kvs/async_kvstore.h>
#include <kvs/connection_string.h>
#include <kvs/literal.h>

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

using namespace cli_test;
using namespace kvs;

namespace {

constexpr int kTimeout = 60000;

bool onPostgres()
{
    return qgetenv("KVS_CLI_AUDIT_BACKEND") == "postgres";
}

} // namespace

class TestCliAudit : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_kvs; // the CLI, copied where "nobody" can run it
    int m_databases = 0;
    QString m_db;     // --db of the current test
    QString m_schema; // --schema on PostgreSQL

    QString path(const QString &name) const { return m_dir.filePath(name); }

    // A new database of the backend under test, with count dead letters on topic "jobs" (ids
    // 1..count, last error "timeout i") and one pending message on "mail".
    void freshDatabase(int count)
    {
        ++m_databases;
        if (onPostgres()) {
            m_db = QString::fromStdString(test::postgresUrl());
            m_schema = QString::fromStdString(test::freshSchema("cli_audit"));
        } else {
            const QString folder = path(QStringLiteral("db%1").arg(m_databases));
            QVERIFY(QDir().mkpath(folder));
            // "nobody" writes the database in the read-only-folder row.
            ::chmod(QFile::encodeName(folder).constData(), 0777);
            m_db = folder + QStringLiteral("/queue.db");
        }
        const auto store = open();
        for (int start = 0; start < count; start += 500) {
            AsyncAtomicOperation batch = store->atomic();
            QueueOptions options;
            options.topic = "jobs";
            options.maxAttempts = 1;
            for (int i = start; i < std::min(count, start + 500); ++i)
                batch.enqueue(Value::object({{"n", Value(double(i))}}), options);
            QVERIFY(batch.commit().result().ok);
        }
        for (int taken = 0; taken < count;) {
            const std::vector<QueueMessage> page = store->dequeue("jobs", 1000).result();
            QVERIFY(!page.empty());
            for (const QueueMessage &m : page) {
                NackOptions nack;
                nack.error = "timeout " + std::to_string(m.id);
                QVERIFY(store->nack(double(m.id), m.token, nack).result());
            }
            taken += int(page.size());
        }
        QueueOptions mail;
        mail.topic = "mail";
        (void)store->enqueue(Value("hello"), mail).result();
        store->close().waitForFinished();
        if (!onPostgres())
            ::chmod(QFile::encodeName(m_db).constData(), 0666);
    }

    std::unique_ptr<AsyncKVStore> open() const
    {
        AsyncKVStoreSettings settings;
        settings.maintenanceInterval = std::chrono::milliseconds(0);
        if (onPostgres())
            settings.schema = m_schema.toStdString();
        return std::make_unique<AsyncKVStore>(m_db.toStdString(), std::move(settings));
    }

    QStringList dbArguments() const
    {
        QStringList arguments{QStringLiteral("--db"), m_db};
        if (onPostgres())
            arguments << QStringLiteral("--schema") << m_schema;
        return arguments;
    }

    // The counts on both topics, the state every refused command must leave.
    QString queueState() const
    {
        const auto store = open();
        QString text;
        for (const QueueStats &stats : store->queueStats().result()) {
            text += QStringLiteral("%1 pending %2 dead %3; ")
                        .arg(QString::fromStdString(stats.topic))
                        .arg(stats.pending)
                        .arg(stats.dead);
        }
        store->close().waitForFinished();
        return text;
    }

    std::int64_t deadCount() const
    {
        const auto store = open();
        const std::int64_t dead = store->queueStats("jobs").result().at(0).dead;
        store->close().waitForFinished();
        return dead;
    }

    // kvs with args, its audit log at log, as root or as "nobody".
    Run kvs(const QStringList &args, const QString &log, bool asNobody = false) const
    {
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("KVS_AUDIT_LOG"), log);
        process.setProcessEnvironment(environment);
        if (asNobody && ::geteuid() == 0) {
            process.start(QStringLiteral("setpriv"),
                          QStringList{QStringLiteral("--reuid=65534"),
                                      QStringLiteral("--regid=65534"),
                                      QStringLiteral("--clear-groups"),
                                      m_kvs}
                              + dbArguments() + args);
        } else {
            process.start(m_kvs, dbArguments() + args);
        }
        Run run;
        if (!process.waitForFinished(kTimeout)) {
            process.kill();
            process.waitForFinished();
            run.err = "kvs hung";
            return run;
        }
        run.code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        run.out = process.readAllStandardOutput();
        run.err = process.readAllStandardError();
        return run;
    }

    // Starts a slow bulk retry of the 3000 dead letters, waits until some were retried, sends
    // signal and returns the finished process's outcome.
    void interruptBulkRetry(int signal, int expectedCode)
    {
        freshDatabase(3000);
        const QString log = path(QStringLiteral("signal-%1.jsonl").arg(signal));
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("KVS_AUDIT_LOG"), log);
        process.setProcessEnvironment(environment);
        process.start(m_kvs,
                      dbArguments() << QStringLiteral("queue") << QStringLiteral("retry")
                                    << QStringLiteral("jobs") << QStringLiteral("--all")
                                    << QStringLiteral("--rate") << QStringLiteral("300"));
        QVERIFY(process.waitForStarted());
        // Under way: its started line written, and some batches done.
        QTRY_VERIFY_WITH_TIMEOUT(auditLines(log).size() == 1 && deadCount() < 2900, kTimeout);
        QCOMPARE(::kill(pid_t(process.processId()), signal), 0);
        QVERIFY(process.waitForFinished(kTimeout));
        const QByteArray err = process.readAllStandardError();
        QVERIFY2(process.exitStatus() == QProcess::NormalExit, err.constData());
        QCOMPARE(process.exitCode(), expectedCode);
        const std::int64_t retried = 3000 - deadCount();
        QVERIFY(retried > 0 && retried < 3000);
        const QList<QJsonObject> audit = auditLines(log);
        QCOMPARE(audit.size(), 2);
        QCOMPARE(audit[0][u"event"].toString(), QStringLiteral("started"));
        QCOMPARE(audit[0][u"expected"].toInt(), 3000);
        QCOMPARE(audit[0][u"filter"].toString(), QStringLiteral("--all --rate 300"));
        QCOMPARE(audit[1][u"event"].toString(), QStringLiteral("ended"));
        QCOMPARE(audit[1][u"id"].toString(), audit[0][u"id"].toString());
        QCOMPARE(audit[1][u"result"].toString(), QStringLiteral("interrupted"));
        // Exactly what the database shows: the batch in flight ended, nothing after it.
        QCOMPARE(qint64(audit[1][u"changed"].toDouble()), retried);
        QCOMPARE(qint64(audit[1][u"matched"].toDouble()), retried);
        QCOMPARE(process.readAllStandardOutput(), QByteArray::number(retried) + '\n');
        QCOMPARE(err,
                 QByteArray("kvs: interrupted by ") + (signal == SIGINT ? "SIGINT" : "SIGTERM")
                     + " after retrying " + QByteArray::number(retried)
                     + " of 3000 messages (the audit log records it)\n");
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        ::chmod(QFile::encodeName(m_dir.path()).constData(), 0755);
        m_kvs = path(QStringLiteral("kvs"));
        QVERIFY(QFile::copy(kvs::test::fromTest(KVS_CLI_PATH), m_kvs));
        ::chmod(QFile::encodeName(m_kvs).constData(), 0755);
    }

    void everyWriteIsRefusedWhenItsStartCannotBeLogged_data()
    {
        QTest::addColumn<QStringList>("command");
        QTest::addColumn<QString>("log");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<bool>("asNobody");
        const QStringList commands[] = {
            {"queue", "retry", "jobs", "--all"},
            {"queue", "delete-dead", "jobs", "--error", "timeout"},
            {"queue", "retry", "jobs", "2"},
            {"queue", "move", "jobs", "3", "{fixed: true}"},
            {"queue", "enqueue", "mail", "\"again\""},
            {"atomic", "-"},
        };
        const struct
        {
            const char *name;
            QString log;
            const char *reason;
            bool asNobody;
        } places[] = {
            {"directory", path(QStringLiteral("a-directory")), "Is a directory", false},
            {"/dev/full", QStringLiteral("/dev/full"), "it is not a regular file", false},
            {"symlink",
             path(QStringLiteral("link.jsonl")),
             "it is a symbolic link (not followed)",
             false},
            {"read-only folder",
             path(QStringLiteral("read-only/audit.jsonl")),
             "Permission denied",
             true},
        };
        for (const auto &place : places) {
            for (const QStringList &command : commands) {
                QTest::addRow("%s %s", place.name, qPrintable(command.mid(0, 2).join(u' ')))
                    << command << place.log << QString::fromLatin1(place.reason) << place.asNobody;
            }
        }
    }

    void everyWriteIsRefusedWhenItsStartCannotBeLogged()
    {
        QFETCH(QStringList, command);
        QFETCH(QString, log);
        QFETCH(QString, reason);
        QFETCH(bool, asNobody);
        QDir().mkpath(path(QStringLiteral("a-directory")));
        QDir().mkpath(path(QStringLiteral("read-only")));
        ::chmod(QFile::encodeName(path(QStringLiteral("read-only"))).constData(), 0755);
        const QString target = path(QStringLiteral("someone-elses.txt"));
        if (!QFileInfo::exists(target)) {
            QFile file(target);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("not a log\n");
        }
        QFile::link(target, path(QStringLiteral("link.jsonl")));
        freshDatabase(5);
        const QString before = queueState();
        const QByteArray document
            = R"({"mutations": [{"type": "enqueue", "value": "1", "topic": "mail"}]})";
        const auto run = [&](QStringList args) {
            if (command.first() != QStringLiteral("atomic"))
                return kvs(args, log, asNobody);
            // kvs atomic reads the document from stdin.
            QProcess process;
            QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
            environment.insert(QStringLiteral("KVS_AUDIT_LOG"), log);
            process.setProcessEnvironment(environment);
            process.start(m_kvs, dbArguments() + args);
            process.write(document);
            process.closeWriteChannel();
            Run result;
            if (!process.waitForFinished(kTimeout))
                return result;
            result.code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
            result.out = process.readAllStandardOutput();
            result.err = process.readAllStandardError();
            return result;
        };
        if (asNobody && command.first() == QStringLiteral("atomic"))
            QSKIP("stdin through setpriv: the other rows cover the read-only folder");

        const Run refused = run(command);
        QCOMPARE(refused.code, 1);
        VERIFY_ONE_ERROR_LINE(refused);
        QCOMPARE(QString::fromUtf8(refused.err),
                 QStringLiteral("kvs: cannot write the audit log %1: %2; nothing was changed "
                                "(--no-audit runs the command without it)\n")
                     .arg(log, reason));
        QCOMPARE(refused.out, QByteArray());
        QCOMPARE(queueState(), before);
        QCOMPARE(fileBytes(target), QByteArray("not a log\n"));

        // --no-audit: the operator's choice; the command runs and says it is not recorded.
        const Run allowed = run(command << QStringLiteral("--no-audit"));
        QCOMPARE(allowed.code, 0);
        QVERIFY2(allowed.err.startsWith(
                     QStringLiteral("kvs: warning: cannot write the audit log %1: %2 (the action "
                                    "runs without an audit entry)\n")
                         .arg(log, reason)
                         .toUtf8()),
                 allowed.err.constData());
        QVERIFY(queueState() != before);
        QCOMPARE(fileBytes(target), QByteArray("not a log\n"));
    }

    void eachWriteHasAStartedAndAnEndedLine()
    {
        freshDatabase(4);
        const QString log = path(QStringLiteral("lines.jsonl"));
        QCOMPARE(kvs({"queue", "retry", "jobs", "--error", "timeout", "--rate", "1000"}, log).code,
                 0);
        QCOMPARE(kvs({"queue", "enqueue", "mail", "\"hi\""}, log).code, 0);
        const QList<QJsonObject> audit = auditLines(log);
        QCOMPARE(audit.size(), 4);
        QCOMPARE(audit[0][u"event"].toString(), QStringLiteral("started"));
        QCOMPARE(audit[0][u"expected"].toInt(), 4);
        QCOMPARE(audit[0][u"filter"].toString(), QStringLiteral("--error \"timeout\" --rate 1000"));
        QCOMPARE(audit[1][u"result"].toString(), QStringLiteral("done"));
        QCOMPARE(audit[1][u"changed"].toInt(), 4);
        QCOMPARE(audit[2][u"action"].toString(), QStringLiteral("enqueue"));
        QCOMPARE(audit[3][u"detail"].toString(), QStringLiteral("new id 6"));
        // The database as kvs-admin names it too: on SQLite its absolute path.
        const QString name = onPostgres()
                                 ? QString::fromStdString(connectionIdentity(m_db.toStdString()))
                                       + QStringLiteral(", schema ") + m_schema
                                 : QFileInfo(m_db).absoluteFilePath();
        for (const QJsonObject &line : audit)
            QCOMPARE(line[u"database"].toString(), name);
    }

    void aRelativePathIsLoggedAbsolute()
    {
        if (onPostgres())
            QSKIP("a SQLite path");
        freshDatabase(1);
        const QString log = path(QStringLiteral("relative.jsonl"));
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("KVS_AUDIT_LOG"), log);
        process.setProcessEnvironment(environment);
        process.setWorkingDirectory(QFileInfo(m_db).path());
        process.start(m_kvs, {"--db", "queue.db", "queue", "retry", "jobs", "--all"});
        QVERIFY(process.waitForFinished(kTimeout));
        QCOMPARE(process.exitCode(), 0);
        QCOMPARE(auditLines(log).at(0)[u"database"].toString(), QFileInfo(m_db).absoluteFilePath());
    }

    void sigintEndsTheBatchAndExits130() { interruptBulkRetry(SIGINT, 130); }

    void sigtermEndsTheBatchAndExits143() { interruptBulkRetry(SIGTERM, 143); }

    void sigkillLeavesTheStartedLine()
    {
        freshDatabase(3000);
        const QString log = path(QStringLiteral("killed.jsonl"));
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("KVS_AUDIT_LOG"), log);
        process.setProcessEnvironment(environment);
        process.start(m_kvs,
                      dbArguments() << QStringLiteral("queue") << QStringLiteral("delete-dead")
                                    << QStringLiteral("jobs") << QStringLiteral("--error")
                                    << QStringLiteral("timeout") << QStringLiteral("--rate")
                                    << QStringLiteral("300"));
        QVERIFY(process.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(deadCount() < 2900, kTimeout);
        process.kill();
        QVERIFY(process.waitForFinished(kTimeout));
        const QList<QJsonObject> audit = auditLines(log);
        QCOMPARE(audit.size(), 1);
        QCOMPARE(audit[0][u"event"].toString(), QStringLiteral("started"));
        QCOMPARE(audit[0][u"action"].toString(), QStringLiteral("delete-dead"));
        QCOMPARE(audit[0][u"expected"].toInt(), 3000);
    }
};

QTEST_GUILESS_MAIN(TestCliAudit)
#include "tst_cli_audit.moc"
