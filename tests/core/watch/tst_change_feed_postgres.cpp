// ChangeFeed on PostgreSQL: the probe (the server's transaction snapshot) sees other processes'
// sets, deletes, rows deleted behind kvs's back and reset(); it runs for a user without any
// privilege beyond reading the tables; expiry follows the store's clock. The other process is
// this test binary started again with --writer (feed_writer.h). Each fallback of the probe runs
// where the server refuses the better ones, and still sees another process's set and delete.
#include "support/postgres_test_server.h"
#include "watch/feed_writer.h"

#include <kvs/change_feed.h>
#include <kvs/clock.h>

#include <QCoreApplication>
#include <QTest>

using namespace kvs;

namespace {

// Polls until a change arrives, with a deadline of five seconds: a probe of what another process
// (or connection) commits, so it waits on real time.
std::vector<Change> pollUntilChange(ChangeFeed &feed)
{
    std::vector<Change> changes;
    (void)QTest::qWaitFor(
        [&] {
            changes = feed.poll();
            return !changes.empty();
        },
        5000);
    return changes;
}

// A store of this process for setting up rows.
void setUp(const std::string &url,
           const std::string &schema,
           const std::function<void(AsyncKVStore &)> &write)
{
    AsyncKVStoreSettings settings;
    settings.schema = schema;
    AsyncKVStore store(url, settings);
    write(store);
    store.close().waitForFinished();
}

void setUp(const std::string &schema, const std::function<void(AsyncKVStore &)> &write)
{
    setUp(test::postgresUrl(), schema, write);
}

QStringList setOp(const char *key, const char *value)
{
    return {QStringLiteral("set"), QString::fromUtf8(key), QString::fromUtf8(value)};
}

// url naming database instead of the test server's.
std::string onDatabase(std::string url, const std::string &database)
{
    const std::size_t path = url.find('/', url.find("://") + 3);
    const std::size_t query = url.find('?', path);
    url.replace(path + 1, (query == std::string::npos ? url.size() : query) - path - 1, database);
    return url;
}

// url logging in as user with password instead.
std::string asUser(std::string url, const std::string &user, const std::string &password)
{
    const std::size_t userStart = url.find("://") + 3;
    url.replace(userStart, url.find('@') - userStart, user + ":" + password);
    return url;
}

} // namespace

class TestChangeFeedPostgres : public QObject
{
    Q_OBJECT

private slots:
    void seesAnotherProcessSetAndDelete();
    void seesADeleteBehindTheStoresBack();
    void seesReset();
    void reportsExpiryOnTheStoresClock();
    void probesAsAUserWithoutPrivileges();
    void refusesAPrefixOverTheLimit();
    void fallsBackToTheNextProbeTheServerAllows_data();
    void fallsBackToTheNextProbeTheServerAllows();
    void aTerminatedSessionReconnectsAndCatchesUp();
};

void TestChangeFeedPostgres::seesAnotherProcessSetAndDelete()
{
    const std::string schema = test::freshSchema("feed");
    setUp(schema, [](AsyncKVStore &store) {
        store.set({"users", "ada"}, Value(1)).waitForFinished();
        store.set({"config"}, Value("light")).waitForFinished();
    });
    ChangeFeed feed(test::postgresUrl(), WatchTargets::of({{"config"}}, {{"users"}}), {}, schema);
    QCOMPARE(feed.probeDescription(), std::string("pg_current_snapshot()"));
    QCOMPARE(feed.entries().size(), std::size_t(2));
    QVERIFY(feed.poll().empty()); // other tests write elsewhere: a re-read finds nothing here

    QVERIFY(test::writeFromAnotherProcess(
        test::postgresUrl(), schema, setOp(R"(["users", "bob"])", "2")));
    std::vector<Change> changes = pollUntilChange(feed);
    QCOMPARE(changes.size(), std::size_t(1));
    QVERIFY(changes[0].key == (Key{"users", "bob"}));
    QVERIFY(changes[0].kind == ChangeKind::Set);
    QCOMPARE(changes[0].index, Change::kUnderPrefix);

    QVERIFY(test::writeFromAnotherProcess(
        test::postgresUrl(), schema, setOp(R"(["config"])", R"("dark")")));
    changes = pollUntilChange(feed);
    QCOMPARE(changes.size(), std::size_t(1));
    QCOMPARE(changes[0].index, std::size_t(0));
    QCOMPARE(changes[0].previous->value.asString(), std::string("light"));
    QCOMPARE(changes[0].entry->value.asString(), std::string("dark"));

    QVERIFY(test::writeFromAnotherProcess(
        test::postgresUrl(),
        schema,
        {QStringLiteral("delete"), QStringLiteral(R"(["users", "ada"])")}));
    changes = pollUntilChange(feed);
    QCOMPARE(changes.size(), std::size_t(1));
    QVERIFY(changes[0].key == (Key{"users", "ada"}));
    QVERIFY(changes[0].kind == ChangeKind::Deleted);
}

