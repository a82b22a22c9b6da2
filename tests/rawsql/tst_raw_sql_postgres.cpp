// The Tables view's and the SQL console's data layer on the real PostgreSQL 15 of the test
// run: tables and the versionstamp sequence of a schema, keyset pages, the console's read-only
// guarantees against texts that try to leave the read-only transaction, a cancelled query,
// writing behind the switch, and no password in any message.
#include "rawsql/bound_query.h"
#include "rawsql/raw_sql_fixture.h"
#include "support/postgres_test_server.h"
#include "support/test_support.h"

#include <kvs/key.h>

#include <cmath>

using namespace kvs;
using namespace kvs::rawsql;
using kvs::test::errorOf;
using kvs::test::resultOf;
using kvs::test::tableNamed;

class TstRawSqlPostgres : public QObject
{
    Q_OBJECT

private:
    std::string m_schema = test::freshSchema("rawsql");
    test::PgAdmin m_admin;

    RawSqlTarget target() const
    {
        RawSqlTarget t;
        t.kind = RawSqlTarget::Kind::Postgres;
        t.postgresConnection = test::postgresUrl();
        t.tablePrefix = QStringLiteral("app_");
        t.schema = QString::fromStdString(m_schema);
        return t;
    }
    std::string kvCount()
    {
        return m_admin.exec("SELECT count(*) FROM \"" + m_schema + "\".app_kv");
    }

private slots:
    void initTestCase()
    {
        AsyncKVStoreSettings settings;
        settings.tablePrefix = "app_";
        settings.schema = m_schema;
        AsyncKVStore store(test::postgresUrl(), settings);
        test::fillStore(store, 1000);
        store.close().waitForFinished();
        QCOMPARE(kvCount(), std::string("1000"));
    }
    void cleanupTestCase() { m_admin.exec("DROP SCHEMA \"" + m_schema + "\" CASCADE"); }

    void findsTablesAndTheVersionstampSequence()
    {
        RawSqlWorker worker(target());
        const QList<KvsTable> tables = resultOf(worker.tables());
        QStringList labels;
        for (const KvsTable &table : tables)
            labels << table.label;
        QCOMPARE(labels,
                 QStringList({QStringLiteral("kv"),
                              QStringLiteral("queue"),
                              QStringLiteral("meta"),
                              QStringLiteral("kv_versionstamp")}));
        const KvsTable sequence = tables.last();
        QVERIFY(sequence.isSequence);
        QCOMPARE(
            sequence.sqlName,
            QStringLiteral("\"%1\".\"app_kv_versionstamp\"").arg(QString::fromStdString(m_schema)));
        const TablePage state = resultOf(worker.page(sequence, {}));
        QCOMPARE(state.columns.first(), QStringLiteral("last_value"));
        QVERIFY(state.rows.first().first().toLongLong() >= 10);
        QCOMPARE(resultOf(worker.count(tables.first())), qint64(1000));
    }

    void keysetPagesReadByteaKeysInOrder()
    {
        RawSqlWorker worker(target());
        const KvsTable kv = tableNamed(worker, QStringLiteral("kv"));
        PageRequest request;
        request.limit = 400;
        const TablePage first = resultOf(worker.page(kv, request));
        request.anchor = PageRequest::Anchor::After;
        request.key = first.rows.last().first();
        const TablePage second = resultOf(worker.page(kv, request));
        QCOMPARE(second.rows.size(), 400);
        QCOMPARE(decodeKey(first.rows.first().first().toByteArray().toStdString()),
                 (Key{"row", 0}));
        QCOMPARE(decodeKey(second.rows.first().first().toByteArray().toStdString()),
                 (Key{"row", 400}));
        request.anchor = PageRequest::Anchor::Before;
        request.key = second.rows.first().first();
        const TablePage back = resultOf(worker.page(kv, request));
        QCOMPARE(back.rows, first.rows);
    }

    void keysetPagesWorkThroughPgBouncerInTransactionPooling()
    {
        // Qt's QPSQL would prepare a bound page read with a named SQL PREPARE, which the pooler
        // may send to another server connection than its EXECUTE: pages read with literals.
        RawSqlTarget pooled = target();
        pooled.postgresConnection = test::pgBouncerUrl();
        RawSqlWorker worker(pooled);
        const KvsTable kv = tableNamed(worker, QStringLiteral("kv"));
        PageRequest request;
        request.limit = 300;
        TablePage page = resultOf(worker.page(kv, request));
        for (int n = 1; n < 4; ++n) {
            request.anchor = PageRequest::Anchor::After;
            request.key = page.rows.last().first();
            page = resultOf(worker.page(kv, request));
            QCOMPARE(decodeKey(page.rows.first().first().toByteArray().toStdString()),
                     (Key{"row", 300 * n}));
        }
        request.anchor = PageRequest::Anchor::Before;
        request.key = page.rows.first().first();
        const TablePage back = resultOf(worker.page(kv, request));
        QCOMPARE(decodeKey(back.rows.first().first().toByteArray().toStdString()),
                 (Key{"row", 600}));
        const KvsTable meta = tableNamed(worker, QStringLiteral("meta"));
        request.anchor = PageRequest::Anchor::After;
        request.key = QStringLiteral("");
        QVERIFY(!resultOf(worker.page(meta, request)).rows.isEmpty()); // a text key
    }

