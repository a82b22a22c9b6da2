// Issue 34: PostgreSQL through an SSH tunnel of the system's OpenSSH client, against the sshd
// and the PostgreSQL server the test command starts (scripts/sshd-test.sh,
// scripts/postgres-test-cluster.sh). An unknown host key is refused, with its fingerprint, until
// accepted; a changed one is refused; the store works through the tunnel (TLS verify-full too);
// an ssh killed in the middle is started again by itself; stop() ends it.
#include "support/ssh_test_server.h"

#include <kvs/async_kvstore.h>
#include <kvs/postgres_adapter.h>
#include <kvs/ssh_tunnel.h>

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

#include <csignal>

using namespace kvs;

namespace {

// The host key's fingerprint as OpenSSH's ssh-keygen prints it (not as the code under test
// computes it).
std::string keygenFingerprint(const std::string &publicKeyFile)
{
    QProcess keygen;
    keygen.start(QStringLiteral("ssh-keygen"),
                 {QStringLiteral("-lf"), QString::fromStdString(publicKeyFile)});
    if (!keygen.waitForFinished(10000))
        qFatal("ssh-keygen did not run");
    return QString::fromUtf8(keygen.readAllStandardOutput())
        .split(QLatin1Char(' '))
        .value(1)
        .toStdString();
}

QByteArray fileBytes(const std::string &path)
{
    QFile file(QString::fromStdString(path));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

std::string uniqueSchema()
{
    return test::freshSchema("ssh");
}

// A store on the test server through the tunnel, in a schema of its own.
std::unique_ptr<AsyncKVStore> storeThrough(const SshTunnel &tunnel, const std::string &url)
{
    AsyncKVStoreSettings settings;
    settings.schema = uniqueSchema();
    return std::make_unique<AsyncKVStore>(tunneledConnection(url, tunnel.localPort()), settings);
}

// Whether a get through store works now (a connection the pool had through a killed ssh is
// replaced by the next call).
bool storeAnswers(AsyncKVStore &store, const Key &key, double expected)
{
    try {
        const std::optional<Entry> entry = store.get(key).result();
        return entry && entry->value.asNumber() == expected;
    } catch (const std::exception &) {
        return false;
    }
}

} // namespace

class TestSshTunnel : public QObject
{
    Q_OBJECT

private slots:
    void destinationsParse();
    void badDestinationsAreRefused();
    void connectionStringsGoThroughTheTunnel();
    void severalHostsAreRefused();
    void unknownHostKeyIsRefusedUntilAccepted();
    void changedHostKeyIsRefused();
    void storeWorksThroughTheTunnelWithTls();
    void killedTunnelComesBackByItself();
    void batchModeSaysWhyItCannotLogIn();
    void passphraseGoesThroughAskpass();
    void missingSshIsSaid();
    void stopEndsSsh();
};

void TestSshTunnel::destinationsParse()
{
    SshOptions options = sshOptionsOf("bastion");
    QCOMPARE(options.destination, std::string("bastion"));
    QCOMPARE(options.user, std::string());
    QCOMPARE(options.port, 0);
    options = sshOptionsOf("ops@bastion.example.com:2222");
    QCOMPARE(options.user, std::string("ops"));
    QCOMPARE(options.destination, std::string("bastion.example.com"));
    QCOMPARE(options.port, 2222);
    options = sshOptionsOf("[::1]:22");
    QCOMPARE(options.destination, std::string("::1"));
    QCOMPARE(options.port, 22);
    QVERIFY(options.batchMode); // the CLI's default: ssh never asks
}

void TestSshTunnel::badDestinationsAreRefused()
{
    for (const char *bad : {"",
                            "host:",
                            "host:0",
                            "host:70000",
                            "host:x",
                            "-oProxyCommand=x",
                            "@host",
                            "[::1",
                            "[::1]x"}) {
        try {
            (void)sshOptionsOf(bad);
            QFAIL(bad);
        } catch (const Error &error) {
            QCOMPARE(std::string(error.what()),
                     std::string("kvs: --ssh needs [user@]host[:port], not \"") + bad + "\"");
        }
    }
}

void TestSshTunnel::connectionStringsGoThroughTheTunnel()
{
    QCOMPARE(sshForwardTarget("postgresql://app:pw@db.internal:6432/inventory"),
             std::string("db.internal:6432"));
    QCOMPARE(sshForwardTarget("postgresql://app@/inventory"), std::string("localhost:5432"));
    QCOMPARE(sshForwardTarget("host=db.internal hostaddr=10.0.0.5 dbname=x"),
             std::string("10.0.0.5:5432"));
    QCOMPARE(sshForwardTarget("host=/var/run/postgresql port=5433 dbname=x"),
             std::string("/var/run/postgresql/.s.PGSQL.5433"));
    QCOMPARE(tunneledConnection(
                 "postgresql://app:pw@db.internal:6432/inventory?sslmode=verify-full", 40001),
             std::string("postgresql://app:pw@db.internal:6432/inventory?sslmode=verify-full"
                         "&hostaddr=127.0.0.1&port=40001"));
    const std::string socket = tunneledConnection("host=/var/run/postgresql dbname=x", 40002);
    QVERIFY2(socket.find("hostaddr=127.0.0.1&port=40002&host=127.0.0.1") != std::string::npos,
             socket.c_str());
}

void TestSshTunnel::severalHostsAreRefused()
{
    try {
        (void)sshForwardTarget("postgresql://u@a:5432,b:5433/db");
        QFAIL("several hosts accepted");
    } catch (const Error &error) {
        QVERIFY2(
            std::string(error.what())
                .starts_with(
                    "kvs: an SSH tunnel reaches one database host; the connection names several"),
            error.what());
    }
    try {
        (void)sshForwardTarget("/tmp/kv.db");
        QFAIL("a SQLite path accepted");
    } catch (const Error &error) {
        QCOMPARE(std::string(error.what()),
                 std::string("kvs: an SSH tunnel reaches a PostgreSQL server; /tmp/kv.db is not "
                             "a PostgreSQL connection string"));
    }
}

void TestSshTunnel::unknownHostKeyIsRefusedUntilAccepted()
{
    QTemporaryDir dir;
    const SshOptions options = test::sshTestOptions(dir);
    const std::string target = sshForwardTarget(test::postgresUrl());
    const std::string expected = keygenFingerprint(test::sshTestDir() + "/host_key.pub");
    QVERIFY(expected.starts_with("SHA256:"));
    SshHostKey offered;
    {
        SshTunnel tunnel(options, target);
        try {
            tunnel.start();
            QFAIL("an unknown host key was let through");
        } catch (const SshHostKeyUnknownError &error) {
            offered = error.key();
            const std::string message = error.what();
            QVERIFY2(message.starts_with("kvs: the SSH host key of " + test::sshTestKnownHostsName()
                                         + " is not known yet: ED25519 key " + expected
                                         + ". Nothing was sent to the host"),
                     error.what());
        }
        QCOMPARE(int(tunnel.state().status), int(SshTunnel::Status::Failed));
        QCOMPARE(tunnel.sshProcessId(), 0L);
    }
    QCOMPARE(offered.fingerprint, expected);
    QCOMPARE(offered.knownHostsName, test::sshTestKnownHostsName());
    QVERIFY(!QFile::exists(QString::fromStdString(options.knownHostsFile))); // nothing accepted

    acceptSshHostKey(offered, options.knownHostsFile);
    QCOMPARE(QFile(QString::fromStdString(options.knownHostsFile)).permissions()
                 & (QFile::ReadGroup | QFile::ReadOther),
             QFile::Permissions());
    SshTunnel tunnel(options, target);
    tunnel.start();
    QCOMPARE(int(tunnel.state().status), int(SshTunnel::Status::Up));
    const std::unique_ptr<AsyncKVStore> store = storeThrough(tunnel, test::postgresUrl());
    store->set({KeyPart("a")}, Value(1.0)).waitForFinished();
    QVERIFY(storeAnswers(*store, {KeyPart("a")}, 1.0));
}

void TestSshTunnel::changedHostKeyIsRefused()
{
    QTemporaryDir dir;
    const SshOptions options = test::sshTestOptions(dir);
    // Another key under the server's name: what a known host that changed its key looks like.
    QProcess keygen;
    const QString other = dir.filePath(QStringLiteral("other"));
    keygen.start(QStringLiteral("ssh-keygen"),
                 {QStringLiteral("-q"),
                  QStringLiteral("-t"),
                  QStringLiteral("ed25519"),
                  QStringLiteral("-N"),
                  QString(),
                  QStringLiteral("-f"),
                  other});
    QVERIFY(keygen.waitForFinished(10000) && keygen.exitCode() == 0);
    const QList<QByteArray> fields = fileBytes(other.toStdString() + ".pub").split(' ');
    acceptSshHostKey(
        SshHostKey{test::sshTestKnownHostsName(), "ssh-ed25519", fields.value(1).toStdString(), {}},
        options.knownHostsFile);
    const QByteArray before = fileBytes(options.knownHostsFile);
    SshTunnel tunnel(options, sshForwardTarget(test::postgresUrl()));
    try {
        tunnel.start();
        QFAIL("a changed host key was let through");
    } catch (const SshHostKeyChangedError &error) {
        const std::string real = keygenFingerprint(test::sshTestDir() + "/host_key.pub");
        QCOMPARE(error.fingerprint(), real);
        const std::string message = error.what();
        QVERIFY2(message.starts_with("kvs: the SSH host key of " + test::sshTestKnownHostsName()
                                     + " has CHANGED: the server sent the ED25519 key " + real
                                     + ", not the one known in " + options.knownHostsFile
                                     + ". Someone may be intercepting the connection; it is "
                                       "refused."),
                 error.what());
    }
    QCOMPARE(fileBytes(options.knownHostsFile), before); // never replaced
}

void TestSshTunnel::storeWorksThroughTheTunnelWithTls()
{
    QTemporaryDir dir;
    SshOptions options = test::sshTestOptions(dir);
    test::trustSshTestHost(options);
    SshTunnel tunnel(options, sshForwardTarget(test::postgresUrl()));
    tunnel.start();
    // verify-full checks the certificate against the URL's host name (127.0.0.1 here), which
    // the tunnel keeps while hostaddr and port are its own.
    const std::string application
        = "kvs_ssh_" + QUuid::createUuid().toString(QUuid::Id128).left(8).toStdString();
    const std::string url = test::withTls(test::postgresUrl(),
                                          "sslmode=verify-full&sslrootcert=" + test::rootCertPath()
                                              + "&application_name=" + application);
    PostgresAdapter adapter(tunneledConnection(url, tunnel.localPort()));
    const ServerRole role = adapter.serverRole().result();
    QVERIFY(!role.standby);
    test::PgAdmin admin;
    QCOMPARE(admin.exec("SELECT count(*) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) "
                        "WHERE a.application_name = '"
                        + application + "' AND s.ssl"),
             std::string("1"));
}

void TestSshTunnel::killedTunnelComesBackByItself()
{
    QTemporaryDir dir;
    SshOptions options = test::sshTestOptions(dir);
    test::trustSshTestHost(options);
    SshTunnel tunnel(options, sshForwardTarget(test::postgresUrl()));
    std::atomic<int> downs{0};
    tunnel.setStateCallback([&downs](const SshTunnel::State &state) {
        if (state.status == SshTunnel::Status::Down)
            ++downs;
    });
    tunnel.start();
    const int port = tunnel.localPort();
    const std::unique_ptr<AsyncKVStore> store = storeThrough(tunnel, test::postgresUrl());
    store->set({KeyPart("k")}, Value(7.0)).waitForFinished();
    QVERIFY(storeAnswers(*store, {KeyPart("k")}, 7.0));

    const long first = tunnel.sshProcessId();
    QVERIFY(first > 0);
    QCOMPARE(::kill(static_cast<pid_t>(first), SIGKILL), 0);
    QTRY_VERIFY_WITH_TIMEOUT(downs.load() >= 1, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(
        tunnel.state().status == SshTunnel::Status::Up && tunnel.state().restarts == 1, 20000);
    QVERIFY(tunnel.sshProcessId() != first);
    QCOMPARE(tunnel.localPort(), port); // the connection strings made before still hold
    QTRY_VERIFY_WITH_TIMEOUT(storeAnswers(*store, {KeyPart("k")}, 7.0), 20000);
}

// A key with a passphrase that the test server lets in (added to its authorized_keys).
static QString authorizedLockedKey(const QTemporaryDir &dir)
{
    const QString key = dir.filePath(QStringLiteral("locked"));
    QProcess keygen;
    keygen.start(QStringLiteral("ssh-keygen"),
                 {QStringLiteral("-q"),
                  QStringLiteral("-t"),
                  QStringLiteral("ed25519"),
                  QStringLiteral("-N"),
                  QStringLiteral("pass phrase"),
                  QStringLiteral("-f"),
                  key});
    if (!keygen.waitForFinished(10000) || keygen.exitCode() != 0)
        qFatal("ssh-keygen failed");
    QFile authorized(QString::fromStdString(test::sshTestDir() + "/authorized_keys"));
    if (!authorized.open(QIODevice::Append))
        qFatal("cannot add to the test server's authorized_keys");
    authorized.write(fileBytes(key.toStdString() + ".pub"));
    return key;
}

void TestSshTunnel::batchModeSaysWhyItCannotLogIn()
{
    QTemporaryDir dir;
    SshOptions options = test::sshTestOptions(dir);
    test::trustSshTestHost(options);
    // An authorized key with a passphrase: batch mode cannot ask for it.
    options.identityFile = authorizedLockedKey(dir).toStdString();
    options.environment = {{"SSH_AUTH_SOCK", ""}}; // no agent of the machine's
    SshTunnel tunnel(options, sshForwardTarget(test::postgresUrl()));
    try {
        tunnel.start();
        QFAIL("logged in without the passphrase");
    } catch (const SshHostKeyUnknownError &) {
        QFAIL("the host key was trusted");
    } catch (const SshError &error) {
        const std::string message = error.what();
        QVERIFY2(message.starts_with("kvs: SSH to 127.0.0.1 failed: ")
                     && message.find("Permission denied") != std::string::npos
                     && message.find("ssh runs in batch mode here and asks for nothing: a key with "
                                     "a passphrase must be in ssh-agent (ssh-add)")
                            != std::string::npos,
                 error.what());
    }
}

void TestSshTunnel::passphraseGoesThroughAskpass()
{
    QTemporaryDir dir;
    SshOptions options = test::sshTestOptions(dir);
    test::trustSshTestHost(options);
    options.identityFile = authorizedLockedKey(dir).toStdString();
    // What kvs-admin does in its askpass mode, as a program ssh runs: the answer on stdout. It
    // notes its prompt, so the test sees that ssh asked it (and for what).
    const QString askpass = dir.filePath(QStringLiteral("askpass"));
    const QString prompts = dir.filePath(QStringLiteral("prompts"));
    QFile script(askpass);
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write(QStringLiteral("#!/bin/sh\nprintf '%s\\n' \"$1\" >> '%1'\necho 'pass phrase'\n")
                     .arg(prompts)
                     .toUtf8());
    script.close();
    QVERIFY(script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    options.batchMode = false;
    options.environment = {{"SSH_AUTH_SOCK", ""},
                           {"SSH_ASKPASS", askpass.toStdString()},
                           {"SSH_ASKPASS_REQUIRE", "force"}};
    SshTunnel tunnel(options, sshForwardTarget(test::postgresUrl()));
    tunnel.start();
    QCOMPARE(int(tunnel.state().status), int(SshTunnel::Status::Up));
    QVERIFY2(fileBytes(prompts.toStdString()).contains("Enter passphrase for key"),
             fileBytes(prompts.toStdString()).constData());
    const std::unique_ptr<AsyncKVStore> store = storeThrough(tunnel, test::postgresUrl());
    store->set({KeyPart("p")}, Value(3.0)).waitForFinished();
    QVERIFY(storeAnswers(*store, {KeyPart("p")}, 3.0));
}

void TestSshTunnel::missingSshIsSaid()
{
    QTemporaryDir dir;
    SshOptions options = test::sshTestOptions(dir);
    options.sshProgram = "/nonexistent/ssh";
    SshTunnel tunnel(options, "localhost:5432");
    try {
        tunnel.start();
        QFAIL("started without ssh");
    } catch (const Error &error) {
        QCOMPARE(std::string(error.what()),
                 std::string("kvs: cannot run /nonexistent/ssh: No such file or directory (is "
                             "OpenSSH's client installed?)"));
    }
}

void TestSshTunnel::stopEndsSsh()
{
    QTemporaryDir dir;
    SshOptions options = test::sshTestOptions(dir);
    test::trustSshTestHost(options);
    SshTunnel tunnel(options, sshForwardTarget(test::postgresUrl()));
    tunnel.start();
    const long pid = tunnel.sshProcessId();
    QVERIFY(pid > 0);
    QCOMPARE(::kill(static_cast<pid_t>(pid), 0), 0);
    tunnel.stop();
    QCOMPARE(int(tunnel.state().status), int(SshTunnel::Status::Stopped));
    QCOMPARE(tunnel.sshProcessId(), 0L);
    QCOMPARE(::kill(static_cast<pid_t>(pid), 0), -1); // ended and reaped
    AsyncKVStore store(tunneledConnection(test::postgresUrl(), tunnel.localPort()));
    QVERIFY_THROWS_EXCEPTION(ConnectionError, (void)store.get({KeyPart("k")}).result());
}

QTEST_GUILESS_MAIN(TestSshTunnel)
#include "tst_ssh_tunnel.moc"
