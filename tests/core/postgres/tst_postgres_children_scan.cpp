// listChildren() on PostgreSQL reads a page's skip-scan in one recursive statement: a page costs
// a bounded number of round trips (counted through the bench's delay proxy, with no delay), and
// its pages are the ones the same keys give on SQLite, where the scan seeks one child at a time
// (strings with escaped 0x00, bytes, numbers, bigints, booleans, undecodable rows, ranges,
// cursors, expiry).
#include "bench/baselines/delay_proxy.h"
#include "support/postgres_test_server.h"
#include "support/raw_sqlite.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/key.h>
#include <kvs/kvstore.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <QTemporaryDir>
#include <QTest>

using namespace kvs;
using kvs::test::PgAdmin;

namespace {

std::string hexOf(const std::string &bytes)
{
    return QByteArray::fromStdString(bytes).toHex().toStdString();
}

// Each child as "literal|hex|value mark|children mark", and the cursor.
std::vector<std::string> describe(const ChildrenPage &page)
{
    std::vector<std::string> out;
    for (const KeyChild &child : page.children) {
        out.push_back((child.part ? printKeyLiteral(Key{*child.part}) : std::string("raw")) + "|"
                      + hexOf(child.encoded) + "|" + (child.hasValue ? "v" : "-")
                      + (child.hasChildren ? "c" : "-"));
    }
    out.push_back("cursor:" + page.cursor.value_or(""));
    return out;
}

// Keys whose parts end in every way the key encoding has, and rows that do not decode.
std::vector<std::string> trickyKeys()
{
    std::vector<std::string> keys;
    for (const char *literal : {R"(["n"])",
                                R"(["n", "a"])",
                                R"(["n", "a", 1])",
                                R"(["n", "a\u0000"])",
                                R"(["n", "a\u0000b", true])",
                                R"(["n", "a\u0000\u0000"])",
                                R"(["n", "\u0000"])",
                                R"(["n", ""])",
                                R"(["n", "", ""])",
                                R"(["n", "zz\u00ff\uffff"])",
                                R"(["n", new Uint8Array([0, 255, 0])])",
                                R"(["n", new Uint8Array([255]), 2])",
                                R"(["n", new Uint8Array([])])",
                                R"(["n", -1.5])",
                                R"(["n", 0])",
                                R"(["n", 0, false])",
                                R"(["n", 1e300, "x"])",
                                R"(["n", -5n])",
                                R"(["n", -5n, 1])",
                                R"(["n", 0n])",
                                R"(["n", 123456789012345678901234567890n, "big"])",
                                R"(["n", -123456789012345678901234567890n])",
                                R"(["n", false])",
                                R"(["n", true, true])",
                                R"(["m", 1])"}) {
        keys.push_back(encodeKey(parseKeyLiteral(literal)));
    }
    const std::string n = encodeKey({"n"});
    for (const std::string &raw : {n
                                       + "\x02"
                                         "ab", // a string without its end
                                   n
                                       + "\x02"
                                         "c\x00\xff",          // an escape at the end
                                   n + "\x03\x01\x02",         // a number cut short
                                   n + "\x04\x01\x05\x01",     // a bigint cut short
                                   n + "\x04\x02\x01\x01\x00", // a bigint sign that is not one
                                   n + "\x05\x01",             // false without its separator
                                   n + "\x06",                 // true cut short
                                   n + "\x09",                 // no such tag
                                   n + "\x05\x00\xff\x01", // 0xff after a part that is no string
                                   n
                                       + "\x02"
                                         "d\x00\xff"}) { // escape at the end, string sibling
        keys.push_back(raw);
    }
    return keys;
}

class SqliteAndPostgres
{
public:
    explicit SqliteAndPostgres(const std::string &schema)
        : m_schema(schema)
    {
        AsyncKVStoreSettings settings;
        settings.schema = schema;
        settings.clock = m_clock;
        settings.maintenanceInterval = std::chrono::milliseconds(0);
        postgres = std::make_unique<AsyncKVStore>(kvs::test::postgresUrl(), settings);
        postgres->get({"warm"}).waitForFinished(); // creates the schema
        KVStoreOptions options;
        options.clock = m_clock;
        m_path = m_dir.filePath(QStringLiteral("a.db")).toStdString();
        sqlite = std::make_unique<KVStore>(m_path, options);
    }

    // The row on both, as stored (undecodable keys too); expiresAt in the clock's ms.
    void insert(const std::string &key, std::optional<std::int64_t> expiresAt = std::nullopt)
    {
        const std::string value = encodeValue(Value(1.0));
        const std::string expiry = expiresAt ? std::to_string(*expiresAt) : "NULL";
        m_admin.exec("INSERT INTO \"" + m_schema + "\".kv VALUES ('\\x" + hexOf(key) + "', '\\x"
                     + hexOf(value) + "', 1, " + expiry + ")");
        kvs::test::RawSqlite(m_path).exec("INSERT INTO kv (key, value, version, expires_at) VALUES "
                                          "(x'"
                                          + hexOf(key) + "', x'" + hexOf(value) + "', 1, " + expiry
                                          + ")");
    }