void TestChangeFeedPostgres::seesADeleteBehindTheStoresBack()
{
    // No versionstamp moves when rows go by plain SQL (as cleanExpired's DELETE): the probe must
    // see the transaction anyway.
    const std::string schema = test::freshSchema("feedsql");
    setUp(schema, [](AsyncKVStore &store) { store.set({"k"}, Value(1)).waitForFinished(); });
    ChangeFeed feed(test::postgresUrl(), {{"k"}}, {}, schema);
    test::PgAdmin admin;
    admin.exec("DELETE FROM \"" + schema + "\".\"kv\"");
    const std::vector<Change> changes = pollUntilChange(feed);
    QCOMPARE(changes.size(), std::size_t(1));
    QVERIFY(changes[0].kind == ChangeKind::Deleted);
}

void TestChangeFeedPostgres::seesReset()
{
    const std::string schema = test::freshSchema("feedreset");
    setUp(schema, [](AsyncKVStore &store) {
        store.set({"p", "a"}, Value(1)).waitForFinished();
        store.set({"p", "b"}, Value(2)).waitForFinished();
    });
    ChangeFeed feed(test::postgresUrl(), WatchTargets::of({}, {{"p"}}), {}, schema);
    QVERIFY(test::writeFromAnotherProcess(test::postgresUrl(), schema, {QStringLiteral("reset")}));
    const std::vector<Change> changes = pollUntilChange(feed);
    QCOMPARE(changes.size(), std::size_t(2));
    QVERIFY(changes[0].kind == ChangeKind::Deleted && changes[1].kind == ChangeKind::Deleted);
    QVERIFY(feed.entries().empty());
}

void TestChangeFeedPostgres::reportsExpiryOnTheStoresClock()
{
    const std::string schema = test::freshSchema("feedttl");
    const auto clock = std::make_shared<ManualClock>();
    {
        AsyncKVStoreSettings settings;
        settings.schema = schema;
        settings.clock = clock;
        AsyncKVStore store(test::postgresUrl(), settings);
        store.set({"p", "ttl"}, Value(1), SetOptions{60000.0}).waitForFinished();
        store.close().waitForFinished();
    }
    KVStoreOptions options;
    options.clock = clock;
    ChangeFeed feed(test::postgresUrl(), WatchTargets::of({}, {{"p"}}), options, schema);
    QCOMPARE(feed.entries().size(), std::size_t(1));
    clock->advance(60000); // nothing commits: the feed knows the expiry it read
    const std::vector<Change> changes = feed.poll();
    QCOMPARE(changes.size(), std::size_t(1));
    QVERIFY(changes[0].kind == ChangeKind::Expired);
    QCOMPARE(changes[0].previous->value.asNumber(), 1.0);
}

