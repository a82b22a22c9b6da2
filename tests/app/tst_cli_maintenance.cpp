// kvs maintenance (issue 41): each action on a SQLite file, what it prints, what it changes, the
// audit of the writing ones, and the refusals.
#include "cli_test_support.h"

#include <kvs/kvstore.h>

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace cli_test;

namespace {

qint64 scalar(const QString &db, const char *sql)
{
    const SqlitePtr handle = openSqlite(db);
    sqlite3_stmt *raw = nullptr;
    sqlite3_prepare_v2(handle.get(), sql, -1, &raw, nullptr);
    qint64 value = -1;
    if (raw != nullptr && sqlite3_step(raw) == SQLITE_ROW)
        value = sqlite3_column_int64(raw, 0);
    sqlite3_finalize(raw);
    return value;
}

} // namespace

class TestCliMaintenance : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_log;

    QString path(const QString &name) const { return m_dir.filePath(name); }

    // A store with n entries of about 1 KB.
    QString store(const QString &name, int n)
    {
        const QString db = path(name);
        kvs::KVStore(db.toStdString()).set({"seed"}, kvs::Value(1.0));
        const SqlitePtr handle = openSqlite(db);
        const QByteArray sql = QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT "
                                              "i + 1 FROM n WHERE i < %1) INSERT INTO kv SELECT "
                                              "CAST(printf('k%08d', i) AS BLOB), "
                                              "randomblob(1000), i, NULL FROM n")
                                   .arg(n)
                                   .toUtf8();
        exec(handle.get(), sql.constData());
        return db;
    }

private slots:
    void init()
    {
        m_log = path(QStringLiteral("audit-%1.log").arg(QTest::currentTestFunction()));
        qputenv("KVS_AUDIT_LOG", m_log.toUtf8());
    }
    void cleanup() { qunsetenv("KVS_AUDIT_LOG"); }

    void checkSaysOkOrWhatIsWrong()
    {
        const QString db = store(QStringLiteral("check.db"), 3000);
        const Run ok = runKvs({"--db", db, "maintenance", "check"});
        QCOMPARE(ok.code, 0);
        QCOMPARE(ok.out, QByteArray("ok\n"));
        QCOMPARE(runKvs({"--db", db, "maintenance", "check", "--full"}).out, QByteArray("ok\n"));
        QVERIFY(!QFile::exists(m_log)); // a check writes no audit line: it changes nothing

        // Garbage over a page in the middle of the file.
        QFile file(db);
        QVERIFY(file.open(QIODevice::ReadWrite));
        file.seek(file.size() / 2);
        file.write(QByteArray(4096, '\x5a'));
        file.close();
        const Run broken = runKvs({"--db", db, "maintenance", "check"});
        QCOMPARE(broken.code, 1);
        QVERIFY(!broken.out.isEmpty());
        QVERIFY2(broken.out != "ok\n", broken.out.constData());
    }

    void checkpointEmptiesTheWal()
    {
        const QString db = store(QStringLiteral("wal.db"), 10);
        // An open store keeps the WAL from being checkpointed at close.
        kvs::KVStore open(db.toStdString());
        for (int i = 0; i < 200; ++i)
            open.set({"w", double(i)}, kvs::Value(std::string(500, 'w')));
        QVERIFY(QFileInfo(db + QStringLiteral("-wal")).size() > 0);
        const Run run = runKvs({"--db", db, "maintenance", "checkpoint", "--truncate"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.out.startsWith("checkpointed "), run.out.constData());
        QVERIFY2(run.out.endsWith(" WAL frames; the WAL is now 0 bytes\n"), run.out.constData());
        QCOMPARE(QFileInfo(db + QStringLiteral("-wal")).size(), 0);
        const QList<QJsonObject> audit = auditLines(m_log);
        QCOMPARE(audit.size(), 2);
        QCOMPARE(audit[0].value("action").toString(), QStringLiteral("maintenance-checkpoint"));
        QCOMPARE(audit[1].value("result").toString(), QStringLiteral("done"));
    }

    void vacuumSaysWhatItReclaimed()
    {
        const QString db = store(QStringLiteral("vacuum.db"), 3000);
        const SqlitePtr handle = openSqlite(db);
        exec(handle.get(), "DELETE FROM kv WHERE key >= CAST('k' AS BLOB)");
        const qint64 before = QFileInfo(db).size();
        const Run run = runKvs({"--db", db, "maintenance", "vacuum"});
        QCOMPARE(run.code, 0);
        const qint64 after = QFileInfo(db).size();
        QVERIFY(after < before / 4);
        QVERIFY2(
            run.out.startsWith(QStringLiteral("vacuumed: %1 bytes before, %2 after (%3 reclaimed;")
                                   .arg(before)
                                   .arg(after)
                                   .arg(before - after)
                                   .toUtf8()),
            run.out.constData());
        QCOMPARE(scalar(db, "SELECT count(*) FROM kv"), 1);
    }

    void purgeExpiredAndCleanQueueSayWhatTheyRemoved()
    {
        const QString db = store(QStringLiteral("clean.db"), 2);
        const SqlitePtr handle = openSqlite(db);
        exec(
            handle.get(),
            "INSERT INTO kv VALUES (x'026f6c6400', x'01', 50, 1), (x'026f6c643200', x'01', 51, 2)");
        exec(handle.get(),
             "INSERT INTO queue (topic, payload, status, enqueued_at, deliver_at, attempts, "
             "max_attempts, finished_at) VALUES ('t', x'01', 'done', 1, 1, 1, 5, 1)");
        const Run purged = runKvs({"--db", db, "maintenance", "purge-expired"});
        QCOMPARE(purged.code, 0);
        QCOMPARE(purged.out, QByteArray("removed 2 expired entries\n"));
        QCOMPARE(scalar(db, "SELECT count(*) FROM kv"), 3);
        const Run cleaned = runKvs({"--db", db, "maintenance", "clean-queue"});
        QCOMPARE(cleaned.code, 0);
        QCOMPARE(cleaned.out, QByteArray("removed 1 finished messages\n"));
        QCOMPARE(scalar(db, "SELECT count(*) FROM queue"), 0);
        const QList<QJsonObject> audit = auditLines(m_log);
        QCOMPARE(audit.size(), 4);
        QCOMPARE(audit[0].value("action").toString(), QStringLiteral("maintenance-purge-expired"));
        QCOMPARE(audit[2].value("action").toString(), QStringLiteral("maintenance-clean-queue"));
    }

    void refusals()
    {
        const Run unknown = runKvs({"--db", path(QStringLiteral("x.db")), "maintenance", "frob"});
        QCOMPARE(unknown.code, 2);
        VERIFY_ONE_ERROR_LINE(unknown);
        const Run missing
            = runKvs({"--db", path(QStringLiteral("none.db")), "maintenance", "vacuum"});
        QCOMPARE(missing.code, 1);
        QCOMPARE(missing.err,
                 QStringLiteral("kvs: no database at %1\n")
                     .arg(path(QStringLiteral("none.db")))
                     .toUtf8());
        QVERIFY(!QFile::exists(path(QStringLiteral("none.db"))));
        const Run postgres
            = runKvs({"--db", "postgresql://u@127.0.0.1:1/x", "maintenance", "checkpoint"});
        QCOMPARE(postgres.code, 1);
        QCOMPARE(postgres.err,
                 QByteArray("kvs: maintenance checkpoint is SQLite's; on PostgreSQL the server "
                            "checkpoints by itself\n"));
    }
};

QTEST_GUILESS_MAIN(TestCliMaintenance)
#include "tst_cli_maintenance.moc"
