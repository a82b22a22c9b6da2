// PasswordResolver against the test run's PostgreSQL server (password authentication): the
// keychain (memory-backed) when allowed, the real keychain's fallback on this headless machine,
// libpq's own PGPASSWORD, the prompt, asking again after a wrong password, and cancelling.
#include "connection/keychain_secret_store.h"
#include "connection/memory_secret_store.h"
#include "connection/password_prompt.h"
#include "connection/password_resolver.h"
#include "support/postgres_test_server.h"

#include <kvs/async_kvstore.h>

#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <deque>

using kvs::ui::ConnectionSpec;
using kvs::ui::ConnectionTestResult;
using kvs::ui::KeychainSecretStore;
using kvs::ui::MemorySecretStore;
using kvs::ui::PasswordAnswer;
using kvs::ui::PasswordPrompt;
using kvs::ui::PasswordRequest;
using kvs::ui::PasswordResolution;
using kvs::ui::PasswordResolver;
using Source = PasswordResolution::Source;

namespace {

constexpr int kTimeout = 30000;

// Answers from a script, later, through the event loop, and records what it was asked.
class ScriptedPrompt : public PasswordPrompt
{
public:
    void ask(const PasswordRequest &request, QObject *context, Callback done) override
    {
        requests.push_back(request);
        PasswordAnswer answer; // Cancel when the script is exhausted.
        if (!answers.empty()) {
            answer = answers.front();
            answers.pop_front();
        }
        QTimer::singleShot(0, context, [done, answer] { done(answer); });
    }

    void answer(const QString &password, bool remember = false)
    {
        answers.push_back({true, password, remember});
    }

    std::deque<PasswordAnswer> answers;
    std::vector<PasswordRequest> requests;
};

// A schema with kvs tables, so an accepted password ends in an OK test.
std::string kvsSchema()
{
    const std::string schema = kvs::test::freshSchema("resolver");
    kvs::AsyncKVStoreSettings settings;
    settings.schema = schema;
    settings.maintenanceInterval = std::chrono::milliseconds(0);
    kvs::AsyncKVStore store(kvs::test::postgresUrl(), settings);
    (void)store.set({"a"}, kvs::Value(1)).result();
    store.close().waitForFinished();
    return schema;
}

} // namespace

class TestConnectionResolverPostgres : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void usesTheKeychainWhenAllowed();
    void skipsTheKeychainWhenNotAllowed();
    void libpqFindsPgpassword();
    void asksAndRemembersWhenTicked();
    void asksAgainAfterAWrongPassword();
    void aWrongKeychainPasswordLeadsToAsking();
    void aWrongTypedPasswordLeadsToAsking();
    void headlessKeychainDegradesToAskingOnce();
    void cancellingThePromptCancels();
    void aServerThatIsDownIsReportedNotAsked();

private:
    // Runs resolver on spec and returns its resolution (or nullopt when cancelled).
    std::optional<PasswordResolution>
    resolve(PasswordResolver &resolver, const ConnectionSpec &spec, const QString &given = {});
    ConnectionSpec spec(bool remember) const;

    ConnectionSpec m_spec;
    QString m_password;
};

void TestConnectionResolverPostgres::initTestCase()
{
    auto spec = ConnectionSpec::fromPostgresUrl(QString::fromStdString(kvs::test::postgresUrl()),
                                                &m_password);
    QVERIFY(spec);
    m_spec = *spec;
    m_spec.setSchema(QString::fromStdString(kvsSchema()));
}

void TestConnectionResolverPostgres::init()
{
    // libpq must not find a password by itself unless a test gives it one.
    qunsetenv("PGPASSWORD");
    qputenv("PGPASSFILE", "/nonexistent/kvs-admin-tests/pgpass");
}

ConnectionSpec TestConnectionResolverPostgres::spec(bool remember) const
{
    ConnectionSpec spec = m_spec;
    spec.setRememberPassword(remember);
    return spec;
}

std::optional<PasswordResolution> TestConnectionResolverPostgres::resolve(
    PasswordResolver &resolver, const ConnectionSpec &spec, const QString &given)
{
    QSignalSpy resolved(&resolver, &PasswordResolver::resolved);
    QSignalSpy cancelled(&resolver, &PasswordResolver::cancelled);
    resolver.resolve(spec, given);
    if (!QTest::qWaitFor([&] { return !resolved.isEmpty() || !cancelled.isEmpty(); }, kTimeout))
        qWarning("the resolver did not finish");
    if (resolved.isEmpty())
        return std::nullopt;
    return resolved.first().first().value<PasswordResolution>();
}

