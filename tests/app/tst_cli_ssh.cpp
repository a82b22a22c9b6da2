// Issue 34: kvs --ssh [user@]host[:port] --db postgres://...: every command through a tunnel of
// the system's ssh, against the sshd and the PostgreSQL server the test command starts. ssh runs
// in batch mode: an unknown host key is refused with its fingerprint until
// --ssh-accept-host-key names it; a changed one is refused; a key that needs a passphrase is said
// to need the agent; the tunnel ends with the command.
#include "cli_test_support.h"
#include "support/ssh_test_server.h"

#include <QDir>
#include <QDirIterator>
#include <QTemporaryDir>
#include <QTest>

using cli_test::lines;
using cli_test::parseObject;
using cli_test::Run;
using cli_test::runKvs;

namespace {

QString sshDestination()
{
    return QString::fromStdString(kvs::test::sshTestFile("user")
                                  + "@127.0.0.1:" + std::to_string(kvs::test::sshTestPort()));
}

QString identity()
{
    return QString::fromStdString(kvs::test::sshTestDir() + "/id_ed25519");
}

QString databaseUrl(const std::string &schema)
{
    return QString::fromStdString(kvs::test::postgresUrl() + "&options=-csearch_path%3D" + schema);
}

// The fingerprint of the test server's host key, as ssh-keygen prints it.
QString hostFingerprint()
{
    QProcess keygen;
    keygen.start(
        QStringLiteral("ssh-keygen"),
        {QStringLiteral("-lf"), QString::fromStdString(kvs::test::sshTestDir() + "/host_key.pub")});
    if (!keygen.waitForFinished(10000))
        qFatal("ssh-keygen did not run");
    return QString::fromUtf8(keygen.readAllStandardOutput()).split(QLatin1Char(' ')).value(1);
}

// ssh processes whose command line names text (the test's own data folder): the tunnels kvs
// left running.
int sshProcessesNaming(const QString &text)
{
    int count = 0;
    for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        QFile file(QStringLiteral("/proc/") + pid + QStringLiteral("/cmdline"));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QByteArray commandLine = file.readAll();
        if (commandLine.startsWith("ssh\0") && commandLine.contains(text.toUtf8()))
            ++count;
    }
    return count;
}

} // namespace

class TestCliSsh : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void unknownHostKeyIsRefusedUntilAcceptedByFingerprint();
    void commandsGoThroughTheTunnel();
    void benchGoesThroughTheTunnel();
    void changedHostKeyIsRefused();
    void batchModeNeedsTheAgent();
    void usageErrors();

private:
    QString knownHostsFile() const
    {
        return m_data->filePath(QStringLiteral("kvs-admin/known_hosts"));
    }
    void trustHost()
    {
        kvs::SshOptions options;
        options.knownHostsFile = knownHostsFile().toStdString();
        kvs::test::trustSshTestHost(options);
    }

    std::unique_ptr<QTemporaryDir> m_data;
    std::string m_schema;
};

void TestCliSsh::initTestCase()
{
    m_schema = kvs::test::freshSchema("cli_ssh");
    kvs::test::PgAdmin().exec("CREATE SCHEMA " + m_schema);
}

void TestCliSsh::init()
{
    // A data folder of the test's, for kvs's known_hosts (and nothing of the user's).
    m_data = std::make_unique<QTemporaryDir>();
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_data->path()));
    qputenv("SSH_AUTH_SOCK", QByteArray());
}

