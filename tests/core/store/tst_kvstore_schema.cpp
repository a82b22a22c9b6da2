// Schema versions: a new database, a database the JavaScript library wrote, the 0.3 (version 1)
// and version 2 upgrades with the -0 rekey, a newer schema refused untouched, foreign tables,
// migration consent and read-only opens that change no byte (reference "Schema versions").
#include "support/raw_sqlite.h"
#include "support/test_paths.h"
#include "support/test_support.h"

#include <kvs/kvstore.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs;
using kvs::test::hexToBytes;
using kvs::test::RawSqlite;
using kvs::test::throwsWith;

namespace {

// The version-3 schema as the interpretation notes give it: what the JavaScript library creates.
const char *kJsSchemaV3 = R"(
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE kv (key BLOB PRIMARY KEY, value BLOB NOT NULL, version INTEGER NOT NULL, expires_at INTEGER);
CREATE TABLE queue (id INTEGER PRIMARY KEY AUTOINCREMENT, topic TEXT NOT NULL, payload BLOB NOT NULL,
  status TEXT NOT NULL, enqueued_at INTEGER NOT NULL, deliver_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL, max_attempts INTEGER NOT NULL, locked_until INTEGER,
  lease_token TEXT, last_error TEXT, finished_at INTEGER);
CREATE TABLE kv_versionstamp (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
CREATE INDEX idx_kv_expires ON kv (expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX idx_queue_pending ON queue (topic, status, deliver_at);
CREATE INDEX idx_queue_lease ON queue (status, locked_until) WHERE status = 'processing';
CREATE INDEX idx_queue_finished ON queue (status, finished_at) WHERE finished_at IS NOT NULL;
)";

QJsonObject vectors()
{
    QFile file(kvs::test::fromTest(KVS_TEST_DATA_DIR "/kvs-vectors.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read the vectors file");
    return QJsonDocument::fromJson(file.readAll()).object();
}

std::string hex(const QJsonValue &v)
{
    return hexToBytes(v.toString().toStdString());
}

// Byte snapshots of a database file and its WAL and shared-memory files.
struct FileSnapshot
{
    QByteArray db, wal, shm;
    bool walExists, shmExists;
    static FileSnapshot of(const std::string &path)
    {
        const QString p = QString::fromStdString(path);
        return {test::fileBytes(p),
                test::fileBytes(p + QStringLiteral("-wal")),
                test::fileBytes(p + QStringLiteral("-shm")),
                QFile::exists(p + QStringLiteral("-wal")),
                QFile::exists(p + QStringLiteral("-shm"))};
    }
};

// Leaves a database in WAL mode with committed rows still only in the WAL (a writer that is
// still running, or crashed): the case where a careless open would checkpoint and rewrite it.
void leaveWalUncheckpointed(RawSqlite &raw)
{
    int ignored = 0;
    sqlite3_db_config(raw.handle(), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, &ignored);
}

} // namespace

class TestKVStoreSchema : public QObject
{
    Q_OBJECT

private:
    kvs::test::TestFiles m_files;

private slots:
    void newDatabaseGetsVersion3();
    void javascriptDatabaseReadsIdentically();
    void textRowsAreReadAndRewrittenAsBlob();
    void version1IsMigrated();
    void version2IsMigratedWithTheMinusZeroRekey();
    void newerSchemaIsRefusedUntouched();
    void nonIntegerVersionIsRefused();
    void foreignTableIsRefusedUnaltered();
    void migrationNeedsConsentWhenAsked();
    void readOnlyOpenOfAnOlderSchemaReads();
    void readOnlyOpenChangesNoByte();
    void reopeningDoesNotRewrite();
    void applicationMetaTableWithoutKeyPasses();
    void lostMetaRowMigratesAgain();
    void otherTablesNeedConsent();
    void tableNamesMatchWithoutCase();
};

void TestKVStoreSchema::newDatabaseGetsVersion3()
{
    const std::string path = m_files.path("new.db");
    {
        KVStore store(path);
        QCOMPARE(store.schemaVersion(), 3LL);
    }
    RawSqlite raw(path);
    QCOMPARE(raw.scalar("SELECT value FROM meta WHERE key = 'schema_version'"), std::string("3"));
    QCOMPARE(raw.scalar("SELECT typeof(value) FROM meta WHERE key = 'schema_version'"),
             std::string("text"));
    QCOMPARE(raw.scalar("SELECT version FROM kv_versionstamp WHERE id = 1"), std::string("0"));
    for (const char *index :
         {"idx_kv_expires", "idx_queue_pending", "idx_queue_lease", "idx_queue_finished"})
        QCOMPARE(
            raw.scalar(
                std::string("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = '")
                + index + "'"),
            std::string("1"));
    QCOMPARE(raw.scalar("SELECT COUNT(*) FROM pragma_table_info('queue')"), std::string("12"));
}

void TestKVStoreSchema::javascriptDatabaseReadsIdentically()
{
    const std::string path = m_files.path("from-js.db");
    const QJsonObject v = vectors();
    {
        RawSqlite raw(path);
        raw.exec(kJsSchemaV3);
        raw.exec("INSERT INTO meta VALUES ('schema_version', '3'); INSERT INTO kv_versionstamp "
                 "VALUES (1, 5120)");
        long long version = 4000;
        // Every vector key holding every vector value's bytes, as the JS library stored them.
        const QJsonArray keys = v[QStringLiteral("keys")].toArray();
        const QJsonArray values = v[QStringLiteral("values")].toArray();
        for (int i = 0; i < keys.size(); ++i) {
            if (keys[i][QStringLiteral("literal")].toString() == QStringLiteral("[-0]"))
                continue; // the same bytes as [0]
            raw.insertKv(hex(keys[i][QStringLiteral("hex")]),
                         hex(values[i % values.size()][QStringLiteral("hex")]),
                         version++);
        }
    }
    KVStore store(path);
    const QJsonArray keys = v[QStringLiteral("keys")].toArray();
    const QJsonArray values = v[QStringLiteral("values")].toArray();
    long long version = 4000;
    for (int i = 0; i < keys.size(); ++i) {
        if (keys[i][QStringLiteral("literal")].toString() == QStringLiteral("[-0]"))
            continue;
        const Key key = decodeKey(hex(keys[i][QStringLiteral("hex")]));
        const auto entry = store.get(key);
        QVERIFY2(entry.has_value(), qPrintable(keys[i][QStringLiteral("literal")].toString()));
        const QJsonValue value = values[i % values.size()];
        QCOMPARE(encodeValue(entry->value), hex(value[QStringLiteral("hex")]));
        QCOMPARE(QString::fromStdString(printLiteral(entry->value)),
                 value[QStringLiteral("name")] == QStringLiteral("minus-zero")
                     ? QStringLiteral("0")
                     : value[QStringLiteral("literal")].toString());
        QCOMPARE(entry->version, version++);
    }
    // list() returns them in the vectors' sort order.
    ListSelector all;
    ListOptions o;
    o.limit = 1000;
    const auto listed = store.list(all, o);
    const QJsonArray sorted = v[QStringLiteral("sorted")].toArray();
    std::vector<std::string> expected;
    for (const auto &h : sorted) {
        const std::string bytes = hex(h);
        if (expected.empty() || expected.back() != bytes)
            expected.push_back(bytes);
    }
    std::vector<std::string> got;
    for (const Entry &e : listed.entries)
        got.push_back(encodeKey(e.key));
    QCOMPARE(got, expected); // the empty key [] included: list()'s default start is []
    // New writes continue after the JS process's reserved versions.
    QCOMPARE(store.set({"new"}, Value(1)).version, std::int64_t(5121));
}

void TestKVStoreSchema::textRowsAreReadAndRewrittenAsBlob()
{
    const std::string path = m_files.path("text-rows.db");
    {
        KVStore store(path);
    }
    {
        RawSqlite raw(path);
        raw.insertKv(encodeKey({"counter"}), "41", 1, "kv", true);
        raw.insertKv(encodeKey({"doc"}), "{\"a\":[1,2]}", 2, "kv", true);
    }
    KVStore store(path);
    QCOMPARE(printLiteral(store.get({"doc"})->value), std::string("{\"a\": [1, 2]}"));
    QCOMPARE(store.increment({"counter"}), 42.0);
    store.close();
    RawSqlite raw(path);
    QCOMPARE(raw.scalar("SELECT typeof(value) FROM kv WHERE key = ?", {encodeKey({"counter"})}),
             std::string("blob"));
    QCOMPARE(raw.scalar("SELECT value FROM kv WHERE key = ?", {encodeKey({"counter"})}),
             std::string("42"));
}

void TestKVStoreSchema::version1IsMigrated()
{
    const std::string path = m_files.path("v1.db");
    {
        RawSqlite raw(path);
        raw.exec(kvs::test::kSchemaV1Sql);
        raw.insertKv(encodeKey({"a"}), "\"A\"", 17);
        raw.exec("INSERT INTO queue (topic, payload, status, enqueued_at, deliver_at, attempts, "
                 "max_attempts) VALUES "
                 "('t', '1', 'processing', 1, 1, 1, 3), ('t', '2', 'done', 1, 1, 1, 3), ('t', '3', "
                 "'pending', 1, 1, 0, 3)");
    }
    const auto before = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
    {
        KVStore store(path);
        QCOMPARE(store.get({"a"})->value.asString(), std::string("A"));
        QCOMPARE(store.get({"a"})->version, std::int64_t(17));
        QCOMPARE(store.set({"b"}, Value(1)).version, std::int64_t(18)); // counter = MAX(version)
    }
    RawSqlite raw(path);
    QCOMPARE(raw.scalar("SELECT value FROM meta WHERE key = 'schema_version'"), std::string("3"));
    const auto rows = raw.rows("SELECT status, locked_until, finished_at FROM queue ORDER BY id");
    QCOMPARE(rows[0][1], std::string("0"));    // processing: an expired lease
    QVERIFY(std::stoll(rows[1][2]) >= before); // done: finished now
    QCOMPARE(rows[2][1], std::string("<null>"));
    QCOMPARE(raw.scalar("SELECT COUNT(*) FROM sqlite_master WHERE name = 'idx_queue_lease'"),
             std::string("1"));
}

void TestKVStoreSchema::version2IsMigratedWithTheMinusZeroRekey()
{
    const std::string path = m_files.path("v2.db");
    const std::string zero = encodeKey({"x", 0});
    std::string legacyMinusZero = zero;
    legacyMinusZero.replace(legacyMinusZero.size() - 9, 8, std::string(8, '\0')); // 0.4's -0
    std::string yMinusZero = encodeKey({"y", 0});
    yMinusZero.replace(yMinusZero.size() - 9, 8, std::string(8, '\0'));
    const std::string negativeBigint = encodeKey({"n", BigInt(-5)});
    std::string nanBytes = encodeKey({"nan", 1});
    nanBytes.replace(nanBytes.size() - 9, 8, hexToBytes("fff8000000000000")); // 0.4's NaN
    {
        RawSqlite raw(path);
        raw.exec(kvs::test::kSchemaV1Sql);
        raw.exec("ALTER TABLE queue ADD COLUMN locked_until INTEGER; ALTER TABLE queue ADD COLUMN "
                 "lease_token TEXT;"
                 "ALTER TABLE queue ADD COLUMN last_error TEXT; ALTER TABLE queue ADD COLUMN "
                 "finished_at INTEGER;"
                 "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES "
                 "('schema_version', '2')");
        raw.insertKv(zero, "\"zero\"", 10);
        raw.insertKv(legacyMinusZero, "\"minus zero\"", 11);
        raw.insertKv(yMinusZero, "\"y\"", 12);
        raw.insertKv(negativeBigint, "\"neg\"", 13);
        raw.insertKv(nanBytes, "\"nan\"", 99);
    }
    {
        KVStore store(path);
        QCOMPARE(store.get({"x", 0})->value.asString(), std::string("zero")); // existing row kept
        const auto y = store.get({"y", 0});
        QCOMPARE(y->value.asString(), std::string("y")); // rekeyed, value and version kept
        QCOMPARE(y->version, std::int64_t(12));
    }
    RawSqlite raw(path);
    QCOMPARE(raw.scalar("SELECT COUNT(*) FROM kv WHERE key = ?", {legacyMinusZero}),
             std::string("0"));
    QCOMPARE(raw.scalar("SELECT COUNT(*) FROM kv WHERE key = ?", {yMinusZero}), std::string("0"));
    QCOMPARE(raw.scalar("SELECT COUNT(*) FROM kv WHERE key = ?", {negativeBigint}),
             std::string("1"));
    QCOMPARE(raw.scalar("SELECT COUNT(*) FROM kv WHERE key = ?", {nanBytes}), std::string("1"));
    QCOMPARE(raw.scalar("SELECT version FROM kv_versionstamp"), std::string("99"));
    QCOMPARE(raw.scalar("SELECT value FROM meta WHERE key = 'schema_version'"), std::string("3"));
}

void TestKVStoreSchema::newerSchemaIsRefusedUntouched()
{
    const std::string path = m_files.path("v4.db");
    {
        RawSqlite raw(path);
        raw.exec("PRAGMA journal_mode = WAL");
        raw.exec(kJsSchemaV3);
        raw.exec("INSERT INTO meta VALUES ('schema_version', '4'); INSERT INTO kv_versionstamp "
                 "VALUES (1, 0)");
        leaveWalUncheckpointed(raw);
        raw.insertKv(encodeKey({"a"}), "1", 1); // lives in the WAL only
    }
    const FileSnapshot before = FileSnapshot::of(path);
    QVERIFY(before.walExists);
    QVERIFY(before.wal.size() > 0);
    const std::string message
        = "kvs: the database schema is version 4, newer than this kvs release "
          "supports (3). Upgrade @coderbuzz/kvs";
    QVERIFY(throwsWith<SchemaTooNewError>([&] { KVStore store(path); }, message));
    KVStoreOptions ro;
    ro.readOnly = true;
    QVERIFY(throwsWith<SchemaTooNewError>([&] { KVStore store(path, ro); }, message));
    const FileSnapshot after = FileSnapshot::of(path);
    QCOMPARE(after.db, before.db);
    QCOMPARE(after.wal, before.wal);
}

void TestKVStoreSchema::nonIntegerVersionIsRefused()
{
    const std::string path = m_files.path("v-abc.db");
    {
        RawSqlite raw(path);
        raw.exec(kJsSchemaV3);
        raw.exec("INSERT INTO meta VALUES ('schema_version', '3.5')");
    }
    QVERIFY(throwsWith<Error>([&] { KVStore store(path); },
                              "kvs: the database schema version is not an integer: \"3.5\""));
}

void TestKVStoreSchema::foreignTableIsRefusedUnaltered()
{
    const std::string path = m_files.path("foreign-queue.db");
    {
        RawSqlite raw(path);
        raw.exec("CREATE TABLE queue (id INTEGER PRIMARY KEY, topic TEXT, status TEXT, deliver_at "
                 "INTEGER);"
                 "INSERT INTO queue VALUES (1, 'app', 'new', 0)");
    }
    const FileSnapshot before = FileSnapshot::of(path);
    QVERIFY(throwsWith<ForeignTableError>(
        [&] { KVStore store(path); },
        "kvs: table \"queue\" exists but is not a kvs table (missing columns: payload, "
        "enqueued_at, "
        "attempts, max_attempts). Use the tablePrefix option to give kvs tables of its own."));
    QCOMPARE(FileSnapshot::of(path).db, before.db);
    {
        RawSqlite raw(path);
        QCOMPARE(raw.scalar("SELECT COUNT(*) FROM sqlite_master"),
                 std::string("1")); // nothing added
    }
    // With a prefix, kvs gets tables of its own beside the application's.
    KVStoreOptions o;
    o.tablePrefix = "kvs_";
    KVStore store(path, o);
    store.set({"a"}, Value(1));
    QCOMPARE(store.get({"a"})->value.asNumber(), 1.0);
}

void TestKVStoreSchema::migrationNeedsConsentWhenAsked()
{
    const std::string path = m_files.path("consent.db");
    {
        RawSqlite raw(path);
        raw.exec(kvs::test::kSchemaV1Sql);
        raw.insertKv(encodeKey({"a"}), "1", 1);
    }
    const FileSnapshot before = FileSnapshot::of(path);
    KVStoreOptions o;
    o.migrate = false;
    QVERIFY(throwsWith<SchemaOutdatedError>(
        [&] { KVStore store(path, o); },
        "kvs: the database schema is version 1, older than this kvs release (3); open it with "
        "migration allowed to upgrade it"));
    QCOMPARE(FileSnapshot::of(path).db, before.db);
    // A brand-new database needs no consent.
    KVStore fresh(m_files.path("fresh-without-consent.db"), o);
    QCOMPARE(fresh.schemaVersion(), 3LL);
}

void TestKVStoreSchema::readOnlyOpenOfAnOlderSchemaReads()
{
    const std::string path = m_files.path("ro-v1.db");
    {
        RawSqlite raw(path);
        raw.exec(kvs::test::kSchemaV1Sql);
        raw.insertKv(encodeKey({"users", "a"}), "{\"n\":1}", 3);
    }
    const FileSnapshot before = FileSnapshot::of(path);
    KVStoreOptions o;
    o.readOnly = true;
    {
        KVStore store(path, o);
        QCOMPARE(store.schemaVersion(), 1LL);
        QCOMPARE(printLiteral(store.get({"users", "a"})->value), std::string("{\"n\": 1}"));
        ListSelector users;
        users.prefix = Key{"users"};
        QCOMPARE(store.list(users).entries.size(), std::size_t(1));
    }
    const FileSnapshot after = FileSnapshot::of(path);
    QCOMPARE(after.db, before.db);
    QCOMPARE(after.walExists, before.walExists);
}

void TestKVStoreSchema::readOnlyOpenChangesNoByte()
{
    const std::string path = m_files.path("ro-wal.db");
    {
        KVStore writer(path);
        for (int i = 0; i < 50; ++i)
            writer.set({"k", i}, Value(i));
    }
    {
        RawSqlite raw(path);
        leaveWalUncheckpointed(raw);
        raw.insertKv(encodeKey({"wal-only"}), "1", 9999);
    }
    const FileSnapshot before = FileSnapshot::of(path);
    QVERIFY(before.walExists);
    KVStoreOptions o;
    o.readOnly = true;
    {
        KVStore store(path, o);
        QVERIFY(store.get({"wal-only"}).has_value()); // sees the WAL's rows
        QCOMPARE(store.list(ListSelector{}).entries.size(), std::size_t(51));
        (void)store.getMany({{"k", 1}, {"k", 2}});
    }
    const FileSnapshot after = FileSnapshot::of(path);
    QCOMPARE(after.db, before.db);
    QCOMPARE(after.wal, before.wal);
}

void TestKVStoreSchema::reopeningDoesNotRewrite()
{
    const std::string path = m_files.path("reopen.db");
    {
        KVStore store(path);
        store.set({"a"}, Value(1));
    }
    const FileSnapshot before = FileSnapshot::of(path);
    {
        KVStore store(path); // a current schema: the open writes nothing
    }
    QCOMPARE(FileSnapshot::of(path).db, before.db);
}

void TestKVStoreSchema::applicationMetaTableWithoutKeyPasses()
{
    // Gotcha 22: the check is by column names only, so kvs writes its row into this table.
    const std::string path = m_files.path("app-meta.db");
    {
        RawSqlite raw(path);
        raw.exec(
            "CREATE TABLE meta (key TEXT, value TEXT); INSERT INTO meta VALUES ('theme', 'dark')");
    }
    {
        KVStore store(path);
        store.set({"a"}, Value(1));
    }
    RawSqlite raw(path);
    QCOMPARE(raw.scalar("SELECT value FROM meta WHERE key = 'schema_version'"), std::string("3"));
    QCOMPARE(raw.scalar("SELECT value FROM meta WHERE key = 'theme'"), std::string("dark"));
}

void TestKVStoreSchema::lostMetaRowMigratesAgain()
{
    const std::string path = m_files.path("lost-meta.db");
    std::int64_t last = 0;
    {
        KVStore store(path);
        last = store.set({"a"}, Value(1)).version;
    }
    {
        RawSqlite raw(path);
        raw.exec("DELETE FROM meta");
    }
    KVStore store(path); // steps 0..3 again over existing tables, counter kept
    QVERIFY(store.set({"b"}, Value(2)).version > last);
    QCOMPARE(store.get({"a"})->value.asNumber(), 1.0);
}

void TestKVStoreSchema::otherTablesNeedConsent()
{
    const std::string path = m_files.path("app.db");
    {
        RawSqlite raw(path);
        raw.exec("CREATE TABLE customers (id INTEGER)");
    }
    const FileSnapshot before = FileSnapshot::of(path);
    KVStoreOptions o;
    o.migrate = false;
    QVERIFY(throwsWith<NotKvsDatabaseError>(
        [&] { KVStore store(path, o); },
        "kvs: \"" + path
            + "\" is not a kvs database (no \"kv\" table; tables found: customers); open it with "
              "migration allowed to add the kvs tables"));
    QCOMPARE(FileSnapshot::of(path).db, before.db);
    KVStore store(path); // with consent, kvs adds its tables beside the application's
    QCOMPARE(store.schemaVersion(), 3LL);
}

void TestKVStoreSchema::tableNamesMatchWithoutCase()
{
    const std::string path = m_files.path("case.db");
    {
        RawSqlite raw(path);
        raw.exec("CREATE TABLE App_kv (key BLOB PRIMARY KEY, value BLOB NOT NULL, version INTEGER "
                 "NOT NULL, expires_at INTEGER)");
        raw.insertKv(encodeKey({"a"}), "1", 1, "App_kv");
    }
    KVStoreOptions o;
    o.tablePrefix = "app_";
    o.readOnly = true;
    KVStore store(path, o); // SQLite's "app_kv" is the table App_kv
    QCOMPARE(store.schemaVersion(), 1LL);
    QCOMPARE(store.get({"a"})->value.asNumber(), 1.0);
}

QTEST_GUILESS_MAIN(TestKVStoreSchema)
#include "tst_kvstore_schema.moc"