void TestConnectionResolverPostgres::usesTheKeychainWhenAllowed()
{
    MemorySecretStore secrets;
    ScriptedPrompt prompt;
    PasswordResolver resolver(&secrets, &prompt);
    const ConnectionSpec remembered = spec(true);
    secrets.write(remembered.secretAccount(), m_password, &secrets, {});
    QTRY_COMPARE(secrets.contents().size(), 1);

    const auto resolution = resolve(resolver, remembered);
    QVERIFY(resolution);
    QCOMPARE(resolution->source, Source::Keychain);
    QCOMPARE(resolution->password, m_password);
    QVERIFY2(resolution->test.ok, qPrintable(resolution->test.summary()));
    QVERIFY(prompt.requests.empty());
    QVERIFY(resolution->keychainNote.isEmpty());
}

void TestConnectionResolverPostgres::skipsTheKeychainWhenNotAllowed()
{
    MemorySecretStore secrets;
    ScriptedPrompt prompt;
    prompt.answer(m_password);
    PasswordResolver resolver(&secrets, &prompt);
    const auto resolution = resolve(resolver, spec(false));
    QVERIFY(resolution);
    QCOMPARE(secrets.readCount(), 0);
    QCOMPARE(resolution->source, Source::Prompt);
    QVERIFY(secrets.contents().isEmpty()); // Not ticked: nothing remembered.
}

void TestConnectionResolverPostgres::libpqFindsPgpassword()
{
    qputenv("PGPASSWORD", m_password.toUtf8());
    MemorySecretStore secrets;
    ScriptedPrompt prompt;
    PasswordResolver resolver(&secrets, &prompt);
    const auto resolution = resolve(resolver, spec(true)); // Nothing in the keychain.
    qunsetenv("PGPASSWORD");
    QVERIFY(resolution);
    QCOMPARE(secrets.readCount(), 1);
    QCOMPARE(resolution->source, Source::Libpq);
    QVERIFY(resolution->password.isEmpty());
    QVERIFY2(resolution->test.ok, qPrintable(resolution->test.summary()));
    QVERIFY(prompt.requests.empty());
}

void TestConnectionResolverPostgres::asksAndRemembersWhenTicked()
{
    MemorySecretStore secrets;
    ScriptedPrompt prompt;
    prompt.answer(m_password, true);
    PasswordResolver resolver(&secrets, &prompt);
    const auto resolution = resolve(resolver, spec(false));
    QVERIFY(resolution);
    QCOMPARE(resolution->source, Source::Prompt);
    QCOMPARE(resolution->password, m_password);
    QVERIFY(resolution->spec.rememberPassword());
    QCOMPARE(prompt.requests.size(), std::size_t(1));
    QVERIFY(prompt.requests[0].reason.isEmpty());
    QVERIFY(prompt.requests[0].offerRemember);
    QTRY_COMPARE(secrets.contents().value(m_spec.secretAccount()), m_password);
}

void TestConnectionResolverPostgres::asksAgainAfterAWrongPassword()
{
    MemorySecretStore secrets;
    ScriptedPrompt prompt;
    prompt.answer(QStringLiteral("wrong-1"), true);
    prompt.answer(m_password, true);
    PasswordResolver resolver(&secrets, &prompt);
    const auto resolution = resolve(resolver, spec(false));
    QVERIFY(resolution);
    QCOMPARE(resolution->source, Source::Prompt);
    QCOMPARE(prompt.requests.size(), std::size_t(2));
    QVERIFY2(prompt.requests[1].reason.startsWith(QStringLiteral("Authenticate failed: ")),
             qPrintable(prompt.requests[1].reason));
    QTRY_COMPARE(secrets.contents().value(m_spec.secretAccount()), m_password);
}