void TestCliSsh::unknownHostKeyIsRefusedUntilAcceptedByFingerprint()
{
    const QStringList command{"--ssh",
                              sshDestination(),
                              "--ssh-identity",
                              identity(),
                              "--db",
                              databaseUrl(m_schema),
                              "set",
                              "['unknown']",
                              "1"};
    const QString fingerprint = hostFingerprint();
    const Run refused = runKvs(command);
    QCOMPARE(refused.code, 1);
    const QString name = QString::fromStdString(kvs::test::sshTestKnownHostsName());
    QCOMPARE(QString::fromUtf8(refused.err),
             QStringLiteral("kvs: the SSH host key of ") + name
                 + QStringLiteral(" is not known yet: ED25519 key ") + fingerprint
                 + QStringLiteral(". Nothing was sent to the host; check the fingerprint with its "
                                  "administrator (ssh-keygen -lf on the host's key) before "
                                  "accepting it; run the command again with "
                                  "--ssh-accept-host-key ")
                 + fingerprint + QStringLiteral(" to accept it\n"));
    QVERIFY(!QFile::exists(knownHostsFile()));

    const Run wrong
        = runKvs(QStringList(command) << "--ssh-accept-host-key"
                                      << "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    QCOMPARE(wrong.code, 1);
    QCOMPARE(QString::fromUtf8(wrong.err),
             QStringLiteral("kvs: the SSH host key of ") + name
                 + QStringLiteral(" is ssh-ed25519 key ") + fingerprint
                 + QStringLiteral(", not the SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA "
                                  "given to --ssh-accept-host-key; nothing was accepted\n"));
    QVERIFY(!QFile::exists(knownHostsFile()));

    const Run accepted = runKvs(QStringList(command) << "--ssh-accept-host-key" << fingerprint);
    QVERIFY2(accepted.code == 0, accepted.err.constData());
    QCOMPARE(QString::fromUtf8(accepted.err),
             QStringLiteral("kvs: accepted the SSH host key of ") + name
                 + QStringLiteral(" (ssh-ed25519 ") + fingerprint + QStringLiteral(") into ")
                 + knownHostsFile() + QStringLiteral("\n"));
    const Run again = runKvs({"--ssh",
                              sshDestination(),
                              "--ssh-identity",
                              identity(),
                              "--db",
                              databaseUrl(m_schema),
                              "get",
                              "['unknown']"});
    QCOMPARE(again.code, 0);
    QCOMPARE(again.out, QByteArray("1\n"));
    QCOMPARE(again.err, QByteArray());
}

void TestCliSsh::commandsGoThroughTheTunnel()
{
    trustHost();
    const QStringList through{
        "--ssh", sshDestination(), "--ssh-identity", identity(), "--db", databaseUrl(m_schema)};
    QCOMPARE(runKvs(QStringList(through) << "set"
                                         << "['users', 1]"
                                         << "'ada'")
                 .code,
             0);
    QCOMPARE(runKvs(QStringList(through) << "set"
                                         << "['users', 2]"
                                         << "'grace'")
                 .code,
             0);
    const Run list = runKvs(QStringList(through) << "list"
                                                 << "--prefix"
                                                 << "['users']");
    QVERIFY2(list.code == 0, list.err.constData());
    QCOMPARE(lines(list.out).size(), 2);
    QVERIFY(list.out.contains("grace"));
    // The same rows directly: the tunnel reached the run's server.
    const Run direct = runKvs({"--db", databaseUrl(m_schema), "get", "['users', 1]"});
    QCOMPARE(direct.out, QByteArray("\"ada\"\n"));
    // The tunnel ended with each command.
    QCOMPARE(sshProcessesNaming(m_data->path()), 0);
}

void TestCliSsh::benchGoesThroughTheTunnel()
{
    trustHost();
    const Run run = runKvs({"bench",
                            "--ssh",
                            sshDestination(),
                            "--ssh-identity",
                            identity(),
                            "--db",
                            databaseUrl(m_schema),
                            "--seconds",
                            "0.05",
                            "--ops",
                            "get_hit,set",
                            "--backends",
                            "async-postgres",
                            "--json"});
    QVERIFY2(run.code == 0, run.err.constData());
    const QList<QByteArray> rows = lines(run.out);
    QCOMPARE(rows.size(), 4); // each op one at a time and 64 in flight
    for (const QByteArray &line : rows) {
        const QJsonObject row = parseObject(line);
        QCOMPARE(row[u"backend"].toString(), QStringLiteral("async-postgres"));
        QVERIFY(row[u"ops_per_s"].toDouble() > 0);
    }
    QCOMPARE(sshProcessesNaming(m_data->path()), 0);
}

void TestCliSsh::changedHostKeyIsRefused()
{
    // Another key under the server's name: a known host whose key changed.
    QProcess keygen;
    const QString other = m_data->filePath(QStringLiteral("other"));
    keygen.start(QStringLiteral("ssh-keygen"),
                 {"-q", "-t", "ed25519", "-N", QString(), "-f", other});
    QVERIFY(keygen.waitForFinished(10000) && keygen.exitCode() == 0);
    kvs::acceptSshHostKey(
        kvs::SshHostKey{kvs::test::sshTestKnownHostsName(),
                        "ssh-ed25519",
                        cli_test::fileBytes(other + ".pub").split(' ').value(1).toStdString(),
                        {}},
        knownHostsFile().toStdString());
    const QByteArray before = cli_test::fileBytes(knownHostsFile());
    const Run run = runKvs({"--ssh",
                            sshDestination(),
                            "--ssh-identity",
                            identity(),
                            "--db",
                            databaseUrl(m_schema),
                            "--ssh-accept-host-key",
                            hostFingerprint(),
                            "get",
                            "['x']"});
    QCOMPARE(run.code, 1);
    QVERIFY2(run.err.startsWith("kvs: the SSH host key of "
                                + QByteArray::fromStdString(kvs::test::sshTestKnownHostsName())
                                + " has CHANGED: the server sent the ED25519 key "
                                + hostFingerprint().toUtf8()),
             run.err.constData());
    QVERIFY(run.err.contains("Someone may be intercepting the connection; it is refused."));
    QCOMPARE(cli_test::fileBytes(knownHostsFile()), before); // not accepted, even when named
}

void TestCliSsh::batchModeNeedsTheAgent()
{
    trustHost();
    const QString locked = m_data->filePath(QStringLiteral("locked"));
    QProcess keygen;
    keygen.start(QStringLiteral("ssh-keygen"),
                 {"-q", "-t", "ed25519", "-N", "a passphrase", "-f", locked});
    QVERIFY(keygen.waitForFinished(10000) && keygen.exitCode() == 0);
    const Run run = runKvs({"--ssh",
                            sshDestination(),
                            "--ssh-identity",
                            locked,
                            "--db",
                            databaseUrl(m_schema),
                            "get",
                            "['x']"});
    QCOMPARE(run.code, 1);
    QVERIFY2(run.err.startsWith("kvs: SSH to 127.0.0.1 failed: "), run.err.constData());
    QVERIFY2(run.err.contains("Permission denied")
                 && run.err.contains("(ssh runs in batch mode here and asks for nothing: a key "
                                     "with a passphrase must be in ssh-agent (ssh-add), a "
                                     "password cannot be typed)"),
             run.err.constData());
}

void TestCliSsh::usageErrors()
{
    const Run identityAlone
        = runKvs({"--ssh-identity", identity(), "--db", ":memory:", "get", "['x']"});
    QCOMPARE(identityAlone.code, 2);
    QCOMPARE(identityAlone.err, QByteArray("kvs: --ssh-identity needs --ssh\n"));
    const Run sqlite = runKvs({"--ssh", sshDestination(), "--db", ":memory:", "get", "['x']"});
    QCOMPARE(sqlite.code, 2);
    QCOMPARE(sqlite.err, QByteArray("kvs: --ssh needs --db with a PostgreSQL connection string\n"));
    const Run bad = runKvs({"--ssh", "host:99999", "--db", databaseUrl(m_schema), "get", "['x']"});
    QCOMPARE(bad.code, 2);
    QCOMPARE(bad.err, QByteArray("kvs: --ssh needs [user@]host[:port], not \"host:99999\"\n"));
}

QTEST_GUILESS_MAIN(TestCliSsh)
#include "tst_cli_ssh.moc"
