#pragma once

#include <QObject>
#include <QString>

#include <functional>

namespace kvs::ui {

// What a secret-store call ended with. A value type; safe from any thread.
struct SecretResult
{
    enum class Status {
        Ok,          // Done; for a read, secret holds the password.
        NotFound,    // A read or remove found nothing under the account.
        Unavailable, // No keychain here (no Secret Service, no backend): ask the user instead.
        Failed,      // The keychain refused (access denied, could not delete).
    };

    Status status = Status::Ok;
    QString secret;  // A read's password (Ok only).
    QString message; // The backend's words for Unavailable or Failed; untranslated.
};

// Where passwords are kept when the user allows it (the system keychain, or memory in tests),
// under an account key (ConnectionSpec::secretAccount()). Every call returns at once; done runs
// later on context's thread through its event loop (never inside the call), once, and not at all
// when context is destroyed first. Thread rule: GUI thread only.
class SecretStore : public QObject
{
    Q_OBJECT

public:
    using Callback = std::function<void(const SecretResult &)>;

    using QObject::QObject;

    virtual void read(const QString &account, QObject *context, Callback done) = 0;
    virtual void
    write(const QString &account, const QString &secret, QObject *context, Callback done)
        = 0;
    virtual void remove(const QString &account, QObject *context, Callback done) = 0;

    // True once a call ended Unavailable: later calls end so too, at once (a machine without a
    // keychain is asked once, not once per connection). unavailableReason() is the backend's
    // words, untranslated.
    bool isKnownUnavailable() const { return m_unavailable; }
    QString unavailableReason() const { return m_unavailableReason; }

signals:
    // Emitted when the store learns it is unavailable (the first Unavailable outcome).
    void becameUnavailable(const QString &reason);

protected:
    // For implementations: records an Unavailable outcome (once) and emits becameUnavailable.
    void markUnavailable(const QString &reason);

private:
    bool m_unavailable = false;
    QString m_unavailableReason;
};

} // namespace kvs::ui
