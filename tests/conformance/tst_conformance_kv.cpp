// The key-value API on every backend (KVStore, AsyncKVStore on SQLite and on PostgreSQL): get,
// getMany, set with TTL, delete, increment, list, atomic(), cleanExpired, reset and their errors,
// with the reference's messages. Where the reference itself differs by backend (PostgreSQL's
// "holds a non-numeric value", NUMERIC sums, overflow checks on SQLite only), the test says so.
#include "conformance/store_under_test.h"
#include "support/test_support.h"

#include <kvs/literal.h>

#include <QTest>

#include <cmath>
#include <set>

using namespace kvs;
using namespace kvs::test;

namespace {

Mutation setOf(Key key, Value value, SetOptions options = {})
{
    return {Mutation::Type::Set, std::move(key), std::move(value), 0, options, {}};
}
Mutation removeOf(Key key)
{
    return {Mutation::Type::Delete, std::move(key), {}, 0, {}, {}};
}
Mutation sumOf(Key key, double delta)
{
    return {Mutation::Type::Sum, std::move(key), {}, delta, {}, {}};
}
Mutation enqueueOf(Value payload, const std::string &topic)
{
    QueueOptions queue;
    queue.topic = topic;
    return {Mutation::Type::Enqueue, {}, std::move(payload), 0, {}, queue};
}

std::vector<std::string> keyTexts(const ListResult &result)
{
    std::vector<std::string> out;
    for (const Entry &entry : result.entries)
        out.push_back(printKeyLiteral(entry.key));
    return out;
}

} // namespace

class TestConformanceKv : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<StoreUnderTest> open(const char *name, const StoreConfig &config = {})
    {
        QFETCH(Backend, backend);
        return openStore(backend, name, config);
    }

private slots:
    void setAndGetEveryValueKind_data() { addBackendRows(); }
    void setAndGetEveryValueKind();
    void versionsAreNewOnEveryWrite_data() { addBackendRows(); }
    void versionsAreNewOnEveryWrite();
    void ttlExpiresAndIsValidated_data() { addBackendRows(); }
    void ttlExpiresAndIsValidated();
    void deleteRemovesOnlyTheKey_data() { addBackendRows(); }
    void deleteRemovesOnlyTheKey();
    void getManySlotsAndLimits_data() { addBackendRows(); }
    void getManySlotsAndLimits();
    void incrementSemantics_data() { addBackendRows(); }
    void incrementSemantics();
    void incrementErrors_data() { addBackendRows(); }
    void incrementErrors();
    void keyErrorsOnEveryCall_data() { addBackendRows(); }
    void keyErrorsOnEveryCall();
    void listByPrefixAndRange_data() { addBackendRows(); }
    void listByPrefixAndRange();
    void listPagesWithCursors_data() { addBackendRows(); }
    void listPagesWithCursors();
    void listErrors_data() { addBackendRows(); }
    void listErrors();
    void atomicChecks_data() { addBackendRows(); }
    void atomicChecks();
    void atomicMutationsInOrder_data() { addBackendRows(); }
    void atomicMutationsInOrder();
    void atomicSumErrorsRollBack_data() { addBackendRows(); }
    void atomicSumErrorsRollBack();
    void atomicCommitsOnce_data() { addBackendRows(); }
    void atomicCommitsOnce();
    void cleanExpiredAndReset_data() { addBackendRows(); }
    void cleanExpiredAndReset();
    void closeRefusesLaterCalls_data() { addBackendRows(); }
    void closeRefusesLaterCalls();
};

