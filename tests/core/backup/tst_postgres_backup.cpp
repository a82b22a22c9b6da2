// kvs backup and restore on PostgreSQL (kvs/backup.h): pg_dump of a store's tables and sequence,
// restored row for row (kv, queue, meta, the versionstamp sequence), the refusals, and a pooler.
#include "support/postgres_test_server.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/backup.h>
#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/maintenance.h>
#include <kvs/value.h>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

using namespace kvs;
using kvs::test::throwsWith;

namespace {

// Every row of the store in schema as text: kv, queue and meta in key order, the sequence's value.
std::string everyRow(test::PgAdmin &admin, const std::string &schema)
{
    const std::string s = "\"" + schema + "\".";
    return admin.exec(
               "SELECT string_agg(encode(key, 'hex') || ':' || encode(value, 'hex') || ':' "
               "|| version || ':' || coalesce(expires_at::text, '-'), ',' ORDER BY key) FROM "
               + s + "kv")
           + "|"
           + admin.exec("SELECT string_agg(row_to_json(q)::text, ',' ORDER BY id) FROM " + s
                        + "queue q")
           + "|"
           + admin.exec("SELECT string_agg(key || '=' || value, ',' ORDER BY key) FROM " + s
                        + "meta")
           + "|" + admin.exec("SELECT last_value::text FROM " + s + "kv_versionstamp");
}

} // namespace

class TestPostgresBackup : public QObject
{
    Q_OBJECT

private:
    test::PgAdmin m_admin;

    // A store in a schema of its own with entries, an expiry, a queue message and its meta rows.
    std::string filledSchema(int entries)
    {
        const std::string schema = test::freshSchema("backup");
        AsyncKVStoreSettings settings;
        settings.schema = schema;
        AsyncKVStore store(test::postgresUrl(), settings);
        for (int i = 0; i < entries; ++i)
            store.set({"items", double(i)}, Value(std::string(50, 'v') + std::to_string(i)))
                .waitForFinished();
        SetOptions expiring;
        expiring.ttl = 3600000;
        store.set({"expiring"}, Value(true), expiring).waitForFinished();
        store.enqueue(Value(std::string("a message"))).waitForFinished();
        store.close().waitForFinished();
        return schema;
    }

private slots:
    void restoresEveryRowOfEveryTable()
    {
        QTemporaryDir dir;
        const std::string schema = filledSchema(25);
        const std::string before = everyRow(m_admin, schema);
        const std::string file = dir.filePath("pg.backup").toStdString();
        BackupOptions options;
        options.schema = schema;
        const BackupResult result = backupPostgresStore(test::postgresUrl(), file, options);
        QCOMPARE(result.entries, 26);
        QCOMPARE(result.bytes, std::int64_t(std::filesystem::file_size(file)));
        QVERIFY(!std::filesystem::exists(file + kPartialSuffix));

        m_admin.exec("DROP SCHEMA \"" + schema + "\" CASCADE");
        m_admin.exec("CREATE SCHEMA \"" + schema + "\"");
        const RestoreResult restored
            = restorePostgresStore(file, test::postgresUrl(), RestoreOverwrite::Refuse);
        QCOMPARE(restored.entries, 26);
        QVERIFY(!restored.replaced);
        QCOMPARE(everyRow(m_admin, schema), before);

        // The restored store works: its next versionstamp follows the restored ones.
        AsyncKVStoreSettings settings;
        settings.schema = schema;
        AsyncKVStore store(test::postgresUrl(), settings);
        QVERIFY(store.get({"items", 3.0}).result().has_value());
        const auto committed = store.set({"after"}, Value(1.0)).result();
        QVERIFY(committed.ok);
        store.close().waitForFinished();
        m_admin.exec("DROP SCHEMA \"" + schema + "\" CASCADE");
    }

