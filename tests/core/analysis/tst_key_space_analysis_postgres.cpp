// Key-space analysis (kvs/key_space_analysis.h) on PostgreSQL: the same figures as on SQLite
// (key_space_cases.h), each against a brute-force count over generated rows; the queue section
// (store_figures_cases.h) and the relations' sizes and statistics against the test's own reads.
#include "key_space_cases.h"
#include "store_figures_cases.h"
#include "support/postgres_test_server.h"
#include "support/test_support.h"

using namespace kvs;

namespace {

class PostgresBackend : public test::AnalysisBackend
{
public:
    PostgresBackend()
        : m_schema(test::freshSchema("analysis"))
    {
        AsyncKVStoreSettings settings;
        settings.schema = m_schema;
        settings.clock = clock;
        settings.maintenanceInterval = std::chrono::milliseconds(0);
        settings.queue.doneRetention = test::kDoneRetention;
        m_store = std::make_unique<AsyncKVStore>(test::postgresUrl(), settings);
        m_store->get({"warm"}).waitForFinished(); // creates the schema and tables
    }
    ~PostgresBackend() override
    {
        m_store->close().waitForFinished();
        m_admin.exec("DROP SCHEMA \"" + m_schema + "\" CASCADE");
    }

    AsyncKVStore &store() override { return *m_store; }

    // The cases write SQLite's X'..' literals; PostgreSQL reads bytea from '\x..'.
    void insertRows(const std::string &valuesList) override
    {
        std::string list = valuesList;
        for (std::size_t at = list.find("X'"); at != std::string::npos; at = list.find("X'", at))
            list.replace(at, 2, "'\\x");
        m_admin.exec("INSERT INTO \"" + m_schema + "\".kv VALUES " + list);
    }

    const std::string &schema() const { return m_schema; }
    test::PgAdmin &admin() { return m_admin; }

private:
    std::string m_schema;
    test::PgAdmin m_admin;
    std::unique_ptr<AsyncKVStore> m_store;
};

} // namespace

class TestKeySpaceAnalysisPostgres : public QObject
{
    Q_OBJECT

private slots:
    void exactWholeTable()
    {
        PostgresBackend b;
        test::exactWholeTable(b);
    }
    void exactSubtree()
    {
        PostgresBackend b;
        test::exactSubtree(b);
    }
    void pagesGrowToPageBytes()
    {
        PostgresBackend b;
        test::pagesGrowToPageBytes(b);
    }
    void slowPagesStaySmall()
    {
        PostgresBackend b;
        test::slowPagesStaySmall(b);
    }
    void exactInLargePages()
    {
        PostgresBackend b;
        test::exactInLargePages(b);
    }
    void budgetAndCancel()
    {
        PostgresBackend b;
        test::budgetAndCancel(b);
    }
    void badRequests()
    {
        PostgresBackend b;
        test::badRequests(b);
    }
    void emptyTable()
    {
        PostgresBackend b;
        test::emptyTable(b);
    }

    void queueSection()
    {
        PostgresBackend b;
        test::queueSection(b);
    }

