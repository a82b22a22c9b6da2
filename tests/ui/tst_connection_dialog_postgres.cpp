// The connection dialog against the test run's PostgreSQL server: the result names the step
// that failed (resolve, connect, authenticate, database, schema check) or says OK.
#include "connection/connection_dialog.h"
#include "support/postgres_test_server.h"
#include "support/test_paths.h"

#include <kvs/async_kvstore.h>

#include <QDir>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTest>

using kvs::ui::ConnectionDialog;
using kvs::ui::ConnectionSpec;
using kvs::ui::ConnectionTestResult;
using Step = ConnectionTestResult::Step;

namespace {

constexpr int kTimeout = 30000;

template <typename T>
T *child(const QWidget &parent, const char *name)
{
    T *found = parent.findChild<T *>(QString::fromLatin1(name));
    if (!found)
        qFatal("no child %s", name);
    return found;
}

// A schema with kvs tables and one entry.
std::string kvsSchema(const char *tag)
{
    const std::string schema = kvs::test::freshSchema(tag);
    kvs::AsyncKVStoreSettings settings;
    settings.schema = schema;
    settings.maintenanceInterval = std::chrono::milliseconds(0);
    kvs::AsyncKVStore store(kvs::test::postgresUrl(), settings);
    (void)store.set({"users", "alice"}, kvs::Value(1)).result();
    store.close().waitForFinished();
    return schema;
}

} // namespace

class TestConnectionDialogPostgres : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void connectsToAKvsSchema();
    void wrongPasswordFailsAtAuthenticate();
    void closedPortFailsAtConnect();
    void unknownHostFailsAtResolve();
    void missingDatabaseFailsAtDatabase();
    void schemaWithoutKvsTablesFailsTheSchemaCheck();

private:
    // Fills the PostgreSQL form and runs the test.
    ConnectionTestResult test(ConnectionDialog &dialog,
                              const ConnectionSpec &spec,
                              const QString &password,
                              const std::string &schema);

    ConnectionSpec m_spec;
    QString m_password;
    std::string m_schema;
};

void TestConnectionDialogPostgres::initTestCase()
{
    auto spec = ConnectionSpec::fromPostgresUrl(QString::fromStdString(kvs::test::postgresUrl()),
                                                &m_password);
    QVERIFY(spec);
    QVERIFY(!m_password.isEmpty());
    m_spec = *spec;
    m_schema = kvsSchema("dialog");
}

ConnectionTestResult TestConnectionDialogPostgres::test(ConnectionDialog &dialog,
                                                        const ConnectionSpec &spec,
                                                        const QString &password,
                                                        const std::string &schema)
{
    child<QRadioButton>(dialog, "postgresKindRadio")->setChecked(true);
    child<QLineEdit>(dialog, "postgresUrlEdit")->setText(spec.postgresUrl());
    child<QLineEdit>(dialog, "passwordEdit")->setText(password);
    child<QLineEdit>(dialog, "schemaEdit")->setText(QString::fromStdString(schema));
    QSignalSpy finished(&dialog, &ConnectionDialog::testFinished);
    QTest::mouseClick(child<QPushButton>(dialog, "testButton"), Qt::LeftButton);
    if (!finished.wait(kTimeout) && finished.isEmpty())
        qWarning("no test result");
    return dialog.lastTestResult();
}

void TestConnectionDialogPostgres::connectsToAKvsSchema()
{
    ConnectionDialog dialog(nullptr);
    dialog.show();
    const ConnectionTestResult result = test(dialog, m_spec, m_password, m_schema);
    QVERIFY2(result.ok, qPrintable(result.summary() + QLatin1Char(' ') + result.detail));
    QVERIFY(dialog.testStatusText().startsWith(QStringLiteral("✔ Connection OK")));
    QCOMPARE(dialog.password(), m_password);
    QCOMPARE(dialog.spec().schema(), QString::fromStdString(m_schema));
    QVERIFY(!dialog.spec().postgresUrl().contains(m_password));
}

void TestConnectionDialogPostgres::wrongPasswordFailsAtAuthenticate()
{
    ConnectionDialog dialog(nullptr);
    dialog.show();
    const ConnectionTestResult result
        = test(dialog, m_spec, QStringLiteral("not-the-password"), m_schema);
    QCOMPARE(result.step, Step::Authenticate);
    QVERIFY2(dialog.testStatusText().contains(QStringLiteral("Authenticate failed: ")),
             qPrintable(dialog.testStatusText()));
    QVERIFY(result.detail.contains(QStringLiteral("password authentication failed")));

    QDir().mkpath(kvs::test::fromTest(KVS_SCREENSHOT_DIR));
    QVERIFY(dialog.grab().save(
        kvs::test::fromTest(KVS_SCREENSHOT_DIR "/connection-dialog-postgres-authenticate.png")));
}

void TestConnectionDialogPostgres::closedPortFailsAtConnect()
{
    ConnectionDialog dialog(nullptr);
    const ConnectionSpec closed = ConnectionSpec::postgres(
        QStringLiteral("127.0.0.1"), 1, m_spec.database(), m_spec.user());
    const ConnectionTestResult result = test(dialog, closed, m_password, m_schema);
    QCOMPARE(result.step, Step::Connect);
    QVERIFY(dialog.testStatusText().contains(QStringLiteral("Connect failed: ")));
}

void TestConnectionDialogPostgres::unknownHostFailsAtResolve()
{
    ConnectionDialog dialog(nullptr);
    const ConnectionSpec nowhere = ConnectionSpec::postgres(
        QStringLiteral("no-such-host.invalid"), 5432, m_spec.database(), m_spec.user());
    const ConnectionTestResult result = test(dialog, nowhere, m_password, m_schema);
    QCOMPARE(result.step, Step::Resolve);
    QVERIFY(dialog.testStatusText().contains(QStringLiteral("Resolve failed: ")));
    QVERIFY(result.message.contains(QStringLiteral("no-such-host.invalid")));
}

void TestConnectionDialogPostgres::missingDatabaseFailsAtDatabase()
{
    ConnectionDialog dialog(nullptr);
    const ConnectionSpec missing = ConnectionSpec::postgres(
        m_spec.host(), m_spec.port(), QStringLiteral("no_such_database"), m_spec.user());
    const ConnectionTestResult result = test(dialog, missing, m_password, m_schema);
    QCOMPARE(result.step, Step::Database);
    QVERIFY(dialog.testStatusText().contains(QStringLiteral("Database failed: ")));
    QVERIFY(result.message.contains(QStringLiteral("no_such_database")));
}

void TestConnectionDialogPostgres::schemaWithoutKvsTablesFailsTheSchemaCheck()
{
    const std::string schema = kvs::test::freshSchema("app");
    kvs::test::PgAdmin admin;
    admin.exec("CREATE SCHEMA " + schema + "; CREATE TABLE " + schema + ".orders (id int)");
    ConnectionDialog dialog(nullptr);
    const ConnectionTestResult result = test(dialog, m_spec, m_password, schema);
    QCOMPARE(result.step, Step::SchemaCheck);
    QVERIFY2(dialog.testStatusText().contains(QStringLiteral("Schema check failed: Not a kvs "
                                                             "database")),
             qPrintable(dialog.testStatusText()));
    QVERIFY(result.message.contains(QStringLiteral("orders")));
    // Testing added nothing.
    QCOMPARE(admin.exec("SELECT count(*) FROM pg_tables WHERE schemaname = '" + schema + "'"),
             std::string("1"));
}

QTEST_MAIN(TestConnectionDialogPostgres)
#include "tst_connection_dialog_postgres.moc"
