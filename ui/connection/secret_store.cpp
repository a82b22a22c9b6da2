#include "connection/secret_store.h"

namespace kvs::ui {

void SecretStore::markUnavailable(const QString &reason)
{
    if (m_unavailable)
        return;
    m_unavailable = true;
    m_unavailableReason = reason;
    emit becameUnavailable(reason);
}

} // namespace kvs::ui
