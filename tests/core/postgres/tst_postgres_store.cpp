// What differs on PostgreSQL (the conformance suite covers what is the same): concurrency from
// several connections (write skew, increments of a new key, concurrent dequeue, version: null
// racing a plain set, two migrations at once), the schema upgrade steps from versions 1 and 2,
// foreign and newer schemas, the settings, the advisory lock ids, and faults: connections the
// server kills, a wrong password, a closed port, an unknown host, a missing database.
#include "support/postgres_test_server.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/key.h>
#include <kvs/postgres_adapter.h>

#include <QDateTime>
#include <QTest>

#include <set>
#include <thread>

// Private: the lock ids a JavaScript process computes too, and the store's connection.
#include "postgres/pg_names.h"
#include "postgres/pq_connection.h"

using namespace kvs;
using kvs::test::PgAdmin;
using kvs::test::throwsWith;

namespace {

AsyncKVStoreSettings inSchema(const std::string &schema)
{
    AsyncKVStoreSettings settings;
    settings.schema = schema;
    return settings;
}

template <typename E, typename T>
bool failsWith(QFuture<T> future, const std::string &message)
{
    return throwsWith<E>([&] { future.waitForFinished(); }, message);
}

template <typename E, typename T>
bool failsStartingWith(QFuture<T> future, const std::string &start)
{
    try {
        future.waitForFinished();
    } catch (const E &e) {
        if (std::string(e.what()).rfind(start, 0) == 0)
            return true;
        qWarning("wrong message: %s", e.what());
        return false;
    } catch (const std::exception &e) {
        qWarning("wrong exception: %s", e.what());
        return false;
    }
    qWarning("no exception");
    return false;
}

} // namespace

class TestPostgresStore : public QObject
{
    Q_OBJECT

private slots:
    void writeSkewLetsExactlyOneWin();
    void concurrentIncrementsOfANewKeyLoseNothing();
    void concurrentDequeueNeverSharesALease();
    void versionNullCheckLosesToAConcurrentSet();
    void twoMigrationsAtOnce();
    void upgradesVersion1Tables();
    void upgradesVersion2Tables();
    void refusesForeignAndNewerSchemas();
    void settingsErrors();
    void lockIdsMatchJavaScript();
    void killedConnectionsReconnect();
    void connectionErrorsNameTheStep();
    void tlsWhenTheUrlAsksForIt();
    void tlsThatCannotBeVerifiedIsRefused();
    void connectionsRunWithoutJitUnlessTheUrlAsks();
};

void TestPostgresStore::writeSkewLetsExactlyOneWin()
{
    // A checks B absent and writes A; B checks A absent and writes B: exactly one commits.
    const std::string schema = kvs::test::freshSchema("skew");
    AsyncKVStore first(kvs::test::postgresUrl(), inSchema(schema));
    AsyncKVStore second(kvs::test::postgresUrl(), inSchema(schema));
    first.set({"warmup"}, Value(1)).waitForFinished();
    second.get({"warmup"}).waitForFinished();
    for (int round = 0; round < 40; ++round) {
        const Key a{"a", round};
        const Key b{"b", round};
        QFuture<CommitResult> left
            = first.atomic().check({b, std::nullopt}).set(a, Value(1)).commit();
        QFuture<CommitResult> right
            = second.atomic().check({a, std::nullopt}).set(b, Value(1)).commit();
        const int wins = int(left.result().ok) + int(right.result().ok);
        QCOMPARE(wins, 1);
        QCOMPARE(int(first.get(a).result().has_value()) + int(first.get(b).result().has_value()),
                 1);
    }
}

void TestPostgresStore::concurrentIncrementsOfANewKeyLoseNothing()
{
    const std::string schema = kvs::test::freshSchema("incr");
    std::vector<std::unique_ptr<AsyncKVStore>> stores;
    for (int i = 0; i < 4; ++i)
        stores.push_back(
            std::make_unique<AsyncKVStore>(kvs::test::postgresUrl(), inSchema(schema)));
    stores[0]->get({"warmup"}).waitForFinished(); // one migration before the race
    std::vector<QFuture<double>> increments;
    for (int i = 0; i < 200; ++i) {
        increments.push_back(stores[i % 4]->increment({"counter"}, 1));
        increments.push_back(
            stores[i % 4]
                ->atomic()
                .sum({"summed"}, 2)
                .commit()
                .then(QtFuture::Launch::Sync, [](CommitResult r) { return r.ok ? 1.0 : 0.0; }));
    }
    for (auto &f : increments)
        f.waitForFinished();
    QCOMPARE(stores[0]->get({"counter"}).result()->value.asNumber(), 200.0);
    QCOMPARE(stores[0]->get({"summed"}).result()->value.asNumber(), 400.0);
}

