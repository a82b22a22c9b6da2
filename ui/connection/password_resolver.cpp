#include "connection/password_resolver.h"

#include "connection/connection_tester.h"
#include "connection/password_prompt.h"
#include "connection/secret_store.h"

#include <QThread>
#include <QTimer>

namespace kvs::ui {

using Step = ConnectionTestResult::Step;

PasswordResolver::PasswordResolver(SecretStore *secrets, PasswordPrompt *prompt, QObject *parent)
    : QObject(parent)
    , m_secrets(secrets)
    , m_prompt(prompt)
    , m_tester(new ConnectionTester(this))
{
    connect(m_tester, &ConnectionTester::finished, this, &PasswordResolver::onTested);
}

PasswordResolver::~PasswordResolver() = default;

void PasswordResolver::resolve(const ConnectionSpec &spec, const QString &givenPassword)
{
    Q_ASSERT(QThread::currentThread() == thread());
    cancel();
    const quint64 generation = m_generation;
    m_active = true;
    m_spec = spec;
    m_given = givenPassword;
    m_rememberedBefore = spec.rememberPassword();
    m_keychainNote.clear();
    m_keychainRejected.clear();
    if (m_secrets && m_secrets->isKnownUnavailable())
        noteKeychainProblem(m_secrets->unavailableReason());

    if (!spec.isPostgres()) {
        // Asynchronous like every other outcome: the caller's state is settled first.
        QTimer::singleShot(0, this, [this, generation] {
            if (generation != m_generation)
                return;
            m_active = false;
            PasswordResolution resolution;
            resolution.spec = m_spec;
            emit resolved(resolution);
        });
        return;
    }
    if (!givenPassword.isEmpty())
        tryPassword(Attempt::Given, givenPassword);
    else if (spec.rememberPassword() && keychainUsable())
        readKeychain();
    else
        tryPassword(Attempt::Libpq, QString());
}

void PasswordResolver::cancel()
{
    ++m_generation;
    m_active = false;
    m_tester->cancel();
}

bool PasswordResolver::keychainUsable() const
{
    return m_secrets && !m_secrets->isKnownUnavailable();
}

void PasswordResolver::noteKeychainProblem(const QString &message)
{
    m_keychainNote = tr("The system keychain is unavailable (%1): the password is asked for and "
                        "not remembered.")
                         .arg(message.isEmpty() ? tr("no backend") : message);
}

void PasswordResolver::readKeychain()
{
    const quint64 generation = m_generation;
    m_secrets->read(m_spec.secretAccount(), this, [this, generation](const SecretResult &result) {
        if (generation != m_generation)
            return;
        switch (result.status) {
        case SecretResult::Status::Ok:
            tryPassword(Attempt::Keychain, result.secret);
            return;
        case SecretResult::Status::NotFound:
            break;
        case SecretResult::Status::Unavailable:
        case SecretResult::Status::Failed:
            noteKeychainProblem(result.message);
            break;
        }
        tryPassword(Attempt::Libpq, QString());
    });
}

void PasswordResolver::tryPassword(Attempt attempt, const QString &password)
{
    m_attempt = attempt;
    m_attemptPassword = password;
    m_tester->test(m_spec, password);
}

void PasswordResolver::onTested(const ConnectionTestResult &result)
{
    if (!m_active)
        return;
    if (result.step != Step::Authenticate) {
        finish(result);
        return;
    }
    switch (m_attempt) {
    case Attempt::Keychain:
        m_keychainRejected = result.detail;
        tryPassword(Attempt::Libpq, QString());
        return;
    case Attempt::Libpq:
        // The first question: say why only when a password was refused before.
        ask(m_keychainRejected.isEmpty()
                ? QString()
                : tr("The password kept in the system keychain was refused: %1")
                      .arg(m_keychainRejected));
        return;
    case Attempt::Given:
    case Attempt::Prompt:
        ask(tr("%1 (%2)").arg(result.summary(), result.detail));
        return;
    }
}

void PasswordResolver::ask(const QString &reason)
{
    PasswordRequest request;
    request.spec = m_spec;
    request.reason = reason;
    request.note = m_keychainNote;
    request.offerRemember = keychainUsable();
    request.remember = m_spec.rememberPassword();
    const quint64 generation = m_generation;
    m_prompt->ask(request, this, [this, generation](const PasswordAnswer &answer) {
        if (generation != m_generation)
            return;
        if (!answer.accepted) {
            m_active = false;
            emit cancelled();
            return;
        }
        m_spec.setRememberPassword(answer.remember);
        tryPassword(Attempt::Prompt, answer.password);
    });
}

void PasswordResolver::finish(const ConnectionTestResult &result)
{
    m_active = false;
    PasswordResolution resolution;
    resolution.spec = m_spec;
    resolution.tested = true;
    resolution.test = result;
    resolution.keychainNote = m_keychainNote;
    switch (m_attempt) {
    case Attempt::Given:
        resolution.source = PasswordResolution::Source::Given;
        break;
    case Attempt::Keychain:
        resolution.source = PasswordResolution::Source::Keychain;
        break;
    case Attempt::Libpq:
        resolution.source = PasswordResolution::Source::Libpq;
        break;
    case Attempt::Prompt:
        resolution.source = PasswordResolution::Source::Prompt;
        break;
    }
    if (resolution.source != PasswordResolution::Source::Libpq)
        resolution.password = m_attemptPassword;

    // Keep a password only once the server accepted it (the test got past authentication).
    const bool authenticated = result.ok || result.step == Step::Database
                               || result.step == Step::SchemaCheck || result.step == Step::Read;
    const bool typed = resolution.source == PasswordResolution::Source::Given
                       || resolution.source == PasswordResolution::Source::Prompt;
    if (m_secrets && keychainUsable() && authenticated) {
        const QString account = m_spec.secretAccount();
        if (typed && m_spec.rememberPassword())
            m_secrets->write(account, m_attemptPassword, this, {});
        else if (m_rememberedBefore && !m_spec.rememberPassword())
            m_secrets->remove(account, this, {});
    }
    emit resolved(resolution);
}

} // namespace kvs::ui
