// Issue 32: kvs through PgBouncer 1.18. The run's PgBouncer (scripts/pgbouncer-test.sh, started by
// the test command) has PgBouncer's default settings, which refuse a startup packet with options;
// in transaction pooling each transaction may run on another server connection, where a named
// statement prepared earlier does not exist, or exists with another store's SQL, and a pipeline
// spanning two transactions can reach two server connections mid-message. A PgBouncer of
// the test's own has an operator's usual workaround (ignore_startup_parameters = options) and a
// pool of two server connections, so the test decides which one a transaction gets.
#include "postgres/pq_connection.h"
#include "support/own_pgbouncer.h"
#include "support/postgres_test_server.h"
#include "support/test_paths.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>

#include <QFuture>
#include <QProcess>
#include <QTest>

#include <chrono>
#include <vector>

using namespace kvs;
using namespace std::chrono_literals;

namespace {

AsyncKVStoreSettings inSchema(const std::string &schema)
{
    AsyncKVStoreSettings settings;
    settings.schema = schema;
    return settings;
}

ListSelector below(Key prefix)
{
    ListSelector selector;
    selector.prefix = std::move(prefix);
    return selector;
}

std::string text(const detail::PqResult &result)
{
    return std::string(result.bytes(0, 0));
}

} // namespace

class TestPostgresPgBouncer : public QObject
{
    Q_OBJECT

private slots:
    void storeWorksThroughTransactionPooling();
    void storeWorksThroughSessionPooling();
    void aConnectionFindsThePoolerFromItsRefusedOptions();
    void jitIsOffForEachStatementAndNotLeftOnTheServerConnection();
    void concurrentCallsThroughTransactionPoolingAllSucceed();
    void aPoolerIgnoringTheOptionsIsFoundAndNeverRunsAnotherStoresSql();
    void benchRefusesRawBaselinesThroughThePooler();
};

void TestPostgresPgBouncer::storeWorksThroughTransactionPooling()
{
    AsyncKVStore store(test::pgBouncerUrl(), inSchema(test::freshSchema("bouncer_tx")));
    QVERIFY(store.set({"users", 1}, Value(std::string("ada"))).result().ok);
    const std::optional<Entry> got = store.get({"users", 1}).result();
    QVERIFY(got);
    QCOMPARE(got->value.asString(), std::string("ada"));
    AsyncAtomicOperation op = store.atomic();
    op.check(Check{{"users", 1}, got->version}).set({"users", 2}, Value(std::string("grace")));
    QVERIFY(op.commit().result().ok);
    QCOMPARE(store.increment({"count"}, 2).result(), 2.0);
    QCOMPARE(store.list(below({"users"})).result().entries.size(), std::size_t(2));
    QueueOptions onT;
    onT.topic = "t";
    (void)store.enqueue(Value(std::string("job")), onT).result();
    const std::vector<QueueMessage> leased = store.dequeue("t").result();
    QCOMPARE(leased.size(), std::size_t(1));
    QVERIFY(store.acknowledge(leased[0].id, leased[0].token).result());
}

void TestPostgresPgBouncer::storeWorksThroughSessionPooling()
{
    AsyncKVStore store(test::pgBouncerSessionUrl(), inSchema(test::freshSchema("bouncer_s")));
    QVERIFY(store.set({"k"}, Value(1)).result().ok);
    QCOMPARE(store.get({"k"}).result()->value.asNumber(), 1.0);
}

void TestPostgresPgBouncer::aConnectionFindsThePoolerFromItsRefusedOptions()
{
    const detail::PqConnection pooled(test::pgBouncerUrl(), 10s);
    QVERIFY(pooled.pooled());
    const detail::PqConnection direct(test::postgresUrl(), 10s);
    QVERIFY(!direct.pooled());
}

void TestPostgresPgBouncer::jitIsOffForEachStatementAndNotLeftOnTheServerConnection()
{
    test::PgAdmin admin;
    QCOMPARE(admin.exec("SHOW jit"), std::string("on")); // the server's default
    detail::PqConnection pooled(test::pgBouncerUrl(), 10s);
    const detail::PqStatement probe{"jit_probe", "SELECT current_setting('jit')"};
    QCOMPARE(text(pooled.run(probe, {})), std::string("off"));
    // The setting lasted for that statement's transaction only: the server connection the pooler
    // hands to the next transaction has the server's default.
    QCOMPARE(text(pooled.exec("SELECT current_setting('jit')")), std::string("on"));
    QCOMPARE(text(pooled.run(probe, {})), std::string("off"));
}