void TestPostgresStore::concurrentDequeueNeverSharesALease()
{
    const std::string schema = kvs::test::freshSchema("dequeue");
    std::vector<std::unique_ptr<AsyncKVStore>> stores;
    for (int i = 0; i < 3; ++i)
        stores.push_back(
            std::make_unique<AsyncKVStore>(kvs::test::postgresUrl(), inSchema(schema)));
    constexpr int kMessages = 300;
    {
        AsyncAtomicOperation fill = stores[0]->atomic();
        for (int i = 0; i < kMessages; ++i)
            fill.enqueue(Value(i), QueueOptions{"jobs", 0, 3});
        QVERIFY(fill.commit().result().ok);
    }
    std::multiset<std::int64_t> held;
    for (int round = 0; round < 40 && held.size() < kMessages; ++round) {
        std::vector<QFuture<std::vector<QueueMessage>>> takes;
        for (auto &store : stores) {
            for (int k = 0; k < 4; ++k)
                takes.push_back(store->dequeue("jobs", 5, DequeueOptions{600000}));
        }
        for (auto &take : takes) {
            for (const QueueMessage &message : take.result())
                held.insert(message.id);
        }
    }
    QCOMPARE(held.size(), std::size_t(kMessages));
    QCOMPARE(std::set<std::int64_t>(held.begin(), held.end()).size(), std::size_t(kMessages));
}

void TestPostgresStore::versionNullCheckLosesToAConcurrentSet()
{
    // An uncommitted plain write holds the key's row; the commit that checked the key absent
    // waits for it and then returns { ok: false }, never writing over it (reference gotcha 16).
    const std::string schema = kvs::test::freshSchema("null");
    const std::string app = schema; // the store's backends, for pg_stat_activity
    AsyncKVStore store(
        kvs::test::withParameter(kvs::test::postgresUrl(), "application_name=" + app),
        inSchema(schema));
    store.set({"warmup"}, Value(1)).waitForFinished();
    PgAdmin other;
    const std::string kv = "\"" + schema + "\".\"kv\"";
    const std::string key
        = "'\\x" + QByteArray::fromStdString(encodeKey({"k"})).toHex().toStdString() + "'::bytea";
    other.exec("BEGIN");
    other.exec("INSERT INTO " + kv + " (key, value, version, expires_at) VALUES (" + key
               + ", convert_to('\"theirs\"', 'UTF8'), nextval('\"" + schema
               + "\".\"kv_versionstamp\"'), NULL)");
    QFuture<CommitResult> commit = store.atomic()
                                       .check({{"free"}, std::nullopt})
                                       .check({{"k"}, std::nullopt})
                                       .set({"k"}, Value("mine"))
                                       .commit();
    PgAdmin watcher; // outside other's transaction, whose statistics snapshot would stand still
    QTRY_COMPARE_WITH_TIMEOUT(
        watcher.exec("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND "
                     "application_name = '"
                     + app + "'"),
        std::string("1"),
        10000);
    QVERIFY(!commit.isFinished()); // waiting on the row lock
    other.exec("COMMIT");
    QVERIFY(!commit.result().ok);
    // The check on "k" passed when it was read; the insert that found the row fails it.
    QCOMPARE(commit.result().failedCheck, std::optional<std::size_t>(1));
    QCOMPARE(store.get({"k"}).result()->value.asString(), std::string("theirs"));
}

void TestPostgresStore::twoMigrationsAtOnce()
{
    const std::string schema = kvs::test::freshSchema("migrate");
    AsyncKVStore first(kvs::test::postgresUrl(), inSchema(schema));
    AsyncKVStore second(kvs::test::postgresUrl(), inSchema(schema));
    QFuture<CommitResult> a = first.set({"a"}, Value(1));
    QFuture<CommitResult> b = second.set({"b"}, Value(2));
    QVERIFY(a.result().ok);
    QVERIFY(b.result().ok);
    PgAdmin admin;
    QCOMPARE(
        admin.exec("SELECT value FROM \"" + schema + "\".\"meta\" WHERE key = 'schema_version'"),
        std::string("3"));
}

