// KVStore::list(): prefix children, ranges, a range inside a prefix, limits, cursors, reverse
// (reference list() and "Key Encoding", KVS-16).
#include "support/test_support.h"

#include <kvs/kvstore.h>
#include <kvs/literal.h>

#include <QTest>

#include <cmath>

using namespace kvs;
using kvs::test::throwsWith;

namespace {

std::vector<std::string> keysOf(const ListResult &result)
{
    std::vector<std::string> out;
    for (const Entry &entry : result.entries)
        out.push_back(printKeyLiteral(entry.key));
    return out;
}

Key k(const char *literal)
{
    return parseKeyLiteral(literal);
}

ListSelector prefixed(const char *prefix, const char *start = nullptr, const char *end = nullptr)
{
    ListSelector s;
    s.prefix = k(prefix);
    if (start)
        s.start = k(start);
    if (end)
        s.end = k(end);
    return s;
}

ListSelector range(const char *start, const char *end)
{
    ListSelector s;
    if (start)
        s.start = k(start);
    if (end)
        s.end = k(end);
    return s;
}

} // namespace

class TestKVStoreList : public QObject
{
    Q_OBJECT

private:
    KVStore m_store{":memory:"};

private slots:
    void initTestCase();
    void prefixListsChildrenOnly();
    void emptyPrefixListsEveryKey();
    void startEndRange();
    void rangeInsidePrefix();
    void boundsOutsideThePrefixAreRefused_data();
    void boundsOutsideThePrefixAreRefused();
    void startAfterEndIsEmpty();
    void limitValidation();
    void cursorPagesForwardAndBack();
    void cursorMustFallInsideTheRange();
    void cursorIsReusableWithAnotherSelector();
    void expiredEntriesAreSkipped();
};

void TestKVStoreList::initTestCase()
{
    for (const char *key : {"[\"users\"]",
                            "[\"users\\u0000x\"]",
                            "[\"usersX\", 1]",
                            "[\"users\", \"alice\"]",
                            "[\"users\", \"bob\"]",
                            "[\"users\", 7]",
                            "[\"users\", 7n]",
                            "[\"users\", true]",
                            "[\"users\", new Uint8Array([1])]",
                            "[\"users\", \"alice\", \"x\"]",
                            "[\"orders\", \"2026-08\", 1]",
                            "[\"orders\", \"2026-09\", 1]",
                            "[\"orders\", \"2026-09\", 2]",
                            "[\"orders\", \"2026-10\", 1]",
                            "[\"v\"]"}) {
        m_store.set(k(key), Value(key));
    }
}

void TestKVStoreList::prefixListsChildrenOnly()
{
    const auto result = m_store.list(prefixed("[\"users\"]"));
    const std::vector<std::string> expected{"[\"users\", new Uint8Array([1])]",
                                            "[\"users\", \"alice\"]",
                                            "[\"users\", \"alice\", \"x\"]",
                                            "[\"users\", \"bob\"]",
                                            "[\"users\", 7]",
                                            "[\"users\", 7n]",
                                            "[\"users\", true]"};
    QCOMPARE(keysOf(result), expected); // not ["users"], not ["users\0x"], not ["usersX", 1]
    QVERIFY(!result.cursor.has_value());
    QCOMPARE(printLiteral(result.entries[1].value),
             std::string("\"[\\\"users\\\", \\\"alice\\\"]\""));
}

void TestKVStoreList::emptyPrefixListsEveryKey()
{
    const auto result = m_store.list(prefixed("[]"));
    QCOMPARE(result.entries.size(), std::size_t(15));
    QCOMPARE(printKeyLiteral(result.entries.front().key),
             std::string("[\"orders\", \"2026-08\", 1]"));
    QCOMPARE(m_store.list(ListSelector{}).entries.size(), std::size_t(15)); // no selector: all
}

void TestKVStoreList::startEndRange()
{
    const auto result
        = m_store.list(range("[\"orders\", \"2026-09\"]", "[\"orders\", \"2026-10\"]"));
    const std::vector<std::string> expected{"[\"orders\", \"2026-09\", 1]",
                                            "[\"orders\", \"2026-09\", 2]"};
    QCOMPARE(keysOf(result), expected);
    // start alone runs to the end of the key space; end alone from the beginning.
    QCOMPARE(m_store.list(range("[\"v\"]", nullptr)).entries.size(), std::size_t(1));
    QCOMPARE(m_store.list(range(nullptr, "[\"orders\", \"2026-09\"]")).entries.size(),
             std::size_t(1));
}

