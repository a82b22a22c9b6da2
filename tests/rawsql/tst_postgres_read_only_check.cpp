// Issue 29: the read-only console's check of a PostgreSQL statement, without a server: the
// statements it runs, those it refuses with the reason, and the denylist against the ways a
// name can be written (comments, quoting, case, a schema, U& escapes, a CTE, a subquery, FROM)
// and the ways a lexer can be led to read code as a string. The same checks against the server
// are in tst_raw_sql_postgres.
#include "rawsql/function_denylist.h"
#include "rawsql/postgres_lexer.h"
#include "rawsql/postgres_read_only_check.h"

#include <kvs/errors.h>

#include <QTest>

using namespace kvs;
using namespace kvs::rawsql;

namespace {

// The message the check refuses text with; "" when it passes.
QString refusalOf(const QString &text)
{
    try {
        checkReadOnlyPostgresStatement(text.toStdString());
    } catch (const Error &e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString planRefusalOf(const QString &plan)
{
    try {
        checkReadOnlyPostgresPlan(plan.toStdString());
    } catch (const Error &e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

const QString kPrefix = QStringLiteral("kvs: the console is read-only: ");

} // namespace

class TstPostgresReadOnlyCheck : public QObject
{
    Q_OBJECT

private slots:
    void readsRun_data()
    {
        QTest::addColumn<QString>("text");
        for (const char *text : {
                 "SELECT 1",
                 "select * from kv",
                 "  ((SELECT 1))",
                 "VALUES (1), (2)",
                 "TABLE kv",
                 "WITH x AS (SELECT 1) SELECT * FROM x",
                 "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT 1",
                 "EXPLAIN SELECT * FROM kv",
                 "EXPLAIN (FORMAT JSON, VERBOSE) SELECT 1",
                 "-- a comment\nSELECT 1",
                 "/* a /* nested */ comment */ SELECT 1",
                 "SELECT 'pg_advisory_lock(1)'",
                 "SELECT 'it''s pg_reload_conf()'",
                 "SELECT E'\\' pg_reload_conf()'",
                 "SELECT $$pg_advisory_lock(1)$$",
                 "SELECT $x$ $$ pg_terminate_backend(1) $$ $x$",
                 "SELECT $x$ $xx$ pg_terminate_backend(1) $x$",
                 "SELECT 1 -- pg_reload_conf()",
                 "SELECT a$b$ FROM t",
                 "SELECT * FROM pg_replication_slots",
                 "SELECT * FROM pg_stat_activity",
                 "SELECT \"pg_advisory\", lo FROM t",
                 "SELECT pg_sleep(1)",
                 "SELECT count(*) FROM kv WHERE key > $1",
             })
            QTest::newRow(text) << QString::fromUtf8(text);
    }
    void readsRun()
    {
        QFETCH(QString, text);
        QCOMPARE(refusalOf(text), QString());
    }

    // Every way of writing a call to a denied function that the server reads as that call.
    void deniedFunctionsAreFoundHoweverWritten_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("function");
        const auto row = [](const char *name, const char *text, const char *function) {
            QTest::newRow(name) << QString::fromUtf8(text) << QString::fromUtf8(function);
        };
        row("plain", "SELECT pg_advisory_lock(1)", "pg_advisory_lock");
        row("upper case", "SELECT PG_ADVISORY_LOCK(1)", "pg_advisory_lock");
        row("quoted", "SELECT \"pg_advisory_lock\"(1)", "pg_advisory_lock");
        row("quoted upper case", "SELECT \"PG_ADVISORY_LOCK\"(1)", "PG_ADVISORY_LOCK");
        row("schema", "SELECT pg_catalog.pg_advisory_lock(1)", "pg_advisory_lock");
        row("schema, spaced, quoted",
            "SELECT PG_CATALOG . \"pg_advisory_lock\" (1)",
            "pg_advisory_lock");
        row("block comment inside", "SELECT pg_advisory_lock/* x */(1)", "pg_advisory_lock");
        row("block comment before", "SELECT/**/pg_advisory_lock(1)", "pg_advisory_lock");
        row("line comment inside", "SELECT pg_advisory_lock -- x\n(1)", "pg_advisory_lock");
        row("nested comment", "SELECT /* /* */ x */ pg_reload_conf()", "pg_reload_conf");
        row("in a CTE",
            "WITH x AS (SELECT pg_advisory_lock(1)) SELECT * FROM x",
            "pg_advisory_lock");
        row("in a subquery", "SELECT (SELECT pg_advisory_lock(1))", "pg_advisory_lock");
        row("in EXISTS",
            "SELECT 1 WHERE EXISTS (SELECT pg_try_advisory_lock(1))",
            "pg_try_advisory_lock");
        row("in FROM", "SELECT * FROM pg_advisory_lock(1)", "pg_advisory_lock");
        row("in VALUES", "VALUES (1), (pg_advisory_lock(2))", "pg_advisory_lock");
        row("unicode escape", "SELECT U&\"pg\\005fadvisory_lock\"(1)", "pg_advisory_lock");
        row("unicode escape, long form",
            "SELECT U&\"\\+000070g_advisory_lock\"(1)",
            "pg_advisory_lock");
        row("unicode escape, UESCAPE",
            "SELECT u&\"pg!005fadvisory_lock\" UESCAPE '!' (1)",
            "pg_advisory_lock");
        row("after a doubled quote", "SELECT 'a''b', pg_advisory_lock(1)", "pg_advisory_lock");
        row("after an E string's escaped quote",
            "SELECT E'\\'', pg_advisory_lock(1)",
            "pg_advisory_lock");
        row("after a backslash at a string's end",
            "SELECT 'a\\', pg_advisory_lock(1) --'",
            "pg_advisory_lock");
        row("after a dollar quote holding another tag",
            "SELECT $a$ $b$ $a$, pg_advisory_lock(1)",
            "pg_advisory_lock");
        row("after a string continued on the next line",
            "SELECT 'x'\n'y', pg_advisory_lock(1)",
            "pg_advisory_lock");
        row("a $ quote that is part of a name",
            "SELECT x$a$, pg_reload_conf(), $a$",
            "pg_reload_conf");
        row("right after a number", "SELECT 1pg_reload_conf()", "pg_reload_conf");
        row("terminate", "SELECT pg_terminate_backend(42)", "pg_terminate_backend");
        row("cancel", "SELECT pg_cancel_backend(42)", "pg_cancel_backend");
        row("lo_export", "SELECT lo_export(lo_from_bytea(0, 'x'), '/tmp/f')", "lo_export");
        row("slot",
            "SELECT pg_create_physical_replication_slot('s')",
            "pg_create_physical_replication_slot");
        row("logical slot",
            "SELECT pg_create_logical_replication_slot('s', 'test_decoding')",
            "pg_create_logical_replication_slot");
        row("slot changes",
            "SELECT * FROM pg_logical_slot_get_changes('s', NULL, NULL)",
            "pg_logical_slot_get_changes");
        row("switch wal", "SELECT pg_switch_wal()", "pg_switch_wal");
        row("reload", "SELECT pg_reload_conf()", "pg_reload_conf");
        row("rotate", "SELECT pg_rotate_logfile()", "pg_rotate_logfile");
        row("stats", "SELECT pg_stat_reset()", "pg_stat_reset");
        row("shared stats", "SELECT pg_stat_reset_shared('bgwriter')", "pg_stat_reset_shared");
        row("set_config", "SELECT set_config('search_path', 'x', false)", "set_config");
        row("dblink", "SELECT * FROM dblink_exec('host=x', 'DROP TABLE kv')", "dblink_exec");
        row("SQL in a string",
            "SELECT query_to_xml('SELECT pg_advisory_lock(1)', true, false, '')",
            "query_to_xml");
        row("SQL in a string, ts_stat", "SELECT * FROM ts_stat('SELECT 1')", "ts_stat");
    }
    void deniedFunctionsAreFoundHoweverWritten()
    {
        QFETCH(QString, text);
        QFETCH(QString, function);
        QCOMPARE(refusalOf(text),
                 kPrefix + function + QStringLiteral("() has effects beyond the statement"));
    }

    void otherStatementsAreRefused_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("why");
        const auto row = [](const char *text, const char *why) {
            QTest::newRow(text) << QString::fromUtf8(text) << QString::fromUtf8(why);
        };
        const char *only = "it runs SELECT, VALUES, TABLE, WITH and EXPLAIN only";
        row("COPY kv TO PROGRAM 'touch /tmp/x'",
            "it runs SELECT, VALUES, TABLE, WITH and "
            "EXPLAIN only, not COPY");
        row("copy kv to '/tmp/kv.csv'",
            "it runs SELECT, VALUES, TABLE, WITH and EXPLAIN "
            "only, not COPY");
        row("/* hidden */ CHECKPOINT",
            "it runs SELECT, VALUES, TABLE, WITH and EXPLAIN only, "
            "not CHECKPOINT");
        row("SET default_transaction_read_only = off",
            "it runs SELECT, VALUES, TABLE, WITH and EXPLAIN only, not SET");
        row("SET TRANSACTION READ WRITE",
            "it runs SELECT, VALUES, TABLE, WITH and EXPLAIN "
            "only, not SET");
        row("COMMIT; DELETE FROM kv",
            "it runs SELECT, VALUES, TABLE, WITH and EXPLAIN only, "
            "not COMMIT");
        row("DO $$ BEGIN PERFORM 1; END $$",
            "it runs SELECT, VALUES, TABLE, WITH and "
            "EXPLAIN only, not DO");
        row("PREPARE p AS SELECT 1",
            "it runs SELECT, VALUES, TABLE, WITH and EXPLAIN only, "
            "not PREPARE");
        row("LISTEN x", "it runs SELECT, VALUES, TABLE, WITH and EXPLAIN only, not LISTEN");
        row("LOCK TABLE kv", "it runs SELECT, VALUES, TABLE, WITH and EXPLAIN only, not LOCK");
        row("\"select\" 1", only);
        row("-- nothing but a comment", only);
        row("WITH d AS (DELETE FROM kv RETURNING *) SELECT * FROM d", "it does not run DELETE");
        row("WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x", "it does not run INSERT");
        row("with u as (update kv set value = value returning 1) select 1",
            "it does not run UPDATE");
        row("SELECT * INTO TEMP t FROM kv", "it does not run INTO (SELECT INTO creates a table)");
        row("SELECT * FROM kv FOR UPDATE", "it does not run UPDATE");
        row("EXPLAIN ANALYZE SELECT 1", "EXPLAIN ANALYZE runs the statement");
        row("explain (analyze) select 1", "EXPLAIN ANALYZE runs the statement");
        row("EXPLAIN (ANALYSE, BUFFERS) SELECT 1", "EXPLAIN ANALYZE runs the statement");
        row("EXPLAIN (FORMAT JSON, ANALYZE TRUE) SELECT 1", "EXPLAIN ANALYZE runs the statement");
    }
    void otherStatementsAreRefused()
    {
        QFETCH(QString, text);
        QFETCH(QString, why);
        QCOMPARE(refusalOf(text), kPrefix + why);
    }

    void aNulCharacterIsRefused()
    {
        QCOMPARE(refusalOf(QStringLiteral("SELECT 1 --") + QChar(0) + QStringLiteral("\n")),
                 kPrefix + QStringLiteral("the statement holds a NUL character"));
    }

    // The server's plan (EXPLAIN VERBOSE) names what a view or a function scan calls.
    void thePlanIsCheckedToo()
    {
        QCOMPARE(planRefusalOf(QStringLiteral("Result\n  Output: pg_advisory_lock('1'::bigint)\n")),
                 kPrefix + QStringLiteral("pg_advisory_lock() has effects beyond the statement"));
        QCOMPARE(
            planRefusalOf(QStringLiteral("Function Scan on pg_catalog.pg_terminate_backend\n")),
            kPrefix + QStringLiteral("pg_terminate_backend() has effects beyond the statement"));
        QCOMPARE(planRefusalOf(QStringLiteral("Seq Scan on s.kv\n  Output: key, value\n  Filter: "
                                              "(kv.key = '\\x02'''::bytea)\n")),
                 QString());
        QCOMPARE(planRefusalOf(QStringLiteral("Result\n  Output: 'pg_reload_conf()'::text\n")),
                 QString());
        QVERIFY(!isExplainStatement("SELECT 1"));
        QVERIFY(isExplainStatement("(/* c */ explain SELECT 1)"));
    }

    void theLexerCutsAsTheServerDoes()
    {
        const std::vector<PostgresToken> tokens = lexPostgres(
            "SELECT \"A\"\"b\", Ab$c, U&\"d\\0061t\\+000061\", E'x\\'y', $t$ $ $t$, $1 /* */",
            true);
        std::vector<std::pair<PostgresToken::Kind, std::string>> got;
        for (const PostgresToken &token : tokens)
            got.emplace_back(token.kind, token.text);
        using K = PostgresToken::Kind;
        const std::vector<std::pair<PostgresToken::Kind, std::string>> expected = {
            {K::Word, "select"},
            {K::QuotedWord, "A\"b"},
            {K::Symbol, ","},
            {K::Word, "ab$c"},
            {K::Symbol, ","},
            {K::QuotedWord, "data"},
            {K::Symbol, ","},
            {K::String, "x'y"},
            {K::Symbol, ","},
            {K::String, " $ "},
            {K::Symbol, ","},
            {K::Parameter, ""},
        };
        QCOMPARE(got, expected);
    }

    void theDenylistMatchesPatterns()
    {
        const auto &denied = deniedPostgresFunctions();
        QCOMPARE(deniedBy(denied, "PG_TRY_ADVISORY_XACT_LOCK_SHARED"),
                 std::string_view("pg_try_advisory_*"));
        QCOMPARE(deniedBy(denied, "lo_import"), std::string_view("lo_*"));
        QCOMPARE(deniedBy(denied, "pg_stat_reset_single_table_counters"),
                 std::string_view("pg_stat_reset*"));
        QCOMPARE(deniedBy(denied, "pg_get_replication_slots"), std::string_view());
        QCOMPARE(deniedBy(denied, "pg_replication_slots"), std::string_view());
        QCOMPARE(deniedBy(denied, "low"), std::string_view());
        QCOMPARE(deniedBy(deniedSqliteFunctions(), "LOAD_EXTENSION"),
                 std::string_view("load_extension"));
    }
};

QTEST_GUILESS_MAIN(TstPostgresReadOnlyCheck)
#include "tst_postgres_read_only_check.moc"