void TestChangeFeedPostgres::probesAsAUserWithoutPrivileges()
{
    const std::string schema = test::freshSchema("feedrole");
    setUp(schema, [](AsyncKVStore &store) { store.set({"k"}, Value(1)).waitForFinished(); });
    const std::string role = schema + "_reader";
    test::PgAdmin admin;
    admin.exec("CREATE ROLE \"" + role + "\" LOGIN PASSWORD 'reader-pw' NOSUPERUSER");
    admin.exec("GRANT USAGE ON SCHEMA \"" + schema + "\" TO \"" + role + "\"");
    admin.exec("GRANT SELECT ON ALL TABLES IN SCHEMA \"" + schema + "\" TO \"" + role + "\"");
    std::string url = test::postgresUrl();
    const std::size_t userStart = url.find("://") + 3;
    url.replace(userStart, url.find('@') - userStart, role + ":reader-pw");
    {
        ChangeFeed feed(url, {{"k"}}, {}, schema);
        QCOMPARE(feed.probeDescription(), std::string("pg_current_snapshot()"));
        QVERIFY(test::writeFromAnotherProcess(test::postgresUrl(), schema, setOp(R"(["k"])", "2")));
        const std::vector<Change> changes = pollUntilChange(feed);
        QCOMPARE(changes.size(), std::size_t(1));
        QCOMPARE(changes[0].entry->value.asNumber(), 2.0);
    }
    admin.exec("DROP OWNED BY \"" + role + "\"");
    admin.exec("DROP ROLE \"" + role + "\"");
}

void TestChangeFeedPostgres::refusesAPrefixOverTheLimit()
{
    const std::string schema = test::freshSchema("feedlimit");
    setUp(schema, [](AsyncKVStore &store) {
        store.set({"big", 1.0}, Value(1)).waitForFinished();
        store.set({"big", 2.0}, Value(2)).waitForFinished();
    });
    try {
        ChangeFeed feed(test::postgresUrl(), WatchTargets::of({}, {{"big"}}, 1), {}, schema);
        QFAIL("a prefix of 2 keys was watched with a limit of 1");
    } catch (const WatchLimitError &error) {
        QCOMPARE(std::string(error.what()),
                 std::string(R"(kvs: prefix ["big"] holds more than 1 keys; watch a narrower )"
                             "prefix or raise the limit"));
    }
}

void TestChangeFeedPostgres::fallsBackToTheNextProbeTheServerAllows_data()
{
    QTest::addColumn<QStringList>("revoked");
    QTest::addColumn<QString>("probe");
    QTest::newRow("txid_current_snapshot") << QStringList{QStringLiteral("pg_current_snapshot()")}
                                           << QStringLiteral("txid_current_snapshot()");
    QTest::newRow("pg_current_wal_lsn") << QStringList{QStringLiteral("pg_current_snapshot()"),
                                                       QStringLiteral("txid_current_snapshot()")}
                                        << QStringLiteral("pg_current_wal_lsn()");
    QTest::newRow("every poll re-reads")
        << QStringList{QStringLiteral("pg_current_snapshot()"),
                       QStringLiteral("txid_current_snapshot()"),
                       QStringLiteral("pg_current_wal_lsn()")}
        << QStringLiteral("none the server allows (every poll re-reads)");
}

