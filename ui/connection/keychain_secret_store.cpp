#include "connection/keychain_secret_store.h"

#include "common/ui_logging.h"

#include <QTimer>
#include <qt6keychain/keychain.h>

#include <utility>

namespace kvs::ui {

namespace {

SecretResult resultOf(const QKeychain::Job &job)
{
    using Status = SecretResult::Status;
    SecretResult result;
    switch (job.error()) {
    case QKeychain::NoError:
        result.status = Status::Ok;
        if (const auto *read = qobject_cast<const QKeychain::ReadPasswordJob *>(&job))
            result.secret = read->textData();
        return result;
    case QKeychain::EntryNotFound:
        result.status = Status::NotFound;
        return result;
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
    case QKeychain::OtherError:
        // OtherError is what a missing D-Bus session or Secret Service gives on Linux.
        result.status = Status::Unavailable;
        break;
    case QKeychain::CouldNotDeleteEntry:
    case QKeychain::AccessDeniedByUser:
    case QKeychain::AccessDenied:
        result.status = Status::Failed;
        break;
    }
    result.message = job.errorString();
    return result;
}

} // namespace

KeychainSecretStore::KeychainSecretStore(const QString &service, QObject *parent)
    : SecretStore(parent)
    , m_service(service)
{}

void KeychainSecretStore::read(const QString &account, QObject *context, Callback done)
{
    if (answeredUnavailable(context, done))
        return;
    run(new QKeychain::ReadPasswordJob(m_service, this), account, context, std::move(done));
}

void KeychainSecretStore::write(const QString &account,
                                const QString &secret,
                                QObject *context,
                                Callback done)
{
    if (answeredUnavailable(context, done))
        return;
    auto *job = new QKeychain::WritePasswordJob(m_service, this);
    job->setTextData(secret);
    run(job, account, context, std::move(done));
}

void KeychainSecretStore::remove(const QString &account, QObject *context, Callback done)
{
    if (answeredUnavailable(context, done))
        return;
    run(new QKeychain::DeletePasswordJob(m_service, this), account, context, std::move(done));
}

void KeychainSecretStore::run(QKeychain::Job *job,
                              const QString &account,
                              QObject *context,
                              Callback done)
{
    job->setKey(account);
    job->setAutoDelete(true);
    // Never write a password to a plain-text settings file when no keychain is there.
    job->setInsecureFallback(false);
    connect(job,
            &QKeychain::Job::finished,
            context,
            [this, done = std::move(done)](QKeychain::Job *finished) {
                const SecretResult result = resultOf(*finished);
                if (result.status == SecretResult::Status::Unavailable) {
                    qCInfo(lcUi) << "system keychain unavailable:" << result.message;
                    markUnavailable(result.message);
                }
                if (done)
                    done(result);
            });
    // The job is this store's child: it ends with the store, and its signal with context.
    job->start();
}

bool KeychainSecretStore::answeredUnavailable(QObject *context, const Callback &done)
{
    if (!isKnownUnavailable())
        return false;
    QTimer::singleShot(0, context, [done, reason = unavailableReason()] {
        if (done)
            done({SecretResult::Status::Unavailable, {}, reason});
    });
    return true;
}

} // namespace kvs::ui