void TestPostgresStore::upgradesVersion1Tables()
{
    // kvs 0.3's tables (schema version 1, no meta row): INTEGER versions and a SERIAL id, a key
    // holding 0.4's -0 bytes next to the same key with 0, a processing row without a lease end
    // and a done row without finished_at.
    const std::string schema = kvs::test::freshSchema("v1");
    PgAdmin admin;
    const std::string s = "\"" + schema + "\".";
    admin.exec("CREATE SCHEMA \"" + schema + "\"");
    admin.exec("CREATE TABLE " + s
               + "\"kv\" (key BYTEA PRIMARY KEY, value BYTEA NOT NULL, version "
                 "INTEGER NOT NULL, expires_at BIGINT)");
    admin.exec(
        "CREATE TABLE " + s
        + "\"queue\" (id SERIAL PRIMARY KEY, topic TEXT NOT NULL, payload "
          "BYTEA NOT NULL, status TEXT NOT NULL, enqueued_at BIGINT NOT NULL, deliver_at BIGINT "
          "NOT NULL, attempts INTEGER NOT NULL, max_attempts INTEGER NOT NULL)");
    const auto hex = [](const Key &key) {
        return "'\\x" + QByteArray::fromStdString(encodeKey(key)).toHex().toStdString() + "'";
    };
    // ["x", -0] and ["z", -0] as 0.4 wrote them (the number as eight 0x00 bytes), and ["x", 0]
    // next to the first: the rekey keeps the existing ["x", 0] row and moves ["z", -0].
    admin.exec("INSERT INTO " + s
               + "\"kv\" VALUES ('\\x02780003000000000000000000', "
                 "convert_to('\"old\"', 'UTF8'), 7, NULL), ('\\x027a0003000000000000000000', "
                 "convert_to('\"moved\"', 'UTF8'), 8, NULL), ("
               + hex({"x", 0}) + ", convert_to('\"kept\"', 'UTF8'), 41, NULL)");
    admin.exec("INSERT INTO " + s
               + "\"queue\" (topic, payload, status, enqueued_at, deliver_at, "
                 "attempts, max_attempts) VALUES ('t', convert_to('1', 'UTF8'), 'processing', 1, "
                 "1, 1, 3), "
                 "('t', convert_to('2', 'UTF8'), 'done', 1, 1, 1, 3)");

    AsyncKVStore store(kvs::test::postgresUrl(), inSchema(schema));
    const auto kept = store.get({"x", 0}).result();
    QVERIFY(kept.has_value());
    QCOMPARE(kept->value.asString(), std::string("kept"));
    const auto moved = store.get({"z", 0}).result();
    QVERIFY(moved.has_value()); // 0.4's -0 bytes became the 0 key, version and value kept
    QCOMPARE(moved->value.asString(), std::string("moved"));
    QCOMPARE(moved->version, std::int64_t(8));
    QCOMPARE(admin.exec("SELECT count(*) FROM " + s + "\"kv\""), std::string("2"));
    const auto type = [&](const char *table, const char *column) {
        return admin.exec("SELECT data_type FROM information_schema.columns WHERE table_schema = '"
                          + schema + "' AND table_name = '" + table + "' AND column_name = '"
                          + column + "'");
    };
    QCOMPARE(type("kv", "version"), std::string("bigint"));
    QCOMPARE(type("queue", "id"), std::string("bigint"));
    QCOMPARE(admin.exec("SELECT value FROM " + s + "\"meta\" WHERE key = 'schema_version'"),
             std::string("3"));
    QCOMPARE(admin.exec("SELECT locked_until FROM " + s + "\"queue\" WHERE status = 'processing'"),
             std::string("0"));
    QVERIFY(
        !admin.exec("SELECT finished_at FROM " + s + "\"queue\" WHERE status = 'done'").empty());
    // New versions continue above every old one.
    QVERIFY(store.set({"new"}, Value(1)).result().version > 41);
    // The expired lease on a message with attempts left is redelivered.
    QCOMPARE(store.dequeue("t").result().size(), std::size_t(1));
}