void TestPostgresPgBouncer::concurrentCallsThroughTransactionPoolingAllSucceed()
{
    // Before issue 32, a 16-way workload through PgBouncer (once it let kvs connect) failed 7,703
    // of 72,000 calls: "prepared statement "kvs_advisory_lock" already exists".
    AsyncKVStore store(test::withParameter(test::pgBouncerUrl(), "pool_max=8"),
                       inSchema(test::freshSchema("bouncer_many")));
    std::vector<QFuture<double>> increments;
    std::vector<QFuture<CommitResult>> sets;
    for (int i = 0; i < 400; ++i) {
        increments.push_back(store.increment({"counter", i % 8}));
        sets.push_back(store.set({"item", i}, Value(i)));
    }
    QStringList errors;
    for (QFuture<double> &f : increments) {
        try {
            (void)f.result();
        } catch (const std::exception &e) {
            errors << QString::fromUtf8(e.what());
        }
    }
    for (QFuture<CommitResult> &f : sets) {
        try {
            QVERIFY(f.result().ok);
        } catch (const std::exception &e) {
            errors << QString::fromUtf8(e.what());
        }
    }
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    for (int c = 0; c < 8; ++c)
        QCOMPARE(store.get({"counter", c}).result()->value.asNumber(), 50.0);
    ListOptions all;
    all.limit = 1000;
    QCOMPARE(store.list(below({"item"}), all).result().entries.size(), std::size_t(400));
}

void TestPostgresPgBouncer::aPoolerIgnoringTheOptionsIsFoundAndNeverRunsAnotherStoresSql()
{
    test::OwnPgBouncer bouncer;
    QVERIFY(bouncer.start(test::postgresUrl(),
                          {QStringLiteral("--ignore-startup-options"),
                           QStringLiteral("--pool-size"),
                           QStringLiteral("2")}));
    // With the options ignored, the startup does not tell a connection it is behind a pooler;
    // the backend process id PgBouncer makes up does.
    detail::PqConnection first(bouncer.transactionUrl(), 10s);
    detail::PqConnection second(bouncer.transactionUrl(), 10s);
    detail::PqConnection holder(bouncer.transactionUrl(), 10s);
    QVERIFY(first.pooled());
    QVERIFY(second.pooled());
    // One name, two texts: two stores whose schemas differ.
    const detail::PqStatement ofFirst{"probe", "SELECT 'first'::text"};
    const detail::PqStatement ofSecond{"probe", "SELECT 'second'::text"};

    QCOMPARE(text(second.run(ofSecond, {})), std::string("second")); // prepared on server 1
    holder.exec("BEGIN");
    holder.exec("SELECT 1");                                      // holds server 1 until COMMIT
    QCOMPARE(text(first.run(ofFirst, {})), std::string("first")); // prepared on server 2
    holder.exec("COMMIT");
    holder.exec("BEGIN");
    holder.exec("SELECT 1"); // server 1 again (PgBouncer hands out the last used first)
    // This transaction runs on server 2, where first prepared its statement under the name
    // second used on server 1: a named statement would run first's SQL here.
    QCOMPARE(text(second.run(ofSecond, {})), std::string("second"));
    holder.exec("COMMIT");
    QCOMPARE(text(first.run(ofFirst, {})), std::string("first"));
}

void TestPostgresPgBouncer::benchRefusesRawBaselinesThroughThePooler()
{
    // The raw libpq baselines prepare by name and pipeline; through the pooler they failed half
    // way ("kvs: bench: a pipelined get failed"). Now they refuse before measuring anything.
    QProcess bench;
    bench.start(test::fromTest(KVS_CLI_PATH),
                {QStringLiteral("bench"),
                 QStringLiteral("--db"),
                 QString::fromStdString(test::pgBouncerUrl()),
                 QStringLiteral("--backends"),
                 QStringLiteral("async-postgres"),
                 QStringLiteral("--ops"),
                 QStringLiteral("get_hit"),
                 QStringLiteral("--seconds"),
                 QStringLiteral("0.1")});
    QVERIFY(bench.waitForFinished(120000));
    QCOMPARE(bench.exitCode(), 1);
    QCOMPARE(QString::fromUtf8(bench.readAllStandardError()).trimmed(),
             QStringLiteral("kvs: bench: the raw libpq baselines cannot run through a connection "
                            "pooler (PgBouncer): they prepare statements by name and pipeline "
                            "them; bench the server directly, or a deployment through the pooler "
                            "with --workload"));
    QVERIFY(!bench.readAllStandardOutput().contains("\"op\""));
}

QTEST_GUILESS_MAIN(TestPostgresPgBouncer)
#include "tst_postgres_pgbouncer.moc"