void TestChangeFeedPostgres::fallsBackToTheNextProbeTheServerAllows()
{
    QFETCH(QStringList, revoked);
    QFETCH(QString, probe);
    // The functions are taken from PUBLIC in a scratch database of this test only (a function's
    // grants belong to one database), and the feed runs as a role without superuser rights,
    // which the grants bind.
    const std::string name = test::freshSchema("probe");
    const std::string schema = "kvs";
    test::PgAdmin server;
    server.exec("CREATE DATABASE \"" + name + "\"");
    const std::string ownerUrl = onDatabase(test::postgresUrl(), name);
    const std::string role = name + "_reader";
    {
        test::PgAdmin admin(ownerUrl);
        setUp(ownerUrl, schema, [](AsyncKVStore &store) {
            store.set({"p", "a"}, Value(1)).waitForFinished();
        });
        admin.exec("CREATE ROLE \"" + role + "\" LOGIN PASSWORD 'reader-pw' NOSUPERUSER");
        admin.exec("GRANT USAGE ON SCHEMA \"" + schema + "\" TO \"" + role + "\"");
        admin.exec("GRANT SELECT ON ALL TABLES IN SCHEMA \"" + schema + "\" TO \"" + role + "\"");
        for (const QString &function : revoked)
            admin.exec("REVOKE EXECUTE ON FUNCTION pg_catalog." + function.toStdString()
                       + " FROM PUBLIC");
    }
    {
        ChangeFeed feed(
            asUser(ownerUrl, role, "reader-pw"), WatchTargets::of({}, {{"p"}}), {}, schema);
        QCOMPARE(QString::fromStdString(feed.probeDescription()), probe);
        QCOMPARE(feed.entries().size(), std::size_t(1));
        QVERIFY(feed.poll().empty());

        QVERIFY(test::writeFromAnotherProcess(ownerUrl, schema, setOp(R"(["p", "b"])", "2")));
        std::vector<Change> changes = pollUntilChange(feed);
        QCOMPARE(changes.size(), std::size_t(1));
        QVERIFY(changes[0].key == (Key{"p", "b"}));
        QVERIFY(changes[0].kind == ChangeKind::Set);

        QVERIFY(test::writeFromAnotherProcess(
            ownerUrl, schema, {QStringLiteral("delete"), QStringLiteral(R"(["p", "a"])")}));
        changes = pollUntilChange(feed);
        QCOMPARE(changes.size(), std::size_t(1));
        QVERIFY(changes[0].key == (Key{"p", "a"}));
        QVERIFY(changes[0].kind == ChangeKind::Deleted);
        QVERIFY(feed.poll().empty());
    }
    server.exec("DROP DATABASE \"" + name + "\" WITH (FORCE)");
    server.exec("DROP ROLE \"" + role + "\"");
}

// Issue 30: the server ends the feed's sessions (pg_terminate_backend, as an administrator or a
// failover does): the poll fails with ConnectionError, the next one connects again, and the
// first that works re-reads the watched keys, reporting the write made while it was cut off.
void TestChangeFeedPostgres::aTerminatedSessionReconnectsAndCatchesUp()
{
    const std::string schema = test::freshSchema("feedterm");
    const std::string app = "kvs_feed_term_" + schema.substr(schema.size() - 6);
    setUp(schema, [](AsyncKVStore &store) { store.set({"k"}, Value(1)).waitForFinished(); });
    const std::string url = test::withParameter(test::postgresUrl(), "application_name=" + app);
    ChangeFeed feed(url, {{"k"}}, {}, schema);
    QVERIFY(feed.poll().empty());
    test::PgAdmin admin;
    QVERIFY(admin.terminateBackends(app) >= 1); // the probe's session, and the reader's
    QTRY_COMPARE_WITH_TIMEOUT(
        admin.exec("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app + "'"),
        std::string("0"),
        10000);
    setUp(schema, [](AsyncKVStore &store) { store.set({"k"}, Value(2)).waitForFinished(); });
    try {
        (void)feed.poll();
        QFAIL("a poll on a terminated session succeeded");
    } catch (const ConnectionError &error) {
        QCOMPARE(error.step(), ConnectionError::Step::Lost);
        QVERIFY2(std::string(error.what()).rfind("kvs: lost the connection to PostgreSQL at ", 0)
                         == 0
                     || std::string(error.what()) == "kvs: the connection to PostgreSQL is broken",
                 error.what());
    }
    const std::vector<Change> changes = feed.poll(); // connects again, and reads again
    QCOMPARE(changes.size(), std::size_t(1));
    QCOMPARE(changes[0].previous->value.asNumber(), 1.0);
    QCOMPARE(changes[0].entry->value.asNumber(), 2.0);
    QVERIFY(feed.poll().empty());
}

int main(int argc, char **argv)
{
    if (test::isFeedWriterCall(argc, argv))
        return test::runFeedWriter(argc, argv);
    QCoreApplication app(argc, argv);
    TestChangeFeedPostgres test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_change_feed_postgres.moc"