void TestConformanceKv::setAndGetEveryValueKind()
{
    auto store = open("kinds");
    const char *literals[] = {"null",
                              "true",
                              "false",
                              "0",
                              "-1.5",
                              "1e+21",
                              "\"text with \\u0000 and é\"",
                              "[1, \"two\", [3]]",
                              "{\"a\": 1, \"b\": {\"c\": [true, null]}}",
                              "undefined",
                              "NaN",
                              "-Infinity",
                              "12345678901234567890n",
                              "new Date(1788265800000)",
                              "new Date(NaN)",
                              "new Uint8Array([0, 1, 255])",
                              "new Map([[1, \"one\"], [\"k\", new Set([1n])]])",
                              "{\"~\": \"user tilde\", \"v\": undefined}"};
    int i = 0;
    for (const char *literal : literals) {
        const Value value = parseLiteral(literal);
        const Key key{"kinds", i++};
        QVERIFY(store->set(key, value).ok);
        const auto entry = store->get(key);
        QVERIFY2(entry.has_value(), literal);
        QCOMPARE(printLiteral(entry->value), printLiteral(value));
        QVERIFY(entry->key == key);
    }
    QVERIFY(!store->get({"missing"}).has_value());
}

void TestConformanceKv::versionsAreNewOnEveryWrite()
{
    auto store = open("versions");
    std::set<std::int64_t> seen;
    for (int i = 0; i < 20; ++i) {
        const CommitResult written = store->set({"k"}, Value(i));
        QVERIFY(written.ok);
        QVERIFY(seen.insert(written.version).second);
        QCOMPARE(store->get({"k"})->version, written.version);
    }
    store->increment({"n"});
    QVERIFY(seen.insert(store->get({"n"})->version).second);
    // Delete and recreate: a new version, never the old one again (no ABA).
    const std::int64_t before = store->get({"k"})->version;
    store->remove({"k"});
    QVERIFY(store->set({"k"}, Value(0)).version != before);
}

void TestConformanceKv::ttlExpiresAndIsValidated()
{
    auto store = open("ttl");
    store->set({"short"}, Value(1), SetOptions{400});
    store->set({"long"}, Value(2), SetOptions{60000});
    store->set({"zero"}, Value(3), SetOptions{0}); // expires at once
    QVERIFY(store->get({"short"}).has_value());
    QVERIFY(store->get({"long"})->expiresAt.has_value());
    QVERIFY(!store->get({"zero"}).has_value());
    store->clock().advance(450); // past the short TTL
    QVERIFY(!store->get({"short"}).has_value());
    QVERIFY(store->list({Key{}, {}, {}}).entries.size() == 1);
    for (double bad : {-1.0, std::nan(""), double(INFINITY)}) {
        const std::string text = bad < 0 ? "-1" : std::isnan(bad) ? "NaN" : "Infinity";
        QVERIFY(throwsWith<RangeError>([&] { store->set({"t"}, Value(1), SetOptions{bad}); },
                                       "kvs: ttl must be a finite number >= 0, got " + text));
    }
    QVERIFY(!store->get({"t"}).has_value()); // nothing written
}

void TestConformanceKv::deleteRemovesOnlyTheKey()
{
    auto store = open("delete");
    store->set({"users", "a"}, Value(1));
    store->set({"users", "b"}, Value(2));
    store->set({"users"}, Value(0));
    store->remove({"users", "a"});
    store->remove({"users", "never"}); // no error
    QVERIFY(!store->get({"users", "a"}).has_value());
    QVERIFY(store->get({"users", "b"}).has_value());
    QVERIFY(store->get({"users"}).has_value());
}

void TestConformanceKv::getManySlotsAndLimits()
{
    auto store = open("getmany");
    store->set({"a"}, Value("A"));
    store->set({"b"}, Value("B"));
    store->set({"gone"}, Value(1), SetOptions{0});
    const auto got = store->getMany({{"b"}, {"missing"}, {"a"}, {"b"}, {"gone"}});
    QCOMPARE(got.size(), std::size_t(5));
    QCOMPARE(got[0]->value.asString(), std::string("B"));
    QVERIFY(!got[1].has_value());
    QCOMPARE(got[2]->value.asString(), std::string("A"));
    QCOMPARE(got[3]->value.asString(), std::string("B")); // a duplicate gets its own slot
    QVERIFY(!got[4].has_value());
    QVERIFY(store->getMany({}).empty());
    std::vector<Key> many(1001, Key{"k"});
    QVERIFY(throwsWith<RangeError>([&] { (void)store->getMany(many); },
                                   "kvs: getMany() reads at most 1000 keys, got 1001"));
    // Every key is checked before anything is read.
    QVERIFY(throwsWith<TypeError>(
        [&] {
            (void)store->getMany({{"a"}, {std::nan("")}});
        },
        "kvs: NaN cannot be a key part"));
    QCOMPARE(store->getMany(std::vector<Key>(1000, Key{"a"})).size(), std::size_t(1000));
}

