// kvs backup and kvs restore (issue 41): what they print, what they refuse, the audit of a
// restore, and a backup killed (-9) or interrupted (SIGINT) in the middle: the source unchanged,
// the destination absent or complete.
#include "cli_test_support.h"

#include <QCryptographicHash>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace cli_test;

namespace {

constexpr int kTimeout = 60000;

QByteArray sha256Of(const QString &path)
{
    QFile file(path);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (file.open(QIODevice::ReadOnly))
        hash.addData(&file);
    return hash.result().toHex();
}

QString quickCheckOf(const QString &path)
{
    const SqlitePtr db = openSqlite(path);
    sqlite3_stmt *raw = nullptr;
    sqlite3_prepare_v2(db.get(), "PRAGMA quick_check", -1, &raw, nullptr);
    QString answer = QStringLiteral("no answer");
    if (raw != nullptr && sqlite3_step(raw) == SQLITE_ROW)
        answer = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(raw, 0)));
    sqlite3_finalize(raw);
    return answer;
}

qint64 kvCount(const QString &path)
{
    const SqlitePtr db = openSqlite(path);
    sqlite3_stmt *raw = nullptr;
    sqlite3_prepare_v2(db.get(), "SELECT count(*) FROM kv", -1, &raw, nullptr);
    qint64 count = -1;
    if (raw != nullptr && sqlite3_step(raw) == SQLITE_ROW)
        count = sqlite3_column_int64(raw, 0);
    sqlite3_finalize(raw);
    return count;
}

} // namespace

class TestCliBackup : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString path(const QString &name) const { return m_dir.filePath(name); }

    // A store written by kvs itself, with n entries.
    QString smallStore(const QString &name, int n)
    {
        const QString db = path(name);
        for (int i = 0; i < n; ++i) {
            const Run set = runKvs({"--db", db, "set", QStringLiteral("[\"k\", %1]").arg(i), "1"});
            if (set.code != 0)
                qWarning() << set.err;
        }
        return db;
    }

    // About 100 MB: a backup of it takes many steps.
    QString largeStore()
    {
        const QString db = smallStore(QStringLiteral("large.db"), 1);
        const SqlitePtr handle = openSqlite(db);
        exec(handle.get(),
             "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000) "
             "INSERT INTO kv SELECT CAST(printf('k%08d', i) AS BLOB), randomblob(2000), i, NULL "
             "FROM n");
        return db;
    }

    // Starts kvs backup of db to dest, waits until its partial file exists, sends signal, and
    // returns its exit code (-1: it died of the signal).
    int interruptBackup(const QString &db, const QString &dest, int signal)
    {
        QProcess process;
        process.start(kvs::test::fromTest(KVS_CLI_PATH), {"--db", db, "backup", dest});
        if (!process.waitForStarted())
            return -2;
        const bool started = QTest::qWaitFor(
            [&] {
                return QFile::exists(dest + QStringLiteral(".kvs-partial"))
                       || process.state() == QProcess::NotRunning;
            },
            kTimeout);
        if (!started)
            return -3;
        if (signal == SIGKILL)
            process.kill();
        else
            ::kill(static_cast<pid_t>(process.processId()), signal);
        process.waitForFinished(kTimeout);
        return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    }

