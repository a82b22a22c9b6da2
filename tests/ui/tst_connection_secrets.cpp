// Secrets without a server: the memory store, the real keychain on a machine without Secret
// Service (it must answer "unavailable", once, and never fall back to plain text), and the
// password resolver's SQLite path.
#include "connection/connection_spec.h"
#include "connection/dialog_password_prompt.h"
#include "connection/keychain_secret_store.h"
#include "connection/memory_secret_store.h"
#include "connection/password_dialog.h"
#include "connection/password_prompt.h"
#include "connection/password_resolver.h"
#include "support/test_paths.h"

#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

#include <optional>

using kvs::ui::ConnectionSpec;
using kvs::ui::DialogPasswordPrompt;
using kvs::ui::KeychainSecretStore;
using kvs::ui::MemorySecretStore;
using kvs::ui::PasswordAnswer;
using kvs::ui::PasswordDialog;
using kvs::ui::PasswordPrompt;
using kvs::ui::PasswordRequest;
using kvs::ui::PasswordResolution;
using kvs::ui::PasswordResolver;
using kvs::ui::SecretResult;
using kvs::ui::SecretStore;
using Status = SecretResult::Status;

namespace {

constexpr int kTimeout = 30000;

// Calls op on store and waits for its result.
std::optional<SecretResult> waitFor(const std::function<void(QObject *, SecretStore::Callback)> &op)
{
    QObject context;
    std::optional<SecretResult> result;
    bool calledInside = false;
    bool inside = true;
    op(&context, [&](const SecretResult &r) {
        calledInside = inside;
        result = r;
    });
    inside = false;
    if (calledInside)
        qWarning("the callback ran inside the call");
    (void)QTest::qWaitFor([&] { return result.has_value(); }, kTimeout);
    return calledInside ? std::nullopt : result;
}

class NeverPrompt : public PasswordPrompt
{
public:
    void ask(const PasswordRequest &, QObject *, Callback) override { ++asked; }
    int asked = 0;
};

} // namespace

class TestConnectionSecrets : public QObject
{
    Q_OBJECT

private slots:
    void memoryStoreReadsWritesAndRemoves();
    void memoryStoreCanPlayUnavailable();
    void callbacksAreDroppedWithTheirContext();
    void keychainWithoutSecretServiceIsUnavailable();
    void sqliteNeedsNoPassword();
    void passwordDialogShowsReasonAndNote();
    void dialogPromptAnswersThroughItsCallback();
};

void TestConnectionSecrets::memoryStoreReadsWritesAndRemoves()
{
    MemorySecretStore store;
    const QString account = QStringLiteral("postgres://u@h:1/d");
    auto read
        = waitFor([&](QObject *c, SecretStore::Callback done) { store.read(account, c, done); });
    QVERIFY(read);
    QCOMPARE(read->status, Status::NotFound);
    auto written = waitFor([&](QObject *c, SecretStore::Callback done) {
        store.write(account, QStringLiteral("pw"), c, done);
    });
    QCOMPARE(written->status, Status::Ok);
    read = waitFor([&](QObject *c, SecretStore::Callback done) { store.read(account, c, done); });
    QCOMPARE(read->status, Status::Ok);
    QCOMPARE(read->secret, QStringLiteral("pw"));
    auto removed
        = waitFor([&](QObject *c, SecretStore::Callback done) { store.remove(account, c, done); });
    QCOMPARE(removed->status, Status::Ok);
    QVERIFY(store.contents().isEmpty());
}

void TestConnectionSecrets::memoryStoreCanPlayUnavailable()
{
    MemorySecretStore store;
    QSignalSpy became(&store, &SecretStore::becameUnavailable);
    store.setUnavailable(QStringLiteral("no Secret Service"));
    const auto read = waitFor(
        [&](QObject *c, SecretStore::Callback done) { store.read(QStringLiteral("a"), c, done); });
    QCOMPARE(read->status, Status::Unavailable);
    QCOMPARE(read->message, QStringLiteral("no Secret Service"));
    QVERIFY(store.isKnownUnavailable());
    QCOMPARE(became.size(), 1);
}

void TestConnectionSecrets::callbacksAreDroppedWithTheirContext()
{
    MemorySecretStore store;
    bool called = false;
    {
        QObject context;
        store.read(QStringLiteral("a"), &context, [&](const SecretResult &) { called = true; });
    }
    QCoreApplication::processEvents(); // the reply was posted (a zero timer), never in the call
    QVERIFY(!called);
}