void TestConformanceKv::incrementSemantics()
{
    auto store = open("increment");
    QCOMPARE(store->increment({"c"}), 1.0);
    QCOMPARE(store->increment({"c"}, 5), 6.0);
    QCOMPARE(store->increment({"c"}, -1.5), 4.5);
    QCOMPARE(store->get({"c"})->value.asNumber(), 4.5);
    // A live key keeps its TTL; an expired one starts over at delta without one.
    store->set({"ttl"}, Value(10), SetOptions{60000});
    QCOMPARE(store->increment({"ttl"}, 1), 11.0);
    QVERIFY(store->get({"ttl"})->expiresAt.has_value());
    store->set({"old"}, Value(100), SetOptions{0});
    QCOMPARE(store->increment({"old"}, 2), 2.0);
    QVERIFY(!store->get({"old"})->expiresAt.has_value());
    // PostgreSQL adds in NUMERIC: decimals are exact in storage (reference "increment").
    store->set({"dec"}, Value(0.1));
    const double sum = store->increment({"dec"}, 0.2);
    if (store->traits().postgres)
        QCOMPARE(sum, 0.3);
    else
        QCOMPARE(sum, 0.1 + 0.2);
}

void TestConformanceKv::incrementErrors()
{
    auto store = open("increment-errors");
    const BackendTraits traits = store->traits();
    const std::pair<const char *, const char *> cases[] = {{"\"text\"", "a string"},
                                                           {"null", "null"},
                                                           {"true", "a boolean"},
                                                           {"{\"a\": 1}", "an object"},
                                                           {"new Date(0)", "a Date"},
                                                           {"5n", "a bigint"}};
    for (const auto &[literal, kind] : cases) {
        const Value value = parseLiteral(literal);
        store->set({"x"}, value);
        QVERIFY(
            throwsWith<TypeError>([&] { store->increment({"x"}); },
                                  std::string("kvs: increment() needs a number, but the key holds ")
                                      + traits.nonNumberKind(kind)));
        QCOMPARE(printLiteral(store->get({"x"})->value), printLiteral(value)); // left unchanged
    }
    for (double bad : {std::nan(""), -double(INFINITY)}) {
        QVERIFY(throwsWith<RangeError>([&] { store->increment({"n"}, bad); },
                                       std::string("kvs: increment() delta must be a finite "
                                                   "number, got ")
                                           + (std::isnan(bad) ? "NaN" : "-Infinity")));
    }
    QVERIFY(!store->get({"n"}).has_value());
    if (!traits.postgres) { // the overflow check is SQLite's (reference: "SQLite backends")
        store->set({"big"}, Value(1.7e308));
        QVERIFY(throwsWith<RangeError>([&] { store->increment({"big"}, 1.7e308); },
                                       "kvs: increment() result is not a finite number"));
        QCOMPARE(store->get({"big"})->value.asNumber(), 1.7e308);
    }
}

