// KVStore::atomic(): checks, set, delete, sum and enqueue in one transaction, one versionstamp
// per commit, commit once (reference atomic(), sum(), KVS-05, KVS-20).
#include "support/raw_sqlite.h"
#include "support/test_support.h"

#include <kvs/kvstore.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace kvs;
using kvs::test::throwsWith;

class TestKVStoreAtomic : public QObject
{
    Q_OBJECT

private:
    kvs::test::TestFiles m_files;

private slots:
    void checksGuardTheCommit();
    void nullCheckMeansAbsent();
    void oneVersionForTheWholeCommit();
    void commitsOnce();
    void mutationsRunInOrder();
    void sumSemantics();
    void sumOnANonNumberRollsBackEverything();
    void sumValidation();
    void enqueueWritesTheQueueRow();
    void enqueueValidation();
    void setWithTtlAndDelete();
};

void TestKVStoreAtomic::checksGuardTheCommit()
{
    KVStore store(":memory:");
    store.set({"counter"}, Value(3));
    const auto seen = store.get({"counter"});
    const CommitResult ok
        = store.atomic().check({{"counter"}, seen->version}).set({"counter"}, Value(4)).commit();
    QVERIFY(ok.ok);
    // The old version no longer matches: nothing of the commit is written.
    const CommitResult stale = store.atomic()
                                   .check({{"counter"}, seen->version})
                                   .set({"counter"}, Value(5))
                                   .set({"other"}, Value(1))
                                   .commit();
    QVERIFY(!stale.ok);
    QCOMPARE(stale.version, std::int64_t(0));
    QCOMPARE(store.get({"counter"})->value.asNumber(), 4.0);
    QVERIFY(!store.get({"other"}).has_value());
    // A check on an expired key at its old version fails: the key is gone.
    store.set({"ttl"}, Value(1), {0.0});
    QVERIFY(!store.atomic().check({{"ttl"}, store.set({"x"}, Value(0)).version}).commit().ok);
}

void TestKVStoreAtomic::nullCheckMeansAbsent()
{
    KVStore store(":memory:");
    QVERIFY(
        store.atomic().check({{"new-key"}, std::nullopt}).set({"new-key"}, Value(1)).commit().ok);
    QVERIFY(
        !store.atomic().check({{"new-key"}, std::nullopt}).set({"new-key"}, Value(2)).commit().ok);
    QCOMPARE(store.get({"new-key"})->value.asNumber(), 1.0);
    store.set({"expired"}, Value(1), {0.0});
    QVERIFY(store.atomic().check({{"expired"}, std::nullopt}).commit().ok); // expired = absent
}

void TestKVStoreAtomic::oneVersionForTheWholeCommit()
{
    KVStore store(":memory:");
    const CommitResult result
        = store.atomic().set({"a"}, Value(1)).set({"b"}, Value(2)).sum({"c"}, 1).commit();
    QVERIFY(result.ok);
    QCOMPARE(store.get({"a"})->version, result.version);
    QCOMPARE(store.get({"b"})->version, result.version);
    QCOMPARE(store.get({"c"})->version, result.version); // the summed key carries it too
    // A commit without a set still gets (and returns) its own versionstamp (KVS-20).
    const CommitResult empty = store.atomic().check({{"a"}, result.version}).commit();
    QVERIFY(empty.ok);
    QVERIFY(empty.version > result.version);
    QVERIFY(store.set({"d"}, Value(1)).version > empty.version);
}

void TestKVStoreAtomic::commitsOnce()
{
    KVStore store(":memory:");
    auto op = store.atomic();
    op.set({"a"}, Value(1));
    QVERIFY(op.commit().ok);
    QVERIFY(throwsWith<Error>([&] { op.commit(); },
                              "kvs: this atomic operation was already committed"));
    store.set({"x"}, Value(1));
    auto failing = store.atomic();
    failing.check({{"x"}, std::nullopt});
    QVERIFY(!failing.commit().ok);
    QVERIFY(throwsWith<Error>([&] { failing.commit(); },
                              "kvs: this atomic operation was already committed"));
}

void TestKVStoreAtomic::mutationsRunInOrder()
{
    KVStore store(":memory:");
    store.atomic().set({"k"}, Value(10)).sum({"k"}, 5).sum({"k"}, 5).commit();
    QCOMPARE(store.get({"k"})->value.asNumber(), 20.0);
    store.set({"d"}, Value(100));
    store.atomic().remove({"d"}).sum({"d"}, 3).commit();
    QCOMPARE(store.get({"d"})->value.asNumber(), 3.0);
    store.atomic().set({"s"}, Value(1)).remove({"s"}).commit();
    QVERIFY(!store.get({"s"}).has_value());
}

