// Issue 34 in the GUI: the SSH part of the Connect dialog, saved with the connection (never a
// passphrase); a tab's tunnel against the run's sshd and PostgreSQL server: an unknown host key
// is shown (its fingerprint) and nothing opens until it is trusted; a changed key is refused;
// the store, the tree's reads and a second connection (the feed, the Tables view) go through
// the one tunnel; ssh killed in the middle comes back by itself on the same port.
#include "connection/connection_dialog.h"
#include "connection/connection_spec.h"
#include "connection/connection_tester.h"
#include "connection/ssh_host_key_dialog.h"
#include "connection/ssh_tunnel_settings.h"
#include "session/database_session.h"
#include "session/session_tunnel.h"
#include "support/ssh_test_server.h"
#include "support/test_paths.h"

#include <kvs/ssh_tunnel.h>

#include <QCheckBox>
#include <QDir>
#include <QGroupBox>
#include <QLineEdit>
#include <QProcess>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using kvs::SshHostKey;
using kvs::ui::ConnectionSpec;
using kvs::ui::DatabaseSession;
using kvs::ui::SessionProblem;
using kvs::ui::SessionTunnel;

namespace {

constexpr int kTimeout = 30000;

template <typename T>
T *child(QWidget &parent, const char *name)
{
    T *found = parent.findChild<T *>(QString::fromLatin1(name));
    if (!found)
        qFatal("no %s", name);
    return found;
}

// The ssh processes whose command line names text (the test's own known_hosts file).
QList<long> sshProcessesNaming(const QString &text)
{
    QList<long> pids;
    for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        QFile file(QStringLiteral("/proc/") + pid + QStringLiteral("/cmdline"));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QByteArray commandLine = file.readAll();
        if (commandLine.startsWith("ssh\0") && commandLine.contains(text.toUtf8()))
            pids << pid.toLong();
    }
    return pids;
}

// A spec of the test server's database through the test sshd.
ConnectionSpec sshSpec(QString *password, const std::string &schema)
{
    ConnectionSpec spec = *ConnectionSpec::fromPostgresUrl(
        QString::fromStdString(kvs::test::postgresUrl()), password);
    spec.setSchema(QString::fromStdString(schema));
    spec.setSsh({QStringLiteral("127.0.0.1"),
                 QString::fromStdString(kvs::test::sshTestFile("user")),
                 kvs::test::sshTestPort(),
                 QString::fromStdString(kvs::test::sshTestDir() + "/id_ed25519")});
    return spec;
}

// A kvs store in a fresh schema of the test server with one entry, written directly (not
// through SSH); its name.
std::string preparedSchema()
{
    const std::string schema = kvs::test::freshSchema("gui_ssh");
    kvs::AsyncKVStoreSettings settings;
    settings.schema = schema;
    kvs::AsyncKVStore direct(kvs::test::postgresUrl(), settings);
    direct.set({"users", 1.0}, kvs::Value(std::string("ada"))).waitForFinished();
    return schema;
}

// Waits for session's first store; a problem instead fails with its message.
bool storeOpened(DatabaseSession &session)
{
    QString problem;
    const QMetaObject::Connection watch
        = QObject::connect(&session,
                           &DatabaseSession::problem,
                           [&problem](const SessionProblem &found) { problem = found.message; });
    const bool opened
        = QTest::qWaitFor([&] { return session.store() || !problem.isEmpty(); }, kTimeout)
          && session.store();
    QObject::disconnect(watch);
    if (!opened)
        qWarning("not opened: %s", qPrintable(problem));
    return opened;
}

} // namespace

class TestSshConnection : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void sshSettingsAreSavedWithoutSecrets();
    void dialogHasAnSshPart();
    void hostKeyDialogShowsTheFingerprint();
    void unknownHostKeyOpensNothingUntilTrusted();
    void changedHostKeyIsRefused();
    void killedTunnelComesBackByItself();
    void testConnectionGoesThroughTheTunnel();
    void hostKeyChangedMidSessionEndsTheTunnel();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_knownHosts;
};

void TestSshConnection::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_knownHosts = m_dir->filePath(QStringLiteral("known_hosts"));
    kvs::ui::setSshTestOverrides(m_knownHosts.toStdString(), "none");
}

void TestSshConnection::cleanup()
{
    kvs::ui::setSshTestOverrides({}, {});
}