    std::unique_ptr<AsyncKVStore> postgres;
    std::unique_ptr<KVStore> sqlite;

private:
    std::string m_schema;
    std::shared_ptr<ManualClock> m_clock = std::make_shared<ManualClock>(1'000'000);
    QTemporaryDir m_dir;
    std::string m_path;
    PgAdmin m_admin;
};

} // namespace

class TestPostgresChildrenScan : public QObject
{
    Q_OBJECT

private slots:
    void pageOfAThousandChildrenTakesFewRoundTrips()
    {
        const std::string schema = kvs::test::freshSchema("scanrt");
        AsyncKVStoreSettings settings;
        settings.schema = schema;
        settings.maintenanceInterval = std::chrono::milliseconds(0);
        bench::DelayProxy proxy(kvs::test::postgresUrl(), std::chrono::microseconds(0));
        // One connection: a pool worker connecting on first use inside a counted call would add
        // its own set-up's round trips.
        AsyncKVStore store(kvs::test::withParameter(proxy.url(), "pool_max=1"), settings);
        std::vector<std::string> expected;
        for (int i = 0; i < 1000; i += 100) {
            auto atomic = store.atomic();
            for (int j = i; j < i + 100; ++j) {
                atomic.set({"wide", j}, Value(1.0));
                if (j % 3 == 0)
                    atomic.set({"wide", j, "below"}, Value(2.0));
            }
            QVERIFY(atomic.commit().result().ok);
        }
        const ChildrenSelector wide{{"wide"}, {}, {}};
        ChildrenOptions options;
        options.limit = 1000;
        store.listChildren(wide, options).waitForFinished(); // prepares the statement
        const std::int64_t before = proxy.roundTrips();
        const ChildrenPage page = store.listChildren(wide, options).result();
        const std::int64_t roundTrips = proxy.roundTrips() - before;
        QVERIFY2(roundTrips <= 3, std::to_string(roundTrips).c_str());
        QCOMPARE(page.children.size(), std::size_t(1000));
        for (int i = 0; i < 1000; ++i) {
            const KeyChild &child = page.children[std::size_t(i)];
            QCOMPARE(child.encoded, encodeKey({"wide", i}));
            QVERIFY(child.hasValue);
            QCOMPARE(child.hasChildren, i % 3 == 0);
        }
        QVERIFY(!page.cursor.has_value()); // full, and nothing follows (issue 31)

        // Pages of 300 follow their cursors, one statement each.
        options.limit = 300;
        std::size_t total = 0;
        const std::int64_t pagedBefore = proxy.roundTrips();
        for (int pages = 1;; ++pages) {
            const ChildrenPage part = store.listChildren(wide, options).result();
            QCOMPARE(part.children.front().encoded, encodeKey({"wide", int(total)}));
            total += part.children.size();
            if (!part.cursor) {
                QCOMPARE(pages, 4);
                break;
            }
            options.cursor = part.cursor;
        }
        QCOMPARE(total, std::size_t(1000));
        QVERIFY(proxy.roundTrips() - pagedBefore <= 4 * 3);
        store.close().waitForFinished();
        PgAdmin().exec("DROP SCHEMA \"" + schema + "\" CASCADE");
    }

    void pagesAreTheSameAsOnSqlite()
    {
        const std::string schema = kvs::test::freshSchema("scaneq");
        SqliteAndPostgres stores(schema);
        for (const std::string &key : trickyKeys())
            stores.insert(key);
        stores.insert(encodeKey(parseKeyLiteral(R"(["n", "expired"])")), 500'000);
        stores.insert(encodeKey(parseKeyLiteral(R"(["n", 7, "expired"])")), 500'000);
        stores.insert(encodeKey(parseKeyLiteral(R"(["n", 7])")), 2'000'000);

        std::vector<ChildrenSelector> selectors{
            {{}, {}, {}},
            {{"n"}, {}, {}},
            {{"n"}, parseKeyLiteral(R"(["n", "a\u0000"])"), parseKeyLiteral(R"(["n", 0n])")},
            {{"n"}, parseKeyLiteral(R"(["n", 0])"), {}},
            {{"n", "a"}, {}, {}},
            {parseKeyLiteral(R"(["n", -5n])"), {}, {}},
        };
        int compared = 0;
        for (const ChildrenSelector &selector : selectors) {
            for (const double limit : {1.0, 2.0, 3.0, 1000.0}) {
                for (const bool reverse : {false, true}) {
                    ChildrenOptions options;
                    options.limit = limit;
                    options.reverse = reverse;
                    for (int pages = 0; pages < 100; ++pages) {
                        const ChildrenPage expected
                            = stores.sqlite->listChildren(selector, options);
                        const ChildrenPage actual
                            = stores.postgres->listChildren(selector, options).result();
                        QCOMPARE(describe(actual), describe(expected));
                        ++compared;
                        if (!expected.cursor)
                            break;
                        options.cursor = expected.cursor;
                    }
                }
            }
        }
        QVERIFY(compared > 100);
        stores.postgres->close().waitForFinished();
        PgAdmin().exec("DROP SCHEMA \"" + schema + "\" CASCADE");
    }
};

QTEST_GUILESS_MAIN(TestPostgresChildrenScan)
#include "tst_postgres_children_scan.moc"