void TestConnectionResolverPostgres::aWrongKeychainPasswordLeadsToAsking()
{
    MemorySecretStore secrets;
    ScriptedPrompt prompt;
    prompt.answer(m_password, true);
    PasswordResolver resolver(&secrets, &prompt);
    const ConnectionSpec remembered = spec(true);
    secrets.write(remembered.secretAccount(), QStringLiteral("stale-password"), &secrets, {});
    QTRY_COMPARE(secrets.contents().size(), 1);

    const auto resolution = resolve(resolver, remembered);
    QVERIFY(resolution);
    QCOMPARE(resolution->source, Source::Prompt);
    QVERIFY(resolution->test.ok);
    QCOMPARE(prompt.requests.size(), std::size_t(1));
    QVERIFY2(prompt.requests[0].reason.contains(QStringLiteral("keychain was refused")),
             qPrintable(prompt.requests[0].reason));
    QVERIFY(prompt.requests[0].remember);
    // The stale password is replaced by the one that worked.
    QTRY_COMPARE(secrets.contents().value(remembered.secretAccount()), m_password);
}

void TestConnectionResolverPostgres::aWrongTypedPasswordLeadsToAsking()
{
    MemorySecretStore secrets;
    ScriptedPrompt prompt;
    prompt.answer(m_password);
    PasswordResolver resolver(&secrets, &prompt);
    const auto resolution = resolve(resolver, spec(false), QStringLiteral("typo"));
    QVERIFY(resolution);
    QCOMPARE(resolution->source, Source::Prompt);
    QCOMPARE(prompt.requests.size(), std::size_t(1));
    QVERIFY(prompt.requests[0].reason.startsWith(QStringLiteral("Authenticate failed: ")));

    // And a right one is used as given, without asking.
    ScriptedPrompt silent;
    PasswordResolver direct(&secrets, &silent);
    const auto given = resolve(direct, spec(false), m_password);
    QCOMPARE(given->source, Source::Given);
    QVERIFY(given->test.ok);
    QVERIFY(silent.requests.empty());
}

void TestConnectionResolverPostgres::headlessKeychainDegradesToAskingOnce()
{
    // The real keychain: on this machine without Secret Service its job fails.
    KeychainSecretStore secrets(QStringLiteral("KVS Admin tests"));
    ScriptedPrompt prompt;
    prompt.answer(m_password, true);
    PasswordResolver resolver(&secrets, &prompt);
    const auto resolution = resolve(resolver, spec(true));
    QVERIFY(resolution);
    QCOMPARE(resolution->source, Source::Prompt);
    QVERIFY(resolution->test.ok);
    QCOMPARE(prompt.requests.size(), std::size_t(1));
    QVERIFY(!prompt.requests[0].note.isEmpty()); // The one-line note.
    QVERIFY(prompt.requests[0].note.contains(QStringLiteral("keychain")));
    QVERIFY(!prompt.requests[0].offerRemember);
    QVERIFY(!resolution->keychainNote.isEmpty());
    QVERIFY(secrets.isKnownUnavailable());

    // A second connection asks once more, with the note, and tries no keychain job.
    prompt.answer(m_password, true);
    const auto again = resolve(resolver, spec(true));
    QVERIFY(again);
    QCOMPARE(prompt.requests.size(), std::size_t(2));
    QVERIFY(!prompt.requests[1].note.isEmpty());
}

void TestConnectionResolverPostgres::cancellingThePromptCancels()
{
    MemorySecretStore secrets;
    ScriptedPrompt prompt; // No answer: cancels.
    PasswordResolver resolver(&secrets, &prompt);
    QSignalSpy cancelled(&resolver, &PasswordResolver::cancelled);
    QVERIFY(!resolve(resolver, spec(false)));
    QCOMPARE(cancelled.size(), 1);
    QVERIFY(!resolver.isResolving());
}

void TestConnectionResolverPostgres::aServerThatIsDownIsReportedNotAsked()
{
    MemorySecretStore secrets;
    ScriptedPrompt prompt;
    PasswordResolver resolver(&secrets, &prompt);
    const ConnectionSpec closed = ConnectionSpec::postgres(
        QStringLiteral("127.0.0.1"), 1, m_spec.database(), m_spec.user());
    const auto resolution = resolve(resolver, closed);
    QVERIFY(resolution);
    QVERIFY(!resolution->test.ok);
    QCOMPARE(resolution->test.step, ConnectionTestResult::Step::Connect);
    QVERIFY(prompt.requests.empty());
}

QTEST_MAIN(TestConnectionResolverPostgres)
#include "tst_connection_resolver_postgres.moc"