    void literalsSayTheirValueWhateverTheStringSetting_data()
    {
        QTest::addColumn<QString>("setting");
        QTest::newRow("standard_conforming_strings on") << QStringLiteral("on");
        QTest::newRow("standard_conforming_strings off") << QStringLiteral("off");
    }
    void literalsSayTheirValueWhateverTheStringSetting()
    {
        QFETCH(QString, setting);
        const QByteArray bytes("\x00'\\\"\xff", 5);
        const QString text = QStringLiteral("it's \\ \u00e9 \U0001F600");
        const std::string sql
            = "SET standard_conforming_strings = " + setting.toStdString() + "; SELECT encode("
              + postgresLiteral(bytes).toStdString() + ", 'hex') || '/' || encode(convert_to("
              + postgresLiteral(text).toStdString() + ", 'UTF8'), 'hex') || '/' || "
              + postgresLiteral(qlonglong(-42)).toStdString() + " || '/' || coalesce("
              + postgresLiteral(QVariant()).toStdString() + "::text, 'null')";
        QCOMPARE(QString::fromStdString(m_admin.exec(sql)),
                 QString::fromLatin1(bytes.toHex()) + QLatin1Char('/')
                     + QString::fromLatin1(text.toUtf8().toHex()) + QStringLiteral("/-42/null"));
        m_admin.exec("SET standard_conforming_strings = on");
    }

