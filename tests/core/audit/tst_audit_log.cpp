// Issue 28: the operator audit log fails closed (kvs/audit_log.h). An action's started line is
// written before it changes anything, or the action is refused (a directory, a device, a named
// pipe or a symbolic link in the log's place, a full file); its ended line says how it ended; a
// file others may read is made private; the data folder is one; a database has one name.
#include "support/test_support.h"

#include <kvs/audit_log.h>
#include <kvs/connection_string.h>
#include <kvs/data_folder.h>
#include <kvs/errors.h>
#include <kvs/private_file.h>

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace kvs;

namespace {

QList<QJsonObject> logLines(const QString &path)
{
    QList<QJsonObject> objects;
    for (const QByteArray &line : test::fileBytes(path).split('\n')) {
        if (!line.isEmpty())
            objects << QJsonDocument::fromJson(line).object();
    }
    return objects;
}

AuditRecord retryAll()
{
    return {"retry", "/srv/app/q.db", "jobs", "--all"};
}

// Points KVS_AUDIT_LOG at path while it lives.
class LogAt
{
public:
    explicit LogAt(const QString &path)
        : m_before(qgetenv("KVS_AUDIT_LOG"))
    {
        qputenv("KVS_AUDIT_LOG", QFile::encodeName(path));
    }
    ~LogAt() { qputenv("KVS_AUDIT_LOG", m_before); }

private:
    QByteArray m_before;
};

} // namespace

class TestAuditLog : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString path(const QString &name) const { return m_dir.filePath(name); }

    // The message a refused started line throws, checked, and the file left as it was.
    void requireRefused(const QString &log, const std::string &reason)
    {
        const LogAt at(log);
        QVERIFY(test::throwsWith<AuditLogError>(
            [] { AuditedAction audit(retryAll(), 3, AuditPolicy::Required); },
            "kvs: cannot write the audit log " + log.toStdString() + ": " + reason));
        QVERIFY(test::throwsWith<AuditLogError>([] { checkAuditLogAppendable(); },
                                                "kvs: cannot write the audit log "
                                                    + log.toStdString() + ": " + reason));
    }