void TestConformanceKv::keyErrorsOnEveryCall()
{
    StoreConfig config;
    config.maxKeySize = 10;
    auto store = open("keys", config);
    const Key tooLong{"0123456789"}; // 12 bytes encoded
    const std::string message = "kvs: key is 12 bytes encoded, over the 10-byte limit (maxKeySize)";
    QVERIFY(throwsWith<RangeError>([&] { (void)store->get(tooLong); }, message));
    QVERIFY(throwsWith<RangeError>([&] { store->set(tooLong, Value(1)); }, message));
    QVERIFY(throwsWith<RangeError>([&] { store->remove(tooLong); }, message));
    QVERIFY(throwsWith<RangeError>([&] { store->increment(tooLong); }, message));
    QVERIFY(throwsWith<RangeError>([&] { (void)store->list({tooLong, {}, {}}); }, message));
    QVERIFY(throwsWith<RangeError>([&] { store->commit({{tooLong, 1}}, {}); }, message));
    QVERIFY(
        throwsWith<RangeError>([&] { store->commit({}, {setOf(tooLong, Value(1))}); }, message));
    QVERIFY(throwsWith<TypeError>([&] { store->set({std::nan("")}, Value(1)); },
                                  "kvs: NaN cannot be a key part"));
    QVERIFY(store->list({Key{}, {}, {}}).entries.empty()); // nothing was written
}

void TestConformanceKv::listByPrefixAndRange()
{
    auto store = open("list");
    for (const char *month : {"2026-08", "2026-09", "2026-10"}) {
        for (int i = 0; i < 3; ++i)
            store->set({"orders", month, i}, Value(i));
    }
    store->set({"orders"}, Value("the prefix key itself"));
    store->set({std::string("orders\0x", 8)}, Value("a string sibling"));
    store->set({"users", "a"}, Value(1));
    // A prefix lists its children only (not the key itself, not a string sibling).
    QCOMPARE(store->list({Key{"orders"}, {}, {}}).entries.size(), std::size_t(9));
    QCOMPARE(store->list({Key{}, {}, {}}).entries.size(), std::size_t(12));
    // A range inside a prefix: September's orders.
    const ListResult september
        = store->list({Key{"orders"}, Key{"orders", "2026-09"}, Key{"orders", "2026-10"}});
    QCOMPARE(keyTexts(september),
             std::vector<std::string>({"[\"orders\", \"2026-09\", 0]",
                                       "[\"orders\", \"2026-09\", 1]",
                                       "[\"orders\", \"2026-09\", 2]"}));
    QCOMPARE(store->list({Key{"orders"}, Key{"orders", "2026-09"}, {}}).entries.size(),
             std::size_t(6));
    QCOMPARE(store->list({Key{"orders"}, {}, Key{"orders", "2026-09"}}).entries.size(),
             std::size_t(3));
    // start/end without a prefix.
    QCOMPARE(store->list({{}, Key{"orders", "2026-10"}, Key{"users"}}).entries.size(),
             std::size_t(4)); // October's three and the string sibling
    // Reverse.
    ListOptions reverse;
    reverse.reverse = true;
    reverse.limit = 2;
    QCOMPARE(
        keyTexts(store->list({Key{"orders"}, {}, {}}, reverse)),
        std::vector<std::string>({"[\"orders\", \"2026-10\", 2]", "[\"orders\", \"2026-10\", 1]"}));
    // start > end: an empty page.
    QVERIFY(store->list({{}, Key{"z"}, Key{"a"}}).entries.empty());
}

void TestConformanceKv::listPagesWithCursors()
{
    auto store = open("cursors");
    for (int i = 0; i < 25; ++i)
        store->set({"logs", i}, Value(i));
    for (bool reverse : {false, true}) {
        ListOptions options;
        options.limit = 10;
        options.reverse = reverse;
        std::vector<double> seen;
        for (;;) {
            const ListResult page = store->list({Key{"logs"}, {}, {}}, options);
            for (const Entry &entry : page.entries)
                seen.push_back(entry.value.asNumber());
            if (!page.cursor)
                break;
            options.cursor = page.cursor;
        }
        QCOMPARE(seen.size(), std::size_t(25));
        QCOMPARE(seen.front(), reverse ? 24.0 : 0.0);
        QVERIFY(std::is_sorted(seen.begin(), seen.end()) != reverse);
    }
    // The page size is capped at 1000, not refused.
    ListOptions big;
    big.limit = 5000;
    QCOMPARE(store->list({Key{"logs"}, {}, {}}, big).entries.size(), std::size_t(25));
}

