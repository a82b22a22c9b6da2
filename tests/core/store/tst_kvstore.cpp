// KVStore's key-value API on SQLite: get, getMany, set with TTL, delete, increment, options,
// read-only opens and close (reference "KVStore API", "Constructors", "Default Values").
#include "support/raw_sqlite.h"
#include "support/test_support.h"

#include <kvs/clock.h>
#include <kvs/kvstore.h>
#include <kvs/literal.h>

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <set>
#include <thread>

using namespace kvs;
using kvs::test::throwsWith;

class TestKVStore : public QObject
{
    Q_OBJECT

private:
    kvs::test::TestFiles m_files;

private slots:
    void setAndGetEveryValueKind();
    void getMissingIsNull();
    void everyWriteGetsANewVersion();
    void ttlExpires();
    void ttlValidation();
    void deleteRemovesOnlyTheKey();
    void getManyKeepsSlotsInOrder();
    void getManyLimitsAndValidatesFirst();
    void incrementSemantics();
    void incrementRefusesNonNumbers_data();
    void incrementRefusesNonNumbers();
    void incrementValidation();
    void keyPartErrors();
    void maxKeySizeOnEveryCall();
    void optionValidation();
    void queueConfigValidation();
    void tablePrefixNamesTheTables();
    void durabilityAndWal();
    void cleanExpiredCounts();
    void resetClearsKvAndQueue();
    void closeRefusesLaterCalls();
    void readOnlyRefusesWrites();
    void readOnlyOpenErrors();
    void memoryDatabase();
};

void TestKVStore::setAndGetEveryValueKind()
{
    KVStore store(m_files.path("kinds.db"));
    const char *literals[] = {"null",
                              "true",
                              "false",
                              "0",
                              "-1.5",
                              "1e+21",
                              "\"v\"",
                              "\"\\u0000é\"",
                              "[]",
                              "{}",
                              "[1, \"two\", null, true]",
                              "{\"name\": \"Alice\", \"age\": 30}",
                              "new Date(1788265800250)",
                              "new Date(NaN)",
                              "1999n",
                              "-1180591620717411303424n",
                              "new Uint8Array([1, 2, 3, 255])",
                              "new Map([[\"a\", 1], [2, new Date(0)]])",
                              "new Set([\"a\", 1])",
                              "undefined",
                              "NaN",
                              "Infinity",
                              "-Infinity",
                              "{\"a\": undefined, \"b\": [1, undefined]}",
                              "{\"~\": \"x\", \"n\": 1n}"};
    int i = 0;
    for (const char *literal : literals) {
        const Value value = parseLiteral(literal);
        const Key key{"kinds", i++};
        store.set(key, value);
        const auto entry = store.get(key);
        QVERIFY2(entry.has_value(), literal);
        QCOMPARE(printLiteral(entry->value), std::string(literal));
        QVERIFY(entry->key == key);
        QVERIFY(!entry->expiresAt.has_value());
    }
    // -0 is stored as 0.
    store.set({"minus-zero"}, Value(-0.0));
    QCOMPARE(printLiteral(store.get({"minus-zero"})->value), std::string("0"));
}

void TestKVStore::getMissingIsNull()
{
    KVStore store(m_files.path("missing.db"));
    QVERIFY(!store.get({"nope"}).has_value());
    QVERIFY(!store.get({}).has_value());
}

void TestKVStore::everyWriteGetsANewVersion()
{
    KVStore store(m_files.path("versions.db"));
    std::set<std::int64_t> seen;
    std::int64_t last = 0;
    for (int i = 0; i < 3000; ++i) { // crosses two 1024-version blocks
        const CommitResult result = store.set({"k", i % 7}, Value(i));
        QVERIFY(result.ok);
        QVERIFY(result.version > last); // increasing within one store instance
        last = result.version;
        seen.insert(result.version);
    }
    QCOMPARE(seen.size(), std::size_t(3000));
    const double counter = store.increment({"counter"});
    QCOMPARE(counter, 1.0);
    const auto entry = store.get({"counter"});
    QVERIFY(entry->version > last);
    // Delete and recreate: a fresh version, never the old one (no ABA).
    const std::int64_t before = store.get({"k", 0})->version;
    store.remove({"k", 0});
    QVERIFY(store.set({"k", 0}, Value(1)).version > before);
}