private slots:
    void startedAndEndedLinesShareAnId()
    {
        const QString log = path(QStringLiteral("deep/er/audit.jsonl"));
        const LogAt at(log);
        {
            AuditedAction audit(
                {"retry", "postgresql://ops:S3cret@db.example/prod", "jobs", "--all"},
                1200,
                AuditPolicy::Required);
            QVERIFY(audit.warning().empty());
            // The started line is on disk before the action does anything.
            const QList<QJsonObject> started = logLines(log);
            QCOMPARE(started.size(), 1);
            QCOMPARE(started[0][u"event"].toString(), QStringLiteral("started"));
            QCOMPARE(started[0][u"expected"].toInt(), 1200);
            QCOMPARE(started[0][u"action"].toString(), QStringLiteral("retry"));
            QCOMPARE(started[0][u"filter"].toString(), QStringLiteral("--all"));
            QCOMPARE(started[0][u"id"].toString(), QString::fromStdString(audit.id()));
            QVERIFY(!started[0][u"user"].toString().isEmpty());
            QVERIFY(
                QDateTime::fromString(started[0][u"time"].toString(), Qt::ISODateWithMs).isValid());
            QCOMPARE(audit.end(AuditOutcome::Interrupted, 800, 799, "SIGTERM"), std::string());
            QCOMPARE(audit.end(AuditOutcome::Done, 1, 1), std::string()); // once only
        }
        const QList<QJsonObject> lines = logLines(log);
        QCOMPARE(lines.size(), 2);
        const QJsonObject &ended = lines[1];
        QCOMPARE(ended[u"event"].toString(), QStringLiteral("ended"));
        QCOMPARE(ended[u"id"].toString(), lines[0][u"id"].toString());
        QCOMPARE(ended[u"matched"].toInt(), 800);
        QCOMPARE(ended[u"changed"].toInt(), 799);
        QCOMPARE(ended[u"result"].toString(), QStringLiteral("interrupted"));
        QCOMPARE(ended[u"detail"].toString(), QStringLiteral("SIGTERM"));
        const QByteArray text = test::fileBytes(log);
        QVERIFY(!text.contains("S3cret"));
        QVERIFY(text.contains("***"));
        // Created private, in a private folder.
        QCOMPARE(QFileInfo(log).permissions() & 0x0077, QFileDevice::Permissions());
        QCOMPARE(QFileInfo(path(QStringLiteral("deep/er"))).permissions() & 0x0077,
                 QFileDevice::Permissions());
        QCOMPARE(auditOutcomeName(AuditOutcome::Done), "done");
        QCOMPARE(auditOutcomeName(AuditOutcome::Cancelled), "cancelled");
        QCOMPARE(auditOutcomeName(AuditOutcome::Failed), "failed");
    }

    void anActionNeverEndedIsRecordedFailed()
    {
        const QString log = path(QStringLiteral("unended.jsonl"));
        const LogAt at(log);
        try {
            AuditedAction audit(retryAll(), std::nullopt, AuditPolicy::Required);
            throw Error("kvs: the store went away");
        } catch (const Error &) {
        }
        const QList<QJsonObject> lines = logLines(log);
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines[0][u"expected"].isNull());
        QCOMPARE(lines[1][u"result"].toString(), QStringLiteral("failed"));
        QCOMPARE(lines[1][u"detail"].toString(), QStringLiteral("ended without a result"));
    }

    void aDirectoryInTheLogsPlaceRefusesTheAction()
    {
        const QString log = path(QStringLiteral("a-directory"));
        QVERIFY(QDir().mkpath(log));
        requireRefused(log, "Is a directory");
    }

    void aDeviceIsRefusedAsNoRegularFile()
    {
        // /dev/full: every write fails with ENOSPC; /dev/null would swallow the log.
        requireRefused(QStringLiteral("/dev/full"), "it is not a regular file");
        requireRefused(QStringLiteral("/dev/null"), "it is not a regular file");
    }

    void aNamedPipeIsRefusedWithoutWaitingForAReader()
    {
        const QString fifo = path(QStringLiteral("pipe.jsonl"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        // Opening a pipe for writing waits for a reader unless told not to: this returns.
        requireRefused(fifo, "it is not a regular file");
    }

    void aSymbolicLinkIsRefusedNotFollowed()
    {
        const QString target = path(QStringLiteral("elsewhere.txt"));
        QFile file(target);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("someone else's file\n");
        file.close();
        const QString link = path(QStringLiteral("link.jsonl"));
        QVERIFY(QFile::link(target, link));
        requireRefused(link, "it is a symbolic link (not followed)");
        QCOMPARE(test::fileBytes(target), QByteArray("someone else's file\n"));
    }

    void aFullFileRefusesTheActionAndKeepsItsLinesWhole()
    {
        const QString log = path(QStringLiteral("full.jsonl"));
        {
            const LogAt at(log);
            AuditedAction first(retryAll(), 1, AuditPolicy::Required);
            (void)first.end(AuditOutcome::Done, 1, 1);
        }
        const QByteArray before = test::fileBytes(log);
        // A file size limit at the log's size: the next write fails as on a full disk (EFBIG,
        // SIGXFSZ ignored as kvs does).
        rlimit saved{};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
        const auto previous = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limit = saved;
        limit.rlim_cur = rlim_t(before.size());
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &limit), 0);
        const bool refused = test::throwsWith<AuditLogError>(
            [&] {
                const LogAt at(log);
                AuditedAction audit(retryAll(), 3, AuditPolicy::Required);
            },
            "kvs: cannot write the audit log " + log.toStdString() + ": File too large");
        // WithoutAudit: the action may run, and says why it is not recorded.
        std::string warning;
        {
            const LogAt at(log);
            AuditedAction audit(retryAll(), 3, AuditPolicy::WithoutAudit);
            warning = audit.warning();
            QCOMPARE(audit.end(AuditOutcome::Done, 3, 3), std::string());
        }
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &saved), 0);
        std::signal(SIGXFSZ, previous);
        QVERIFY(refused);
        QCOMPARE(warning,
                 "kvs: warning: cannot write the audit log " + log.toStdString()
                     + ": File too large (the action runs without an audit entry)");
        QCOMPARE(test::fileBytes(log), before);
    }

    void anEndThatCannotBeWrittenIsAWarning()
    {
        const QString log = path(QStringLiteral("gone.jsonl"));
        const LogAt at(log);
        AuditedAction audit(retryAll(), 3, AuditPolicy::Required);
        QVERIFY(QFile::remove(log));
        QVERIFY(QDir().mkpath(log));
        QCOMPARE(audit.end(AuditOutcome::Done, 3, 3),
                 "kvs: warning: cannot write the audit log " + log.toStdString()
                     + ": Is a directory (the end of this action is not recorded)");
    }

    void anExistingLogOthersCanReadIsMadePrivate()
    {
        const QString log = path(QStringLiteral("shared.jsonl"));
        QFile file(log);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        QVERIFY(QFile::setPermissions(log,
                                      QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                          | QFileDevice::ReadGroup | QFileDevice::ReadOther));
        const LogAt at(log);
        checkAuditLogAppendable();
        struct stat status
        {};
        QCOMPARE(::stat(QFile::encodeName(log).constData(), &status), 0);
        QCOMPARE(status.st_mode & 0777, mode_t(0600));
        QCOMPARE(test::fileBytes(log), QByteArray()); // checked, not written
    }

    void theDataFolderIsOneForEveryFile()
    {
        const QByteArray xdgBefore = qgetenv("XDG_DATA_HOME");
        const QByteArray logBefore = qgetenv("KVS_AUDIT_LOG");
        qputenv("XDG_DATA_HOME", QFile::encodeName(path(QStringLiteral("xdg"))));
        qunsetenv("KVS_AUDIT_LOG");
        const std::string folder = dataFolderPath();
        const std::string log = auditLogPath();
        qputenv("XDG_DATA_HOME", xdgBefore);
        qputenv("KVS_AUDIT_LOG", logBefore);
        QCOMPARE(QString::fromStdString(folder), path(QStringLiteral("xdg/kvs-admin")));
        QCOMPARE(QString::fromStdString(log), path(QStringLiteral("xdg/kvs-admin/audit.jsonl")));
    }

    void aDatabaseHasOneNameInTheLog_data()
    {
        QTest::addColumn<QString>("given");
        QTest::addColumn<QString>("schema");
        QTest::addColumn<QString>("prefix");
        QTest::addColumn<QString>("name");
        const QString cwd = QDir::currentPath();
        QTest::newRow("relative path") << "q.db"
                                       << ""
                                       << "" << cwd + "/q.db";
        QTest::newRow("dotted path") << "./sub/../q.db"
                                     << ""
                                     << "" << cwd + "/q.db";
        QTest::newRow("sqlite url") << "sqlite:///srv/app/q.db"
                                    << ""
                                    << ""
                                    << "/srv/app/q.db";
        QTest::newRow("memory") << ":memory:"
                                << ""
                                << ""
                                << ":memory:";
        QTest::newRow("prefix") << "/srv/app/q.db"
                                << ""
                                << "app_"
                                << "/srv/app/q.db, table prefix app_";
        QTest::newRow("url") << "postgres://ops:S3cret@db.example:5432/prod?sslmode=require"
                             << "infra"
                             << ""
                             << "postgresql://ops@db.example/prod, schema infra";
        QTest::newRow("key=value") << "host=db.example user=ops password=S3cret dbname=prod"
                                   << "infra"
                                   << ""
                                   << "postgresql://ops@db.example/prod, schema infra";
        QTest::newRow("other port") << "postgresql://ops@db.example:5433/prod?pool_max=4"
                                    << ""
                                    << ""
                                    << "postgresql://ops@db.example:5433/prod";
    }

    void aDatabaseHasOneNameInTheLog()
    {
        QFETCH(QString, given);
        QFETCH(QString, schema);
        QFETCH(QString, prefix);
        QFETCH(QString, name);
        QCOMPARE(QString::fromStdString(auditDatabaseName(
                     given.toStdString(), schema.toStdString(), prefix.toStdString())),
                 name);
    }
};

QTEST_GUILESS_MAIN(TestAuditLog)
#include "tst_audit_log.moc"
