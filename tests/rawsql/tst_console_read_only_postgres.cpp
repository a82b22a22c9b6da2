// Issue 29: the read-only SQL console changes nothing on the PostgreSQL 15 of the test run,
// whoever is connected: every statement of the issue, run as the superuser of the test server
// and as a role that may only SELECT, is refused with the reason, and the evidence is checked
// from outside, by another connection: no advisory lock left in pg_locks, `kvs set` not blocked
// (the store's migration lock), the other session alive, no slot in pg_replication_slots, no
// file written by the server, no table made by a program, the statistics not reset. (A reload,
// a checkpoint and a WAL switch are left to their refusal: a reload shows in other sessions
// only after a while, and the other tests of the run cause checkpoints and switches.) Also what the
// client's check cannot see (a view calling a denied function; a function that takes a lock) and
// what the console says about a role that can do more than read.
#include "postgres/pg_names.h"
#include "rawsql/raw_sql_fixture.h"
#include "support/postgres_test_server.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QUuid>

using namespace kvs;
using namespace kvs::rawsql;
using kvs::test::errorOf;
using kvs::test::resultOf;

namespace {

// What another connection sees of the server's state, before and after a statement.
struct ServerState
{
    std::string statsReset;
    bool operator==(const ServerState &) const = default;
};

} // namespace

class TstConsoleReadOnlyPostgres : public QObject
{
    Q_OBJECT

private:
    std::string m_schema = test::freshSchema("console_ro");
    std::string m_suffix = QUuid::createUuid().toString(QUuid::Id128).left(10).toStdString();
    std::string m_reader = "kvs_reader_" + m_suffix;
    std::string m_readerPassword = "pw_" + m_suffix;
    std::string m_slot = "kvs_console_" + m_suffix;
    test::PgAdmin m_admin;
    QTemporaryDir m_dir; // where the server must write nothing (open to it, so it could)
    std::int64_t m_lockId = 0;
    std::string m_largeObject;