void TestKVStore::ttlExpires()
{
    KVStoreOptions options;
    const auto clock = std::make_shared<ManualClock>();
    options.clock = clock;
    KVStore store(m_files.path("ttl.db"), options);
    store.set({"zero"}, Value("x"), {0.0});
    QVERIFY(!store.get({"zero"}).has_value()); // ttl 0 expires immediately

    const std::int64_t nowMs = clock->now();
    store.set({"short"}, Value("y"), {60.0});
    const auto entry = store.get({"short"});
    QVERIFY(entry.has_value());
    QVERIFY(entry->expiresAt.has_value());
    QVERIFY(*entry->expiresAt >= nowMs + 60 && *entry->expiresAt <= nowMs + 1060);
    clock->advance(80);
    QVERIFY(!store.get({"short"}).has_value());

    store.set({"long"}, Value("z"), {60'000.0});
    store.set({"long"}, Value("z2")); // a plain set clears the TTL
    QVERIFY(!store.get({"long"})->expiresAt.has_value());
}

void TestKVStore::ttlValidation()
{
    KVStore store(m_files.path("ttl-errors.db"));
    QVERIFY(throwsWith<RangeError>([&] { store.set({"a"}, Value(1), {NAN}); },
                                   "kvs: ttl must be a finite number >= 0, got NaN"));
    QVERIFY(throwsWith<RangeError>([&] { store.set({"a"}, Value(1), {INFINITY}); },
                                   "kvs: ttl must be a finite number >= 0, got Infinity"));
    QVERIFY(throwsWith<RangeError>([&] { store.set({"a"}, Value(1), {-1.0}); },
                                   "kvs: ttl must be a finite number >= 0, got -1"));
    QVERIFY(!store.get({"a"}).has_value()); // nothing written
}

void TestKVStore::deleteRemovesOnlyTheKey()
{
    KVStore store(m_files.path("delete.db"));
    store.set({"a"}, Value(1));
    store.set({"a", "child"}, Value(2));
    store.remove({"a"});
    QVERIFY(!store.get({"a"}).has_value());
    QVERIFY(store.get({"a", "child"}).has_value());
    store.remove({"never-existed"}); // no error
}

void TestKVStore::getManyKeepsSlotsInOrder()
{
    KVStore store(m_files.path("getmany.db"));
    store.set({"users", "a"}, Value("A"));
    store.set({"users", "b"}, Value("B"));
    store.set({"gone"}, Value(1), {0.0});
    const auto got
        = store.getMany({{"users", "a"}, {"nope"}, {"users", "b"}, {"users", "a"}, {"gone"}});
    QCOMPARE(got.size(), std::size_t(5));
    QCOMPARE(got[0]->value.asString(), std::string("A"));
    QVERIFY(!got[1].has_value());
    QCOMPARE(got[2]->value.asString(), std::string("B"));
    QCOMPARE(got[3]->value.asString(), std::string("A")); // a duplicate gets its own slot
    QVERIFY(!got[4].has_value());                         // expired
    QVERIFY(store.getMany({}).empty());
    QCOMPARE(store.getMany({{"users", "b"}})[0]->value.asString(), std::string("B"));
}

void TestKVStore::getManyLimitsAndValidatesFirst()
{
    KVStore store(m_files.path("getmany-limits.db"));
    std::vector<Key> keys(1000, Key{"k"});
    QCOMPARE(store.getMany(keys).size(), std::size_t(1000));
    keys.push_back({"k"});
    QVERIFY(throwsWith<RangeError>([&] { (void)store.getMany(keys); },
                                   "kvs: getMany() reads at most 1000 keys, got 1001"));
    QVERIFY(throwsWith<TypeError>(
        [&] {
            (void)store.getMany({{"ok"}, {"bad", NAN}});
        },
        "kvs: NaN cannot be a key part"));
}

void TestKVStore::incrementSemantics()
{
    KVStore store(m_files.path("increment.db"));
    QCOMPARE(store.increment({"counter", "visits"}), 1.0);
    QCOMPARE(store.increment({"counter", "visits"}), 2.0);
    QCOMPARE(store.increment({"counter", "visits"}, 5), 7.0);
    QCOMPARE(store.increment({"counter", "visits"}, -1), 6.0);
    QCOMPARE(store.increment({"f"}, 0.1), 0.1);
    QCOMPARE(store.increment({"f"}, 0.2), 0.1 + 0.2); // JavaScript arithmetic on SQLite

    // A live key keeps its TTL.
    store.set({"ttl"}, Value(10), {60'000.0});
    const auto expiry = store.get({"ttl"})->expiresAt;
    QCOMPARE(store.increment({"ttl"}), 11.0);
    QCOMPARE(store.get({"ttl"})->expiresAt, expiry);

    // An expired row still present counts as missing: delta, TTL removed.
    store.set({"expired"}, Value(100), {0.0});
    QCOMPARE(store.increment({"expired"}, 3), 3.0);
    QVERIFY(!store.get({"expired"})->expiresAt.has_value());
}

void TestKVStore::incrementRefusesNonNumbers_data()
{
    QTest::addColumn<QString>("literal");
    QTest::addColumn<QString>("kind");
    QTest::newRow("null") << "null"
                          << "null";
    QTest::newRow("boolean") << "true"
                             << "a boolean";
    QTest::newRow("string") << "\"5\""
                            << "a string";
    QTest::newRow("array") << "[1]"
                           << "an array";
    QTest::newRow("object") << "{\"n\": 1}"
                            << "an object";
    QTest::newRow("date") << "new Date(0)"
                          << "a Date";
    QTest::newRow("bigint") << "5n"
                            << "a bigint";
    QTest::newRow("bytes") << "new Uint8Array([1])"
                           << "bytes";
    QTest::newRow("map") << "new Map([])"
                         << "a Map";
    QTest::newRow("set") << "new Set([])"
                         << "a Set";
    QTest::newRow("undefined") << "undefined"
                               << "undefined";
}

void TestKVStore::incrementRefusesNonNumbers()
{
    QFETCH(QString, literal);
    QFETCH(QString, kind);
    KVStore store(":memory:");
    const Value value = parseLiteral(literal.toStdString());
    store.set({"k"}, value);
    const auto before = store.get({"k"});
    QVERIFY(throwsWith<TypeError>([&] { store.increment({"k"}); },
                                  "kvs: increment() needs a number, but the key holds "
                                      + kind.toStdString()));
    const auto after = store.get({"k"});
    QVERIFY(after->value == before->value); // left unchanged
    QCOMPARE(after->version, before->version);
}

void TestKVStore::incrementValidation()
{
    KVStore store(":memory:");
    QVERIFY(throwsWith<RangeError>([&] { store.increment({"k"}, NAN); },
                                   "kvs: increment() delta must be a finite number, got NaN"));
    QVERIFY(
        throwsWith<RangeError>([&] { store.increment({"k"}, -INFINITY); },
                               "kvs: increment() delta must be a finite number, got -Infinity"));
    QVERIFY(!store.get({"k"}).has_value());
    store.set({"big"}, Value(1.7e308));
    QVERIFY(throwsWith<RangeError>([&] { store.increment({"big"}, 1.7e308); },
                                   "kvs: increment() result is not a finite number"));
    QCOMPARE(store.get({"big"})->value.asNumber(), 1.7e308);
}

void TestKVStore::keyPartErrors()
{
    KVStore store(":memory:");
    QVERIFY(throwsWith<TypeError>(
        [&] {
            store.set({"a", NAN}, Value(1));
        },
        "kvs: NaN cannot be a key part"));
    const BigInt huge = BigInt::fromMagnitude(false, std::string(256, '\x01'));
    QVERIFY(
        throwsWith<RangeError>([&] { store.set({huge}, Value(1)); },
                               "kvs: a bigint key part has at most 255 magnitude bytes, got 256"));
    // -0 and 0 are one key.
    store.set({"z", -0.0}, Value("minus"));
    QCOMPARE(store.get({"z", 0})->value.asString(), std::string("minus"));
}

void TestKVStore::maxKeySizeOnEveryCall()
{
    KVStore store(":memory:");
    const Key big{std::string(2045, 'x')}; // 1 tag + 2045 + 1 separator = 2047 bytes: fits
    store.set(big, Value(1));
    const Key tooBig{std::string(2047, 'x')}; // 2049 bytes
    const std::string message
        = "kvs: key is 2049 bytes encoded, over the 2048-byte limit (maxKeySize)";
    QVERIFY(throwsWith<RangeError>([&] { (void)store.get(tooBig); }, message));
    QVERIFY(throwsWith<RangeError>([&] { store.set(tooBig, Value(1)); }, message));
    QVERIFY(throwsWith<RangeError>([&] { store.remove(tooBig); }, message));
    QVERIFY(throwsWith<RangeError>([&] { store.increment(tooBig); }, message));
    QVERIFY(throwsWith<RangeError>([&] { (void)store.getMany({tooBig}); }, message));
    QVERIFY(throwsWith<RangeError>([&] { (void)store.list({tooBig, {}, {}}); }, message));
    QVERIFY(throwsWith<RangeError>([&] { (void)store.list({{}, tooBig, {}}); }, message));
    QVERIFY(throwsWith<RangeError>(
        [&] {
            store.atomic().check({tooBig, std::nullopt}).commit();
        },
        message));
    QVERIFY(
        throwsWith<RangeError>([&] { store.atomic().set(tooBig, Value(1)).commit(); }, message));

    KVStoreOptions small;
    small.maxKeySize = 10;
    KVStore limited(":memory:", small);
    QVERIFY(throwsWith<RangeError>(
        [&] { limited.set({"0123456789"}, Value(1)); },
        "kvs: key is 12 bytes encoded, over the 10-byte limit (maxKeySize)"));
}

void TestKVStore::optionValidation()
{
    const auto open = [&](KVStoreOptions options) {
        KVStore store(":memory:", options);
    };
    KVStoreOptions o;
    o.tablePrefix = "1abc";
    QVERIFY(
        throwsWith<TypeError>([&] { open(o); },
                              "kvs: tablePrefix must match /^[A-Za-z_][A-Za-z0-9_]*$/ (at most 40 "
                              "characters), got \"1abc\""));
    o.tablePrefix = "a-b";
    QVERIFY(
        throwsWith<TypeError>([&] { open(o); },
                              "kvs: tablePrefix must match /^[A-Za-z_][A-Za-z0-9_]*$/ (at most 40 "
                              "characters), got \"a-b\""));
    o.tablePrefix = std::string(41, 'a');
    QVERIFY(
        throwsWith<TypeError>([&] { open(o); },
                              "kvs: tablePrefix must match /^[A-Za-z_][A-Za-z0-9_]*$/ (at most 40 "
                              "characters), got \""
                                  + std::string(41, 'a') + "\""));
    o.tablePrefix = std::string(40, 'a');
    open(o); // 40 characters is fine
    o = {};
    o.durability = "fast";
    QVERIFY(throwsWith<TypeError>([&] { open(o); },
                                  "kvs: durability must be \"normal\" or \"full\", got \"fast\""));
    o = {};
    o.maxKeySize = 0;
    QVERIFY(
        throwsWith<RangeError>([&] { open(o); }, "kvs: maxKeySize must be an integer >= 1, got 0"));
}

void TestKVStore::queueConfigValidation()
{
    const auto open = [&](QueueConfig queue) {
        KVStoreOptions o;
        o.queue = std::move(queue);
        KVStore store(":memory:", o);
    };
    QueueConfig q;
    q.visibilityTimeout = 0;
    QVERIFY(throwsWith<RangeError>(
        [&] { open(q); }, "kvs: queue.visibilityTimeout must be a finite number > 0, got 0"));
    q = {};
    q.visibilityTimeout = NAN;
    QVERIFY(throwsWith<RangeError>(
        [&] { open(q); }, "kvs: queue.visibilityTimeout must be a finite number > 0, got NaN"));
    q = {};
    q.doneRetention = -1;
    QVERIFY(throwsWith<RangeError>(
        [&] { open(q); }, "kvs: queue.doneRetention must be a finite number >= 0, got -1"));
    q = {};
    q.deadRetention = NAN;
    QVERIFY(throwsWith<RangeError>(
        [&] { open(q); },
        "kvs: queue.deadRetention must be a number >= 0 (Infinity keeps dead letters), got NaN"));
    q = {};
    q.backoff = std::vector<double>{};
    QVERIFY(
        throwsWith<RangeError>([&] { open(q); }, "kvs: queue.backoff must not be an empty array"));
    q.backoff = std::vector<double>{1000, -5};
    QVERIFY(throwsWith<RangeError>(
        [&] { open(q); }, "kvs: queue.backoff must be an array of finite numbers >= 0, got -5"));
    q.backoff = std::function<double(int)>();
    QVERIFY(throwsWith<TypeError>([&] { open(q); },
                                  "kvs: queue.backoff must be an array of numbers or a function"));
    q = {};
    q.visibilityTimeout = 60'000;
    q.backoff = std::vector<double>{1000, 5000};
    q.deadRetention = INFINITY;
    open(q); // valid
}

void TestKVStore::tablePrefixNamesTheTables()
{
    const std::string path = m_files.path("prefix.db");
    {
        KVStoreOptions o;
        o.tablePrefix = "kvs_";
        KVStore store(path, o);
        store.set({"a"}, Value(1));
        KVStore plain(path); // default tables beside the prefixed ones, separate data
        QVERIFY(!plain.get({"a"}).has_value());
    }
    test::RawSqlite raw(path);
    const auto names = raw.rows("SELECT name FROM sqlite_master WHERE name LIKE '%kvs\\_%' ESCAPE "
                                "'\\' AND name NOT LIKE 'sqlite%' ORDER BY name");
    std::vector<std::string> got;
    for (const auto &row : names)
        got.push_back(row[0]);
    const std::vector<std::string> expected{"idx_kvs_kv_expires",
                                            "idx_kvs_queue_finished",
                                            "idx_kvs_queue_lease",
                                            "idx_kvs_queue_pending",
                                            "kvs_kv",
                                            "kvs_kv_versionstamp",
                                            "kvs_meta",
                                            "kvs_queue"};
    QCOMPARE(got, expected);
    QCOMPARE(raw.scalar("SELECT value FROM kvs_meta WHERE key = 'schema_version'"),
             std::string("3"));
}

void TestKVStore::durabilityAndWal()
{
    const std::string path = m_files.path("durable.db");
    KVStoreOptions o;
    o.durability = "full";
    KVStore store(path, o);
    store.set({"a"}, Value(1));
    test::RawSqlite raw(path);
    QCOMPARE(raw.scalar("PRAGMA journal_mode"), std::string("wal"));
}

void TestKVStore::cleanExpiredCounts()
{
    KVStore store(":memory:");
    store.set({"cache", "a"}, Value("x"), {0.0});
    store.set({"cache", "b"}, Value("y"), {0.0});
    store.set({"cache", "c"}, Value("z"), {60'000.0});
    store.set({"keep"}, Value(1));
    QCOMPARE(store.cleanExpired(), std::int64_t(2));
    QCOMPARE(store.cleanExpired(), std::int64_t(0));
    QVERIFY(store.get({"cache", "c"}).has_value());
}

void TestKVStore::resetClearsKvAndQueue()
{
    const std::string path = m_files.path("reset.db");
    KVStore store(path);
    store.set({"users", "alice"}, Value("Alice"));
    const std::int64_t before = store.atomic().enqueue(Value("test")).commit().version;
    store.reset();
    QVERIFY(!store.get({"users", "alice"}).has_value());
    test::RawSqlite raw(path);
    QCOMPARE(raw.scalar("SELECT COUNT(*) FROM queue"), std::string("0"));
    QCOMPARE(raw.scalar("SELECT COUNT(*) FROM kv"), std::string("0"));
    QCOMPARE(raw.scalar("SELECT value FROM meta WHERE key = 'schema_version'"), std::string("3"));
    QVERIFY(store.set({"after"}, Value(1)).version > before); // versions never reused
}

void TestKVStore::closeRefusesLaterCalls()
{
    KVStore store(":memory:");
    store.set({"a"}, Value(1));
    store.close();
    QVERIFY(store.isClosed());
    const std::string closed = "kvs: the store is closed";
    QVERIFY(throwsWith<ClosedError>([&] { (void)store.get({"a"}); }, closed));
    QVERIFY(throwsWith<ClosedError>([&] { store.set({"a"}, Value(1)); }, closed));
    QVERIFY(throwsWith<ClosedError>([&] { (void)store.list({Key{}, {}, {}}); }, closed));
    QVERIFY(throwsWith<ClosedError>([&] { store.atomic().set({"a"}, Value(2)).commit(); }, closed));
    store.close(); // twice is fine
}

void TestKVStore::readOnlyRefusesWrites()
{
    const std::string path = m_files.path("readonly.db");
    {
        KVStore writer(path);
        writer.set({"a"}, Value("A"));
    }
    KVStoreOptions o;
    o.readOnly = true;
    KVStore store(path, o);
    QVERIFY(store.isReadOnly());
    QCOMPARE(store.get({"a"})->value.asString(), std::string("A"));
    QCOMPARE(store.list({Key{}, {}, {}}).entries.size(), std::size_t(1));
    QVERIFY(
        throwsWith<ReadOnlyError>([&] { store.set({"b"}, Value(1)); },
                                  "kvs: the store is open read-only; set() needs write access"));
    QVERIFY(
        throwsWith<ReadOnlyError>([&] { store.remove({"a"}); },
                                  "kvs: the store is open read-only; delete() needs write access"));
    QVERIFY(throwsWith<ReadOnlyError>(
        [&] { store.increment({"n"}); },
        "kvs: the store is open read-only; increment() needs write access"));
    QVERIFY(throwsWith<ReadOnlyError>(
        [&] { store.atomic().set({"b"}, Value(1)).commit(); },
        "kvs: the store is open read-only; atomic().commit() needs write access"));
    QVERIFY(throwsWith<ReadOnlyError>(
        [&] { store.cleanExpired(); },
        "kvs: the store is open read-only; cleanExpired() needs write access"));
    QVERIFY(throwsWith<ReadOnlyError>(
        [&] { store.reset(); }, "kvs: the store is open read-only; reset() needs write access"));
    QCOMPARE(store.get({"a"})->value.asString(), std::string("A"));
}

void TestKVStore::readOnlyOpenErrors()
{
    KVStoreOptions o;
    o.readOnly = true;
    const std::string missing = m_files.path("does-not-exist.db");
    QVERIFY(throwsWith<DatabaseError>([&] { KVStore store(missing, o); },
                                      "kvs: cannot open database \"" + missing
                                          + "\": unable to open database file"));
    QVERIFY(!QFile::exists(QString::fromStdString(missing))); // a read-only open creates nothing

    const std::string foreign = m_files.path("foreign.db");
    {
        test::RawSqlite raw(foreign);
        raw.exec("CREATE TABLE customers (id INTEGER); CREATE TABLE orders (id INTEGER)");
    }
    QVERIFY(throwsWith<NotKvsDatabaseError>(
        [&] { KVStore store(foreign, o); },
        "kvs: \"" + foreign
            + "\" is not a kvs database (no \"kv\" table; tables found: customers, orders)"));
}

void TestKVStore::memoryDatabase()
{
    KVStore a(":memory:");
    KVStore b(":memory:");
    a.set({"only-a"}, Value(1));
    QVERIFY(!b.get({"only-a"}).has_value()); // private databases
    QCOMPARE(a.schemaVersion(), 3LL);
}

QTEST_GUILESS_MAIN(TestKVStore)
#include "tst_kvstore.moc"
