// Issue 17: passwords never leave kvs and kvs-admin. Bench lines (item 1), libpq's parse errors
// (item 2), the command line ps shows (item 3), libpq's key=value form (item 4), and the
// "Secrets" test: every command, with a marker password in every connection string form, valid
// and malformed, leaves it in no output and no file.
#include "cli_test_support.h"
#include "support/postgres_test_server.h"
#include "support/test_paths.h"

#include <QDirIterator>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <QUuid>

using namespace cli_test;

namespace {

const QString kMarker = QStringLiteral("Mk7SecretMarker");

QString testUrl()
{
    return QString::fromStdString(kvs::test::postgresUrl());
}

QString realPassword()
{
    return QUrl(testUrl()).password();
}

// The test server's address, for strings of our own making.
QString hostPort()
{
    const QUrl url(testUrl());
    return QStringLiteral("%1:%2").arg(url.host()).arg(url.port(5432));
}

QString keywordForm(const QString &password)
{
    const QUrl url(testUrl());
    return QStringLiteral("host=%1 port=%2 user=%3 password=%4 dbname=%5 sslmode=disable")
        .arg(url.host())
        .arg(url.port(5432))
        .arg(url.userName(), password, url.path().mid(1));
}

// The NUL-separated command line of a running process, as ps reads it.
QByteArray commandLineOf(qint64 pid)
{
    return fileBytes(QStringLiteral("/proc/%1/cmdline").arg(pid));
}

// Every file under dir that contains needle.
QStringList filesContaining(const QString &dir, const QByteArray &needle)
{
    QStringList found;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (fileBytes(path).contains(needle) || path.contains(QString::fromUtf8(needle)))
            found << path;
    }
    return found;
}

} // namespace

class TestCliSecrets : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home; // HOME, XDG_CONFIG_HOME and the working folder of every run

    Run kvsIn(const QStringList &args) const
    {
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("HOME"), m_home.path());
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"),
                           m_home.filePath(QStringLiteral("config")));
        environment.remove(QStringLiteral("PGPASSWORD"));
        process.setProcessEnvironment(environment);
        process.setWorkingDirectory(m_home.path());
        process.start(kvs::test::fromTest(KVS_CLI_PATH), args);
        Run run;
        if (!process.waitForFinished(120000)) {
            process.kill();
            process.waitForFinished();
            run.err = "kvs did not finish";
            return run;
        }
        run.code = process.exitCode();
        run.out = process.readAllStandardOutput();
        run.err = process.readAllStandardError();
        return run;
    }

private slots:
    void initTestCase() { QVERIFY(m_home.isValid()); }
    void benchLinesHideThePassword();
    void libpqParseErrorsHideThePassword_data();
    void libpqParseErrorsHideThePassword();
    void keywordFormIsPostgres();
    void plaintextPasswordToAnotherHostWarns();
    void passwordLeavesTheCommandLine();
    void kvsAdminPasswordLeavesTheCommandLine();
    void everyCommandKeepsTheSecret_data();
    void everyCommandKeepsTheSecret();
    void noFileHoldsTheSecret();
};

void TestCliSecrets::benchLinesHideThePassword()
{
    const Run run
        = kvsIn({"--json", "bench", "--db", testUrl(), "--ops", "get_hit", "--seconds", "0.05"});
    QVERIFY2(run.code == 0, run.err.constData());
    QVERIFY(!lines(run.out).isEmpty());
    QString redacted = testUrl();
    redacted.replace(realPassword(), QStringLiteral("***"));
    for (const QByteArray &line : lines(run.out))
        QCOMPARE(parseObject(line)[u"db"].toString(), redacted);
    QVERIFY(!run.out.contains(realPassword().toUtf8()));
    QVERIFY(!run.err.contains(realPassword().toUtf8()));
}

void TestCliSecrets::libpqParseErrorsHideThePassword_data()
{
    QTest::addColumn<QString>("db");
    QTest::addColumn<QByteArray>("error");
    QTest::newRow("bad percent")
        << "postgresql://u:" + kMarker + "%zz@127.0.0.1/db"
        << QByteArray("kvs: cannot connect to PostgreSQL: invalid percent-encoded token: "
                      "\"***\"\n");
    QTest::newRow("open bracket")
        << "postgresql://u:" + kMarker + "@[::1/db"
        << QByteArray("kvs: cannot connect to PostgreSQL: end of string reached when looking "
                      "for matching \"]\" in IPv6 host address in URI: "
                      "\"postgresql://u:***@[::1/db\"\n");
    QTest::newRow("split keyword password")
        << "host=127.0.0.1 password=" + kMarker + " " + kMarker + "2 dbname=x"
        << QByteArray("kvs: cannot connect to PostgreSQL: missing \"=\" after \"***\" in "
                      "connection info string\n");
}

