// The connection dialog on SQLite files, driven offscreen: fill the form, click "Test
// connection", and read which step the result names; recent connections fill the form; testing
// never creates a file; a second click supersedes the first. Saves a screenshot.
#include "connection/connection_dialog.h"
#include "connection/connection_tester.h"
#include "connection/recent_connections.h"
#include "support/raw_sqlite.h"
#include "support/test_paths.h"

#include <kvs/kvstore.h>
#include <kvs/saved_connection.h>

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using kvs::test::RawSqlite;
using kvs::ui::ConnectionDialog;
using kvs::ui::ConnectionSpec;
using kvs::ui::ConnectionTestResult;
using kvs::ui::RecentConnections;
using Step = ConnectionTestResult::Step;

namespace {

constexpr int kTimeout = 20000;

template <typename T>
T *child(const QWidget &parent, const char *name)
{
    T *found = parent.findChild<T *>(QString::fromLatin1(name));
    if (!found)
        qFatal("no child %s", name);
    return found;
}

} // namespace

class TestConnectionDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void opensAKvsDatabase();
    void saysAMissingFileIsMissingAndCreatesNothing();
    void announcesANewFileWithoutCreatingIt();
    void namesTheTablesOfANonKvsFile();
    void refusesANewerSchema();
    void offersMigrationForAnOlderSchema();
    void refusesAForeignTable();
    void saysAFileThatIsNotSqlite();
    void aSecondClickSupersedesTheFirst();
    void doubleClickOnARecentConnectionFillsTheForm();
    void switchingToPostgresShowsItsFields();
    void tlsFieldsLiveInTheUrl();
    void warnsOfARemoteHostThatIsNotVerified();
    void savesScreenshots();

private:
    // Fills the SQLite form with path, clicks Test and waits for the result.
    ConnectionTestResult
    testSqlite(ConnectionDialog &dialog, const QString &path, bool createNew = false);
    QString file(const char *name) const { return m_dir.filePath(QString::fromLatin1(name)); }

    QTemporaryDir m_dir;
    QString m_kvsPath;
};

void TestConnectionDialog::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_kvsPath = file("data.kvs.db");
    kvs::KVStore store(m_kvsPath.toStdString());
    store.set({"users", "alice"}, kvs::Value(1));
    store.close();
}

ConnectionTestResult
TestConnectionDialog::testSqlite(ConnectionDialog &dialog, const QString &path, bool createNew)
{
    child<QRadioButton>(dialog, "sqliteKindRadio")->setChecked(true);
    child<QLineEdit>(dialog, "sqlitePathEdit")->setText(path);
    child<QRadioButton>(dialog, createNew ? "createNewRadio" : "openExistingRadio")
        ->setChecked(true);
    QSignalSpy finished(&dialog, &ConnectionDialog::testFinished);
    QTest::mouseClick(child<QPushButton>(dialog, "testButton"), Qt::LeftButton);
    if (!finished.wait(kTimeout) && finished.isEmpty())
        qWarning("no test result");
    return dialog.lastTestResult();
}

void TestConnectionDialog::opensAKvsDatabase()
{
    ConnectionDialog dialog(nullptr);
    dialog.show();
    const ConnectionTestResult result = testSqlite(dialog, m_kvsPath);
    QVERIFY2(result.ok, qPrintable(result.summary() + result.detail));
    QVERIFY(!result.schemaOutdated);
    QCOMPARE(result.schemaVersion, kvs::kSchemaVersion);
    QVERIFY(dialog.testStatusText().startsWith(QStringLiteral("✔ Connection OK")));
    QVERIFY(!dialog.isTesting());
    QCOMPARE(dialog.spec(), ConnectionSpec::sqlite(m_kvsPath));
    QVERIFY(dialog.password().isEmpty());
}

