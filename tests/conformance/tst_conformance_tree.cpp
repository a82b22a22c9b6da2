// KVS Admin's reads that the reference does not have (kvs/key_tree.h), on every backend:
// listChildren() (skip-scan over the distinct next key parts: order, value and children marks,
// string siblings, pages and cursors, reverse, ranges, expiry, undecodable keys, errors) and
// inspect() (a row as stored, expired or not).
#include "conformance/store_under_test.h"
#include "support/test_support.h"

#include <kvs/errors.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <QTest>

using namespace kvs;
using namespace kvs::test;

namespace {

// "part" for a child with a value, "part/" for one with children, "part*/" for both; raw
// children as "raw:<hex>".
std::vector<std::string> describe(const ChildrenPage &page)
{
    std::vector<std::string> out;
    for (const KeyChild &child : page.children) {
        if (!child.part) {
            out.push_back("raw:" + QByteArray::fromStdString(child.encoded).toHex().toStdString());
            continue;
        }
        std::string text = printKeyLiteral(Key{*child.part});
        text = text.substr(1, text.size() - 2); // the part without the key's brackets
        if (child.hasValue && child.hasChildren)
            text += "*/";
        else if (child.hasChildren)
            text += "/";
        out.push_back(text);
    }
    return out;
}

std::vector<std::string> reversed(std::vector<std::string> v)
{
    std::reverse(v.begin(), v.end());
    return v;
}

// Every page of a node's children, following cursors.
std::vector<std::string>
allChildren(StoreUnderTest &store, const ChildrenSelector &selector, ChildrenOptions options)
{
    std::vector<std::string> out;
    for (int pages = 0; pages < 100; ++pages) {
        const ChildrenPage page = store.listChildren(selector, options);
        const auto texts = describe(page);
        out.insert(out.end(), texts.begin(), texts.end());
        if (!page.cursor)
            return out;
        options.cursor = page.cursor;
    }
    qFatal("listChildren() never ended");
}

void fillTree(StoreUnderTest &store)
{
    for (const char *key : {R"(["users"])",
                            R"(["users", "alice"])",
                            R"(["users", "bob", "email"])",
                            R"(["a"])",
                            R"(["a", "b"])",
                            R"(["a\u0000x"])",
                            R"(["orders", 2026, 1, "o-1"])",
                            R"(["orders", 2026, 2, "o-2"])",
                            R"([42])",
                            R"([-1.5, "x"])",
                            R"([1n])",
                            R"([true])",
                            R"([false, 1])",
                            R"([new Uint8Array([0, 255])])"}) {
        store.set(parseKeyLiteral(key), Value(std::string(key)));
    }
}

} // namespace

class TestConformanceTree : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<StoreUnderTest> open(const char *name)
    {
        QFETCH(Backend, backend);
        return openStore(backend, name);
    }