void TestCliSecrets::libpqParseErrorsHideThePassword()
{
    QFETCH(QString, db);
    QFETCH(QByteArray, error);
    const Run run = kvsIn({"--db", db, "get", "['a']"});
    QCOMPARE(run.code, 1);
    QCOMPARE(run.err, error);
    QVERIFY(!run.out.contains(kMarker.toUtf8()));
}

void TestCliSecrets::keywordFormIsPostgres()
{
    // Nothing listens on port 1: the string goes to libpq, and no SQLite file named after it
    // is created.
    const QString db = "host=127.0.0.1 port=1 user=u password=" + kMarker + " dbname=x";
    const Run run = kvsIn({"--db", db, "set", "['k']", "1"});
    QCOMPARE(run.code, 1);
    QCOMPARE(run.err,
             QByteArray("kvs: cannot connect to PostgreSQL at 127.0.0.1:1/x: Connection "
                        "refused\n"));
    QCOMPARE(QDir(m_home.path()).entryList(QDir::Files | QDir::NoDotAndDotDot), QStringList());
    // And with the test server's credentials it is a working store.
    const QString schema = QString::fromStdString(kvs::test::freshSchema("clikw"));
    const QString keywords = keywordForm(realPassword());
    QCOMPARE(kvsIn({"--db", keywords, "--schema", schema, "set", "['k']", "7"}).code, 0);
    const Run read = kvsIn({"--db", keywords, "--schema", schema, "get", "['k']"});
    QCOMPARE(read.out, QByteArray("7\n"));
    QCOMPARE(read.err, QByteArray());
}

void TestCliSecrets::plaintextPasswordToAnotherHostWarns()
{
    // hostaddr connects to this machine (nothing on port 1); host names the server as a remote
    // one, which is what the warning is about.
    const QString db
        = "hostaddr=127.0.0.1 host=db.example port=1 user=u password=" + kMarker + " dbname=x";
    const Run run = kvsIn({"--db", db, "get", "['k']"});
    QCOMPARE(run.code, 1);
    QCOMPARE(lines(run.err).value(0),
             QByteArray("kvs: warning: the password goes to db.example without TLS being "
                        "required; add sslmode=require (or verify-full) to the connection "
                        "string"));
    QCOMPARE(lines(run.err).value(1),
             QByteArray("kvs: cannot connect to PostgreSQL at db.example:1/x: Connection "
                        "refused"));
    const Run tls = kvsIn({"--db", db + " sslmode=require", "get", "['k']"});
    QCOMPARE(lines(tls.err).size(), 1);
    QVERIFY2(!tls.err.contains("warning"), tls.err.constData());
}