void TestConnectionDialog::saysAMissingFileIsMissingAndCreatesNothing()
{
    ConnectionDialog dialog(nullptr);
    const QString missing = file("missing.db");
    const ConnectionTestResult result = testSqlite(dialog, missing);
    QVERIFY(!result.ok);
    QCOMPARE(result.step, Step::File);
    QVERIFY(dialog.testStatusText().contains(QStringLiteral("Open file failed: There is no file")));
    QVERIFY(!QFileInfo::exists(missing));
}

void TestConnectionDialog::announcesANewFileWithoutCreatingIt()
{
    ConnectionDialog dialog(nullptr);
    const QString fresh = file("fresh.db");
    const ConnectionTestResult result = testSqlite(dialog, fresh, true);
    QVERIFY(result.ok);
    QVERIFY(result.willCreate);
    QVERIFY(dialog.testStatusText().contains(QStringLiteral("will be created")));
    QVERIFY(!QFileInfo::exists(fresh));
    QVERIFY(dialog.spec().createNew());

    const ConnectionTestResult noFolder = testSqlite(dialog, file("no-such-dir/x.db"), true);
    QCOMPARE(noFolder.step, Step::File);
}

void TestConnectionDialog::namesTheTablesOfANonKvsFile()
{
    const QString path = file("app.db");
    {
        RawSqlite raw(path.toStdString());
        raw.exec("CREATE TABLE users (id INTEGER PRIMARY KEY); CREATE TABLE orders (id INTEGER)");
    }
    ConnectionDialog dialog(nullptr);
    const ConnectionTestResult result = testSqlite(dialog, path);
    QCOMPARE(result.step, Step::SchemaCheck);
    QVERIFY2(dialog.testStatusText().contains(QStringLiteral("Schema check failed: Not a kvs "
                                                             "database")),
             qPrintable(dialog.testStatusText()));
    QVERIFY(result.message.contains(QStringLiteral("users")));
    QVERIFY(result.message.contains(QStringLiteral("orders")));
    QVERIFY(result.detail.startsWith(QStringLiteral("kvs: ")));
}

void TestConnectionDialog::refusesANewerSchema()
{
    const QString path = file("v4.db");
    {
        RawSqlite raw(path.toStdString());
        raw.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"
                 "CREATE TABLE kv (key BLOB PRIMARY KEY, value BLOB NOT NULL, version INTEGER NOT "
                 "NULL, expires_at INTEGER);"
                 "INSERT INTO meta VALUES ('schema_version', '4')");
    }
    ConnectionDialog dialog(nullptr);
    const ConnectionTestResult result = testSqlite(dialog, path);
    QCOMPARE(result.step, Step::SchemaCheck);
    QCOMPARE(result.schemaVersion, 4LL);
    QVERIFY(result.message.contains(QStringLiteral("newer kvs")));
    // The core's own message, shown below.
    QVERIFY2(dialog.testStatusText().contains(
                 QStringLiteral("kvs: the database schema is version 4, newer than this kvs "
                                "release supports (3)")),
             qPrintable(dialog.testStatusText()));
}

void TestConnectionDialog::offersMigrationForAnOlderSchema()
{
    const QString path = file("v1.db");
    {
        RawSqlite raw(path.toStdString());
        raw.exec(kvs::test::kSchemaV1Sql);
    }
    const QByteArray before = [&] {
        QFile f(path);
        f.open(QIODevice::ReadOnly);
        return f.readAll();
    }();
    ConnectionDialog dialog(nullptr);
    const ConnectionTestResult result = testSqlite(dialog, path);
    QVERIFY2(result.ok, qPrintable(result.summary()));
    QVERIFY(result.schemaOutdated);
    QCOMPARE(result.schemaVersion, 1LL);
    QVERIFY2(dialog.testStatusText().contains(QStringLiteral("opens for reading; migration "
                                                             "offered")),
             qPrintable(dialog.testStatusText()));
    QFile after(path);
    QVERIFY(after.open(QIODevice::ReadOnly));
    QCOMPARE(after.readAll(), before); // Testing changed no byte.
}