    // The test URL with the reader's name and password.
    std::string readerUrl() const
    {
        std::string url = test::postgresUrl();
        const std::size_t from = url.find("://") + 3;
        const std::size_t at = url.find('@', from);
        return url.replace(from, at - from, m_reader + ":" + m_readerPassword);
    }
    std::string urlOf(bool reader) const { return reader ? readerUrl() : test::postgresUrl(); }
    RawSqlTarget target(bool reader) const
    {
        RawSqlTarget t;
        t.kind = RawSqlTarget::Kind::Postgres;
        t.postgresConnection = urlOf(reader);
        t.tablePrefix = QStringLiteral("app_");
        t.schema = QString::fromStdString(m_schema);
        return t;
    }
    AsyncKVStoreSettings storeSettings() const
    {
        AsyncKVStoreSettings settings;
        settings.tablePrefix = "app_";
        settings.schema = m_schema;
        return settings;
    }
    ServerState serverState()
    {
        return {m_admin.exec("SELECT coalesce(stats_reset::text, 'never') FROM pg_stat_database "
                             "WHERE datname = current_database()")};
    }
    std::string lockCount()
    {
        return m_admin.exec("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND "
                            "objsubid = 1 AND ((classid::bigint << 32) | objid::bigint) = "
                            + std::to_string(m_lockId));
    }
    // What a statement may not leave behind, checked from outside.
    void verifyNothingChanged(const ServerState &before, test::PgAdmin &other)
    {
        QCOMPARE(lockCount(), std::string("0"));
        QCOMPARE(other.exec("SELECT 'alive'"), std::string("alive"));
        QCOMPARE(m_admin.exec("SELECT count(*) FROM pg_replication_slots WHERE slot_name = '"
                              + m_slot + "'"),
                 std::string("0"));
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files | QDir::NoDotAndDotDot), QStringList());
        QCOMPARE(m_admin.exec("SELECT to_regclass('\"" + m_schema + "\".made_by_program') IS NULL"),
                 std::string("t"));
        QVERIFY(serverState() == before); // the statistics not reset
        // A kvs writer is not blocked: opening a store takes the migration lock.
        std::string url = test::withParameter(test::postgresUrl(), "timeout_ms=10000");
        AsyncKVStore store(url, storeSettings());
        try {
            store.set({"probe"}, Value(1.0)).waitForFinished();
        } catch (const Error &e) {
            QFAIL(e.what());
        }
        store.close().waitForFinished();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // The server runs as another user (postgres, when the tests run as root).
        QVERIFY(QFile::setPermissions(m_dir.path(), QFileDevice::Permissions(0x7777)));
        {
            AsyncKVStore store(test::postgresUrl(), storeSettings());
            test::fillStore(store, 10);
            store.close().waitForFinished();
        }
        m_lockId = detail::migrationLockId(detail::PgNames(m_schema, "app_"));
        const std::string s = "\"" + m_schema + "\"";
        m_admin.exec("CREATE ROLE " + m_reader + " LOGIN PASSWORD '" + m_readerPassword + "'");
        m_admin.exec("GRANT USAGE ON SCHEMA " + s + " TO " + m_reader);
        m_admin.exec("GRANT SELECT ON ALL TABLES IN SCHEMA " + s + " TO " + m_reader);
        // What the client's check cannot see: a view calling a denied function, and a function
        // that takes the lock under a name of its own.
        m_admin.exec("CREATE VIEW " + s + ".locker AS SELECT pg_try_advisory_lock("
                     + std::to_string(m_lockId) + ") AS locked");
        m_admin.exec("GRANT SELECT ON " + s + ".locker TO " + m_reader);
        m_admin.exec("CREATE FUNCTION " + s
                     + ".take_lock(n bigint) RETURNS boolean LANGUAGE sql VOLATILE AS $$ SELECT "
                       "pg_advisory_lock(n); SELECT true $$");
        m_largeObject = m_admin.exec("SELECT lo_from_bytea(0, 'large')");
    }
    void cleanupTestCase()
    {
        m_admin.exec("SELECT lo_unlink(" + m_largeObject + ")");
        m_admin.exec("DROP SCHEMA \"" + m_schema + "\" CASCADE");
        m_admin.exec("DROP OWNED BY " + m_reader);
        m_admin.exec("DROP ROLE " + m_reader);
    }

    void everyStatementOfTheIssueIsRefused_data()
    {
        QTest::addColumn<bool>("reader");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("why");
        const QString lock = QString::number(m_lockId);
        const QString dir = m_dir.path();
        const QString effects = QStringLiteral("%1() has effects beyond the statement");
        const QString only
            = QStringLiteral("it runs SELECT, VALUES, TABLE, WITH and EXPLAIN only, not %1");
        const QString psql = QStringLiteral("/usr/lib/postgresql/15/bin/psql");
        const QString schema = QString::fromStdString(m_schema);
        const QList<std::tuple<const char *, QString, QString>> statements = {
            {"advisory lock",
             QStringLiteral("SELECT pg_advisory_lock(%1)").arg(lock),
             effects.arg(QStringLiteral("pg_advisory_lock"))},
            {"advisory lock, quoted",
             QStringLiteral("SELECT \"pg_advisory_lock\"(%1)").arg(lock),
             effects.arg(QStringLiteral("pg_advisory_lock"))},
            {"advisory lock, upper case quoted",
             QStringLiteral("SELECT \"PG_ADVISORY_LOCK\"(%1)").arg(lock),
             effects.arg(QStringLiteral("PG_ADVISORY_LOCK"))},
            {"advisory lock, schema and comment",
             QStringLiteral("SELECT pg_catalog.PG_ADVISORY_LOCK /* x */ (%1)").arg(lock),
             effects.arg(QStringLiteral("pg_advisory_lock"))},
            {"advisory lock in a CTE",
             QStringLiteral("WITH l AS (SELECT pg_advisory_lock(%1)) SELECT * FROM l").arg(lock),
             effects.arg(QStringLiteral("pg_advisory_lock"))},
            {"advisory lock in a subquery",
             QStringLiteral("SELECT * FROM (SELECT pg_try_advisory_lock(%1)) s").arg(lock),
             effects.arg(QStringLiteral("pg_try_advisory_lock"))},
            {"advisory lock, unicode escapes",
             QStringLiteral("SELECT U&\"pg\\005fadvisory_lock\"(%1)").arg(lock),
             effects.arg(QStringLiteral("pg_advisory_lock"))},
            {"advisory lock in a view",
             QStringLiteral("SELECT * FROM locker"),
             effects.arg(QStringLiteral("pg_try_advisory_lock"))},
            {"terminate another session",
             QStringLiteral("SELECT pg_terminate_backend(%PID%)"),
             effects.arg(QStringLiteral("pg_terminate_backend"))},
            {"reload the configuration",
             QStringLiteral("SELECT pg_reload_conf()"),
             effects.arg(QStringLiteral("pg_reload_conf"))},
            {"copy to a program",
             QStringLiteral("COPY (SELECT 1) TO PROGRAM '%1 \"%2\" -c \"CREATE TABLE "
                            "\\\"%3\\\".made_by_program ()\"'")
                 .arg(psql, QString::fromStdString(test::postgresUrl()), schema),
             only.arg(QStringLiteral("COPY"))},
            {"copy to a file",
             QStringLiteral("COPY app_kv TO '%1/kv.csv'").arg(dir),
             only.arg(QStringLiteral("COPY"))},
            {"export a large object",
             QStringLiteral("SELECT lo_export(%1, '%2/lo.bin')")
                 .arg(QString::fromStdString(m_largeObject), dir),
             effects.arg(QStringLiteral("lo_export"))},
            {"replication slot",
             QStringLiteral("SELECT pg_create_physical_replication_slot('%1', true)")
                 .arg(QString::fromStdString(m_slot)),
             effects.arg(QStringLiteral("pg_create_physical_replication_slot"))},
            {"switch the WAL",
             QStringLiteral("SELECT pg_switch_wal()"),
             effects.arg(QStringLiteral("pg_switch_wal"))},
            {"checkpoint", QStringLiteral("CHECKPOINT"), only.arg(QStringLiteral("CHECKPOINT"))},
            {"reset the statistics",
             QStringLiteral("SELECT pg_stat_reset()"),
             effects.arg(QStringLiteral("pg_stat_reset"))},
            {"explain analyze",
             QStringLiteral("EXPLAIN ANALYZE SELECT take_lock(%1)").arg(lock),
             QStringLiteral("EXPLAIN ANALYZE runs the statement")},
            {"a session setting",
             QStringLiteral("SELECT set_config('search_path', 'public', false)"),
             effects.arg(QStringLiteral("set_config"))},
        };
        for (const bool reader : {false, true}) {
            for (const auto &[name, text, why] : statements) {
                QTest::addRow("%s, %s", reader ? "select-only role" : "superuser", name)
                    << reader << text << QStringLiteral("kvs: the console is read-only: ") + why;
            }
        }
    }
    void everyStatementOfTheIssueIsRefused()
    {
        QFETCH(bool, reader);
        QFETCH(QString, text);
        QFETCH(QString, why);
        test::PgAdmin other(urlOf(reader)); // a session of the same role
        text.replace(QStringLiteral("%PID%"),
                     QString::fromStdString(other.exec("SELECT pg_backend_pid()")));
        const ServerState before = serverState();
        RawSqlWorker worker(target(reader));
        QCOMPARE(QString::fromStdString(errorOf(worker.execute(text, false, 10))), why);
        verifyNothingChanged(before, other);
        // The console goes on, with its schema still first on the search path.
        const StatementResult next
            = resultOf(worker.execute(QStringLiteral("SELECT count(*) FROM app_kv"), false, 10));
        QCOMPARE(next.page.rows.first().first().toString().toStdString(),
                 m_admin.exec("SELECT count(*) FROM \"" + m_schema + "\".app_kv"));
    }

    // A lock taken where no check can see it (a function of the database's own) ends with the
    // statement: the console releases every advisory lock after each one.
    void aLockTakenAnywayEndsWithTheStatement_data()
    {
        QTest::addColumn<bool>("reader");
        QTest::newRow("superuser") << false;
        QTest::newRow("select-only role") << true;
    }
    void aLockTakenAnywayEndsWithTheStatement()
    {
        QFETCH(bool, reader);
        test::PgAdmin other(urlOf(reader));
        const ServerState before = serverState();
        RawSqlWorker worker(target(reader));
        const StatementResult taken = resultOf(
            worker.execute(QStringLiteral("SELECT take_lock(%1)").arg(m_lockId), false, 10));
        QVERIFY(taken.atEnd);
        QCOMPARE(taken.page.rows.first().first().toBool(), true);
        verifyNothingChanged(before, other);
    }

    void theConsoleSaysWhatTheRoleCanDo()
    {
        RawSqlWorker superuser(target(false));
        const RoleCapabilities all = resultOf(superuser.roleCapabilities());
        QCOMPARE(all.role, QStringLiteral("kvs_test"));
        QVERIFY(all.superuser);
        QVERIFY(all.executeServerProgram && all.writeServerFiles && all.signalBackend);
        QVERIFY(all.canDoMoreThanRead());

        RawSqlWorker reader(target(true));
        const RoleCapabilities readOnly = resultOf(reader.roleCapabilities());
        QCOMPARE(readOnly.role, QString::fromStdString(m_reader));
        QVERIFY(!readOnly.canDoMoreThanRead());

        m_admin.exec("GRANT pg_signal_backend TO " + m_reader);
        RawSqlWorker signaller(target(true));
        const RoleCapabilities signalling = resultOf(signaller.roleCapabilities());
        m_admin.exec("REVOKE pg_signal_backend FROM " + m_reader);
        QVERIFY(signalling.signalBackend);
        QVERIFY(!signalling.superuser && !signalling.writeServerFiles);
        QVERIFY(signalling.canDoMoreThanRead());
    }

    // Writing SQL (both switches on) is as it was: it runs what it is given.
    void writingSqlIsUnchanged()
    {
        RawSqlWorker worker(target(false));
        worker.allowWrites(true);
        const StatementResult made
            = resultOf(worker.execute(QStringLiteral("CREATE TABLE \"%1\".written (n int)")
                                          .arg(QString::fromStdString(m_schema)),
                                      true,
                                      10));
        QVERIFY(!made.returnsRows);
        QCOMPARE(m_admin.exec("SELECT to_regclass('\"" + m_schema + "\".written') IS NOT NULL"),
                 std::string("t"));
    }
};

QTEST_GUILESS_MAIN(TstConsoleReadOnlyPostgres)
#include "tst_console_read_only_postgres.moc"
