#pragma once

#include "connection/secret_store.h"

#include <QHash>

namespace kvs::ui {

// A SecretStore in memory: for tests, and for a session whose keychain is unavailable (the
// passwords live as long as the store). setUnavailable() makes it answer as a machine without a
// keychain does. Thread rule: GUI thread only.
class MemorySecretStore : public SecretStore
{
    Q_OBJECT

public:
    using SecretStore::SecretStore;

    void read(const QString &account, QObject *context, Callback done) override;
    void
    write(const QString &account, const QString &secret, QObject *context, Callback done) override;
    void remove(const QString &account, QObject *context, Callback done) override;

    // From now on every call ends Unavailable with reason.
    void setUnavailable(const QString &reason);

    // What is stored, for tests (synchronous).
    QHash<QString, QString> contents() const { return m_secrets; }
    // How many read() calls were made, for tests.
    int readCount() const { return m_reads; }

private:
    // Posts done(result) to context's event loop.
    void reply(QObject *context, Callback done, SecretResult result);

    QHash<QString, QString> m_secrets;
    bool m_unavailableMode = false;
    QString m_reason;
    int m_reads = 0;
};

} // namespace kvs::ui