void TestConnectionDialog::refusesAForeignTable()
{
    const QString path = file("foreign.db");
    {
        RawSqlite raw(path.toStdString());
        raw.exec("CREATE TABLE kv (key BLOB PRIMARY KEY, value BLOB NOT NULL, version INTEGER NOT "
                 "NULL, expires_at INTEGER);"
                 "CREATE TABLE queue (id INTEGER PRIMARY KEY, topic TEXT, status TEXT)");
    }
    ConnectionDialog dialog(nullptr);
    const ConnectionTestResult result = testSqlite(dialog, path);
    QCOMPARE(result.step, Step::SchemaCheck);
    QVERIFY2(result.message.contains(QStringLiteral("queue")), qPrintable(result.message));
}

void TestConnectionDialog::saysAFileThatIsNotSqlite()
{
    const QString path = file("notes.txt");
    {
        QFile text(path);
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write(QByteArray(4096, 'x'));
    }
    ConnectionDialog dialog(nullptr);
    const ConnectionTestResult result = testSqlite(dialog, path);
    QCOMPARE(result.step, Step::File);
    QVERIFY(dialog.testStatusText().contains(QStringLiteral("Open file failed")));
}

void TestConnectionDialog::aSecondClickSupersedesTheFirst()
{
    ConnectionDialog dialog(nullptr);
    child<QLineEdit>(dialog, "sqlitePathEdit")->setText(m_kvsPath);
    QSignalSpy finished(&dialog, &ConnectionDialog::testFinished);
    auto *button = child<QPushButton>(dialog, "testButton");
    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY(dialog.isTesting());
    QVERIFY(child<QWidget>(dialog, "testBusyIndicator")->isVisibleTo(&dialog));
    QTest::mouseClick(button, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kTimeout);
    // The first test's result never arrives: the second click dropped its watcher (disconnected
    // at once), so what it reports later goes nowhere, and what it posted already comes here.
    QCoreApplication::processEvents();
    QCOMPARE(finished.size(), 1);
    QVERIFY(!child<QWidget>(dialog, "testBusyIndicator")->isVisibleTo(&dialog));

    // Editing the form drops a result that no longer applies.
    child<QLineEdit>(dialog, "tablePrefixEdit")->setText(QStringLiteral("app_"));
    QVERIFY(dialog.testStatusText().isEmpty());
}

void TestConnectionDialog::doubleClickOnARecentConnectionFillsTheForm()
{
    QSettings settings(m_dir.filePath(QStringLiteral("recent.ini")), QSettings::IniFormat);
    RecentConnections recent(&settings);
    ConnectionSpec prefixed = ConnectionSpec::sqlite(m_kvsPath);
    prefixed.setTablePrefix(QStringLiteral("app_"));
    auto pg = ConnectionSpec::fromPostgresUrl(QStringLiteral("postgres://app@db.example/inv"));
    pg->setSchema(QStringLiteral("infra"));
    recent.add(prefixed);
    recent.add(*pg);

    ConnectionDialog dialog(&recent);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *list = child<QListWidget>(dialog, "recentList");
    QCOMPARE(list->count(), 2);
    QCOMPARE(list->item(0)->text(), pg->displayName());

    const QRect second = list->visualItemRect(list->item(1));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, second.center());
    QTest::mouseDClick(list->viewport(), Qt::LeftButton, {}, second.center());
    QCOMPARE(dialog.spec(), prefixed);
    QCOMPARE(child<QLineEdit>(dialog, "tablePrefixEdit")->text(), QStringLiteral("app_"));

    const QRect first = list->visualItemRect(list->item(0));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, first.center());
    QTest::mouseDClick(list->viewport(), Qt::LeftButton, {}, first.center());
    QCOMPARE(dialog.spec(), *pg);
    QVERIFY(child<QRadioButton>(dialog, "postgresKindRadio")->isChecked());
    QCOMPARE(child<QLineEdit>(dialog, "hostEdit")->text(), QStringLiteral("db.example"));
    QCOMPARE(child<QLineEdit>(dialog, "schemaEdit")->text(), QStringLiteral("infra"));
}

