#include "session/session_tunnel.h"

#include "connection/ssh_tunnel_settings.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThreadPool>

namespace kvs::ui {

namespace {

// Stops tunnel on a pool thread: ssh gets a second to end after SIGTERM, which the GUI thread
// must not wait for.
void stopOffTheGuiThread(std::shared_ptr<SshTunnel> tunnel)
{
    if (!tunnel)
        return;
    QThreadPool::globalInstance()->start(
        [tunnel = std::move(tunnel)]() mutable { tunnel.reset(); });
}

} // namespace

SessionTunnel::SessionTunnel(const ConnectionSpec &spec, QObject *parent)
    : QObject(parent)
    , m_spec(spec)
{}

SessionTunnel::~SessionTunnel()
{
    stopOffTheGuiThread(std::move(m_tunnel));
}

void SessionTunnel::start()
{
    if (m_starting)
        return;
    stopOffTheGuiThread(std::move(m_tunnel));
    m_port = 0;
    m_starting = true;
    const quint64 generation = ++m_generation;
    std::shared_ptr<SshTunnel> tunnel;
    try {
        // The database as the SSH host sees it; a URL naming several hosts is refused here.
        tunnel = std::make_shared<SshTunnel>(sshOptionsFor(m_spec),
                                             sshForwardTarget(m_spec.connectionString()));
    } catch (const std::exception &error) {
        m_starting = false;
        emit failed(QString::fromStdString(error.what()));
        return;
    }
    m_tunnel = tunnel;
    QPointer<SessionTunnel> self(this);
    tunnel->setStateCallback([self, generation](const SshTunnel::State &state) {
        if (state.status != SshTunnel::Status::Failed)
            return;
        const QString why = QString::fromStdString(state.message);
        QMetaObject::invokeMethod(QCoreApplication::instance(), [self, generation, why] {
            if (!self || generation != self->m_generation || self->m_starting || !self->m_port)
                return;
            self->m_port = 0; // the next start() (Retry) runs ssh again, and asks again
            emit self->brokenForGood(why);
        });
    });
    QThreadPool::globalInstance()->start([self, tunnel, generation] {
        std::function<void(SessionTunnel &)> report;
        try {
            tunnel->start();
            const int port = tunnel->localPort();
            report = [port](SessionTunnel &session) {
                session.m_port = port;
                emit session.opened(port);
            };
        } catch (const SshHostKeyUnknownError &error) {
            const SshHostKey key = error.key();
            const QString why = QString::fromStdString(error.what());
            report = [key, why](SessionTunnel &session) {
                emit session.hostKeyUnknown(key);
                emit session.failed(why);
            };
        } catch (const std::exception &error) {
            const QString why = QString::fromStdString(error.what());
            report = [why](SessionTunnel &session) {
                emit session.failed(why);
            };
        }
        // Through the application object, which outlives every tab: self may be gone.
        QMetaObject::invokeMethod(QCoreApplication::instance(), [self, generation, report] {
            if (!self || generation != self->m_generation)
                return; // a newer start(), or the tab went: that tunnel is stopped
            self->m_starting = false;
            report(*self);
        });
    });
}

} // namespace kvs::ui
