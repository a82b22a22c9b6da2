// What a store does at the edges of what its database can hold (issue 17): versionstamps near
// 2^53, a dropped versionstamp table, a schema version that does not fit 64 bits. Each refusal is
// a clear error that writes nothing, on KVStore and on AsyncKVStore over SQLite.
#include "support/raw_sqlite.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/kvstore.h>

#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <memory>
#include <string>

using namespace kvs;
using namespace kvs::test;

namespace {

constexpr std::int64_t kMaxVersion = 9007199254740991; // 2^53 - 1

// One face over both SQLite stores, for what these tests need.
struct Store
{
    std::function<CommitResult(const Key &, const Value &)> set;
    std::function<std::optional<Entry>(const Key &)> get;
};

std::shared_ptr<void> openStore(bool async, const std::string &path, Store &store)
{
    if (async) {
        auto s = std::make_shared<AsyncKVStore>(path);
        store.set = [s](const Key &k, const Value &v) {
            return s->set(k, v).result();
        };
        store.get = [s](const Key &k) {
            return s->get(k).result();
        };
        return s;
    }
    auto s = std::make_shared<KVStore>(path);
    store.set = [s](const Key &k, const Value &v) {
        return s->set(k, v);
    };
    store.get = [s](const Key &k) {
        return s->get(k);
    };
    return s;
}

// The message a refused reservation gives for a counter at counter.
std::string exhausted(std::int64_t counter)
{
    return "kvs: versionstamps are used up: the counter is at " + std::to_string(counter)
           + " and the next version would pass 9007199254740991 (2^53 - 1), the largest integer "
             "JavaScript reads exactly";
}

} // namespace

class TestStoreLimits : public QObject
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_dir.isValid()); }

    void versionsNeverPass2To53_data();
    void versionsNeverPass2To53();
    void aCounterNearTheInt64LimitIsRefused_data();
    void aCounterNearTheInt64LimitIsRefused();
    void aDroppedVersionstampTableIsNamedMissing();
    void aSchemaVersionBeyond64BitsIsTooLarge();

private:
    std::string path(const char *name)
    {
        return m_dir.filePath(QString::fromUtf8(name)).toStdString();
    }

    QTemporaryDir m_dir;
};

void TestStoreLimits::versionsNeverPass2To53_data()
{
    QTest::addColumn<bool>("async");
    QTest::newRow("KVStore") << false;
    QTest::newRow("AsyncKVStore") << true;
}

void TestStoreLimits::versionsNeverPass2To53()
{
    QFETCH(bool, async);
    const std::string file = path(async ? "near-async.db" : "near-sync.db");
    {
        KVStore create(file);
    }
    {
        RawSqlite raw(file);
        raw.exec("UPDATE kv_versionstamp SET version = " + std::to_string(kMaxVersion - 1024));
    }
    Store store;
    const auto keep = openStore(async, file, store);
    // The last whole block: kMaxVersion - 1023 .. kMaxVersion, each handed out once.
    std::int64_t last = 0;
    for (int i = 0; i < 1024; ++i) {
        const CommitResult written = store.set({"k", i}, Value(i));
        QVERIFY(written.version > last);
        last = written.version;
    }
    QCOMPARE(last, kMaxVersion);
    QVERIFY(throwsWith<Error>([&] { store.set({"over"}, Value(1)); }, exhausted(kMaxVersion)));
    QVERIFY(!store.get({"over"}));
    QCOMPARE(store.get({"k", 1023})->version, kMaxVersion);
}

void TestStoreLimits::aCounterNearTheInt64LimitIsRefused_data()
{
    versionsNeverPass2To53_data();
}

void TestStoreLimits::aCounterNearTheInt64LimitIsRefused()
{
    // Before the fix, two sets here returned the same version and the column turned REAL.
    QFETCH(bool, async);
    const std::string file = path(async ? "int64-async.db" : "int64-sync.db");
    {
        KVStore create(file);
    }
    {
        RawSqlite raw(file);
        raw.exec("UPDATE kv_versionstamp SET version = 9223372036854775000");
    }
    Store store;
    const auto keep = openStore(async, file, store);
    for (int i = 0; i < 2; ++i) {
        QVERIFY(throwsWith<Error>(
            [&] {
                store.set({"a", i}, Value(i));
            },
            exhausted(9223372036854775000)));
    }
    QVERIFY(!store.get({"a", 0}));
    RawSqlite raw(file);
    QCOMPARE(raw.scalar("SELECT typeof(version) || ' ' || version FROM kv_versionstamp"),
             std::string("integer 9223372036854775000"));
}

void TestStoreLimits::aDroppedVersionstampTableIsNamedMissing()
{
    const std::string file = path("dropped.db");
    {
        KVStore create(file);
        create.set({"kept"}, Value(1));
    }
    {
        RawSqlite raw(file);
        raw.exec("DROP TABLE kv_versionstamp");
    }
    const std::string message = "kvs: table \"kv_versionstamp\" is missing from this kvs database "
                                "(it was dropped, or the database is damaged); kvs does not "
                                "recreate it, as the versions it held are lost";
    QVERIFY(throwsWith<Error>([&] { KVStore store(file); }, message));
    QVERIFY(throwsWith<Error>([&] { AsyncKVStore(file).set({"k"}, Value(1)).result(); }, message));
    RawSqlite raw(file);
    QCOMPARE(raw.scalar("SELECT count(*) FROM kv"), std::string("1"));
    QCOMPARE(raw.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'kv_versionstamp'"),
             std::string("0"));
}

void TestStoreLimits::aSchemaVersionBeyond64BitsIsTooLarge()
{
    const std::string file = path("huge-version.db");
    {
        KVStore create(file);
    }
    {
        RawSqlite raw(file);
        raw.exec("UPDATE meta SET value = '12345678901234567890123' WHERE key = 'schema_version'");
    }
    QVERIFY(throwsWith<Error>(
        [&] { KVStore store(file); },
        "kvs: the database schema version is too large: \"12345678901234567890123\""));
}

QTEST_GUILESS_MAIN(TestStoreLimits)

#include "tst_store_limits.moc"