void TestConnectionDialog::switchingToPostgresShowsItsFields()
{
    ConnectionDialog dialog(nullptr);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(!child<QLineEdit>(dialog, "postgresUrlEdit")->isVisible());
    child<QRadioButton>(dialog, "postgresKindRadio")->setChecked(true);
    QVERIFY(child<QLineEdit>(dialog, "postgresUrlEdit")->isVisible());
    // A pasted URL fills the parts; its password moves to the password field when leaving it.
    auto *url = child<QLineEdit>(dialog, "postgresUrlEdit");
    url->setFocus();
    QTest::keyClicks(url, QStringLiteral("postgres://ops:pa%40ss@db.example:5433/inventory"));
    QCOMPARE(child<QLineEdit>(dialog, "hostEdit")->text(), QStringLiteral("db.example"));
    QCOMPARE(child<QLineEdit>(dialog, "portEdit")->text(), QStringLiteral("5433"));
    QCOMPARE(child<QLineEdit>(dialog, "userEdit")->text(), QStringLiteral("ops"));
    QCOMPARE(dialog.password(), QStringLiteral("pa@ss"));
    QVERIFY(!dialog.spec().postgresUrl().contains(QLatin1String("pa%40ss")));
    child<QLineEdit>(dialog, "schemaEdit")->setFocus(); // Leaves the URL field.
    QCOMPARE(url->text(), QStringLiteral("postgres://ops@db.example:5433/inventory"));
    QCOMPARE(child<QLineEdit>(dialog, "passwordEdit")->text(), QStringLiteral("pa@ss"));
    // Editing a part rewrites the URL.
    auto *database = child<QLineEdit>(dialog, "databaseEdit");
    database->selectAll();
    QTest::keyClicks(database, QStringLiteral("sales"));
    QCOMPARE(url->text(), QStringLiteral("postgres://ops@db.example:5433/sales"));
    QCOMPARE(dialog.spec().database(), QStringLiteral("sales"));
}