void TestConformanceKv::listErrors()
{
    auto store = open("list-errors");
    store->set({"u", 1}, Value(1));
    QVERIFY(throwsWith<TypeError>(
        [&] {
            (void)store->list({Key{"u"}, Key{"v"}, {}});
        },
        "kvs: list() start must be a key inside the prefix"));
    QVERIFY(throwsWith<TypeError>(
        [&] {
            (void)store->list({Key{"u"}, {}, Key{"u"}});
        },
        "kvs: list() end must be a key inside the prefix"));
    for (double bad : {0.0, 2.5, std::nan("")}) {
        ListOptions options;
        options.limit = bad;
        const std::string text = bad == 0 ? "0" : bad == 2.5 ? "2.5" : "NaN";
        QVERIFY(throwsWith<RangeError>(
            [&] {
                (void)store->list({Key{"u"}, {}, {}}, options);
            },
            "kvs: list() limit must be an integer >= 1, got " + text));
    }
    ListOptions outside;
    outside.cursor = encodeCursor(encodeKey({"z"}));
    QVERIFY(throwsWith<RangeError>(
        [&] {
            (void)store->list({Key{"u"}, {}, {}}, outside);
        },
        "kvs: list cursor is outside the selector range"));
}

void TestConformanceKv::atomicChecks()
{
    auto store = open("atomic-checks");
    const std::int64_t version = store->set({"counter"}, Value(1)).version;
    // A matching version and an absent key: the commit goes through with one version.
    const CommitResult ok = store->commit({{{"counter"}, version}, {{"new"}, std::nullopt}},
                                          {setOf({"counter"}, Value(2)), setOf({"new"}, Value(1))});
    QVERIFY(ok.ok);
    QCOMPARE(ok.failedCheck, std::optional<std::size_t>());
    QCOMPARE(store->get({"counter"})->version, ok.version);
    QCOMPARE(store->get({"new"})->version, ok.version);
    // A stale version, or a key that must be absent but exists: { ok: false }, nothing written,
    // and the failed check's index.
    const CommitResult stale
        = store->commit({{{"counter"}, version}}, {setOf({"counter"}, Value(3))});
    QVERIFY(!stale.ok);
    QCOMPARE(stale.version, std::int64_t(0));
    QCOMPARE(stale.failedCheck, std::optional<std::size_t>(0));
    const CommitResult exists = store->commit(
        {{{"absent"}, std::nullopt}, {{"counter"}, ok.version}, {{"new"}, std::nullopt}},
        {setOf({"other"}, Value(3))});
    QVERIFY(!exists.ok);
    QCOMPARE(exists.failedCheck, std::optional<std::size_t>(2));
    // Two failing checks: the first one in the order given.
    const CommitResult both = store->commit(
        {{{"counter"}, ok.version}, {{"new"}, ok.version + 1}, {{"counter"}, version}}, {});
    QCOMPARE(both.failedCheck, std::optional<std::size_t>(1));
    QCOMPARE(store->get({"counter"})->value.asNumber(), 2.0);
    QVERIFY(!store->get({"other"}).has_value());
    // A commit without a set still has its version.
    const CommitResult empty = store->commit({{{"absent"}, std::nullopt}}, {});
    QVERIFY(empty.ok);
    QVERIFY(empty.version > ok.version || empty.version != 0);
    // An expired key counts as absent.
    store->set({"expired"}, Value(1), SetOptions{0});
    QVERIFY(store->commit({{{"expired"}, std::nullopt}}, {setOf({"expired"}, Value(2))}).ok);
}

