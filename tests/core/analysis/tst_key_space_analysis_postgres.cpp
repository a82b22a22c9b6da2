// Key-space analysis (kvs/key_space_analysis.h) on PostgreSQL: the same figures as on SQLite
// (key_space_cases.h), each against a brute-force count over generated rows.
#include "key_space_cases.h"
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
};

QTEST_GUILESS_MAIN(TestKeySpaceAnalysisPostgres)
#include "tst_key_space_analysis_postgres.moc"