void TestSshConnection::sshSettingsAreSavedWithoutSecrets()
{
    ConnectionSpec spec
        = *ConnectionSpec::fromPostgresUrl(QStringLiteral("postgres://app@localhost:5432/inv"));
    spec.setSsh({QStringLiteral("bastion"),
                 QStringLiteral("ops"),
                 2222,
                 QStringLiteral("/home/ops/.ssh/id_ed25519")});
    QVERIFY(spec.usesSsh());
    const QVariantMap map = spec.toVariantMap();
    QCOMPARE(map.value(QStringLiteral("sshHost")).toString(), QStringLiteral("bastion"));
    QCOMPARE(map.value(QStringLiteral("sshUser")).toString(), QStringLiteral("ops"));
    QCOMPARE(map.value(QStringLiteral("sshPort")).toInt(), 2222);
    QCOMPARE(map.value(QStringLiteral("sshIdentity")).toString(),
             QStringLiteral("/home/ops/.ssh/id_ed25519"));
    for (const QString &key : map.keys())
        QVERIFY2(!key.contains(QLatin1String("passphrase"), Qt::CaseInsensitive)
                     && key != QLatin1String("password"),
                 qPrintable(key));
    const std::optional<ConnectionSpec> back = ConnectionSpec::fromVariantMap(map);
    QVERIFY(back);
    QCOMPARE(back->ssh(), spec.ssh());
    QVERIFY(back->sameTarget(spec));
    ConnectionSpec direct = spec;
    direct.setSsh({});
    QVERIFY(!direct.sameTarget(spec)); // through SSH is another route to remember
    QCOMPARE(spec.displayName(), QStringLiteral("app@localhost:5432/inv, through SSH bastion"));
    // Once the tab's tunnel is open, every connection string goes through it.
    QCOMPARE(spec.connectionString(), std::string("postgres://app@localhost:5432/inv"));
    spec.setTunnelPort(41234);
    QCOMPARE(spec.connectionString(QStringLiteral("pw")),
             std::string("postgres://app:pw@localhost:5432/inv?hostaddr=127.0.0.1&port=41234"));
    QVERIFY(!spec.toVariantMap().contains(QStringLiteral("tunnelPort")));
}

void TestSshConnection::dialogHasAnSshPart()
{
    kvs::ui::ConnectionDialog dialog(nullptr);
    dialog.show();
    dialog.resize(860, 640); // the size it takes on a 1024x700 screen
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    child<QRadioButton>(dialog, "postgresKindRadio")->setChecked(true);
    child<QLineEdit>(dialog, "postgresUrlEdit")
        ->setText(QStringLiteral("postgres://app@localhost:5432/inventory?sslmode=require"));
    auto *routes = child<QTabWidget>(dialog, "routeTabs");
    auto *box = child<QGroupBox>(dialog, "sshOptionsBox");
    routes->setCurrentWidget(box);
    QVERIFY(!box->isChecked());
    QVERIFY(!dialog.spec().usesSsh());
    box->setChecked(true);
    QTest::keyClicks(child<QLineEdit>(dialog, "sshHostEdit"),
                     QStringLiteral("bastion.example.com"));
    QTest::keyClicks(child<QLineEdit>(dialog, "sshUserEdit"), QStringLiteral("ops"));
    QTest::keyClicks(child<QLineEdit>(dialog, "sshPortEdit"), QStringLiteral("2222"));
    QTest::keyClicks(child<QLineEdit>(dialog, "sshIdentityEdit"),
                     QStringLiteral("/home/ops/.ssh/id_ed25519"));
    const ConnectionSpec spec = dialog.spec();
    QVERIFY(spec.usesSsh());
    QCOMPARE(spec.ssh(),
             (ConnectionSpec::SshSettings{QStringLiteral("bastion.example.com"),
                                          QStringLiteral("ops"),
                                          2222,
                                          QStringLiteral("/home/ops/.ssh/id_ed25519")}));
    QVERIFY(box->isVisible());
    QVERIFY2(dialog.sizeHint().height() <= 700,
             qPrintable(QString::number(dialog.sizeHint().height())));
    const QString shots = kvs::test::fromTest(KVS_SCREENSHOT_DIR);
    QDir().mkpath(shots);
    QVERIFY(dialog.grab().save(shots + QStringLiteral("/connection-dialog-ssh.png")));
    // Off again: no tunnel, whatever the fields hold.
    box->setChecked(false);
    QVERIFY(!dialog.spec().usesSsh());
}