void TestPostgresStore::upgradesVersion2Tables()
{
    // kvs 0.4's tables (schema version 2): BIGINT versions and ids, leases, no versionstamp
    // sequence yet, and keys with 0.4's -0 bytes. Only step 2 -> 3 runs: a live lease and a dead
    // letter's error stay as they are.
    const std::string schema = kvs::test::freshSchema("v2");
    PgAdmin admin;
    const std::string s = kvs::test::createVersion2KvTables(admin, schema);
    admin.exec("CREATE TABLE " + s
               + "\"queue\" (id BIGSERIAL PRIMARY KEY, topic TEXT NOT NULL, payload BYTEA NOT "
                 "NULL, status TEXT NOT NULL, enqueued_at BIGINT NOT NULL, deliver_at BIGINT NOT "
                 "NULL, attempts INTEGER NOT NULL, max_attempts INTEGER NOT NULL, locked_until "
                 "BIGINT, lease_token TEXT, last_error TEXT, finished_at BIGINT)");
    const std::string plain = QByteArray::fromStdString(encodeKey({"plain"})).toHex().toStdString();
    // ["z", -0] as 0.4 wrote it (the number as eight 0x00 bytes), and a key that stays.
    admin.exec("INSERT INTO " + s
               + "\"kv\" VALUES ('\\x027a0003000000000000000000', convert_to('\"moved\"', "
                 "'UTF8'), 900, NULL), ('\\x"
               + plain + "', convert_to('1', 'UTF8'), 5, NULL)");
    const std::string leaseEnd = std::to_string(QDateTime::currentMSecsSinceEpoch() + 3'600'000);
    admin.exec("INSERT INTO " + s
               + "\"queue\" (topic, payload, status, enqueued_at, deliver_at, attempts, "
                 "max_attempts, locked_until, lease_token, last_error, finished_at) VALUES "
                 "('t', convert_to('1', 'UTF8'), 'processing', 1, 1, 1, 3, "
               + leaseEnd
               + ", 'token', NULL, NULL), "
                 "('t', convert_to('2', 'UTF8'), 'dead', 1, 1, 3, 3, NULL, NULL, 'it broke', 1), "
                 "('t', convert_to('3', 'UTF8'), 'pending', 1, 1, 0, 3, NULL, NULL, NULL, NULL)");

    {
        // Read-only, the store says which version it found, and changes nothing.
        AsyncKVStoreSettings readOnly = inSchema(schema);
        readOnly.readOnly = true;
        AsyncKVStore reader(kvs::test::postgresUrl(), readOnly);
        QCOMPARE(reader.schemaVersion(), 0LL); // nothing has run yet
        QCOMPARE(reader.get({"plain"}).result()->version, std::int64_t(5));
        QCOMPARE(reader.schemaVersion(), 2LL);
        QCOMPARE(admin.exec("SELECT value FROM " + s + "\"meta\" WHERE key = 'schema_version'"),
                 std::string("2"));
    }
    AsyncKVStore store(kvs::test::postgresUrl(), inSchema(schema));
    const auto moved = store.get({"z", 0}).result();
    QVERIFY(moved.has_value()); // rekeyed, version and value kept
    QCOMPARE(moved->value.asString(), std::string("moved"));
    QCOMPARE(moved->version, std::int64_t(900));
    QCOMPARE(store.get({"plain"}).result()->version, std::int64_t(5));
    QCOMPARE(admin.exec("SELECT value FROM " + s + "\"meta\" WHERE key = 'schema_version'"),
             std::string("3"));
    QCOMPARE(store.schemaVersion(), kSchemaVersion);
    // The versionstamp sequence starts above every stored version.
    QVERIFY(store.set({"new"}, Value(1)).result().version > 900);
    // The live lease is kept (only the pending message is delivered); the error stays.
    const std::vector<QueueMessage> delivered = store.dequeue("t", 10).result();
    QCOMPARE(delivered.size(), std::size_t(1));
    QCOMPARE(delivered[0].payload.asNumber(), 3.0);
    const std::vector<QueueDeadMessage> dead = store.listDead("t").result();
    QCOMPARE(dead.size(), std::size_t(1));
    QCOMPARE(dead[0].lastError, std::optional<std::string>("it broke"));
}

