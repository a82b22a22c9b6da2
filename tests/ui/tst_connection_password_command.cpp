// Issue 36, part 1, GUI side: the Connect dialog's "Password command" tab gives the connection
// its command (saved with it, never a keychain entry); a tab opened with it reaches a role that
// has only a scram password, through the store and the Tables view's own connection, the
// command asked for each; the token is in no settings file.
#include "connection/connection_spec.h"
#include "connection/memory_secret_store.h"
#include "connection/password_prompt.h"
#include "connection/postgres_connection_page.h"
#include "session/database_session.h"
#include "session/database_view.h"
#include "support/refusing_prompt.h"
#include "support/token_role.h"
#include "window/main_window.h"

#include <kvs/async_kvstore.h>
#include <kvs/password_command.h>

#include <QCheckBox>
#include <QDirIterator>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <rawsql/interrupter.h>
#include <rawsql/raw_sql_connection.h>

namespace {

constexpr int kTimeout = 30000;

using kvs::test::RefusingPrompt;

} // namespace

class TestConnectionPasswordCommand : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("config"))));
        qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("data"))));
        qunsetenv("PGPASSWORD");
        qputenv("PGPASSFILE", "/nonexistent/pgpass");
        qRegisterMetaType<kvs::ui::DatabaseView *>();
    }

    void theDialogGivesTheConnectionItsCommand()
    {
        kvs::ui::PostgresConnectionPage page;
        QString password;
        kvs::ui::ConnectionSpec given = *kvs::ui::ConnectionSpec::fromPostgresUrl(
            QStringLiteral("postgresql://app@db.example.com:5432/inventory"), &password);
        given.setRememberPassword(true);
        page.setSpec(given);
        auto *command = page.findChild<QLineEdit *>(QStringLiteral("passwordCommandEdit"));
        auto *passwordEdit = page.findChild<QLineEdit *>(QStringLiteral("passwordEdit"));
        QVERIFY(command && passwordEdit);
        QVERIFY(passwordEdit->isEnabled());
        QTest::keyClicks(command, QStringLiteral("get-db-token --role app"));
        QVERIFY(!passwordEdit->isEnabled()); // nothing to type with a command
        auto *remember = page.findChild<QCheckBox *>(QStringLiteral("rememberCheck"));
        QVERIFY(remember && !remember->isEnabled() && !remember->isChecked());
        const kvs::ui::ConnectionSpec spec = page.spec();
        QCOMPARE(spec.passwordCommand(), QStringLiteral("get-db-token --role app"));
        QVERIFY(!spec.rememberPassword()); // a token never goes to the keychain
        // Saved with the connection (kvs --connection reads the same name), and back.
        const QVariantMap saved = spec.toVariantMap();
        QCOMPARE(saved.value(QStringLiteral("passwordCommand")).toString(),
                 QStringLiteral("get-db-token --role app"));
        QCOMPARE(kvs::ui::ConnectionSpec::fromVariantMap(saved)->passwordCommand(),
                 spec.passwordCommand());
        // Shown again when the connection is chosen.
        kvs::ui::PostgresConnectionPage again;
        again.setSpec(*kvs::ui::ConnectionSpec::fromVariantMap(saved));
        QCOMPARE(again.findChild<QLineEdit *>(QStringLiteral("passwordCommandEdit"))->text(),
                 spec.passwordCommand());
    }

    void aTabReachesTheRoleWithTheCommandsToken()
    {
        if (qEnvironmentVariableIsEmpty("KVS_TEST_PG_URL"))
            QSKIP("PostgreSQL runs in the ctest entry labelled postgres");
        kvs::test::TokenRole token("gui");
        token.setPassword("tok-gui-5150");
        token.setTokens("tok-gui-5150\n");
        {
            kvs::AsyncKVStoreSettings settings;
            settings.schema = token.schema();
            kvs::setPasswordCommand(token.url(), token.command().toStdString());
            kvs::AsyncKVStore seed(token.url(), settings);
            seed.set({"users", "alice"}, kvs::Value(1.0)).waitForFinished();
            seed.close().waitForFinished();
            kvs::setPasswordCommand(token.url(), "");
        }
        kvs::ui::MemorySecretStore secrets;
        RefusingPrompt prompt;
        kvs::ui::MainWindow window(nullptr, &secrets, &prompt);
        QSignalSpy opened(&window, &kvs::ui::MainWindow::databaseOpened);
        QSignalSpy failed(&window, &kvs::ui::MainWindow::openFailed);
        kvs::ui::ConnectionSpec spec
            = *kvs::ui::ConnectionSpec::fromPostgresUrl(QString::fromStdString(token.url()));
        spec.setSchema(QString::fromStdString(token.schema()));
        spec.setPasswordCommand(token.command());
        const int before = token.calls();
        window.openSpec(spec);
        QVERIFY2(opened.wait(kTimeout),
                 failed.isEmpty() ? "no answer" : qPrintable(failed.first().first().toString()));
        kvs::ui::DatabaseView *view = window.currentDatabase();
        QTRY_VERIFY_WITH_TIMEOUT(view->session()->store() != nullptr, kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(view->bannerText(), QString(), kTimeout);
        QVERIFY(token.calls() > before);

        // The Tables view's connection (Qt's PostgreSQL driver) asks it too.
        const int beforeTables = token.calls();
        kvs::rawsql::RawSqlConnection tables(
            view->session()->rawSqlTarget(), false, std::make_shared<kvs::rawsql::Interrupter>());
        QVERIFY(tables.database().isOpen());
        QVERIFY(token.calls() > beforeTables);

        // The token is in no file of the settings or the data folder.
        window.close();
        QDirIterator files(m_dir.path(), QDir::Files, QDirIterator::Subdirectories);
        while (files.hasNext()) {
            QFile file(files.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY2(!file.readAll().contains("tok-gui-5150"), qPrintable(file.fileName()));
        }
    }
};

QTEST_MAIN(TestConnectionPasswordCommand)
#include "tst_connection_password_command.moc"
