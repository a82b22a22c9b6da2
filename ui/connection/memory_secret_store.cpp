#include "connection/memory_secret_store.h"

#include <QPointer>
#include <QTimer>

#include <utility>

namespace kvs::ui {

void MemorySecretStore::read(const QString &account, QObject *context, Callback done)
{
    ++m_reads;
    SecretResult result;
    if (m_unavailableMode) {
        result = {SecretResult::Status::Unavailable, {}, m_reason};
    } else if (const auto it = m_secrets.constFind(account); it != m_secrets.constEnd()) {
        result = {SecretResult::Status::Ok, *it, {}};
    } else {
        result = {SecretResult::Status::NotFound, {}, {}};
    }
    reply(context, std::move(done), std::move(result));
}

void MemorySecretStore::write(const QString &account,
                              const QString &secret,
                              QObject *context,
                              Callback done)
{
    SecretResult result;
    if (m_unavailableMode)
        result = {SecretResult::Status::Unavailable, {}, m_reason};
    else
        m_secrets.insert(account, secret);
    reply(context, std::move(done), std::move(result));
}

void MemorySecretStore::remove(const QString &account, QObject *context, Callback done)
{
    SecretResult result;
    if (m_unavailableMode)
        result = {SecretResult::Status::Unavailable, {}, m_reason};
    else if (m_secrets.remove(account) == 0)
        result.status = SecretResult::Status::NotFound;
    reply(context, std::move(done), std::move(result));
}

void MemorySecretStore::setUnavailable(const QString &reason)
{
    m_unavailableMode = true;
    m_reason = reason;
}

void MemorySecretStore::reply(QObject *context, Callback done, SecretResult result)
{
    // Never inside the call, as a real keychain job: the caller's state is settled first.
    QPointer<MemorySecretStore> self(this);
    QTimer::singleShot(0, context, [self, done = std::move(done), result = std::move(result)] {
        if (self && result.status == SecretResult::Status::Unavailable)
            self->markUnavailable(result.message);
        if (done)
            done(result);
    });
}

} // namespace kvs::ui