    void restoreOverDataAsksAndThenReplaces()
    {
        QTemporaryDir dir;
        const std::string schema = filledSchema(5);
        const std::string before = everyRow(m_admin, schema);
        const std::string file = dir.filePath("pg.backup").toStdString();
        BackupOptions options;
        options.schema = schema;
        (void)backupPostgresStore(test::postgresUrl(), file, options);
        m_admin.exec("INSERT INTO \"" + schema
                     + "\".kv VALUES ('\\x02657874726100', '\\x01', 999, NULL)");
        const std::string changed = everyRow(m_admin, schema);
        QVERIFY(throwsWith<Error>(
            [&] {
                (void)restorePostgresStore(file, test::postgresUrl(), RestoreOverwrite::Refuse);
            },
            "kvs: the restore destination " + schema
                + " holds 7 entries and 1 messages; restoring replaces them (kvs restore "
                  "--force)"));
        QCOMPARE(everyRow(m_admin, schema), changed);
        const RestoreResult replaced
            = restorePostgresStore(file, test::postgresUrl(), RestoreOverwrite::Replace);
        QVERIFY(replaced.replaced);
        QCOMPARE(replaced.entries, 6);
        QCOMPARE(everyRow(m_admin, schema), before); // the extra row is gone: replaced, not merged
        m_admin.exec("DROP SCHEMA \"" + schema + "\" CASCADE");
    }

    void vacuumRunsOnTheStoresTables()
    {
        const std::string schema = filledSchema(3);
        vacuumPostgresStore(test::postgresUrl(), schema, "");
        // VACUUM's own statistics are written as it ends; the count of vacuums moved.
        QTRY_VERIFY_WITH_TIMEOUT(m_admin.exec("SELECT (vacuum_count + autovacuum_count)::text FROM "
                                              "pg_stat_all_tables WHERE schemaname = '"
                                              + schema + "' AND relname = 'kv'")
                                     != "0",
                                 10000);
        const std::string empty = test::freshSchema("novacuum");
        m_admin.exec("CREATE SCHEMA \"" + empty + "\"");
        QVERIFY(throwsWith<Error>([&] { vacuumPostgresStore(test::postgresUrl(), empty, ""); },
                                  "kvs: " + empty + " has no kvs store (no table kv)"));
        m_admin.exec("DROP SCHEMA \"" + empty + "\"");
        m_admin.exec("DROP SCHEMA \"" + schema + "\" CASCADE");
    }

    void refusals()
    {
        QTemporaryDir dir;
        const std::string file = dir.filePath("pg.backup").toStdString();
        BackupOptions options;
        options.schema = test::freshSchema("nostore");
        m_admin.exec("CREATE SCHEMA \"" + options.schema + "\"");
        QVERIFY(throwsWith<Error>(
            [&] { (void)backupPostgresStore(test::postgresUrl(), file, options); },
            "kvs: " + options.schema + " has no kvs store (no table kv)"));
        QVERIFY(!std::filesystem::exists(file));
        m_admin.exec("DROP SCHEMA \"" + options.schema + "\"");

        // Through PgBouncer pg_dump would not have a session of its own.
        const std::string schema = filledSchema(1);
        options.schema = schema;
        QVERIFY(throwsWith<Error>(
            [&] { (void)backupPostgresStore(test::pgBouncerUrl(), file, options); },
            "kvs: " + connectionIdentity(test::pgBouncerUrl())
                + " is reached through a connection pooler: kvs backup runs pg_dump, which needs a "
                  "session of its own; connect directly or through PgBouncer's session pooling"));
        QVERIFY(!std::filesystem::exists(file));

        // A SQLite file is no PostgreSQL backup.
        const std::string sqlite = dir.filePath("store.db").toStdString();
        QFile plain(QString::fromStdString(sqlite));
        QVERIFY(plain.open(QIODevice::WriteOnly));
        plain.write("SQLite format 3");
        plain.close();
        QVERIFY(throwsWith<Error>(
            [&] {
                (void)restorePostgresStore(sqlite, test::postgresUrl(), RestoreOverwrite::Refuse);
            },
            "kvs: " + sqlite
                + " is not a kvs PostgreSQL backup (not a pg_dump archive); between SQLite and "
                  "PostgreSQL use kvs export and kvs import"));
        (void)backupPostgresStore(test::postgresUrl(), file, options);
        QVERIFY(throwsWith<Error>(
            [&] { (void)restoreSqliteStore(file, sqlite + "2", RestoreOverwrite::Refuse); },
            "kvs: " + file
                + " is a PostgreSQL backup; between PostgreSQL and SQLite use kvs export and kvs "
                  "import"));
        QVERIFY(throwsWith<Error>(
            [&] { (void)backupPostgresStore(test::postgresUrl(), file, options); },
            "kvs: the backup destination " + file + " already exists; give a new file name"));
        m_admin.exec("DROP SCHEMA \"" + schema + "\" CASCADE");
    }
};

QTEST_GUILESS_MAIN(TestPostgresBackup)
#include "tst_postgres_backup.moc"