void TestKVStoreList::rangeInsidePrefix()
{
    const auto september = m_store.list(
        prefixed("[\"orders\"]", "[\"orders\", \"2026-09\"]", "[\"orders\", \"2026-10\"]"));
    QCOMPARE(september.entries.size(), std::size_t(2));
    const auto fromSeptember = m_store.list(prefixed("[\"orders\"]", "[\"orders\", \"2026-09\"]"));
    QCOMPARE(fromSeptember.entries.size(), std::size_t(3));
    const auto beforeSeptember
        = m_store.list(prefixed("[\"orders\"]", nullptr, "[\"orders\", \"2026-09\"]"));
    QCOMPARE(keysOf(beforeSeptember), std::vector<std::string>{"[\"orders\", \"2026-08\", 1]"});
}

void TestKVStoreList::boundsOutsideThePrefixAreRefused_data()
{
    QTest::addColumn<QString>("bound");
    QTest::newRow("sibling") << "[\"v\"]";
    QTest::newRow("the prefix itself") << "[\"u\"]";
    QTest::newRow("string sibling") << "[\"u\\u0000x\"]";
    QTest::newRow("longer string") << "[\"uX\", 1]";
    QTest::newRow("empty key") << "[]";
    QTest::newRow("suffix, not a key") << "[5]";
}

void TestKVStoreList::boundsOutsideThePrefixAreRefused()
{
    QFETCH(QString, bound);
    const std::string b = bound.toStdString();
    QVERIFY(throwsWith<TypeError>([&] { (void)m_store.list(prefixed("[\"u\"]", b.c_str())); },
                                  "kvs: list() start must be a key inside the prefix"));
    QVERIFY(
        throwsWith<TypeError>([&] { (void)m_store.list(prefixed("[\"u\"]", nullptr, b.c_str())); },
                              "kvs: list() end must be a key inside the prefix"));
}

void TestKVStoreList::startAfterEndIsEmpty()
{
    QVERIFY(m_store.list(range("[\"v\"]", "[\"orders\"]")).entries.empty());
    QVERIFY(m_store
                .list(prefixed(
                    "[\"orders\"]", "[\"orders\", \"2026-10\"]", "[\"orders\", \"2026-09\"]"))
                .entries.empty());
}

void TestKVStoreList::limitValidation()
{
    for (double bad : {0.0, -1.0, 2.5, double(NAN), double(INFINITY)}) {
        ListOptions o;
        o.limit = bad;
        QVERIFY(throwsWith<RangeError>([&] { (void)m_store.list(prefixed("[]"), o); },
                                       "kvs: list() limit must be an integer >= 1, got "
                                           + std::string(std::isnan(bad)   ? "NaN"
                                                         : std::isinf(bad) ? "Infinity"
                                                         : bad == 2.5      ? "2.5"
                                                         : bad == 0        ? "0"
                                                                           : "-1")));
    }
    KVStore big(":memory:");
    for (int i = 0; i < 1100; ++i)
        big.set({"n", i}, Value(i));
    ListOptions o;
    o.limit = 5000; // capped, not refused
    const auto page = big.list(prefixed("[\"n\"]"), o);
    QCOMPARE(page.entries.size(), std::size_t(1000));
    QVERIFY(page.cursor.has_value());
    QCOMPARE(big.list(prefixed("[\"n\"]")).entries.size(), std::size_t(100)); // default limit
}