void TestCliSecrets::passwordLeavesTheCommandLine()
{
    const QString schema = QString::fromStdString(kvs::test::freshSchema("cliargv"));
    QCOMPARE(kvsIn({"--db", testUrl(), "--schema", schema, "set", "['k']", "1"}).code, 0);
    QProcess watch;
    // Runs until killed: the command line is looked at while it runs.
    watch.start(kvs::test::fromTest(KVS_CLI_PATH),
                {QStringLiteral("--schema"),
                 schema,
                 QStringLiteral("--db=") + testUrl(),
                 QStringLiteral("watch"),
                 QStringLiteral("['k']")});
    QVERIFY(watch.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(watch.canReadLine(), 60'000); // past reading its arguments
    const QByteArray commandLine = commandLineOf(watch.processId());
    watch.kill();
    watch.waitForFinished();
    QVERIFY(!commandLine.isEmpty());
    QVERIFY2(!commandLine.contains(realPassword().toUtf8()), commandLine.constData());
    const QByteArray hidden = QByteArray(realPassword().size(), 'x');
    QVERIFY2(commandLine.contains(":" + hidden + "@" + hostPort().toUtf8()),
             commandLine.constData());
}

void TestCliSecrets::kvsAdminPasswordLeavesTheCommandLine()
{
    QProcess admin;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("HOME"), m_home.path());
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"),
                       m_home.filePath(QStringLiteral("config")));
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    admin.setProcessEnvironment(environment);
    // --new-instance: a kvs-admin of another test may be running, and this one would hand the
    // database to it and exit before its command line is read.
    admin.start(kvs::test::fromTest(KVS_ADMIN_PATH),
                {QStringLiteral("--new-instance"), "postgresql://u:" + kMarker + "@127.0.0.1:1/x"});
    QVERIFY(admin.waitForStarted());
    // The window runs until closed; its command line must lose the marker (an exited
    // process reads as an empty command line, hence the state).
    // /proc/PID/cmdline reads empty while the child is still inside exec(): wait for a
    // command line that is there and has lost the marker.
    const auto rewritten = [&] {
        const QByteArray line = commandLineOf(admin.processId());
        return !line.isEmpty() && !line.contains(kMarker.toUtf8());
    };
    QTRY_VERIFY_WITH_TIMEOUT(admin.state() != QProcess::Running || rewritten(), 60'000);
    QVERIFY2(admin.state() == QProcess::Running, admin.readAllStandardError().constData());
    const QByteArray commandLine = commandLineOf(admin.processId());
    QVERIFY2(!commandLine.isEmpty(), admin.readAllStandardError().constData()); // it exited
    admin.kill();
    admin.waitForFinished();
    QVERIFY2(commandLine.contains("postgresql://u:" + QByteArray(kMarker.size(), 'x') + "@"),
             commandLine.constData());
}

void TestCliSecrets::everyCommandKeepsTheSecret_data()
{
    QTest::addColumn<QString>("db");
    QTest::addColumn<QString>("secret");
    QTest::addColumn<bool>("valid");
    const QUrl url(testUrl());
    QString wrong = testUrl();
    wrong.replace(realPassword(), kMarker);
    QTest::newRow("valid url") << testUrl() << realPassword() << true;
    QTest::newRow("valid keywords") << keywordForm(realPassword()) << realPassword() << true;
    QTest::newRow("wrong password") << wrong << kMarker << false;
    QTest::newRow("password parameter")
        << QStringLiteral("postgresql://%1@%2/%3?sslmode=disable&password=%4")
               .arg(url.userName(), hostPort(), url.path().mid(1), kMarker)
        << kMarker << false;
    QTest::newRow("wrong keywords") << keywordForm(kMarker) << kMarker << false;
    QTest::newRow("quoted keywords") << keywordForm("'" + kMarker + " two'") << kMarker << false;
    QTest::newRow("bad percent") << "postgresql://u:" + kMarker + "%zz@127.0.0.1/db" << kMarker
                                 << false;
    QTest::newRow("open bracket") << "postgresql://u:" + kMarker + "@[::1/db" << kMarker << false;
    QTest::newRow("unencoded slash")
        << "postgresql://u:" + kMarker + "/x@127.0.0.1/db" << kMarker << false;
    QTest::newRow("split keyword")
        << "host=127.0.0.1 password=" + kMarker + "A " + kMarker + "B dbname=x" << kMarker << false;
    QTest::newRow("open quote") << "host=127.0.0.1 password='" + kMarker << kMarker << false;
}

void TestCliSecrets::everyCommandKeepsTheSecret()
{
    QFETCH(QString, db);
    QFETCH(QString, secret);
    QFETCH(bool, valid);
    const QString schema = QString::fromStdString(kvs::test::freshSchema("clisecret"));
    const QList<QStringList> commands = {
        {"set", "['k']", "1"},
        {"get", "['k']"},
        {"--json", "get", "['k']"},
        {"list"},
        {"--json", "list"},
        {"increment", "['n']"},
        {"delete", "['k']"},
        {"queue", "enqueue", "t", "1"},
        {"queue", "stats"},
        {"queue", "peek", "t"},
        {"queue", "dead", "t"},
        {"queue", "retry", "t", "--all"},
        {"queue", "delete-dead", "t", "--all"},
        {"watch", "['k']", "--count", "1"},
        {"--json", "bench", "--ops", "get_hit", "--seconds", "0.02"},
        {"get"}, // a usage error
        {"--unknown-option"},
    };
    const QByteArray needle = secret.toUtf8();
    int ran = 0;
    for (const QStringList &command : commands) {
        if (valid && command.contains(QStringLiteral("watch")))
            continue; // runs until a change; passwordLeavesTheCommandLine covers it
        const Run run = kvsIn(QStringList{"--db", db, "--schema", schema} + command);
        const QByteArray what = command.join(' ').toUtf8();
        QVERIFY2(run.code >= 0, what.constData());
        QVERIFY2(!run.out.contains(needle), (what + ": " + run.out).constData());
        QVERIFY2(!run.err.contains(needle), (what + ": " + run.err).constData());
        if (!valid)
            QVERIFY2(run.code != 0, what.constData());
        ++ran;
    }
    QVERIFY(ran >= 16);
}

// Whatever the runs above wrote (a settings file, a log, a stray database) is free of them.
void TestCliSecrets::noFileHoldsTheSecret()
{
    QCOMPARE(filesContaining(m_home.path(), kMarker.toUtf8()), QStringList());
    QCOMPARE(filesContaining(m_home.path(), realPassword().toUtf8()), QStringList());
}

QTEST_GUILESS_MAIN(TestCliSecrets)
#include "tst_cli_secrets.moc"