    // Every relation of the store with its sizes (TOASTed values make a TOAST table), and the
    // dead tuples and last vacuum and analyze as pg_stat_user_tables tells the test: statistics
    // arrive asynchronously, so the test flushes its own (pg_stat_force_next_flush) and waits
    // for them with a deadline; the report's figure lies between the test's reads before and
    // after it.
    void storageSection()
    {
        PostgresBackend b;
        test::PgAdmin &admin = b.admin();
        const std::string kv = "\"" + b.schema() + "\".kv";
        admin.exec("ALTER TABLE " + kv + " SET (autovacuum_enabled = false)");
        // 10 kB of hex text per value: more than a page holds, so it goes to the TOAST table.
        admin.exec("INSERT INTO " + kv
                   + " (key, value, version, expires_at) SELECT decode('02' || lpad(to_hex(g), 8, "
                     "'0') || '00', 'hex'), convert_to((SELECT string_agg(md5(g::text || "
                     "i::text), '') FROM generate_series(1, 320) i), 'UTF8'), g, NULL FROM "
                     "generate_series(1, 200) g");
        admin.exec("DELETE FROM " + kv + " WHERE version > 50");
        admin.exec("SELECT pg_stat_force_next_flush()");
        const std::string stat
            = "SELECT %s FROM pg_stat_user_tables WHERE relid = to_regclass('" + kv + "')";
        const auto statOf = [&](const char *column) {
            std::string sql = stat;
            sql.replace(sql.find("%s"), 2, column);
            return admin.exec(sql);
        };
        QTRY_VERIFY_WITH_TIMEOUT(statOf("n_dead_tup") == "150", 20000);

        const auto kvOf = [](const KeySpaceReport &report) {
            const PgTableFigures *found = nullptr;
            for (const PgTableFigures &table : report.storage->tables) {
                if (table.table == "kv")
                    found = &table;
            }
            return found ? *found : PgTableFigures{};
        };
        const std::int64_t deadBefore = std::stoll(statOf("n_dead_tup"));
        KeySpaceReport report = analyzeKeySpace(b.store(), {}, test::optionsFor(b));
        const std::int64_t deadAfter = std::stoll(statOf("n_dead_tup"));
        QVERIFY(report.storage && !report.storage->sqlite);
        std::vector<std::string> labels;
        for (const PgTableFigures &table : report.storage->tables)
            labels.push_back(table.table);
        QCOMPARE(labels, (std::vector<std::string>{"kv", "queue", "meta", "kv_versionstamp"}));
        const PgTableFigures table = kvOf(report);
        QVERIFY(table.tableBytes > 0);
        QVERIFY(table.indexBytes > 0);
        QVERIFY(table.toastBytes > 0);
        QCOMPARE(
            table.totalBytes,
            std::stoll(admin.exec("SELECT pg_total_relation_size(to_regclass('" + kv + "'))")));
        QVERIFY(table.totalBytes >= table.tableBytes + table.indexBytes + table.toastBytes);
        QVERIFY(table.deadTuples);
        QVERIFY(*table.deadTuples >= std::min(deadBefore, deadAfter));
        QVERIFY(*table.deadTuples <= std::max(deadBefore, deadAfter));
        QVERIFY(!table.lastVacuum && !table.lastAnalyze);
        // The sequence has sizes but no statistics row.
        QVERIFY(!report.storage->tables.back().deadTuples);
        QVERIFY(report.storage->tables.back().totalBytes > 0);

        // VACUUM removes the dead rows only when no other transaction of the database (another
        // test's, running beside this one) can still see them: vacuumed again until it could.
        const auto vacuumed = [&] {
            admin.exec("VACUUM " + kv);
            admin.exec("ANALYZE " + kv);
            admin.exec("SELECT pg_stat_force_next_flush()");
            return statOf("n_dead_tup") == "0" && !statOf("last_analyze").empty();
        };
        QTRY_VERIFY_WITH_TIMEOUT(vacuumed(), 60000);
        report = analyzeKeySpace(b.store(), {}, test::optionsFor(b));
        const PgTableFigures afterVacuum = kvOf(report);
        QCOMPARE(afterVacuum.deadTuples, std::optional<std::int64_t>(0));
        QCOMPARE(afterVacuum.liveTuples, std::optional<std::int64_t>(50));
        const auto msOf = [&](const char *column) {
            return std::stoll(
                statOf(("(extract(epoch FROM " + std::string(column) + ") * 1000)::int8").c_str()));
        };
        QCOMPARE(afterVacuum.lastVacuum, std::optional<std::int64_t>(msOf("last_vacuum")));
        QCOMPARE(afterVacuum.lastAnalyze, std::optional<std::int64_t>(msOf("last_analyze")));
        QVERIFY(!afterVacuum.lastAutovacuum);
        // No SQLite rules on PostgreSQL.
        QVERIFY(!test::hasRule(report, "free-pages"));
        QVERIFY(!test::hasRule(report, "wal-larger-than-database"));
    }
};

QTEST_GUILESS_MAIN(TestKeySpaceAnalysisPostgres)
#include "tst_key_space_analysis_postgres.moc"
