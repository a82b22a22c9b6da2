// Issue 36, part 1: passwords from a command (a short-lived token). Running one: its first
// line, no shell, a timeout, and each failure said without what it printed. On the test server,
// a role with a scram password: refused without a password; with a command every new connection
// asks it (a token rotated between connections works); a token that expired between the command
// and the login is asked once more; and kvs itself (--password-command, KVS_PASSWORD_COMMAND)
// reads, writes and backs up with it, the token in none of its outputs or files.
#include "support/postgres_test_server.h"
#include "support/test_paths.h"
#include "support/token_role.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/password_command.h>

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

constexpr int kTimeoutMs = 60000;

// The message of what call throws (a ConnectionError of step Authenticate), "" when it does not.
template <typename Call>
QString authenticationError(Call call)
{
    try {
        call();
    } catch (const kvs::ConnectionError &error) {
        if (error.step() == kvs::ConnectionError::Step::Authenticate)
            return QString::fromUtf8(error.what());
        return QStringLiteral("another step: ") + QString::fromUtf8(error.what());
    }
    return {};
}

} // namespace

class TestPasswordCommand : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<kvs::test::TokenRole> m_token; // with a server only
    std::string m_role;
    std::string m_schema;
    std::string m_url; // the role's, without a password, one connection in the pool
    QString m_script;  // the role's password command

    QString path(const QString &name) const { return m_dir.filePath(name); }
    int calls() const { return m_token->calls(); }
    void setTokens(const QByteArray &lines) { m_token->setTokens(lines); }

    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };

    Run runKvs(const QStringList &arguments, const QProcessEnvironment &environment)
    {
        QProcess process;
        process.setProcessEnvironment(environment);
        process.start(kvs::test::fromTest(KVS_CLI_PATH), arguments);
        Run run;
        if (!process.waitForFinished(kTimeoutMs))
            return run;
        run.exitCode = process.exitCode();
        run.out = process.readAllStandardOutput();
        run.err = process.readAllStandardError();
        return run;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Nothing but the command may give a password: no ~/.pgpass, no PGPASSWORD.
        qunsetenv("PGPASSWORD");
        qputenv("PGPASSFILE", "/nonexistent/pgpass");
        if (qEnvironmentVariableIsEmpty("KVS_TEST_PG_URL"))
            return; // the cases without a server still run
        m_token = std::make_unique<kvs::test::TokenRole>("cmd");
        m_role = m_token->role();
        m_schema = m_token->schema();
        m_url = kvs::test::withParameter(m_token->url(), "pool_max=1");
        m_script = m_token->command();
    }

    void cleanupTestCase() { m_token.reset(); }

    void printsTheFirstLineWithoutAShell()
    {
        QCOMPARE(kvs::runPasswordCommand(R"(printf "tok-a\nsecond\n")"), std::string("tok-a"));
        // Words are split, double quotes group them; "$HOME" is not a variable without a shell.
        QCOMPARE(kvs::runPasswordCommand(R"(/bin/echo "two words" $HOME)"),
                 std::string("two words $HOME"));
        QCOMPARE(kvs::runPasswordCommand(R"(printf "crlf\r\n")"), std::string("crlf"));
    }

    void eachFailureSaysWhatWithoutTheOutput_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<int>("timeoutMs");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << QString() << 10000
                               << QStringLiteral("kvs: the password command is empty");
        QTest::newRow("missing") << QStringLiteral("/nonexistent/get-token --for db") << 10000
                                 << QStringLiteral(
                                        "kvs: the password command get-token cannot be started: ");
        QTest::newRow("exit code")
            << QStringLiteral(R"(/bin/sh -c "echo tok-leaked; echo tok-leaked >&2; exit 3")")
            << 10000
            << QStringLiteral("kvs: the password command sh exited with code 3 (what it printed "
                              "is not shown)");
        QTest::newRow("nothing") << QStringLiteral("/bin/true") << 10000
                                 << QStringLiteral("kvs: the password command true printed no "
                                                   "password");
        QTest::newRow("signal") << QStringLiteral(R"(/bin/sh -c "echo tok-leaked; kill -9 $$")")
                                << 10000
                                << QStringLiteral("kvs: the password command sh was killed by a "
                                                  "signal");
        QTest::newRow("too slow") << QStringLiteral("/bin/sleep 30") << 300
                                  << QStringLiteral("kvs: the password command sleep did not "
                                                    "finish within 300 ms (stopped)");
    }

    void eachFailureSaysWhatWithoutTheOutput()
    {
        QFETCH(QString, command);
        QFETCH(int, timeoutMs);
        QFETCH(QString, message);
        const QString error = authenticationError([&] {
            (void)kvs::runPasswordCommand(command.toStdString(),
                                          std::chrono::milliseconds(timeoutMs));
        });
        QVERIFY2(error.startsWith(message), qPrintable(error));
        QVERIFY(!error.contains(QStringLiteral("tok-leaked")));
        QVERIFY(!error.contains(QStringLiteral("--for"))); // arguments are never shown
    }

    void commandsAreKeptPerDatabase()
    {
        const std::string a = "postgresql://u@db.example.com:5432/app?sslmode=require";
        QVERIFY(!kvs::hasPasswordCommand(a));
        kvs::setPasswordCommand(a, "printf tok-x");
        // Another spelling of the same database shares it; another database does not.
        QVERIFY(kvs::hasPasswordCommand("host=db.example.com user=u dbname=app pool_max=2"));
        QVERIFY(!kvs::hasPasswordCommand("postgresql://u@db.example.com:5432/other"));
        QCOMPARE(kvs::commandPassword(a), std::optional<std::string>("tok-x"));
        QVERIFY(kvs::withCommandPassword(a).ends_with("&password=tok-x"));
        kvs::setPasswordCommand(a, "");
        QVERIFY(!kvs::hasPasswordCommand(a));
        QCOMPARE(kvs::withCommandPassword(a), a);
    }

    void withoutAPasswordTheRoleIsRefused()
    {
        if (m_role.empty())
            QSKIP("PostgreSQL runs in the ctest entry labelled postgres");
        const QString error = authenticationError([&] {
            kvs::AsyncKVStoreSettings settings;
            settings.schema = m_schema;
            kvs::AsyncKVStore store(m_url, settings);
            (void)store.get({"k"}).result();
        });
        QVERIFY2(error.contains(QStringLiteral("password")), qPrintable(error));
    }

    void everyNewConnectionAsksTheCommand()
    {
        if (m_role.empty())
            QSKIP("PostgreSQL runs in the ctest entry labelled postgres");
        setTokens("tok-1\n");
        kvs::setPasswordCommand(m_url, m_script.toStdString());
        kvs::AsyncKVStoreSettings settings;
        settings.schema = m_schema;
        kvs::AsyncKVStore store(m_url, settings);
        store.set({"k"}, kvs::Value(1.0)).waitForFinished();
        const int first = calls();
        QVERIFY(first >= 1);

        // The token is rotated: the open connection goes on; a new one takes the new token.
        kvs::test::PgAdmin admin;
        m_token->setPassword("tok-2");
        setTokens("tok-2\n");
        QVERIFY(admin.terminateBackends(m_role) >= 1);
        QTRY_COMPARE_WITH_TIMEOUT(admin.exec("SELECT count(*) FROM pg_stat_activity WHERE "
                                             "application_name = '"
                                             + m_role + "'"),
                                  std::string("0"),
                                  kTimeoutMs);
        QCOMPARE(store.get({"k"}).result()->value.asNumber(), 1.0);
        QVERIFY(calls() > first);

        // Expired between the command and the login: the server refuses the old token, and
        // the command is asked once more.
        m_token->setPassword("tok-3");
        setTokens("tok-2\ntok-3\n");
        const int before = calls();
        QVERIFY(admin.terminateBackends(m_role) >= 1);
        QTRY_COMPARE_WITH_TIMEOUT(admin.exec("SELECT count(*) FROM pg_stat_activity WHERE "
                                             "application_name = '"
                                             + m_role + "'"),
                                  std::string("0"),
                                  kTimeoutMs);
        store.set({"k"}, kvs::Value(2.0)).waitForFinished();
        QCOMPARE(calls(), before + 2);
        QCOMPARE(store.get({"k"}).result()->value.asNumber(), 2.0);
        store.close().waitForFinished();
        kvs::setPasswordCommand(m_url, "");
    }

    void kvsUsesItForEveryCommandAndShowsItNowhere()
    {
        if (m_role.empty())
            QSKIP("PostgreSQL runs in the ctest entry labelled postgres");
        m_token->setPassword("tok-cli-4711");
        setTokens("tok-cli-4711\n");
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.remove(QStringLiteral("PGPASSWORD"));
        environment.insert(QStringLiteral("PGPASSFILE"), QStringLiteral("/nonexistent/pgpass"));
        const QString audit = path(QStringLiteral("audit.jsonl"));
        environment.insert(QStringLiteral("KVS_AUDIT_LOG"), audit);
        const QString db = QString::fromStdString(m_url);
        const QString schema = QString::fromStdString(m_schema);
        QByteArray everything;

        const Run set = runKvs({QStringLiteral("--db"),
                                db,
                                QStringLiteral("--schema"),
                                schema,
                                QStringLiteral("--password-command"),
                                m_script,
                                QStringLiteral("set"),
                                QStringLiteral(R"(["cli"])"),
                                QStringLiteral("42")},
                               environment);
        QVERIFY2(set.exitCode == 0, set.err.constData());
        everything += set.out + set.err;

        // KVS_PASSWORD_COMMAND when the option is not given.
        QProcessEnvironment withVariable = environment;
        withVariable.insert(QStringLiteral("KVS_PASSWORD_COMMAND"), m_script);
        const Run get = runKvs({QStringLiteral("--db"),
                                db,
                                QStringLiteral("--schema"),
                                schema,
                                QStringLiteral("get"),
                                QStringLiteral(R"(["cli"])")},
                               withVariable);
        QVERIFY2(get.exitCode == 0, get.err.constData());
        QVERIFY(get.out.contains("42"));
        everything += get.out + get.err;

        // pg_dump gets it too (in its environment).
        const QString archive = path(QStringLiteral("token.backup"));
        const Run backup = runKvs({QStringLiteral("--db"),
                                   db,
                                   QStringLiteral("--schema"),
                                   schema,
                                   QStringLiteral("backup"),
                                   archive},
                                  withVariable);
        QVERIFY2(backup.exitCode == 0, backup.err.constData());
        everything += backup.out + backup.err;

        // An audited action (the audit log is one more file to look in).
        const Run vacuum = runKvs({QStringLiteral("--db"),
                                   db,
                                   QStringLiteral("--schema"),
                                   schema,
                                   QStringLiteral("maintenance"),
                                   QStringLiteral("vacuum")},
                                  withVariable);
        QVERIFY2(vacuum.exitCode == 0, vacuum.err.constData());
        everything += vacuum.out + vacuum.err;

        // Without it: refused, saying why.
        const Run refused = runKvs({QStringLiteral("--db"),
                                    db,
                                    QStringLiteral("--schema"),
                                    schema,
                                    QStringLiteral("get"),
                                    QStringLiteral(R"(["cli"])")},
                                   environment);
        QVERIFY(refused.exitCode != 0);
        QVERIFY2(refused.err.contains("password"), refused.err.constData());

        QFile auditFile(audit);
        QVERIFY(auditFile.open(QIODevice::ReadOnly));
        everything += auditFile.readAll();
        QFile archiveFile(archive);
        QVERIFY(archiveFile.open(QIODevice::ReadOnly));
        everything += archiveFile.readAll();
        QVERIFY(!everything.contains("tok-cli-4711"));
        QVERIFY(everything.contains("42")); // what was read was printed
    }
};

QTEST_GUILESS_MAIN(TestPasswordCommand)
#include "tst_password_command.moc"
