// The Tables view and the SQL console on the real PostgreSQL 15 of the test run, through
// a database tab's session: the tables of a schema with the versionstamp sequence, the
// console's read-only transaction against texts that try to leave it, a cancelled query.
#include "rawsql/raw_sql_fixture.h"
#include "session/database_session.h"
#include "support/postgres_test_server.h"
#include "support/test_support.h"
#include "tables/console_controller.h"
#include "tables/console_driver.h"
#include "tables/sql_console_pane.h"
#include "tables/statement_result_model.h"
#include "tables/table_rows_model.h"
#include "tables/tables_controller.h"
#include "tables/tables_pane.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace kvs;
using namespace kvs::ui;

class TstTablesPanePostgres : public QObject
{
    Q_OBJECT

private:
    std::string m_schema = test::freshSchema("tables");
    test::PgAdmin m_admin;
    QTemporaryDir m_dir;

    rawsql::RawSqlTarget target() const
    {
        // As a database tab hands it over: from the connection spec and the password.
        QString password;
        auto spec = ConnectionSpec::fromPostgresUrl(QString::fromStdString(test::postgresUrl()),
                                                    &password);
        spec->setSchema(QString::fromStdString(m_schema));
        DatabaseSession session(*spec, password);
        return session.rawSqlTarget();
    }

private slots:
    void initTestCase()
    {
        AsyncKVStoreSettings settings;
        settings.schema = m_schema;
        AsyncKVStore store(test::postgresUrl(), settings);
        test::fillStore(store, 1200);
        store.close().waitForFinished();
    }
    void cleanupTestCase() { m_admin.exec("DROP SCHEMA \"" + m_schema + "\" CASCADE"); }

    void tablesOfTheSchemaWithTheSequence()
    {
        TablesPane pane;
        QAbstractItemModelTester tester(pane.controller()->rows(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        pane.setTarget(target());
        pane.show();
        QTRY_VERIFY(pane.statusText().contains(QStringLiteral("1,200 row(s)")));
        QCOMPARE(pane.tableChoice()->count(), 4);
        pane.view()->scrollToBottom();
        QTRY_VERIFY(!pane.controller()->rows()->index(1199, 1).data().toString().isEmpty());
        pane.tableChoice()->setCurrentIndex(3);
        emit pane.tableChoice()->activated(3);
        QTRY_COMPARE(
            pane.controller()->rows()->headerData(0, Qt::Horizontal, Qt::DisplayRole).toString(),
            QStringLiteral("last_value"));
    }

    void consoleStaysReadOnlyAndCancels()
    {
        SqlConsolePane pane;
        QAbstractItemModelTester tester(pane.controller()->result(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        pane.controller()->setHistoryPath(m_dir.filePath(QStringLiteral("history.jsonl")));
        pane.setTarget(target());
        pane.show();
        // The schema is first on the console's search path.
        test::runInConsole(pane, QStringLiteral("SELECT count(*) FROM kv"));
        QCOMPARE(pane.controller()->result()->index(0, 0).data().toString(),
                 QStringLiteral("1200"));
        for (const QString &text : {QStringLiteral("COMMIT; DELETE FROM kv"),
                                    QStringLiteral("SET TRANSACTION READ WRITE"),
                                    QStringLiteral("SET default_transaction_read_only = off"),
                                    QStringLiteral("DELETE FROM kv")}) {
            test::runInConsole(pane, text);
        }
        QVERIFY2(pane.statusText().contains(QStringLiteral("read-only transaction")),
                 qPrintable(pane.statusText()));
        QCOMPARE(m_admin.exec("SELECT count(*) FROM \"" + m_schema + "\".kv"), std::string("1200"));

        pane.editor()->setPlainText(QStringLiteral("SELECT pg_sleep(600)"));
        pane.runButton()->click();
        QTRY_VERIFY(pane.cancelButton()->isEnabled());
        pane.cancelButton()->click();
        QTRY_VERIFY(!pane.controller()->isRunning());
        QVERIFY2(
            pane.statusText().contains(QStringLiteral("canceling statement due to user request"))
                || pane.statusText() == QStringLiteral("Failed: kvs: cancelled"),
            qPrintable(pane.statusText()));
        // The history never holds the password (written off the GUI thread: the list shows
        // the line once it is in the file).
        QTRY_COMPARE(
            pane.findChild<QComboBox *>(QStringLiteral("sqlHistory"))->itemData(0).toString(),
            QStringLiteral("SELECT pg_sleep(600)"));
        QFile history(m_dir.filePath(QStringLiteral("history.jsonl")));
        QVERIFY(history.open(QIODevice::ReadOnly));
        const QByteArray text = history.readAll();
        QVERIFY(text.contains("pg_sleep"));
        const std::string url = test::postgresUrl();
        QString password;
        (void)ConnectionSpec::fromPostgresUrl(QString::fromStdString(url), &password);
        QVERIFY(password.isEmpty() || !text.contains(password.toUtf8()));
    }
};

QTEST_MAIN(TstTablesPanePostgres)
#include "tst_tables_pane_postgres.moc"
