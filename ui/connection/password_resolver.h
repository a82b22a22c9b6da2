#pragma once

#include "connection/connection_spec.h"
#include "connection/connection_test_result.h"

#include <QMetaType>
#include <QObject>

namespace kvs::ui {

class ConnectionTester;
class PasswordPrompt;
class SecretStore;

// Where PasswordResolver found the password that worked, and what the connection test then
// found. A value type; safe from any thread.
struct PasswordResolution
{
    enum class Source {
        NotNeeded, // SQLite: no password.
        Given,     // The password the caller passed (typed into the connection dialog).
        Keychain,  // The system keychain (the user allowed it earlier).
        Libpq,     // None needed from us: libpq found one (~/.pgpass, PGPASSWORD) or none needed.
        Prompt,    // The user typed it into the password prompt.
    };

    ConnectionSpec spec; // rememberPassword is the user's latest choice.
    QString password;    // "" for NotNeeded and Libpq. In memory only; never persisted by us.
    Source source = Source::NotNeeded;
    // The last connection test run (tested false for SQLite, which needs none). A failure here
    // is never an authentication failure: those lead to asking again.
    bool tested = false;
    ConnectionTestResult test;
    QString keychainNote; // One translated line when the keychain was unavailable; else "".
};

// Finds the password of a PostgreSQL connection, in this order: the password the caller gives
// (typed in the connection dialog); the system keychain when the user allowed it (spec's
// rememberPassword); what libpq finds by itself (~/.pgpass, PGPASSWORD: a connection attempt
// without a password); else the user, through the PasswordPrompt, asked again while the server
// refuses it (the "Authenticate" step). Each candidate is checked with a ConnectionTester.
// When the user ticked "Remember password in the system keychain", the password that
// authenticated is written to the keychain; when they unticked it, the stored one is removed.
// A keychain that is unavailable (a headless machine without Secret Service) only adds a
// one-line note to the prompt: it is asked once, never retried in a loop. Thread rule: GUI
// thread only.
class PasswordResolver : public QObject
{
    Q_OBJECT

public:
    // secrets: the keychain, or null for none; prompt: who asks the user. Both Not owned; they
    // must outlive the resolver.
    PasswordResolver(SecretStore *secrets, PasswordPrompt *prompt, QObject *parent = nullptr);
    ~PasswordResolver() override;

    // Starts resolving spec's password and returns at once; later emits resolved() or
    // cancelled() on this thread, unless another resolve() or cancel() comes first.
    void resolve(const ConnectionSpec &spec, const QString &givenPassword = {});
    // Drops the running resolution; emits nothing. A prompt already open stays open, but its
    // answer is ignored.
    void cancel();
    bool isResolving() const { return m_active; }

signals:
    void resolved(const kvs::ui::PasswordResolution &resolution);
    // The user cancelled the password prompt.
    void cancelled();

private:
    enum class Attempt { Given, Keychain, Libpq, Prompt };

    void readKeychain();
    void tryPassword(Attempt attempt, const QString &password);
    void ask(const QString &reason);
    void onTested(const ConnectionTestResult &result);
    void finish(const ConnectionTestResult &result);
    void noteKeychainProblem(const QString &message);
    bool keychainUsable() const;

    SecretStore *m_secrets;     // Not owned; may be null.
    PasswordPrompt *m_prompt;   // Not owned.
    ConnectionTester *m_tester; // Owned (child).
    quint64 m_generation = 0;   // Of the latest resolve(); stale callbacks compare it.
    bool m_active = false;
    ConnectionSpec m_spec;
    QString m_given;
    Attempt m_attempt = Attempt::Given;
    QString m_attemptPassword;
    bool m_rememberedBefore = false; // spec.rememberPassword() at resolve().
    QString m_keychainNote;
    QString m_keychainRejected; // Set when the keychain's password was refused.
};

} // namespace kvs::ui

Q_DECLARE_METATYPE(kvs::ui::PasswordResolution)
