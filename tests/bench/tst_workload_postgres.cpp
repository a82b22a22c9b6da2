// The workload engine on the PostgreSQL of the test command: its kvsbench_ tables are created
// and dropped by the run, and a schema that already holds such tables is refused and kept.

#include "bench/workload/workload_engine.h"
#include "support/postgres_test_server.h"

#include <kvs/errors.h>

#include <QTest>

#include <atomic>

using namespace kvs::bench;

namespace {

// The test server's URL with search_path set to schema, which is created.
std::string urlInFreshSchema(kvs::test::PgAdmin &admin, const char *tag, std::string &schema)
{
    schema = kvs::test::freshSchema(tag);
    admin.exec("CREATE SCHEMA " + schema);
    return kvs::test::withParameter(kvs::test::postgresUrl(), "options=-csearch_path%3D" + schema);
}

std::string scratchRelationCount(kvs::test::PgAdmin &admin, const std::string &schema)
{
    return admin.exec("SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = "
                      "c.relnamespace WHERE n.nspname = '"
                      + schema + "' AND c.relkind IN ('r', 'S') AND c.relname LIKE 'kvsbench\\_%'");
}

} // namespace

class TestWorkloadPostgres : public QObject
{
    Q_OBJECT

private slots:
    void runCreatesAndDropsItsTables()
    {
        kvs::test::PgAdmin admin;
        std::string schema;
        WorkloadConfig config;
        config.db = urlInFreshSchema(admin, "bench_run", schema);
        config.workload = "ycsb-f";
        config.seconds = 0.3;
        config.warmupSeconds = 0;
        config.keys = 300;
        config.concurrency = 8;
        config.poolSize = 4;
        std::string tablesDuringRun;
        RunCallbacks callbacks;
        callbacks.onLoaded = [&](const LoadPhase &) {
            tablesDuringRun = scratchRelationCount(admin, schema);
        };
        const std::atomic<bool> cancel{false};
        const RunResult result = runWorkload(config, callbacks, cancel);
        QCOMPARE(QString::fromStdString(tablesDuringRun),
                 QStringLiteral("5")); // meta, kv, queue and two sequences
        QCOMPARE(scratchRelationCount(admin, schema), std::string("0"));
        QCOMPARE(result.backend, std::string("postgres"));
        QCOMPARE(result.serverVersion.substr(0, 3), std::string("15."));
        QCOMPARE(result.load.keys, 300U);
        QVERIFY(result.all.ops > 0);
        QCOMPARE(result.all.ops + result.all.errors,
                 result.ops[0].ops + result.ops[0].errors + result.ops[1].ops
                     + result.ops[1].errors);
    }

    void queueWorkloadReachesItsListeners()
    {
        kvs::test::PgAdmin admin;
        std::string schema;
        WorkloadConfig config;
        config.db = urlInFreshSchema(admin, "bench_queue", schema);
        config.workload = "queue";
        config.seconds = 0.5;
        config.warmupSeconds = 0;
        config.concurrency = 4;
        config.listeners = 2;
        config.listenerConcurrency = 2;
        const std::atomic<bool> cancel{false};
        const RunResult result = runWorkload(config, {}, cancel);
        QCOMPARE(result.ops.size(), std::size_t(2));
        QCOMPARE(result.ops[0].op, std::string("enqueue"));
        QCOMPARE(result.ops[1].op, std::string("handler"));
        QVERIFY(result.ops[0].ops > 0);
        QVERIFY(result.ops[1].ops > 0);
        QCOMPARE(result.all.errors, 0U);
        QCOMPARE(scratchRelationCount(admin, schema), std::string("0"));
    }

    void schemaHoldingScratchTablesIsRefusedAndKept()
    {
        kvs::test::PgAdmin admin;
        std::string schema;
        WorkloadConfig config;
        config.db = urlInFreshSchema(admin, "bench_guard", schema);
        admin.exec("CREATE TABLE " + schema + ".kvsbench_kv (note text); INSERT INTO " + schema
                   + ".kvsbench_kv VALUES ('not yours')");
        config.seconds = 0.1;
        const std::atomic<bool> cancel{false};
        try {
            (void)runWorkload(config, {}, cancel);
            QFAIL("no error");
        } catch (const kvs::Error &error) {
            QCOMPARE(QString::fromUtf8(error.what()),
                     QStringLiteral("kvs: bench: the schema already holds kvsbench_kv; a workload "
                                    "run creates its own kvsbench_ tables and drops them at the "
                                    "end, and never uses tables it did not create (drop them if "
                                    "an earlier run left them)"));
        }
        QCOMPARE(admin.exec("SELECT note FROM " + schema + ".kvsbench_kv"),
                 std::string("not yours"));
        QCOMPARE(scratchRelationCount(admin, schema), std::string("1"));
    }
};

QTEST_GUILESS_MAIN(TestWorkloadPostgres)
#include "tst_workload_postgres.moc"