// Issue 32: sslmode and the TLS files are fields of the form and parameters of the URL, both
// ways, so that a saved connection and `kvs --db` get the same; no key passphrase anywhere.
void TestConnectionDialog::tlsFieldsLiveInTheUrl()
{
    ConnectionDialog dialog(nullptr);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    child<QRadioButton>(dialog, "postgresKindRadio")->setChecked(true);
    auto *url = child<QLineEdit>(dialog, "postgresUrlEdit");
    auto *mode = child<QComboBox>(dialog, "sslModeCombo");
    auto *rootCert = child<QLineEdit>(dialog, "sslRootCertEdit");
    auto *clientCert = child<QLineEdit>(dialog, "sslCertEdit");
    auto *clientKey = child<QLineEdit>(dialog, "sslKeyEdit");
    QVERIFY(child<QWidget>(dialog, "sslRootCertBrowse")->isVisible());
    url->setText(QStringLiteral("postgres://ops@db.example:5432/app"));
    QCOMPARE(mode->currentData().toString(), QString());

    // The fields write the URL.
    mode->setCurrentIndex(mode->findData(QStringLiteral("verify-full")));
    QCOMPARE(url->text(), QStringLiteral("postgres://ops@db.example:5432/app?sslmode=verify-full"));
    rootCert->setFocus();
    QTest::keyClicks(rootCert, QStringLiteral("/etc/kvs/ca.pem"));
    clientCert->setFocus();
    QTest::keyClicks(clientCert, QStringLiteral("/home/ops/my certs/client.crt"));
    clientKey->setFocus();
    QTest::keyClicks(clientKey, QStringLiteral("/home/ops/my certs/client.key"));
    const QString withTls = QStringLiteral(
        "postgres://ops@db.example:5432/app?sslmode=verify-full&sslrootcert=/etc/kvs/ca.pem"
        "&sslcert=/home/ops/my%20certs/client.crt&sslkey=/home/ops/my%20certs/client.key");
    QCOMPARE(url->text(), withTls);
    QCOMPARE(dialog.spec().postgresUrl(), withTls);
    // Editing a part keeps them.
    auto *database = child<QLineEdit>(dialog, "databaseEdit");
    database->selectAll();
    QTest::keyClicks(database, QStringLiteral("sales"));
    QVERIFY2(url->text().endsWith(QStringLiteral("/sales?sslmode=verify-full&sslrootcert=/etc/kvs/"
                                                 "ca.pem&sslcert=/home/ops/my%20certs/client.crt"
                                                 "&sslkey=/home/ops/my%20certs/client.key")),
             qPrintable(url->text()));

    // Saved as a saved connection: the same URL for `kvs --connection`, no secret.
    kvs::SavedConnection saved;
    saved.name = QStringLiteral("sales");
    saved.target = kvs::withoutSecrets(dialog.spec().toVariantMap());
    QCOMPARE(QString::fromStdString(saved.connectionString()), dialog.spec().postgresUrl());
    // And back into a new form: the fields show the files, decoded.
    ConnectionDialog again(nullptr);
    again.setSpec(*kvs::ui::ConnectionSpec::fromVariantMap(saved.target));
    QCOMPARE(child<QComboBox>(again, "sslModeCombo")->currentData().toString(),
             QStringLiteral("verify-full"));
    QCOMPARE(child<QLineEdit>(again, "sslCertEdit")->text(),
             QStringLiteral("/home/ops/my certs/client.crt"));
    QCOMPARE(child<QLineEdit>(again, "sslKeyEdit")->text(),
             QStringLiteral("/home/ops/my certs/client.key"));

    // A mode being typed into the URL: one item shows the word so far, never a pile of them.
    const int modes = mode->count();
    url->setText(QStringLiteral("postgres://ops@db.example/app?sslmode=r"));
    url->setText(QStringLiteral("postgres://ops@db.example/app?sslmode=re"));
    QCOMPARE(mode->count(), modes + 1);
    QCOMPARE(mode->currentText(), QStringLiteral("re"));
    // The URL writes the fields; a cleared field leaves the URL.
    url->setText(
        QStringLiteral("postgres://ops@db.example/app?sslmode=require&sslrootcert=/x.pem"));
    QCOMPARE(mode->currentData().toString(), QStringLiteral("require"));
    QCOMPARE(mode->count(), modes);
    QCOMPARE(rootCert->text(), QStringLiteral("/x.pem"));
    QCOMPARE(clientCert->text(), QString());
    rootCert->selectAll();
    rootCert->setFocus();
    QTest::keyClick(rootCert, Qt::Key_Delete);
    QCOMPARE(url->text(), QStringLiteral("postgres://ops@db.example/app?sslmode=require"));
    mode->setCurrentIndex(mode->findData(QString()));
    QCOMPARE(url->text(), QStringLiteral("postgres://ops@db.example/app"));
    // libpq's key=value text becomes its URL when a TLS field changes.
    url->setText(QStringLiteral("host=db.example dbname=app user=ops"));
    mode->setCurrentIndex(mode->findData(QStringLiteral("verify-ca")));
    QCOMPARE(url->text(), QStringLiteral("postgresql://ops@db.example/app?sslmode=verify-ca"));
}