void TestPostgresStore::refusesForeignAndNewerSchemas()
{
    PgAdmin admin;
    const std::string foreign = kvs::test::freshSchema("foreign");
    admin.exec("CREATE SCHEMA \"" + foreign + "\"");
    admin.exec("CREATE TABLE \"" + foreign + "\".\"queue\" (id SERIAL PRIMARY KEY, name TEXT)");
    {
        AsyncKVStore store(kvs::test::postgresUrl(), inSchema(foreign));
        QVERIFY(failsWith<ForeignTableError>(
            store.get({"k"}),
            "kvs: table \"queue\" exists but is not a kvs table (missing columns: topic, payload, "
            "status, enqueued_at, deliver_at, attempts, max_attempts). Use the tablePrefix option "
            "to give kvs tables of its own."));
        // Not cached: the next call tries again (and fails again).
        QVERIFY(failsStartingWith<ForeignTableError>(store.get({"k"}), "kvs: table \"queue\""));
    }
    // Nothing was created or altered.
    QCOMPARE(admin.exec("SELECT count(*) FROM information_schema.tables WHERE table_schema = '"
                        + foreign + "'"),
             std::string("1"));

    const std::string newer = kvs::test::freshSchema("newer");
    {
        AsyncKVStore store(kvs::test::postgresUrl(), inSchema(newer));
        store.set({"k"}, Value(1)).waitForFinished();
    }
    admin.exec("UPDATE \"" + newer + "\".\"meta\" SET value = '4' WHERE key = 'schema_version'");
    AsyncKVStore store(kvs::test::postgresUrl(), inSchema(newer));
    QVERIFY(failsWith<SchemaTooNewError>(store.get({"k"}),
                                         "kvs: the database schema is version 4, newer than this "
                                         "kvs release supports (3). Upgrade @coderbuzz/kvs"));
}

void TestPostgresStore::settingsErrors()
{
    AsyncKVStoreSettings durability;
    durability.durability = "full";
    QVERIFY(throwsWith<TypeError>(
        [&] { AsyncKVStore store(kvs::test::postgresUrl(), durability); },
        "kvs: durability is a SQLite setting; PostgreSQL's synchronous_commit decides"));
    AsyncKVStoreSettings schema;
    schema.schema = "x";
    QVERIFY(throwsWith<TypeError>([&] { AsyncKVStore store(":memory:", schema); },
                                  "kvs: schema is a PostgreSQL setting; this store is SQLite"));
    AsyncKVStoreSettings badSchema;
    badSchema.schema = "bad-name";
    QVERIFY(throwsWith<TypeError>(
        [&] { AsyncKVStore store(kvs::test::postgresUrl(), badSchema); },
        "kvs: schema must match /^[A-Za-z_][A-Za-z0-9_]*$/ (at most 63 characters), got "
        "\"bad-name\""));
    AsyncKVStoreSettings prefix;
    prefix.tablePrefix = "kvs_";
    QVERIFY(throwsWith<TypeError>(
        [&] {
            AsyncKVStore store(std::make_shared<PostgresAdapter>(kvs::test::postgresUrl()), prefix);
        },
        "kvs: with an adapter, set tablePrefix on the adapter, not in the store's settings"));
    QVERIFY(throwsWith<TypeError>(
        [&] {
            AsyncKVStore store(kvs::test::withParameter(kvs::test::postgresUrl(), "pool_max=zero"));
        },
        "kvs: pool_max must be an integer >= 1, got \"zero\""));
}

void TestPostgresStore::lockIdsMatchJavaScript()
{
    // FNV-1a 64 of namespace + encoded key, as signed 64-bit (computed independently).
    const std::string users = encodeKey({"users"});
    QCOMPARE(detail::keyLockId(detail::PgNames("", ""), users), std::int64_t(-4866208135177311775));
    QCOMPARE(detail::keyLockId(detail::PgNames("infra", "app_"), users),
             std::int64_t(-9016931791132509255LL));
    QCOMPARE(detail::migrationLockId(detail::PgNames("", "")), std::int64_t(566148073509574143));
}