private slots:
    void backupPrintsWhatItCopied()
    {
        const QString db = smallStore(QStringLiteral("small.db"), 3);
        const Run backup = runKvs({"--db", db, "backup", path(QStringLiteral("small.bak"))});
        QCOMPARE(backup.code, 0);
        const qint64 size = QFileInfo(path(QStringLiteral("small.bak"))).size();
        QCOMPARE(backup.out,
                 QStringLiteral("backed up 3 entries (%1 bytes) to %2\n")
                     .arg(size)
                     .arg(path(QStringLiteral("small.bak")))
                     .toUtf8());
        QCOMPARE(kvRowsText(path(QStringLiteral("small.bak"))), kvRowsText(db));

        const Run json
            = runKvs({"--db", db, "--json", "backup", path(QStringLiteral("small2.bak"))});
        QCOMPARE(json.code, 0);
        const QJsonObject object = parseObject(json.out.trimmed());
        QCOMPARE(object.value("entries").toInt(), 3);
        QCOMPARE(object.value("destination").toString(), path(QStringLiteral("small2.bak")));

        const Run again = runKvs({"--db", db, "backup", path(QStringLiteral("small.bak"))});
        QCOMPARE(again.code, 1);
        VERIFY_ONE_ERROR_LINE(again);
        QCOMPARE(again.err,
                 QStringLiteral("kvs: the backup destination %1 already exists; give a new file "
                                "name\n")
                     .arg(path(QStringLiteral("small.bak")))
                     .toUtf8());
        const Run usage = runKvs({"--db", db, "backup"});
        QCOMPARE(usage.code, 2);
    }

    void restoreAsksBeforeReplacingAndIsAudited()
    {
        const QString db = smallStore(QStringLiteral("source.db"), 2);
        QCOMPARE(runKvs({"--db", db, "backup", path(QStringLiteral("source.bak"))}).code, 0);
        const QString target = smallStore(QStringLiteral("target.db"), 5);
        const QByteArray targetRows = kvRowsText(target);
        const QString log = path(QStringLiteral("audit.log"));
        qputenv("KVS_AUDIT_LOG", log.toUtf8());

        const Run refused = runKvs({"restore", path(QStringLiteral("source.bak")), target});
        QCOMPARE(refused.code, 1);
        QCOMPARE(refused.err,
                 QStringLiteral("kvs: the restore destination %1 holds 5 entries and 0 messages; "
                                "restoring replaces them (kvs restore --force)\n")
                     .arg(target)
                     .toUtf8());
        QCOMPARE(kvRowsText(target), targetRows);

        const Run forced
            = runKvs({"restore", path(QStringLiteral("source.bak")), target, "--force"});
        QCOMPARE(forced.code, 0);
        QCOMPARE(forced.out,
                 QStringLiteral("restored 2 entries to %1 (its earlier contents replaced)\n")
                     .arg(target)
                     .toUtf8());
        QCOMPARE(kvRowsText(target), kvRowsText(db));

        const QString fresh = path(QStringLiteral("fresh.db"));
        const Run restored = runKvs({"restore", path(QStringLiteral("source.bak")), fresh});
        QCOMPARE(restored.code, 0);
        QCOMPARE(restored.out, QStringLiteral("restored 2 entries to %1\n").arg(fresh).toUtf8());
        qunsetenv("KVS_AUDIT_LOG");

        const QList<QJsonObject> audit = auditLines(log);
        QCOMPARE(audit.size(), 6); // refused, forced and fresh: started and ended each
        QCOMPARE(audit[0].value("action").toString(), QStringLiteral("restore"));
        QCOMPARE(audit[1].value("result").toString(), QStringLiteral("failed"));
        QCOMPARE(audit[3].value("result").toString(), QStringLiteral("done"));
        QVERIFY(audit[2].value("database").toString().contains(QStringLiteral("target.db")));
    }

    void aBackupKilledLeavesTheSourceAndNoDestination()
    {
        const QString db = largeStore();
        const QByteArray before = sha256Of(db);
        const QString dest = path(QStringLiteral("killed.bak"));
        const int code = interruptBackup(db, dest, SIGKILL);
        QCOMPARE(sha256Of(db), before);
        QCOMPARE(quickCheckOf(db), QStringLiteral("ok"));
        if (code == 0) {
            // It finished before the signal: then the copy is whole.
            QCOMPARE(kvCount(dest), 50001);
            return;
        }
        QCOMPARE(code, -1);
        QVERIFY(!QFile::exists(dest)); // killed before its rename: never there half-written

        // The next backup replaces the partial file the killed one left.
        const Run next = runKvs({"--db", db, "backup", dest});
        QCOMPARE(next.code, 0);
        QCOMPARE(kvCount(dest), 50001);
        QCOMPARE(quickCheckOf(dest), QStringLiteral("ok"));
        QVERIFY(!QFile::exists(dest + QStringLiteral(".kvs-partial")));
    }

    void anInterruptedBackupSaysSoAndLeavesNothing()
    {
        const QString db = largeStore();
        const QString dest = path(QStringLiteral("interrupted.bak"));
        const int code = interruptBackup(db, dest, SIGINT);
        if (code == 0) {
            // It finished before the signal: then the copy is whole.
            QCOMPARE(kvCount(dest), 50001);
            return;
        }
        QCOMPARE(code, 130);
        QVERIFY(!QFile::exists(dest));
        QVERIFY(!QFile::exists(dest + QStringLiteral(".kvs-partial")));
    }
};

QTEST_GUILESS_MAIN(TestCliBackup)
#include "tst_cli_backup.moc"