void TestConnectionDialog::warnsOfARemoteHostThatIsNotVerified()
{
    qunsetenv("PGSSLMODE");
    ConnectionDialog dialog(nullptr);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    child<QRadioButton>(dialog, "postgresKindRadio")->setChecked(true);
    auto *url = child<QLineEdit>(dialog, "postgresUrlEdit");
    auto *mode = child<QComboBox>(dialog, "sslModeCombo");
    auto *warning = child<QLabel>(dialog, "tlsHostWarning");
    const QString text = QStringLiteral(
        "db.example is not this machine: without verify-full nothing checks that the server is "
        "db.example, and a machine in between could pose as it.");
    url->setText(QStringLiteral("postgres://ops@db.example/app?sslmode=require"));
    QVERIFY(warning->isVisible());
    QCOMPARE(warning->text(), text);
    mode->setCurrentIndex(mode->findData(QStringLiteral("verify-ca")));
    QVERIFY(warning->isVisible());
    mode->setCurrentIndex(mode->findData(QStringLiteral("verify-full")));
    QVERIFY(!warning->isVisible());
    // This machine: nothing to warn of, whatever the mode.
    for (const char *local : {"postgres://ops@localhost/app",
                              "postgres://ops@127.0.0.1:5433/app",
                              "postgres://ops@[::1]/app",
                              "postgresql:///app?host=/run/postgresql"}) {
        url->setText(QString::fromLatin1(local));
        QVERIFY2(!warning->isVisible(), local);
    }
    // hostaddr alone names the server too.
    url->setText(QStringLiteral("postgres:///app?hostaddr=10.0.0.8&sslmode=prefer"));
    QVERIFY(warning->isVisible());
    QVERIFY(warning->text().startsWith(QStringLiteral("10.0.0.8 is not this machine")));
    // A password over a connection that may be plain: that warning comes first, alone.
    url->setText(QStringLiteral("postgres://ops@db.example/app"));
    child<QLineEdit>(dialog, "passwordEdit")->setText(QStringLiteral("s3cret"));
    QVERIFY(child<QLabel>(dialog, "tlsWarningLabel")->isVisible());
    QVERIFY(!warning->isVisible());
    mode->setCurrentIndex(mode->findData(QStringLiteral("require")));
    QVERIFY(!child<QLabel>(dialog, "tlsWarningLabel")->isVisible());
    QVERIFY(warning->isVisible());
}

void TestConnectionDialog::savesScreenshots()
{
    QSettings settings(m_dir.filePath(QStringLiteral("shots.ini")), QSettings::IniFormat);
    RecentConnections recent(&settings);
    recent.add(ConnectionSpec::sqlite(QStringLiteral("/home/ops/data/inventory.kvs.db")));
    recent.add(*ConnectionSpec::fromPostgresUrl(QStringLiteral("postgres://ops@db.internal/app")));
    recent.add(ConnectionSpec::sqlite(m_kvsPath));

    QDir().mkpath(kvs::test::fromTest(KVS_SCREENSHOT_DIR));
    ConnectionDialog dialog(&recent);
    dialog.show();
    // The size it takes on a 1024x700 screen (the offscreen screen is smaller).
    dialog.resize(860, 640);
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const ConnectionTestResult ok = testSqlite(dialog, m_kvsPath);
    QVERIFY(ok.ok);
    QVERIFY(dialog.grab().save(
        kvs::test::fromTest(KVS_SCREENSHOT_DIR "/connection-dialog-sqlite.png")));

    const ConnectionTestResult missing = testSqlite(dialog, file("nowhere.db"));
    QVERIFY(!missing.ok);
    QVERIFY(dialog.grab().save(
        kvs::test::fromTest(KVS_SCREENSHOT_DIR "/connection-dialog-sqlite-missing.png")));

    child<QRadioButton>(dialog, "postgresKindRadio")->setChecked(true);
    child<QLineEdit>(dialog, "postgresUrlEdit")
        ->setText(QStringLiteral("postgres://ops@db.internal:5432/app?sslmode=require"));
    QVERIFY(dialog.grab().save(
        kvs::test::fromTest(KVS_SCREENSHOT_DIR "/connection-dialog-postgres.png")));

    // Issue 32: the TLS part, on a remote host whose server is not verified yet.
    child<QLineEdit>(dialog, "postgresUrlEdit")
        ->setText(QStringLiteral("postgres://ops@db.internal:5432/app?sslmode=require"
                                 "&sslrootcert=/etc/kvs/ca.pem&sslcert=/home/ops/.postgresql/"
                                 "ops.crt&sslkey=/home/ops/.postgresql/ops.key"));
    QVERIFY(child<QLabel>(dialog, "tlsHostWarning")->isVisible());
    QVERIFY(
        dialog.grab().save(kvs::test::fromTest(KVS_SCREENSHOT_DIR "/connection-dialog-tls.png")));
}

QTEST_MAIN(TestConnectionDialog)
#include "tst_connection_dialog.moc"
