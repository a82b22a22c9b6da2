// The Tables view's and the SQL console's data layer on a real SQLite file: the kvs tables
// found under a prefix, keyset pages that tile the table in key order, the console's
// read-only guarantees, paged results, a cancelled statement, writing behind the switch.
#include "rawsql/raw_sql_fixture.h"
#include "rawsql/statement_history.h"
#include "support/raw_sqlite.h"
#include "support/test_support.h"

#include <kvs/key.h>
#include <kvs/literal.h>

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

using namespace kvs;
using namespace kvs::rawsql;
using kvs::test::errorOf;
using kvs::test::resultOf;
using kvs::test::tableNamed;

class TstRawSqlSqlite : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_path;

    RawSqlTarget target() const
    {
        RawSqlTarget t;
        t.sqlitePath = m_path;
        t.tablePrefix = QStringLiteral("app_");
        return t;
    }
    QByteArray fileHash() const
    {
        QFile file(m_path);
        file.open(QIODevice::ReadOnly);
        return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("tables.db"));
        AsyncKVStoreSettings settings;
        settings.tablePrefix = "app_";
        AsyncKVStore store(m_path.toStdString(), settings);
        kvs::test::fillStore(store, 1000);
        store.close().waitForFinished();
    }

    void findsTheStoresTablesUnderItsPrefix()
    {
        RawSqlWorker worker(target());
        const QList<KvsTable> tables = resultOf(worker.tables());
        QStringList names;
        for (const KvsTable &table : tables)
            names << table.name;
        QCOMPARE(names,
                 QStringList({QStringLiteral("app_kv"),
                              QStringLiteral("app_queue"),
                              QStringLiteral("app_meta"),
                              QStringLiteral("app_kv_versionstamp")}));
        QCOMPARE(tables.first().sqlName, QStringLiteral("\"app_kv\""));
        QCOMPARE(tables.first().meaningOf(QStringLiteral("key")), ColumnMeaning::EncodedKey);
        QCOMPARE(tables.first().meaningOf(QStringLiteral("value")), ColumnMeaning::EncodedValue);
        QCOMPARE(tables.at(1).meaningOf(QStringLiteral("payload")), ColumnMeaning::EncodedValue);
        QCOMPARE(resultOf(worker.count(tables.first())), qint64(1000));
    }

    void keysetPagesTileTheTableInKeyOrder()
    {
        RawSqlWorker worker(target());
        const KvsTable kv = tableNamed(worker, QStringLiteral("kv"));
        PageRequest request;
        request.limit = 300;
        TablePage first = resultOf(worker.page(kv, request));
        QCOMPARE(
            first.columns.mid(0, 3),
            QStringList(
                {QStringLiteral("key"), QStringLiteral("key (decoded)"), QStringLiteral("value")}));
        QCOMPARE(first.rows.size(), 300);
        QCOMPARE(first.rows.first().at(1).toString(),
                 QString::fromStdString(printKeyLiteral(Key{"row", 0})));
        QCOMPARE(first.rows.first().at(3).toString(),
                 QString::fromStdString(printLiteral(Value("value 0"))));
        QList<QByteArray> keys;
        for (const QVariantList &row : first.rows)
            keys << row.first().toByteArray();
        while (true) {
            request.anchor = PageRequest::Anchor::After;
            request.key = keys.last();
            const TablePage next = resultOf(worker.page(kv, request));
            for (const QVariantList &row : next.rows)
                keys << row.first().toByteArray();
            if (next.rows.size() < request.limit)
                break;
        }
        QCOMPARE(keys.size(), 1000);
        QVERIFY(std::is_sorted(keys.begin(), keys.end()));
        QCOMPARE(decodeKey(keys.first().toStdString()), (Key{"row", 0}));
        QCOMPARE(decodeKey(keys.last().toStdString()), (Key{"row", 999}));

        // Every other anchor lands on the same rows.
        request.anchor = PageRequest::Anchor::Before;
        request.key = keys.at(600);
        TablePage before = resultOf(worker.page(kv, request));
        QCOMPARE(before.rows.first().first().toByteArray(), keys.at(300));
        QCOMPARE(before.rows.last().first().toByteArray(), keys.at(599));
        request.anchor = PageRequest::Anchor::Last;
        TablePage last = resultOf(worker.page(kv, request));
        QCOMPARE(last.rows.first().first().toByteArray(), keys.at(700));
        QCOMPARE(last.rows.last().first().toByteArray(), keys.at(999));
        request.anchor = PageRequest::Anchor::Offset;
        request.offset = 450;
        TablePage middle = resultOf(worker.page(kv, request));
        QCOMPARE(middle.rows.first().first().toByteArray(), keys.at(450));
        request.anchor = PageRequest::Anchor::OffsetFromEnd;
        request.offset = 100;
        TablePage nearEnd = resultOf(worker.page(kv, request));
        QCOMPARE(nearEnd.rows.first().first().toByteArray(), keys.at(600));
        QCOMPARE(nearEnd.rows.last().first().toByteArray(), keys.at(899));
    }

    void consoleRefusesEveryWriteWhenReadOnly()
    {
        const QByteArray before = fileHash();
        RawSqlWorker worker(target());
        QCOMPARE(errorOf(worker.execute(QStringLiteral("DELETE FROM app_kv"), false, 100)),
                 std::string("kvs: the console is read-only: it does not run DELETE"));
        QCOMPARE(
            errorOf(worker.execute(QStringLiteral("SELECT 1; DELETE FROM app_kv"), false, 100)),
            std::string("kvs: Unable to execute multiple statements at a time"));
        QCOMPARE(errorOf(worker.execute(QStringLiteral("PRAGMA query_only = 0"), false, 100)),
                 std::string("kvs: the console is read-only: it does not run PRAGMA "
                             "query_only=0"));
        QCOMPARE(errorOf(worker.execute(QStringLiteral("DROP TABLE app_kv"), false, 100)),
                 std::string("kvs: the console is read-only: it does not run DROP TABLE"));
        QCOMPARE(errorOf(worker.execute(QStringLiteral("DELETE FROM app_kv"), true, 100)),
                 std::string("kvs: writing SQL is switched off"));
        QCOMPARE(fileHash(), before);
    }

    // Issue 29: what a read-only SQLite connection still lets through (files written or
    // created, PRAGMAs that change the file or the connection, a transaction left open) is
    // refused with a message that says why, and leaves every file as it was.
    void issue29_effectsBeyondReadingAreRefused_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("why");
        const QString writes = QStringLiteral("it does not run a statement that writes");
        const QString transaction = QStringLiteral(
            "it does not run BEGIN, COMMIT or SAVEPOINT (a transaction would outlive the "
            "statement)");
        QTest::newRow("vacuum into a new file")
            << QStringLiteral("VACUUM INTO '%1'").arg(m_dir.filePath(QStringLiteral("copy.db")))
            << writes;
        QTest::newRow("vacuum into an empty file")
            << QStringLiteral("VACUUM INTO '%1'").arg(m_dir.filePath(QStringLiteral("empty")))
            << writes;
        QTest::newRow("vacuum") << QStringLiteral("VACUUM") << writes;
        QTest::newRow("attach a new file")
            << QStringLiteral("ATTACH '%1' AS n").arg(m_dir.filePath(QStringLiteral("new.db")))
            << QStringLiteral("it does not run ATTACH (it opens or creates another file)");
        QTest::newRow("journal mode")
            << QStringLiteral("PRAGMA journal_mode=DELETE")
            << QStringLiteral("it does not run PRAGMA journal_mode=DELETE");
        QTest::newRow("checkpoint") << QStringLiteral("PRAGMA wal_checkpoint")
                                    << QStringLiteral("it does not run PRAGMA wal_checkpoint");
        QTest::newRow("checkpoint, truncate")
            << QStringLiteral("pragma main.wal_checkpoint(TRUNCATE)")
            << QStringLiteral("it does not run PRAGMA wal_checkpoint=TRUNCATE");
        QTest::newRow("exclusive lock")
            << QStringLiteral("PRAGMA locking_mode=EXCLUSIVE")
            << QStringLiteral("it does not run PRAGMA locking_mode=EXCLUSIVE");
        QTest::newRow("begin") << QStringLiteral("BEGIN") << transaction;
        QTest::newRow("begin immediate") << QStringLiteral("BEGIN IMMEDIATE") << transaction;
        QTest::newRow("savepoint") << QStringLiteral("SAVEPOINT a") << transaction;
        QTest::newRow("temp table") << QStringLiteral("CREATE TEMP TABLE t (x)")
                                    << QStringLiteral("it does not run CREATE TABLE");
        QTest::newRow("extension") << QStringLiteral("SELECT load_extension('libnothing')")
                                   << QStringLiteral("load_extension() has effects beyond the "
                                                     "statement");
        QTest::newRow("update") << QStringLiteral("UPDATE app_meta SET value = 'x'")
                                << QStringLiteral("it does not run UPDATE");
    }
    void issue29_effectsBeyondReadingAreRefused()
    {
        QFETCH(QString, text);
        QFETCH(QString, why);
        QFile empty(m_dir.filePath(QStringLiteral("empty")));
        QVERIFY(empty.open(QIODevice::WriteOnly)); // an existing empty file, as a WAL can be
        empty.close();
        // The -wal and -shm files beside the database come and go with its readers.
        const auto files = [this] {
            QStringList names = QDir(m_dir.path()).entryList(QDir::Files);
            names.removeIf([](const QString &name) {
                return name.endsWith(QLatin1String("-wal")) || name.endsWith(QLatin1String("-shm"));
            });
            return names;
        };
        const QStringList filesBefore = files();
        const QByteArray before = fileHash();
        {
            RawSqlWorker worker(target());
            QCOMPARE(QString::fromStdString(errorOf(worker.execute(text, false, 100))),
                     QStringLiteral("kvs: the console is read-only: ") + why);
            // Nothing is left open: the connection reads on.
            const StatementResult next = resultOf(
                worker.execute(QStringLiteral("SELECT count(*) FROM app_kv"), false, 10));
            QCOMPARE(next.page.rows.first().first().toLongLong(), 1000);
        }
        QCOMPARE(files(), filesBefore);
        QCOMPARE(QFileInfo(empty.fileName()).size(), qint64(0));
        QCOMPARE(fileHash(), before);
        // No transaction outlived the statement: a writer checkpoints the whole WAL.
        test::RawSqlite writer(m_path.toStdString());
        QCOMPARE(writer.rows("PRAGMA wal_checkpoint(TRUNCATE)").front().front(), std::string("0"));
    }

    // What reads the schema still runs.
    void issue29_readsAndReportsRun()
    {
        RawSqlWorker worker(target());
        for (const char *text : {"PRAGMA table_info(app_kv)",
                                 "SELECT name FROM pragma_table_info('app_kv')",
                                 "PRAGMA page_count",
                                 "PRAGMA integrity_check",
                                 "EXPLAIN QUERY PLAN SELECT * FROM app_kv WHERE key > x'02'",
                                 "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c "
                                 "LIMIT 5) SELECT sum(n) FROM c"}) {
            const std::string error = errorOf(worker.execute(QString::fromUtf8(text), false, 100));
            QVERIFY2(error.empty(), (std::string(text) + ": " + error).c_str());
        }
    }

    void consolePagesALongResult()
    {
        RawSqlWorker worker(target());
        StatementResult first = resultOf(
            worker.execute(QStringLiteral("SELECT key, version FROM app_kv"), false, 400));
        QVERIFY(first.returnsRows);
        QVERIFY(!first.atEnd);
        QCOMPARE(first.page.columns,
                 QStringList({QStringLiteral("key"), QStringLiteral("version")}));
        qsizetype rows = first.page.rows.size();
        StatementResult more;
        do {
            more = resultOf(worker.fetchMore(400));
            rows += more.page.rows.size();
        } while (!more.atEnd);
        QCOMPARE(rows, qsizetype(1000));
        // Nothing open any more: a further fetch is empty.
        const StatementResult after = resultOf(worker.fetchMore(400));
        QVERIFY(after.atEnd);
        QVERIFY(after.page.rows.isEmpty());
    }

    void consoleCancelsALongStatement()
    {
        RawSqlWorker worker(target());
        QFuture<StatementResult> running = worker.execute(
            QStringLiteral("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
                           "SELECT count(*) FROM c"),
            false,
            10);
        worker.interrupt();
        const std::string error = errorOf(running);
        QVERIFY2(error == "kvs: interrupted" || error == "kvs: cancelled", error.c_str());
        // The worker goes on with the next statement.
        const StatementResult next
            = resultOf(worker.execute(QStringLiteral("SELECT count(*) FROM app_kv"), false, 10));
        QCOMPARE(next.page.rows.first().first().toLongLong(), 1000);
    }

    void consoleWritesOnlyBehindTheSwitch()
    {
        const QString copy = m_dir.filePath(QStringLiteral("writable.db"));
        QVERIFY(QFile::copy(m_path, copy));
        RawSqlTarget writable = target();
        writable.sqlitePath = copy;
        RawSqlWorker worker(writable);
        worker.allowWrites(true);
        const StatementResult deleted = resultOf(worker.execute(
            QStringLiteral("DELETE FROM app_kv WHERE version = (SELECT min(version) FROM app_kv)"),
            true,
            10));
        QVERIFY(!deleted.returnsRows);
        QCOMPARE(deleted.rowsAffected, qint64(100)); // one atomic commit of the fill
        worker.allowWrites(false);
        QCOMPARE(errorOf(worker.execute(QStringLiteral("DELETE FROM app_kv"), true, 10)),
                 std::string("kvs: writing SQL is switched off"));
        const StatementResult count
            = resultOf(worker.execute(QStringLiteral("SELECT count(*) FROM app_kv"), false, 10));
        QCOMPARE(count.page.rows.first().first().toLongLong(), 900);
    }

    void aMissingFileIsNotCreated()
    {
        RawSqlTarget missing = target();
        missing.sqlitePath = m_dir.filePath(QStringLiteral("missing.db"));
        RawSqlWorker worker(missing);
        const std::string error = errorOf(worker.tables());
        QVERIFY2(error.rfind("kvs: cannot open " + missing.sqlitePath.toStdString() + ": ", 0) == 0,
                 error.c_str());
        QVERIFY(!QFileInfo::exists(missing.sqlitePath));
    }

    // Issue 31: a directory's Tables view said "disk I/O error Error opening database".
    void issue31_aDirectorySaysItIsOne()
    {
        RawSqlTarget folder = target();
        folder.sqlitePath = m_dir.filePath(QStringLiteral("a-folder.db"));
        QVERIFY(QDir().mkpath(folder.sqlitePath));
        RawSqlWorker worker(folder);
        QCOMPARE(errorOf(worker.tables()),
                 "kvs: cannot open database \"" + folder.sqlitePath.toStdString()
                     + "\": it is a directory, not a database file");
    }

    void aFileThatIsNotADatabaseSaysSoAndStaysAsItIs()
    {
        RawSqlTarget hostile = target();
        hostile.sqlitePath = m_dir.filePath(QStringLiteral("hostile.db"));
        QFile file(hostile.sqlitePath);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const QByteArray bytes(5000, 'x');
        file.write(bytes);
        file.close();
        RawSqlWorker worker(hostile);
        QCOMPARE(errorOf(worker.tables()), std::string("kvs: file is not a database"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), bytes);
    }

    void historyIsPrivateAndKeepsTheLatest()
    {
        const QString path = m_dir.filePath(QStringLiteral("history/sql-history.jsonl"));
        StatementHistory history(path);
        for (int i = 0; i < 5; ++i)
            history.append({QDateTime::currentDateTimeUtc(),
                            QStringLiteral("db"),
                            i == 4,
                            QStringLiteral("SELECT %1").arg(i)});
        QCOMPARE(QFileInfo(path).permissions() & 0x0077, QFileDevice::Permissions());
        const QList<StatementHistory::Entry> latest = history.latest(3);
        QCOMPARE(latest.size(), 3);
        QCOMPARE(latest.first().sql, QStringLiteral("SELECT 2"));
        QCOMPARE(latest.last().sql, QStringLiteral("SELECT 4"));
        QVERIFY(latest.last().write);
        QVERIFY(test::throwsWith<Error>(
            [] {
                StatementHistory(QStringLiteral("/proc/kvs-none/h.jsonl"))
                    .append({QDateTime::currentDateTimeUtc(), {}, false, QStringLiteral("x")});
            },
            "kvs: cannot write the SQL history /proc/kvs-none/h.jsonl: cannot create its folder"));
    }
};

QTEST_GUILESS_MAIN(TstRawSqlSqlite)
#include "tst_raw_sql_sqlite.moc"