void TestKVStoreAtomic::sumSemantics()
{
    KVStore store(":memory:");
    store.atomic().sum({"stats", "updates"}, 1).commit();
    QCOMPARE(store.get({"stats", "updates"})->value.asNumber(), 1.0);
    QVERIFY(!store.get({"stats", "updates"})->expiresAt.has_value());
    store.set({"ttl"}, Value(2), {60'000.0});
    const auto expiry = store.get({"ttl"})->expiresAt;
    store.atomic().sum({"ttl"}, 0.5).commit();
    QCOMPARE(store.get({"ttl"})->value.asNumber(), 2.5);
    QCOMPARE(store.get({"ttl"})->expiresAt, expiry); // TTL kept
    store.set({"gone"}, Value(50), {0.0});
    store.atomic().sum({"gone"}, 7).commit();
    QCOMPARE(store.get({"gone"})->value.asNumber(), 7.0); // expired = missing
    QVERIFY(!store.get({"gone"})->expiresAt.has_value());
}

void TestKVStoreAtomic::sumOnANonNumberRollsBackEverything()
{
    const std::string path = m_files.path("sum-rollback.db");
    KVStore store(path);
    store.set({"name"}, Value("Alice"));
    QVERIFY(throwsWith<TypeError>(
        [&] {
            store.atomic()
                .set({"written-first"}, Value(1))
                .enqueue(Value("job"), {"jobs", 0, 3})
                .sum({"name"}, 1)
                .commit();
        },
        "kvs: atomic().sum() needs a number, but the key holds a string"));
    QVERIFY(!store.get({"written-first"}).has_value());
    QCOMPARE(store.get({"name"})->value.asString(), std::string("Alice"));
    test::RawSqlite raw(path);
    QCOMPARE(raw.scalar("SELECT COUNT(*) FROM queue"), std::string("0")); // enqueue rolled back
    store.set({"date"}, parseLiteral("new Date(0)"));
    QVERIFY(throwsWith<TypeError>([&] { store.atomic().sum({"date"}, 1).commit(); },
                                  "kvs: atomic().sum() needs a number, but the key holds a Date"));
    store.set({"big"}, Value(1e308));
    QVERIFY(throwsWith<RangeError>([&] { store.atomic().sum({"big"}, 1e308).commit(); },
                                   "kvs: atomic().sum() result is not a finite number"));
    QCOMPARE(store.get({"big"})->value.asNumber(), 1e308);
}

void TestKVStoreAtomic::sumValidation()
{
    KVStore store(":memory:");
    for (double bad : {double(NAN), double(INFINITY), double(-INFINITY)}) {
        const std::string shown = std::isnan(bad) ? "NaN" : bad > 0 ? "Infinity" : "-Infinity";
        QVERIFY(throwsWith<RangeError>(
            [&] { store.atomic().set({"before"}, Value(1)).sum({"k"}, bad).commit(); },
            "kvs: atomic().sum() delta must be a finite number, got " + shown));
    }
    QVERIFY(!store.get({"before"}).has_value()); // thrown before the transaction opened
}

void TestKVStoreAtomic::enqueueWritesTheQueueRow()
{
    const std::string path = m_files.path("enqueue.db");
    KVStore store(path);
    const Value payload = parseLiteral("{\"task\": \"notify\", \"at\": new Date(5)}");
    const auto before = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
    QVERIFY(store.atomic()
                .set({"meta"}, Value(1))
                .enqueue(payload, {"jobs", 5000, 5})
                .enqueue(Value("plain"))
                .commit()
                .ok);
    test::RawSqlite raw(path);
    const auto rows = raw.rows("SELECT topic, payload, status, enqueued_at, deliver_at, attempts, "
                               "max_attempts, locked_until, lease_token, last_error, finished_at "
                               "FROM queue ORDER BY id");
    QCOMPARE(rows.size(), std::size_t(2));
    QCOMPARE(rows[0][0], std::string("jobs"));
    QCOMPARE(rows[0][1], encodeValue(payload));
    QCOMPARE(rows[0][2], std::string("pending"));
    const long long enqueuedAt = std::stoll(rows[0][3]);
    QVERIFY(enqueuedAt >= before);
    QCOMPARE(std::stoll(rows[0][4]), enqueuedAt + 5000);
    QCOMPARE(rows[0][5], std::string("0"));
    QCOMPARE(rows[0][6], std::string("5"));
    for (int column = 7; column <= 10; ++column)
        QCOMPARE(rows[0][static_cast<std::size_t>(column)], std::string("<null>"));
    QCOMPARE(rows[1][0], std::string("default")); // the reference's defaults
    QCOMPARE(rows[1][6], std::string("3"));
    QCOMPARE(rows[1][3], rows[1][4]);
}

void TestKVStoreAtomic::enqueueValidation()
{
    KVStore store(":memory:");
    QVERIFY(throwsWith<RangeError>(
        [&] {
            store.atomic().enqueue(Value(1), {"t", 0, 0}).commit();
        },
        "kvs: enqueue() maxAttempts must be an integer from 1 to 9007199254740991, got 0"));
    QVERIFY(throwsWith<RangeError>(
        [&] {
            store.atomic().enqueue(Value(1), {"t", 0, 1.5}).commit();
        },
        "kvs: enqueue() maxAttempts must be an integer from 1 to 9007199254740991, got 1.5"));
    QVERIFY(throwsWith<RangeError>(
        [&] {
            store.atomic().enqueue(Value(1), {"t", NAN, 3}).commit();
        },
        "kvs: enqueue() delay must be a finite number, got NaN"));
    QVERIFY(throwsWith<RangeError>(
        [&] {
            store.atomic().enqueue(Value(1), {"t", 0, 1e300}).commit();
        },
        "kvs: enqueue() maxAttempts must be an integer from 1 to 9007199254740991, got 1e+300"));
    QVERIFY(store.atomic().enqueue(Value(1), {"t", -1000, 3}).commit().ok); // negative = due
}

void TestKVStoreAtomic::setWithTtlAndDelete()
{
    KVStore store(":memory:");
    store.set({"old-key"}, Value(1));
    QVERIFY(store.atomic().set({"cache"}, Value("x"), {60'000.0}).remove({"old-key"}).commit().ok);
    QVERIFY(store.get({"cache"})->expiresAt.has_value());
    QVERIFY(!store.get({"old-key"}).has_value());
    QVERIFY(throwsWith<RangeError>([&] { store.atomic().set({"a"}, Value(1), {-5.0}).commit(); },
                                   "kvs: ttl must be a finite number >= 0, got -5"));
}

QTEST_GUILESS_MAIN(TestKVStoreAtomic)
#include "tst_kvstore_atomic.moc"
