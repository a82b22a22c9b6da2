// Search inside values (kvs/value_search.h) on PostgreSQL: the same behaviour as on SQLite
// (value_search_cases.h), rows that are not UTF-8 (the prefilter reads bytea, so no query
// fails), and round trips through the bench's delay proxy: only candidate rows travel, in at
// most candidates / page + 10 statements.
#include "bench/baselines/delay_proxy.h"
#include "support/postgres_test_server.h"
#include "support/test_support.h"
#include "value_search_cases.h"

using namespace kvs;

namespace {

class PostgresBackend : public test::SearchBackend
{
public:
    explicit PostgresBackend(const std::string &url = test::postgresUrl())
        : m_schema(test::freshSchema("vsearch"))
    {
        AsyncKVStoreSettings settings;
        settings.schema = m_schema;
        settings.clock = clock;
        settings.maintenanceInterval = std::chrono::milliseconds(0);
        m_store = std::make_unique<AsyncKVStore>(url, settings);
        m_store->get({"warm"}).waitForFinished(); // creates the schema and tables
    }
    ~PostgresBackend() override
    {
        m_store->close().waitForFinished();
        m_admin.exec("DROP SCHEMA \"" + m_schema + "\" CASCADE");
    }

    AsyncKVStore &store() override { return *m_store; }

    void writeRow(const std::string &key,
                  const std::string &value,
                  std::optional<std::int64_t> expiresAt) override
    {
        const auto hex = [](const std::string &bytes) {
            return QByteArray::fromStdString(bytes).toHex().toStdString();
        };
        m_admin.exec("INSERT INTO \"" + m_schema + "\".kv VALUES ('\\x" + hex(key) + "', '\\x"
                     + hex(value) + "', 1, "
                     + (expiresAt ? std::to_string(*expiresAt) : std::string("NULL")) + ")");
    }

    void exec(const std::string &sql) { m_admin.exec(sql); }
    const std::string &schema() const { return m_schema; }

private:
    std::string m_schema;
    test::PgAdmin m_admin;
    std::unique_ptr<AsyncKVStore> m_store;
};

} // namespace

class TestValueSearchPostgres : public QObject
{
    Q_OBJECT

private slots:
    void criteria()
    {
        PostgresBackend b;
        test::searchCriteria(b);
    }
    void expiredAndUndecodableRows()
    {
        PostgresBackend b;
        test::expiredAndUndecodableRows(b);
    }
    void pagesLimitAndCancel()
    {
        PostgresBackend b;
        test::pagesLimitAndCancel(b);
    }
    void prefilteredEqualsFull()
    {
        PostgresBackend b;
        test::prefilteredEqualsFull(b, 300);
    }
    void scanValuesFollowsTheRule()
    {
        PostgresBackend b;
        test::scanValuesFollowsTheRule(b);
    }

    // Bytes that are not UTF-8 anywhere in a value: the case-insensitive prefilter reads the
    // bytea through encode(..., 'escape'), so the statement never fails on them.
    void rowsThatAreNotUtf8NeverFailTheQuery()
    {
        PostgresBackend b;
        b.insertRaw(encodeKey({"x", 1}), std::string("\xff\xfe\x00\x80needle", 10));
        b.insertRaw(encodeKey({"x", 2}), encodeValue(Value("a NEEDLE")));
        for (const bool matchCase : {true, false}) {
            const test::SearchRun run
                = test::runSearch(b.store(), test::textQuery("needle", matchCase), {}, b.clock);
            QCOMPARE(run.keys, matchCase ? test::literals({}) : test::literals({R"(["x", 2])"}));
            QCOMPARE(run.counts.undecodable, std::int64_t(1)); // a candidate that does not decode
        }
    }

    // Through the bench's proxy: a search of 20,000 rows of which 1 % hold the text takes at
    // most candidates / page + 10 statements, and the statements bring back only candidates.
    void aTextSearchTransfersOnlyCandidates()
    {
        bench::DelayProxy proxy(test::postgresUrl(), std::chrono::microseconds(0));
        // One connection, as `kvs bench --ops find` counts: the pool's other workers connect on
        // first use (about five round trips each, with the pooler check), and whether the
        // read-ahead reaches one of them inside the counted search varies from run to run.
        PostgresBackend b(test::withParameter(proxy.url(), "pool_max=1"));
        constexpr int kRows = 20000;
        for (int i = 0; i < kRows; i += 1000) {
            b.exec(
                "INSERT INTO \"" + b.schema()
                + "\".kv SELECT '\\x0261'::bytea || convert_to(lpad(n::text, 6, '0'), 'UTF8') || "
                  "'\\x00'::bytea, convert_to(CASE WHEN n % 100 "
                  "= 0 THEN '{\"status\":\"rare\"}' ELSE '{\"status\":\"common\"}' END, "
                  "'UTF8'), 1, NULL FROM generate_series("
                + std::to_string(i) + ", " + std::to_string(i + 999) + ") n");
        }
        ValueSearchOptions options;
        options.pageSize = 20;
        options.clock = b.clock;
        ValueSearchQuery query;
        query.range = KeyRange::everything();
        query.text = "rare";
        query.matchCase = true;
        {
            ValueSearch warm(b.store(), query, options); // opens the store, prepares
            (void)warm.next();
        }
        const std::int64_t before = proxy.roundTrips();
        ValueSearch search(b.store(), query, options);
        std::int64_t found = 0;
        while (!search.done())
            found += std::int64_t(search.next().matches.size());
        const std::int64_t roundTrips = proxy.roundTrips() - before;
        QCOMPARE(found, std::int64_t(kRows / 100));
        QCOMPARE(search.counts().scanned, std::int64_t(kRows));
        qInfo("%lld rows, %lld candidates: %lld round trips (at most %lld)",
              static_cast<long long>(kRows),
              static_cast<long long>(found),
              static_cast<long long>(roundTrips),
              static_cast<long long>(found / options.pageSize + 10));
        QVERIFY2(roundTrips <= found / options.pageSize + 10, std::to_string(roundTrips).c_str());

        // One statement's rows: the candidates only (the scan's last row has no value).
        const ValuePrefilter rare{"rare", false, false, false};
        const ValueScanPage page
            = b.store()
                  .adapter()
                  .scanValues(
                      query.range.lower, query.range.upper, b.clock->now(), rare, 1000, kRows)
                  .result();
        QCOMPARE(page.rows.size(), std::size_t(kRows / 100));
        QCOMPARE(page.scanned, std::int64_t(kRows));
        QVERIFY(page.resumeAt.has_value()); // it read all it could; the next finds none
        for (const KvRow &row : page.rows)
            QCOMPARE(row.value, std::string(R"({"status":"rare"})"));
    }
};

QTEST_GUILESS_MAIN(TestValueSearchPostgres)
#include "tst_value_search_postgres.moc"
