#pragma once

#include "connection/secret_store.h"

namespace QKeychain {
class Job;
}

namespace kvs::ui {

// A SecretStore on the system keychain through QtKeychain (Secret Service, KWallet, macOS
// Keychain, Windows Credential Store), under one service name. Jobs run asynchronously; the
// insecure plain-text fallback of QtKeychain is always off. On a machine without a keychain
// backend (a headless one has no Secret Service) the first job ends Unavailable and every later
// call answers Unavailable at once, without trying again. Thread rule: GUI thread only.
class KeychainSecretStore : public SecretStore
{
    Q_OBJECT

public:
    explicit KeychainSecretStore(const QString &service = QStringLiteral("KVS Admin"),
                                 QObject *parent = nullptr);

    void read(const QString &account, QObject *context, Callback done) override;
    void
    write(const QString &account, const QString &secret, QObject *context, Callback done) override;
    void remove(const QString &account, QObject *context, Callback done) override;

private:
    // Starts job for account and calls done with its outcome on context's thread.
    void run(QKeychain::Job *job, const QString &account, QObject *context, Callback done);
    // Answers Unavailable without a job, later, when the keychain is known to be missing.
    bool answeredUnavailable(QObject *context, const Callback &done);

    QString m_service;
};

} // namespace kvs::ui