void TestSshConnection::hostKeyDialogShowsTheFingerprint()
{
    const SshHostKey key{"[bastion.example.com]:2222",
                         "ssh-ed25519",
                         "AAAA",
                         "SHA256:Jwu3ZP16/FEv1y7G489gkRmfpZOldB5vexM6dF+AXOA"};
    kvs::ui::SshHostKeyDialog dialog(key);
    QVERIFY(dialog.text().contains(QStringLiteral("[bastion.example.com]:2222")));
    QVERIFY(dialog.informativeText().contains(
        QStringLiteral("SHA256:Jwu3ZP16/FEv1y7G489gkRmfpZOldB5vexM6dF+AXOA")));
    QVERIFY(dialog.informativeText().contains(QStringLiteral("Nothing has been sent to it")));
    QVERIFY(dialog.defaultButton() != dialog.trustButton()); // Enter does not trust
}

void TestSshConnection::unknownHostKeyOpensNothingUntilTrusted()
{
    const std::string schema = preparedSchema();
    QString password;
    const ConnectionSpec spec = sshSpec(&password, schema); // before password is read
    DatabaseSession session(spec, password);
    QSignalSpy unknown(&session, &DatabaseSession::sshHostKeyUnknown);
    QSignalSpy problems(&session, &DatabaseSession::problem);
    QSignalSpy stores(&session, &DatabaseSession::storeChanged);
    session.open();
    QVERIFY(session.isOpening());
    QTRY_COMPARE_WITH_TIMEOUT(unknown.count(), 1, kTimeout);
    const SshHostKey key = unknown.front().front().value<SshHostKey>();
    QCOMPARE(key.knownHostsName, kvs::test::sshTestKnownHostsName());
    QVERIFY(key.fingerprint.starts_with("SHA256:"));
    QTRY_COMPARE_WITH_TIMEOUT(problems.count(), 1, kTimeout);
    const auto problem = problems.front().front().value<SessionProblem>();
    QCOMPARE(problem.kind, SessionProblem::Kind::Connection);
    QVERIFY2(problem.message.contains(QString::fromStdString(key.fingerprint)),
             qPrintable(problem.message));
    QCOMPARE(stores.count(), 0);
    QVERIFY(!session.store());
    QVERIFY(!session.isOpening());
    QVERIFY(!QFile::exists(m_knownHosts));

    session.trustSshHostKey(key); // what "Trust and connect" does
    QVERIFY(storeOpened(session));
    QVERIFY(QFile::exists(m_knownHosts));
    QVERIFY(session.spec().tunnelPort() > 0);
    // Browse through the tunnel: what was written directly shows.
    const kvs::ChildrenPage page = session.store()->listChildren({}, {}).result();
    QCOMPARE(page.children.size(), std::size_t(1));
    // A second user of the tab's database (a watch pane's feed, the benchmark): the same tunnel.
    QVERIFY(session.connectionString().find("port=" + std::to_string(session.spec().tunnelPort()))
            != std::string::npos);
    QCOMPARE(sshProcessesNaming(m_knownHosts).size(), 1);
}

void TestSshConnection::changedHostKeyIsRefused()
{
    // Another key under the server's name: a known host whose key changed.
    QProcess keygen;
    const QString other = m_dir->filePath(QStringLiteral("other"));
    keygen.start(QStringLiteral("ssh-keygen"),
                 {"-q", "-t", "ed25519", "-N", QString(), "-f", other});
    QVERIFY(keygen.waitForFinished(10000) && keygen.exitCode() == 0);
    QFile pub(other + QStringLiteral(".pub"));
    QVERIFY(pub.open(QIODevice::ReadOnly));
    kvs::acceptSshHostKey({kvs::test::sshTestKnownHostsName(),
                           "ssh-ed25519",
                           pub.readAll().split(' ').value(1).toStdString(),
                           {}},
                          m_knownHosts.toStdString());
    QString password;
    const ConnectionSpec spec = sshSpec(&password, kvs::test::freshSchema("gui_ssh"));
    DatabaseSession session(spec, password);
    QSignalSpy unknown(&session, &DatabaseSession::sshHostKeyUnknown);
    QSignalSpy problems(&session, &DatabaseSession::problem);
    session.open();
    QTRY_COMPARE_WITH_TIMEOUT(problems.count(), 1, kTimeout);
    const auto problem = problems.front().front().value<SessionProblem>();
    QVERIFY2(problem.message.contains(QStringLiteral("has CHANGED"))
                 && problem.message.contains(QStringLiteral("it is refused")),
             qPrintable(problem.message));
    QCOMPARE(unknown.count(), 0); // nothing to accept: never offered
    QVERIFY(!session.store());
}

