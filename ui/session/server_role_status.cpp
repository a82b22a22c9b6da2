#include "session/server_role_status.h"

#include <kvs/future.h>

#include <cmath>

namespace kvs::ui {

namespace {

// "host:port" of a ServerRole::server ("host:port/database").
QString hostAndPort(const std::string &server)
{
    const QString text = QString::fromStdString(server);
    const qsizetype slash = text.lastIndexOf(QLatin1Char('/'));
    return slash < 0 ? text : text.left(slash);
}

} // namespace

ServerRoleStatus::ServerRoleStatus(ReconnectMonitor *monitor, QObject *parent)
    : QObject(parent)
    , m_monitor(monitor)
    , m_timer(new ClockTimer(monitor ? monitor->clock() : nullptr, this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &ClockTimer::timeout, this, &ServerRoleStatus::readNow);
    if (m_monitor)
        connect(m_monitor, &ReconnectMonitor::recovered, this, &ServerRoleStatus::readNow);
}

ServerRoleStatus::~ServerRoleStatus() = default;

void ServerRoleStatus::setStore(const std::shared_ptr<AsyncKVStore> &store)
{
    const bool postgres = store && dynamic_cast<PostgresAdapter *>(&store->adapter()) != nullptr;
    if (postgres && store == m_store)
        return;
    ++m_generation;
    m_store = postgres ? store : nullptr;
    m_reading = false;
    m_timer->stop();
    // The same database opened again (writes allowed, or not): a switch is still a switch.
    if (!m_store) {
        m_role.reset();
        m_lastServer.clear();
        m_switchedTo.clear();
        emit updated();
        return;
    }
    readNow();
}

void ServerRoleStatus::readNow()
{
    if (!m_store || m_reading)
        return;
    auto *adapter = dynamic_cast<PostgresAdapter *>(&m_store->adapter());
    if (!adapter)
        return;
    m_reading = true;
    const std::uint64_t generation = m_generation;
    // The store is not captured: a continuation dropped on a worker must not close it there.
    kvs::then(adapter->serverRole(), this, [this, generation](const QFuture<ServerRole> &done) {
        if (generation != m_generation)
            return;
        m_reading = false;
        try {
            ServerRole role = QFuture<ServerRole>(done).result();
            const QString server = hostAndPort(role.server);
            if (!m_lastServer.isEmpty() && server != m_lastServer)
                m_switchedTo = server; // kept: the tab says where it is now
            m_lastServer = server;
            m_role = std::move(role);
            if (m_monitor)
                m_monitor->reportSuccess();
            emit updated();
        } catch (...) {
            // A lost connection is the monitor's to handle (it reads again at recovered());
            // another failure keeps what was shown, and the next poll tries again.
            if (m_monitor)
                (void)m_monitor->reportFailure(std::current_exception());
        }
        scheduleNext();
    });
}

void ServerRoleStatus::scheduleNext()
{
    if (!m_store)
        return;
    if (m_monitor)
        m_timer->setClock(m_monitor->clock()); // the tab's, which a test may set after opening
    m_timer->start(std::chrono::milliseconds(kPollMs));
}

QString ServerRoleStatus::text() const
{
    if (!m_role)
        return {};
    if (m_role->standby) {
        const QString lag
            = m_role->replayLagSeconds
                  ? tr("replay lag %Ln s", nullptr, int(std::floor(*m_role->replayLagSeconds)))
                  : tr("replay lag unknown");
        const QString primary = m_role->primary.empty() ? tr("a primary this user may not see")
                                                        : QString::fromStdString(m_role->primary);
        return tr("Replica of %1, %2").arg(primary, lag);
    }
    if (!m_switchedTo.isEmpty())
        return tr("Now connected to %1").arg(m_switchedTo);
    return {};
}

QString ServerRoleStatus::tlsText() const
{
    if (!m_role)
        return {};
    const ConnectionTls &tls = m_role->tls;
    if (!tls.encrypted)
        return tr("Not encrypted");
    return tr("TLS: %1, %2")
        .arg(QString::fromStdString(tls.protocol), QString::fromStdString(tls.cipher));
}

QString ServerRoleStatus::tlsToolTip() const
{
    if (!m_role)
        return {};
    const QString server = QString::fromStdString(m_role->server);
    if (!m_role->tls.encrypted)
        return tr("The connection to %1 is not encrypted: what goes over it can be read on the "
                  "way. Set sslmode in the Connect dialog to require TLS.")
            .arg(server);
    return tr("The connection to %1 is encrypted with %2 (cipher %3).")
        .arg(server,
             QString::fromStdString(m_role->tls.protocol),
             QString::fromStdString(m_role->tls.cipher));
}

QString ServerRoleStatus::writesRefusedText() const
{
    if (!isStandby())
        return {};
    return tr("This server is a standby (a read replica in recovery): it takes no writes. "
              "Connect to its primary to write.");
}

} // namespace kvs::ui