void TestPostgresStore::killedConnectionsReconnect()
{
    const std::string app
        = "kvs_kill_" + QUuid::createUuid().toString(QUuid::Id128).left(8).toStdString();
    const std::string url
        = kvs::test::withParameter(kvs::test::postgresUrl(), "application_name=" + app);
    const std::string schema = kvs::test::freshSchema("kill");
    AsyncKVStore store(url, inSchema(schema));
    QVERIFY(store.set({"kept"}, Value(1)).result().ok); // acknowledged before the kill
    // Several calls in flight so that every pooled connection is open.
    std::vector<QFuture<std::optional<Entry>>> warm;
    for (int i = 0; i < 16; ++i)
        warm.push_back(store.get({"kept"}));
    for (auto &f : warm)
        f.waitForFinished();
    PgAdmin admin;
    // pg_terminate_backend only signals: wait until the sessions have ended.
    const auto sessionsOfApp = [&] {
        return admin.exec("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app
                          + "'");
    };
    QVERIFY(admin.terminateBackends(app) >= 1);
    QTRY_COMPARE_WITH_TIMEOUT(sessionsOfApp(), std::string("0"), 10000);
    // The server ended idle sessions: the pool sees that before it sends anything on them and
    // reconnects, so no later call fails and nothing acknowledged is lost.
    for (int i = 0; i < 16; ++i)
        QCOMPARE(store.get({"kept"}).result()->value.asNumber(), 1.0);
    QVERIFY(store.set({"after"}, Value(2)).result().ok);
    QCOMPARE(store.get({"after"}).result()->value.asNumber(), 2.0);

    // A commit in flight (waiting for a key lock the admin holds) fails with ConnectionError,
    // promptly, writes nothing, and the next calls reconnect.
    const std::int64_t lockId = detail::keyLockId(detail::PgNames(schema, ""), encodeKey({"held"}));
    admin.exec("SELECT pg_advisory_lock(" + std::to_string(lockId) + ")");
    QFuture<CommitResult> blocked = store.atomic().set({"held"}, Value(3)).commit();
    QTRY_COMPARE_WITH_TIMEOUT(
        admin.exec("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND "
                   "application_name = '"
                   + app + "'"),
        std::string("1"),
        10000);
    QVERIFY(admin.terminateBackends(app) >= 1);
    try {
        blocked.waitForFinished();
        QFAIL("the commit in flight did not fail");
    } catch (const ConnectionError &e) {
        QCOMPARE(e.step(), ConnectionError::Step::Lost);
        QVERIFY2(std::string(e.what()).rfind("kvs: lost the connection to PostgreSQL at ", 0) == 0,
                 e.what());
    }
    admin.exec("SELECT pg_advisory_unlock(" + std::to_string(lockId) + ")");
    QTRY_COMPARE_WITH_TIMEOUT(sessionsOfApp(), std::string("0"), 10000);
    QVERIFY(!store.get({"held"}).result().has_value());
    QCOMPARE(store.get({"kept"}).result()->value.asNumber(), 1.0);
}

void TestPostgresStore::connectionErrorsNameTheStep()
{
    const std::string url = kvs::test::postgresUrl();
    // postgresql://kvs_test:PASSWORD@127.0.0.1:PORT/kvs_test
    const std::size_t at = url.find('@');
    const std::size_t colon = url.find(':', std::string("postgresql://").size());
    const std::string hostPart = url.substr(at + 1); // 127.0.0.1:PORT/kvs_test
    const std::string port
        = hostPart.substr(hostPart.find(':') + 1, hostPart.find('/') - hostPart.find(':') - 1);
    const auto firstCall = [](const std::string &target) {
        AsyncKVStore store(target);
        return store.get({"k"});
    };
    {
        const std::string wrong = url.substr(0, colon + 1) + "not-the-password" + url.substr(at);
        try {
            firstCall(wrong).waitForFinished();
            QFAIL("no error");
        } catch (const ConnectionError &e) {
            QCOMPARE(e.step(), ConnectionError::Step::Authenticate);
            QCOMPARE(std::string(e.what()),
                     "kvs: cannot connect to PostgreSQL at 127.0.0.1:" + port
                         + "/kvs_test: password authentication failed for user \"kvs_test\"");
            QVERIFY(std::string(e.what()).find("not-the-password") == std::string::npos);
        }
    }
    {
        const std::string missing = url.substr(0, url.rfind('/')) + "/no_such_db";
        try {
            firstCall(missing).waitForFinished();
            QFAIL("no error");
        } catch (const ConnectionError &e) {
            QCOMPARE(e.step(), ConnectionError::Step::Database);
            QCOMPARE(std::string(e.what()),
                     "kvs: cannot connect to PostgreSQL at 127.0.0.1:" + port
                         + "/no_such_db: database \"no_such_db\" does not exist");
        }
    }
    {
        // A port nobody listens on (1 is privileged and unused here).
        try {
            firstCall("postgresql://kvs_test@127.0.0.1:1/kvs_test").waitForFinished();
            QFAIL("no error");
        } catch (const ConnectionError &e) {
            QCOMPARE(e.step(), ConnectionError::Step::Connect);
            QCOMPARE(
                std::string(e.what()),
                "kvs: cannot connect to PostgreSQL at 127.0.0.1:1/kvs_test: Connection refused");
        }
    }
    {
        try {
            firstCall("postgresql://kvs_test@no-such-host.invalid:5432/kvs_test").waitForFinished();
            QFAIL("no error");
        } catch (const ConnectionError &e) {
            QCOMPARE(e.step(), ConnectionError::Step::Resolve);
            QVERIFY2(std::string(e.what()).rfind("kvs: cannot connect to PostgreSQL", 0) == 0,
                     e.what());
            QVERIFY2(
                std::string(e.what()).find("could not translate host name \"no-such-host.invalid\"")
                    != std::string::npos,
                e.what());
        }
    }
}