void TestSshConnection::killedTunnelComesBackByItself()
{
    kvs::SshOptions trusted;
    trusted.knownHostsFile = m_knownHosts.toStdString();
    kvs::test::trustSshTestHost(trusted);
    const std::string schema = preparedSchema();
    QString password;
    const ConnectionSpec spec = sshSpec(&password, schema); // before password is read
    DatabaseSession session(spec, password);
    QSignalSpy stores(&session, &DatabaseSession::storeChanged);
    session.open();
    QVERIFY(storeOpened(session));
    const int port = session.spec().tunnelPort();
    const QList<long> before = sshProcessesNaming(m_knownHosts);
    QCOMPARE(before.size(), 1);
    QCOMPARE(::kill(static_cast<pid_t>(before.front()), SIGKILL), 0);
    // The tunnel's own supervisor starts ssh again on the same port; the store's next reads
    // reconnect through it (what the tab's reconnect checks do).
    QTRY_VERIFY_WITH_TIMEOUT(sshProcessesNaming(m_knownHosts).size() == 1
                                 && sshProcessesNaming(m_knownHosts) != before,
                             kTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            try {
                (void)session.store()->listChildren({}, {}).result();
                return true;
            } catch (const std::exception &) {
                return false;
            }
        }(),
        kTimeout);
    QCOMPARE(session.spec().tunnelPort(), port);
}

void TestSshConnection::testConnectionGoesThroughTheTunnel()
{
    const std::string schema = preparedSchema();
    QString password;
    const ConnectionSpec spec = sshSpec(&password, schema);
    // Unknown host: the test fails at the tunnel, saying the key's fingerprint.
    const kvs::ui::ConnectionTestResult unknown = kvs::ui::ConnectionTester::run(spec, password);
    QVERIFY(!unknown.ok);
    QCOMPARE(unknown.step, kvs::ui::ConnectionTestResult::Step::Connect);
    QCOMPARE(unknown.message, QStringLiteral("The SSH tunnel did not open."));
    QVERIFY2(unknown.detail.contains(QStringLiteral("is not known yet: ED25519 key SHA256:")),
             qPrintable(unknown.detail));
    QVERIFY(!QFile::exists(m_knownHosts));

    kvs::SshOptions trusted;
    trusted.knownHostsFile = m_knownHosts.toStdString();
    kvs::test::trustSshTestHost(trusted);
    const kvs::ui::ConnectionTestResult ok = kvs::ui::ConnectionTester::run(spec, password);
    QVERIFY2(ok.ok, qPrintable(ok.detail));
    QCOMPARE(sshProcessesNaming(m_knownHosts).size(), 0); // its tunnel ended with it
}

void TestSshConnection::hostKeyChangedMidSessionEndsTheTunnel()
{
    kvs::SshOptions trusted;
    trusted.knownHostsFile = m_knownHosts.toStdString();
    kvs::test::trustSshTestHost(trusted);
    QString password;
    const ConnectionSpec spec = sshSpec(&password, preparedSchema());
    DatabaseSession session(spec, password);
    session.open();
    QVERIFY(storeOpened(session));
    // The host's key changes while the tab is open (here: the known one is replaced), then the
    // tunnel drops: its restart is refused, and the tab says why.
    QProcess keygen;
    const QString other = m_dir->filePath(QStringLiteral("other"));
    keygen.start(QStringLiteral("ssh-keygen"),
                 {"-q", "-t", "ed25519", "-N", QString(), "-f", other});
    QVERIFY(keygen.waitForFinished(10000) && keygen.exitCode() == 0);
    QFile pub(other + QStringLiteral(".pub"));
    QVERIFY(pub.open(QIODevice::ReadOnly));
    QVERIFY(QFile::remove(m_knownHosts));
    kvs::acceptSshHostKey({kvs::test::sshTestKnownHostsName(),
                           "ssh-ed25519",
                           pub.readAll().split(' ').value(1).toStdString(),
                           {}},
                          m_knownHosts.toStdString());
    QSignalSpy problems(&session, &DatabaseSession::problem);
    const QList<long> running = sshProcessesNaming(m_knownHosts);
    QCOMPARE(running.size(), 1);
    QCOMPARE(::kill(static_cast<pid_t>(running.front()), SIGKILL), 0);
    QTRY_COMPARE_WITH_TIMEOUT(problems.count(), 1, kTimeout);
    const auto problem = problems.front().front().value<SessionProblem>();
    QVERIFY2(problem.message.contains(QStringLiteral("has CHANGED")), qPrintable(problem.message));
    QCOMPARE(sshProcessesNaming(m_knownHosts).size(), 0); // not started again
}

QTEST_MAIN(TestSshConnection)
#include "tst_ssh_connection.moc"