void TestConnectionSecrets::keychainWithoutSecretServiceIsUnavailable()
{
    // This machine is headless: no D-Bus session, no Secret Service, no KWallet.
    KeychainSecretStore store(QStringLiteral("KVS Admin tests"));
    QSignalSpy became(&store, &SecretStore::becameUnavailable);
    const QString account = QStringLiteral("postgres://u@h:1/d");
    const auto written = waitFor([&](QObject *c, SecretStore::Callback done) {
        store.write(account, QStringLiteral("must-not-land-anywhere"), c, done);
    });
    QVERIFY(written);
    QVERIFY2(written->status == Status::Unavailable || written->status == Status::Failed,
             qPrintable(written->message));
    QVERIFY(!written->message.isEmpty());
    QCOMPARE(became.size(), written->status == Status::Unavailable ? 1 : 0);

    if (written->status == Status::Unavailable) {
        // Known now: the next calls answer without another job (a keychain job is the store's
        // child until it ended), on the next pass of the event loop.
        const QObjectList before = store.children();
        QObject context;
        std::optional<SecretResult> read;
        store.read(account, &context, [&](const SecretResult &r) { read = r; });
        store.remove(account, &context, {});
        QCOMPARE(store.children(), before);
        QVERIFY(!read); // never inside the call
        QCoreApplication::processEvents();
        QVERIFY(read);
        QCOMPARE(read->status, Status::Unavailable);
        QCOMPARE(read->message, written->message);
        QCOMPARE(became.size(), 1);
    }
}

void TestConnectionSecrets::sqliteNeedsNoPassword()
{
    MemorySecretStore store;
    NeverPrompt prompt;
    PasswordResolver resolver(&store, &prompt);
    QSignalSpy resolved(&resolver, &PasswordResolver::resolved);
    resolver.resolve(ConnectionSpec::sqlite(QStringLiteral("/tmp/x.db")));
    QVERIFY(resolver.isResolving());
    QCOMPARE(resolved.size(), 0); // Never inside the call.
    QTRY_COMPARE(resolved.size(), 1);
    const auto resolution = resolved.first().first().value<PasswordResolution>();
    QCOMPARE(resolution.source, PasswordResolution::Source::NotNeeded);
    QVERIFY(!resolution.tested);
    QCOMPARE(prompt.asked, 0);
    QCOMPARE(store.readCount(), 0);
}

void TestConnectionSecrets::passwordDialogShowsReasonAndNote()
{
    PasswordRequest request;
    request.spec = *ConnectionSpec::fromPostgresUrl(QStringLiteral("postgres://ops@db/app"));
    request.reason = QStringLiteral("Authenticate failed: wrong password");
    request.note = QStringLiteral("No keychain here.");
    request.offerRemember = false;
    request.remember = true;
    PasswordDialog dialog(request);
    QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("reasonLabel"))->text(), request.reason);
    QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("noteLabel"))->text(), request.note);
    auto *remember = dialog.findChild<QCheckBox *>(QStringLiteral("rememberCheck"));
    QVERIFY(!remember->isEnabled());
    QVERIFY(!remember->isChecked());
    dialog.findChild<QLineEdit *>(QStringLiteral("passwordEdit"))->setText(QStringLiteral("s3"));
    const PasswordAnswer answer = dialog.answer();
    QCOMPARE(answer.password, QStringLiteral("s3"));
    QVERIFY(!answer.remember);
}

void TestConnectionSecrets::dialogPromptAnswersThroughItsCallback()
{
    PasswordRequest request;
    request.spec
        = *ConnectionSpec::fromPostgresUrl(QStringLiteral("postgres://ops@db.internal/app"));
    request.reason = QStringLiteral("Authenticate failed: The server refused user ops: wrong "
                                    "password, or no password given.");
    request.note = QStringLiteral("The system keychain is unavailable (Unknown error): the "
                                  "password is asked for and not remembered.");
    request.offerRemember = false;
    DialogPasswordPrompt prompt;
    QObject context;
    std::optional<PasswordAnswer> answer;
    prompt.ask(request, &context, [&](const PasswordAnswer &a) { answer = a; });
    PasswordDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = qobject_cast<PasswordDialog *>(QApplication::activeModalWidget())));
    QVERIFY(!answer);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    dialog->findChild<QLineEdit *>(QStringLiteral("passwordEdit"))->setText(QStringLiteral("pw"));
    QDir().mkpath(kvs::test::fromTest(KVS_SCREENSHOT_DIR));
    QVERIFY(dialog->grab().save(kvs::test::fromTest(KVS_SCREENSHOT_DIR "/password-dialog.png")));
    dialog->accept();
    QTRY_VERIFY(answer.has_value());
    QVERIFY(answer->accepted);
    QCOMPARE(answer->password, QStringLiteral("pw"));
}

QTEST_MAIN(TestConnectionSecrets)
#include "tst_connection_secrets.moc"