private slots:
    void rootChildrenInKeyOrderWithMarks_data() { addBackendRows(); }
    void rootChildrenInKeyOrderWithMarks()
    {
        auto store = open("tree-root");
        fillTree(*store);
        const std::vector<std::string> expected{"new Uint8Array([0, 255])",
                                                "\"a\"*/",
                                                "\"a\\u0000x\"",
                                                "\"orders\"/",
                                                "\"users\"*/",
                                                "-1.5/",
                                                "42",
                                                "1n",
                                                "false/",
                                                "true"};
        QCOMPARE(describe(store->listChildren({})), expected);
        ChildrenOptions reverse;
        reverse.reverse = true;
        QCOMPARE(describe(store->listChildren({}, reverse)), reversed(expected));
    }

    void nestedChildren_data() { addBackendRows(); }
    void nestedChildren()
    {
        auto store = open("tree-nested");
        fillTree(*store);
        QCOMPARE(describe(store->listChildren({parseKeyLiteral(R"(["users"])"), {}, {}})),
                 (std::vector<std::string>{"\"alice\"", "\"bob\"/"}));
        QCOMPARE(describe(store->listChildren({parseKeyLiteral(R"(["orders", 2026])"), {}, {}})),
                 (std::vector<std::string>{"1/", "2/"}));
        QCOMPARE(describe(store->listChildren({parseKeyLiteral(R"(["a"])"), {}, {}})),
                 (std::vector<std::string>{"\"b\""}));
        // A leaf has no children; the encoded child is the child's own key.
        QVERIFY(store->listChildren({parseKeyLiteral(R"(["users", "alice"])"), {}, {}})
                    .children.empty());
        const ChildrenPage users = store->listChildren({parseKeyLiteral(R"(["users"])"), {}, {}});
        QCOMPARE(users.children.at(1).encoded, encodeKey(parseKeyLiteral(R"(["users", "bob"])")));
    }

    void pagesFollowCursorsBothWays_data() { addBackendRows(); }
    void pagesFollowCursorsBothWays()
    {
        auto store = open("tree-pages");
        std::vector<std::string> expected;
        for (int i = 0; i < 25; ++i) {
            store->set({"p", i}, Value(1.0));
            store->set({"p", i, "deep", "er"}, Value(2.0)); // every child also has children
            expected.push_back(std::to_string(i) + "*/");
        }
        const ChildrenSelector selector{{"p"}, {}, {}};
        ChildrenOptions options;
        options.limit = 10;
        const ChildrenPage first = store->listChildren(selector, options);
        QCOMPARE(first.children.size(), std::size_t(10));
        QVERIFY(first.cursor.has_value());
        QCOMPARE(allChildren(*store, selector, options), expected);
        options.reverse = true;
        QCOMPARE(allChildren(*store, selector, options), reversed(expected));
        // Issue 31: a page that ends exactly at the last child has no cursor (a node of 1,000
        // children showed "1,000+"), both ways, whether the last child has children or not.
        options.limit = 25;
        for (const bool reverse : {false, true}) {
            options.reverse = reverse;
            const ChildrenPage full = store->listChildren(selector, options);
            QCOMPARE(full.children.size(), std::size_t(25));
            QVERIFY(!full.cursor.has_value());
        }
        store->set({"p", 25}, Value(3.0)); // a leaf after them
        options.reverse = false;
        const ChildrenPage leafLast = store->listChildren(selector, options);
        QVERIFY(leafLast.cursor.has_value()); // one more follows
        options.limit = 26;
        QVERIFY(!store->listChildren(selector, options).cursor.has_value());
    }

    void rangeNarrowsChildren_data() { addBackendRows(); }
    void rangeNarrowsChildren()
    {
        auto store = open("tree-range");
        fillTree(*store);
        ChildrenSelector selector;
        selector.start = parseKeyLiteral(R"(["orders", 2026, 2])");
        selector.end = parseKeyLiteral(R"(["users", "b"])");
        // "orders" keeps only its month 2; "users" keeps itself and alice, not bob.
        QCOMPARE(describe(store->listChildren(selector)),
                 (std::vector<std::string>{"\"orders\"/", "\"users\"*/"}));
        ChildrenOptions reverse;
        reverse.reverse = true;
        QCOMPARE(describe(store->listChildren(selector, reverse)),
                 (std::vector<std::string>{"\"users\"*/", "\"orders\"/"}));
        selector.prefix = {"orders", 2026};
        QCOMPARE(describe(store->listChildren(selector)), (std::vector<std::string>{"2/"}));
        selector.start = parseKeyLiteral(R"(["users"])");
        selector.end = parseKeyLiteral(R"(["orders"])");
        QVERIFY(store->listChildren(selector).children.empty()); // an empty range
    }

    void expiredKeysAreNotChildren_data() { addBackendRows(); }
    void expiredKeysAreNotChildren()
    {
        auto store = open("tree-expiry");
        SetOptions expired;
        expired.ttl = 0;
        store->set({"s", "gone"}, Value(1.0), expired);
        store->set({"s", "kept", "x"}, Value(1.0));
        store->set({"s", "kept"}, Value(1.0), expired);
        QCOMPARE(describe(store->listChildren({{"s"}, {}, {}})),
                 (std::vector<std::string>{"\"kept\"/"}));
    }

    void undecodableKeysAreRawChildren_data() { addBackendRows(); }
    void undecodableKeysAreRawChildren()
    {
        auto store = open("tree-raw");
        store->set({"legacy", "a"}, Value(1.0));
        store->set({"legacy", "z"}, Value(1.0));
        // A number part cut short, and a tag that does not exist: neither decodes.
        const std::string raw = encodeKey({"legacy"}) + "\x03\x01\x02";
        const std::string unknownTag = encodeKey({"legacy"}) + "\x09";
        store->insertRawRow(unknownTag, encodeValue(Value(8.0)), 98);
        // 0xff after a number part: not a string sibling, not a child of 5 either.
        store->set({"legacy", 5}, Value(5.0));
        const std::string afterNumber = encodeKey({"legacy", 5}) + "\xff\x01";
        store->insertRawRow(afterNumber, encodeValue(Value(9.0)), 97);
        store->insertRawRow(raw, encodeValue(Value(7.0)), 99);
        const std::string hexRaw = QByteArray::fromStdString(raw).toHex().toStdString();
        const std::string hexUnknown = QByteArray::fromStdString(unknownTag).toHex().toStdString();
        const std::vector<std::string> expected{
            "\"a\"",
            "\"z\"",
            "raw:" + hexRaw,
            "5",
            "raw:" + QByteArray::fromStdString(afterNumber).toHex().toStdString(),
            "raw:" + hexUnknown};
        QCOMPARE(describe(store->listChildren({{"legacy"}, {}, {}})), expected);
        ChildrenOptions reverse;
        reverse.reverse = true;
        QCOMPARE(describe(store->listChildren({{"legacy"}, {}, {}}, reverse)), reversed(expected));
        const std::optional<RawEntry> row = store->inspect(raw);
        QVERIFY(row.has_value());
        QCOMPARE(row->version, 99);
        QCOMPARE(decodeValue(row->value).asNumber(), 7.0);
    }

    void listChildrenErrors_data() { addBackendRows(); }
    void listChildrenErrors()
    {
        auto store = open("tree-errors");
        ChildrenOptions options;
        options.limit = 0;
        QVERIFY(throwsWith<RangeError>([&] { (void)store->listChildren({}, options); },
                                       "kvs: listChildren() limit must be an integer >= 1, got 0"));
        options.limit = 1.5;
        QVERIFY(
            throwsWith<RangeError>([&] { (void)store->listChildren({}, options); },
                                   "kvs: listChildren() limit must be an integer >= 1, got 1.5"));
        options.limit = 10;
        options.cursor = encodeCursor(encodeKey({"elsewhere"}));
        QVERIFY(throwsWith<RangeError>(
            [&] {
                (void)store->listChildren({{"here"}, {}, {}}, options);
            },
            "kvs: list cursor is outside the selector range"));
        QVERIFY(throwsWith<RangeError>(
            [&] {
                (void)store->listChildren({{std::string(3000, 'k')}, {}, {}});
            },
            "kvs: key is 3002 bytes encoded, over the 2048-byte limit (maxKeySize)"));
    }

    void inspectReadsRowsAsStored_data() { addBackendRows(); }
    void inspectReadsRowsAsStored()
    {
        auto store = open("tree-inspect");
        const Key key{"config", "theme"};
        const Value value = parseLiteral(R"({mode: "dark", since: new Date(0)})");
        const CommitResult written = store->set(key, value);
        std::optional<RawEntry> row = store->inspect(encodeKey(key));
        QVERIFY(row.has_value());
        QCOMPARE(row->key, encodeKey(key));
        QCOMPARE(row->value, encodeValue(value));
        QCOMPARE(row->version, written.version);
        QVERIFY(!row->expiresAt.has_value());
        QVERIFY(!row->expired);

        SetOptions ttl;
        ttl.ttl = 0; // expired at once, and nothing cleans it before the read
        store->set({"session", 1}, Value(std::string("s")), ttl);
        QVERIFY(!store->get({"session", 1}).has_value());
        row = store->inspect(encodeKey({"session", 1}));
        QVERIFY(row.has_value());
        QVERIFY(row->expired);
        QVERIFY(row->expiresAt.has_value());

        ttl.ttl = 3'600'000;
        store->set({"session", 2}, Value(std::string("s")), ttl);
        row = store->inspect(encodeKey({"session", 2}));
        QVERIFY(row.has_value() && !row->expired && row->expiresAt.has_value());

        QVERIFY(!store->inspect(encodeKey({"missing"})).has_value());
    }
};

KVS_CONFORMANCE_MAIN(TestConformanceTree)
#include "tst_conformance_tree.moc"