void TestKVStoreList::cursorPagesForwardAndBack()
{
    ListOptions o;
    o.limit = 3;
    auto page1 = m_store.list(prefixed("[\"users\"]"), o);
    QCOMPARE(page1.entries.size(), std::size_t(3));
    QVERIFY(page1.cursor.has_value());
    QCOMPARE(*page1.cursor, encodeCursor(encodeKey(page1.entries.back().key)));
    std::vector<std::string> all = keysOf(page1);
    std::optional<std::string> cursor = page1.cursor;
    while (cursor) {
        o.cursor = cursor;
        auto page = m_store.list(prefixed("[\"users\"]"), o);
        for (auto &key : keysOf(page))
            all.push_back(key);
        cursor = page.cursor;
    }
    QCOMPARE(all, keysOf(m_store.list(prefixed("[\"users\"]"))));

    ListOptions r;
    r.limit = 4;
    r.reverse = true;
    auto back1 = m_store.list(prefixed("[\"users\"]"), r);
    QCOMPARE(printKeyLiteral(back1.entries[0].key), std::string("[\"users\", true]"));
    r.cursor = back1.cursor;
    auto back2 = m_store.list(prefixed("[\"users\"]"), r);
    std::vector<std::string> reversed = keysOf(back1);
    for (auto &key : keysOf(back2))
        reversed.push_back(key);
    std::vector<std::string> forward = keysOf(m_store.list(prefixed("[\"users\"]")));
    std::reverse(forward.begin(), forward.end());
    QCOMPARE(reversed, forward);
    QVERIFY(!back2.cursor.has_value());
}

void TestKVStoreList::cursorMustFallInsideTheRange()
{
    const std::string outside = "kvs: list cursor is outside the selector range";
    ListOptions o;
    o.cursor = encodeCursor(encodeKey(k("[\"v\"]")));
    QVERIFY(
        throwsWith<RangeError>([&] { (void)m_store.list(prefixed("[\"users\"]"), o); }, outside));
    o.cursor = "AA=="; // 0x00: below every child (kvs <= 0.3.1 let this read everything)
    QVERIFY(
        throwsWith<RangeError>([&] { (void)m_store.list(prefixed("[\"users\"]"), o); }, outside));
    o.cursor = "/w=="; // 0xff: above
    QVERIFY(
        throwsWith<RangeError>([&] { (void)m_store.list(prefixed("[\"users\"]"), o); }, outside));
    // A cursor from the whole prefix that points before a narrowed start.
    o.cursor = encodeCursor(encodeKey(k("[\"orders\", \"2026-08\", 1]")));
    QVERIFY(throwsWith<RangeError>(
        [&] { (void)m_store.list(prefixed("[\"orders\"]", "[\"orders\", \"2026-09\"]"), o); },
        outside));
    // The end bound is exclusive for cursors too.
    o.cursor = encodeCursor(encodeKey(k("[\"orders\", \"2026-10\"]")));
    QVERIFY(throwsWith<RangeError>(
        [&] { (void)m_store.list(range("[\"orders\"]", "[\"orders\", \"2026-10\"]"), o); },
        outside));
    o.cursor = "not base64!";
    QVERIFY(throwsWith<RangeError>([&] { (void)m_store.list(prefixed("[\"users\"]"), o); },
                                   "kvs: list cursor is not valid base64: \"not base64!\""));
}

void TestKVStoreList::cursorIsReusableWithAnotherSelector()
{
    ListOptions o;
    o.cursor = encodeCursor(encodeKey(k("[\"orders\", \"2026-09\", 1]")));
    const auto page = m_store.list(range("[\"orders\"]", "[\"orders\", \"2026-10\"]"), o);
    QCOMPARE(keysOf(page), std::vector<std::string>{"[\"orders\", \"2026-09\", 2]"});
}

void TestKVStoreList::expiredEntriesAreSkipped()
{
    KVStore store(":memory:");
    store.set({"t", 1}, Value(1));
    store.set({"t", 2}, Value(2), {0.0});
    store.set({"t", 3}, Value(3));
    QCOMPARE(keysOf(store.list(prefixed("[\"t\"]"))),
             (std::vector<std::string>{"[\"t\", 1]", "[\"t\", 3]"}));
    ListOptions o;
    o.limit = 1;
    const auto page = store.list(prefixed("[\"t\"]"), o);
    o.cursor = page.cursor;
    QCOMPARE(keysOf(store.list(prefixed("[\"t\"]"), o)), std::vector<std::string>{"[\"t\", 3]"});
}

QTEST_GUILESS_MAIN(TestKVStoreList)
#include "tst_kvstore_list.moc"