void TestConformanceKv::atomicMutationsInOrder()
{
    auto store = open("atomic-order");
    QVERIFY(store->commit({}, {setOf({"k"}, Value(10)), sumOf({"k"}, 5), sumOf({"k"}, 5)}).ok);
    QCOMPARE(store->get({"k"})->value.asNumber(), 20.0);
    QVERIFY(store->commit({}, {removeOf({"k"}), sumOf({"k"}, 3)}).ok);
    QCOMPARE(store->get({"k"})->value.asNumber(), 3.0);
    // A key checked absent, then written and summed in the same commit.
    QVERIFY(
        store
            ->commit({{{"fresh"}, std::nullopt}}, {setOf({"fresh"}, Value(1)), sumOf({"fresh"}, 2)})
            .ok);
    QCOMPARE(store->get({"fresh"})->value.asNumber(), 3.0);
    QVERIFY(store->commit({{{"summed"}, std::nullopt}}, {sumOf({"summed"}, 4)}).ok);
    QCOMPARE(store->get({"summed"})->value.asNumber(), 4.0);
    // The summed key keeps a live TTL and carries the commit's version.
    store->set({"ttl"}, Value(1), SetOptions{60000});
    const CommitResult summed
        = store->commit({}, {sumOf({"ttl"}, 1), enqueueOf(Value("job"), "t")});
    QCOMPARE(store->get({"ttl"})->version, summed.version);
    QVERIFY(store->get({"ttl"})->expiresAt.has_value());
    QCOMPARE(store->queueStats("t").front().pending, std::int64_t(1));
}

void TestConformanceKv::atomicSumErrorsRollBack()
{
    auto store = open("atomic-sum");
    store->set({"text"}, Value("abc"));
    QVERIFY(throwsWith<TypeError>(
        [&] {
            store->commit(
                {}, {setOf({"a"}, Value(1)), enqueueOf(Value("x"), "rolled"), sumOf({"text"}, 1)});
        },
        "kvs: atomic().sum() needs a number, but the key holds "
            + store->traits().nonNumberKind("a string")));
    QVERIFY(!store->get({"a"}).has_value()); // the whole commit rolled back, enqueue included
    QCOMPARE(store->queueStats("rolled").front().pending, std::int64_t(0));
    QVERIFY(throwsWith<RangeError>([&] { store->commit({}, {sumOf({"n"}, std::nan(""))}); },
                                   "kvs: atomic().sum() delta must be a finite number, got NaN"));
    if (!store->traits().postgres) {
        store->set({"big"}, Value(1.7e308));
        QVERIFY(throwsWith<RangeError>([&] { store->commit({}, {sumOf({"big"}, 1.7e308)}); },
                                       "kvs: atomic().sum() result is not a finite number"));
    }
}

void TestConformanceKv::atomicCommitsOnce()
{
    auto store = open("atomic-once");
    QVERIFY(throwsWith<Error>([&] { store->commitTwice(); },
                              "kvs: this atomic operation was already committed"));
}

void TestConformanceKv::cleanExpiredAndReset()
{
    auto store = open("clean");
    store->set({"a"}, Value(1), SetOptions{0});
    store->set({"b"}, Value(1), SetOptions{0});
    store->set({"c"}, Value(1));
    QCOMPARE(store->cleanExpired(), std::int64_t(2));
    QCOMPARE(store->cleanExpired(), std::int64_t(0));
    store->enqueue(Value("job"));
    store->reset();
    QVERIFY(!store->get({"c"}).has_value());
    QVERIFY(store->queueStats().empty());
    QVERIFY(store->set({"after"}, Value(1)).ok); // the store keeps working
}

void TestConformanceKv::closeRefusesLaterCalls()
{
    auto store = open("close");
    store->set({"k"}, Value(1));
    store->close();
    QVERIFY(throwsWith<ClosedError>([&] { (void)store->get({"k"}); }, "kvs: the store is closed"));
    QVERIFY(
        throwsWith<ClosedError>([&] { store->set({"k"}, Value(2)); }, "kvs: the store is closed"));
    store->close(); // twice is fine
}

KVS_CONFORMANCE_MAIN(TestConformanceKv)
#include "tst_conformance_kv.moc"
