#pragma once

#include "common/clock_timer.h"
#include "reconnect/reconnect_monitor.h"

#include <kvs/async_kvstore.h>
#include <kvs/postgres_adapter.h>

#include <QObject>
#include <QPointer>
#include <QString>

#include <cstdint>
#include <memory>
#include <optional>

namespace kvs::ui {

// What the server of a PostgreSQL tab is (issue 33): a hot standby ("Replica of HOST, replay lag
// N s"), and, after a failover took the tab's pool to another host, which one ("Now connected to
// HOST"). It reads the store's PostgresAdapter::serverRole() (one statement of system views, off
// the GUI thread) when a store arrives, when the tab's reconnect monitor recovered, and every
// kPollMs on the tab's clock (the monitor's: a ManualClock in tests), so the lag shown stays
// current while the tab is open. A read that lost the connection is reported to the monitor like
// any view's. The same read says whether the connection is encrypted (TLS version and cipher).
// SQLite stores have no role: nothing is shown. Thread rule: GUI thread only.
class ServerRoleStatus : public QObject
{
    Q_OBJECT

public:
    static constexpr std::int64_t kPollMs = 5000;

    // monitor: not owned; it outlives this (the tab's session holds both).
    explicit ServerRoleStatus(ReconnectMonitor *monitor, QObject *parent = nullptr);
    ~ServerRoleStatus() override;

    // The tab's store (null, or SQLite: nothing to show). Reads at once.
    void setStore(const std::shared_ptr<AsyncKVStore> &store);
    // The last role read, if any.
    const std::optional<ServerRole> &role() const { return m_role; }
    bool isStandby() const { return m_role && m_role->standby; }
    // What the tab shows: "Replica of 127.0.0.1:5432, replay lag 0 s", "Now connected to
    // 127.0.0.1:5433", or empty (a primary that never changed, SQLite).
    QString text() const;
    // The connection's TLS, for the tab: "TLS: TLSv1.3, TLS_AES_256_GCM_SHA384" or "Not
    // encrypted"; empty before a read answered (and for SQLite).
    QString tlsText() const;
    // What tlsText() means, in a sentence (its tooltip); empty when tlsText() is.
    QString tlsToolTip() const;
    // Why a standby takes no writes (the Allow writes tooltip); empty when not a standby.
    QString writesRefusedText() const;
    // Reads now (nothing while a read runs).
    void readNow();

signals:
    // A read answered (the text may be as before).
    void updated();

private:
    void scheduleNext();

    QPointer<ReconnectMonitor> m_monitor; // Not owned.
    ClockTimer *m_timer;                  // Owned (child).
    std::shared_ptr<AsyncKVStore> m_store;
    std::optional<ServerRole> m_role;
    QString m_lastServer; // "host:port" of the last answer
    QString m_switchedTo; // "host:port" after a switch to another host; empty before one
    bool m_reading = false;
    std::uint64_t m_generation = 0; // of the store: answers about an older one are dropped
};

} // namespace kvs::ui