    void consoleWritesNothingInReadOnlyMode_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        const QString only = QStringLiteral(
            "kvs: the console is read-only: it runs SELECT, VALUES, TABLE, WITH and EXPLAIN "
            "only, not ");
        QTest::newRow("delete") << QStringLiteral("DELETE FROM app_kv")
                                << only + QStringLiteral("DELETE");
        QTest::newRow("commit then delete")
            << QStringLiteral("COMMIT; DELETE FROM app_kv") << only + QStringLiteral("COMMIT");
        // Past the client's check, the server's protocol-level prepare takes one statement only.
        QTest::newRow("select, commit, select")
            << QStringLiteral("SELECT 1; COMMIT; SELECT 2")
            << QStringLiteral("kvs: cannot insert multiple commands into a prepared statement");
        QTest::newRow("set transaction read write")
            << QStringLiteral("SET TRANSACTION READ WRITE") << only + QStringLiteral("SET");
        QTest::newRow("set the default")
            << QStringLiteral("SET default_transaction_read_only = off")
            << only + QStringLiteral("SET");
        QTest::newRow("drop") << QStringLiteral("DROP TABLE app_kv")
                              << only + QStringLiteral("DROP");
        // And past both, the server's read-only transaction.
        QTest::newRow("a write inside a read")
            << QStringLiteral("SELECT nextval('app_kv_versionstamp')")
            << QStringLiteral("kvs: cannot execute nextval() in a read-only transaction");
    }
    void consoleWritesNothingInReadOnlyMode()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        RawSqlWorker worker(target());
        QCOMPARE(QString::fromStdString(errorOf(worker.execute(text, false, 10))), error);
        // And the connection goes on reading.
        const StatementResult next
            = resultOf(worker.execute(QStringLiteral("SELECT count(*) FROM app_kv"), false, 10));
        QCOMPARE(next.page.rows.first().first().toLongLong(), 1000);
        QCOMPARE(kvCount(), std::string("1000"));
    }

    void consoleCancelsALongQuery()
    {
        RawSqlWorker worker(target());
        QFuture<StatementResult> running
            = worker.execute(QStringLiteral("SELECT pg_sleep(600)"), false, 10);
        worker.interrupt();
        const std::string error = errorOf(running);
        QVERIFY2(error.find("canceling statement due to user request") != std::string::npos
                     || error == "kvs: cancelled",
                 error.c_str());
        const StatementResult next
            = resultOf(worker.execute(QStringLiteral("SELECT 42"), false, 10));
        QCOMPARE(next.page.rows.first().first().toInt(), 42);
    }

    void consolePagesAndClosesALongResult()
    {
        RawSqlWorker worker(target());
        const StatementResult first = resultOf(worker.execute(
            QStringLiteral("SELECT g FROM generate_series(1, 100000) g"), false, 500));
        QVERIFY(!first.atEnd);
        QCOMPARE(first.page.rows.size(), 500);
        const StatementResult second = resultOf(worker.fetchMore(500));
        QCOMPARE(second.page.rows.first().first().toInt(), 501);
        // Closing early stops the rest, and the connection serves the next statement.
        resultOf(worker.closeResult());
        const StatementResult next
            = resultOf(worker.execute(QStringLiteral("SELECT 7"), false, 10));
        QCOMPARE(next.page.rows.first().first().toInt(), 7);
    }

    void consoleWritesOnlyBehindTheSwitch()
    {
        RawSqlWorker worker(target());
        const QString table = QStringLiteral("\"%1\".app_kv").arg(target().schema);
        QCOMPARE(errorOf(worker.execute(QStringLiteral("DELETE FROM ") + table, true, 10)),
                 std::string("kvs: writing SQL is switched off"));
        worker.allowWrites(true);
        m_admin.exec("CREATE TABLE \"" + m_schema + "\".scratch (n int)");
        const StatementResult inserted = resultOf(worker.execute(
            QStringLiteral("INSERT INTO \"%1\".scratch VALUES (1), (2)").arg(target().schema),
            true,
            10));
        QCOMPARE(inserted.rowsAffected, qint64(2));
        QCOMPARE(m_admin.exec("SELECT count(*) FROM \"" + m_schema + "\".scratch"),
                 std::string("2"));
        QCOMPARE(kvCount(), std::string("1000"));
    }

    // Issue 32: nothing a pooler in transaction mode (PgBouncer) refuses or loses: no startup
    // options (read-only and the search path are the transaction's own), no named prepared
    // statement (the text is the unnamed one of the extended protocol).
    void issue32_readOnlyPerTransactionNothingNamed()
    {
        RawSqlWorker worker(target());
        const StatementResult settings = resultOf(worker.execute(
            QStringLiteral("SELECT current_setting('default_transaction_read_only'), "
                           "current_setting('transaction_read_only'), "
                           "current_setting('search_path'), "
                           "(SELECT count(*) FROM pg_prepared_statements)"),
            false,
            10));
        QCOMPARE(settings.page.rows.first(),
                 (QVariantList{QStringLiteral("off"),
                               QStringLiteral("on"),
                               QStringLiteral("%1, public").arg(target().schema),
                               qlonglong(0)}));
        // Writing has the schema too, and commits.
        worker.allowWrites(true);
        const StatementResult written = resultOf(
            worker.execute(QStringLiteral("SELECT current_setting('transaction_read_only'), "
                                          "current_setting('search_path')"),
                           true,
                           10));
        QCOMPARE(written.page.rows.first().first().toString(), QStringLiteral("off"));
        // COPY's data is neither shown nor waited for.
        const StatementResult copied
            = resultOf(worker.execute(QStringLiteral("COPY (SELECT 1) TO STDOUT"), true, 10));
        QVERIFY(!copied.returnsRows);
        QCOMPARE(resultOf(worker.execute(QStringLiteral("SELECT 5"), false, 10))
                     .page.rows.first()
                     .first()
                     .toInt(),
                 5);
    }

    // Issue 32: the rows come through libpq, typed as the grid and CSV show them.
    void issue32_valuesKeepTheirTypes()
    {
        RawSqlWorker worker(target());
        const StatementResult row = resultOf(worker.execute(
            QStringLiteral("SELECT 7::int2, 8::int4, 9000000000::int8, true, 1.5::float8, "
                           "'NaN'::float8, 12.345678901234567890::numeric, 'x y'::text, "
                           "'\\x00ff'::bytea, NULL::text, '[1,2]'::jsonb"),
            false,
            10));
        const QVariantList values = row.page.rows.first();
        QCOMPARE(values.at(0), QVariant(qlonglong(7)));
        QCOMPARE(values.at(1), QVariant(qlonglong(8)));
        QCOMPARE(values.at(2), QVariant(qlonglong(9000000000)));
        QCOMPARE(values.at(3), QVariant(true));
        QCOMPARE(values.at(4), QVariant(1.5));
        QVERIFY(std::isnan(values.at(5).toDouble()));
        QCOMPARE(values.at(6), QVariant(QStringLiteral("12.345678901234567890")));
        QCOMPARE(values.at(7), QVariant(QStringLiteral("x y")));
        QCOMPARE(values.at(8), QVariant(QByteArray("\x00\xff", 2)));
        QVERIFY(values.at(9).isNull());
        QCOMPARE(values.at(10), QVariant(QStringLiteral("[1, 2]")));
        QCOMPARE(row.page.columns.size(), 11);
    }

    void aWrongPasswordNeverShows()
    {
        RawSqlTarget wrong = target();
        wrong.postgresConnection = test::withParameter(test::postgresUrl(), "password=Sekr3tPw");
        wrong.postgresConnection
            = test::withParameter(wrong.postgresConnection, "user=nobody_here");
        RawSqlWorker worker(wrong);
        const std::string error = errorOf(worker.tables());
        QVERIFY2(error.rfind("kvs: cannot open ", 0) == 0, error.c_str());
        QVERIFY2(error.find("Sekr3tPw") == std::string::npos, error.c_str());
    }
};

QTEST_GUILESS_MAIN(TstRawSqlPostgres)
#include "tst_raw_sql_postgres.moc"