void TestPostgresStore::tlsWhenTheUrlAsksForIt()
{
    const std::string app
        = "kvs_tls_" + QUuid::createUuid().toString(QUuid::Id128).left(8).toStdString();
    const std::string url
        = kvs::test::withTls(kvs::test::postgresUrl(),
                             "sslmode=verify-full&sslrootcert=" + kvs::test::rootCertPath()
                                 + "&application_name=" + app);
    const std::string schema = kvs::test::freshSchema("tls");
    AsyncKVStore store(url, inSchema(schema));
    QVERIFY(store.set({"secret"}, Value("over TLS")).result().ok);
    QCOMPARE(store.get({"secret"}).result()->value.asString(), std::string("over TLS"));
    // What the server says of the store's own connections: all of them encrypted.
    PgAdmin admin;
    const std::string ofApp = "FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) "
                              "WHERE a.application_name = '"
                              + app + "'";
    QCOMPARE(admin.exec("SELECT count(*) > 0 " + ofApp + " AND s.ssl AND s.version LIKE 'TLS%'"),
             std::string("t"));
    QCOMPARE(admin.exec("SELECT count(*) " + ofApp + " AND NOT s.ssl"), std::string("0"));
}

void TestPostgresStore::tlsThatCannotBeVerifiedIsRefused()
{
    // A CA file that does not exist: libpq refuses before it sends anything, and the store says
    // where it tried to connect and why, writing nothing.
    const std::string schema = kvs::test::freshSchema("tlsbad");
    const std::string url = kvs::test::withTls(
        kvs::test::postgresUrl(), "sslmode=verify-full&sslrootcert=/nonexistent/root.crt");
    AsyncKVStore store(url, inSchema(schema));
    try {
        store.set({"k"}, Value(1)).waitForFinished();
        QFAIL("a connection whose certificate cannot be verified was used");
    } catch (const ConnectionError &e) {
        QCOMPARE(e.step(), ConnectionError::Step::Tls);
        const std::string message = e.what();
        QVERIFY2(message.rfind("kvs: cannot connect to PostgreSQL at 127.0.0.1:", 0) == 0,
                 e.what());
        QVERIFY2(message.find("root certificate file \"/nonexistent/root.crt\" does not exist")
                     != std::string::npos,
                 e.what());
    }
    PgAdmin admin;
    QCOMPARE(admin.exec("SELECT count(*) FROM pg_namespace WHERE nspname = '" + schema + "'"),
             std::string("0"));
}

void TestPostgresStore::connectionsRunWithoutJitUnlessTheUrlAsks()
{
    // The server's default is on; a queue overview's counts then cost a compilation per refresh.
    PgAdmin admin;
    QCOMPARE(admin.exec("SHOW jit"), std::string("on"));
    using namespace std::chrono_literals;
    detail::PqConnection store(kvs::test::postgresUrl(), 10s);
    QCOMPARE(std::string(store.exec("SHOW jit").bytes(0, 0)), std::string("off"));
    // A URL's own options replace the store's.
    detail::PqConnection asked(
        kvs::test::withParameter(kvs::test::postgresUrl(), "options=-c%20jit%3Don"), 10s);
    QCOMPARE(std::string(asked.exec("SHOW jit").bytes(0, 0)), std::string("on"));
}

QTEST_GUILESS_MAIN(TestPostgresStore)
#include "tst_postgres_store.moc"
