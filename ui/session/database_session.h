#pragma once

#include "connection/connection_spec.h"
#include "rawsql/raw_sql_target.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/saved_connection.h>
#include <kvs/ssh_tunnel.h>

#include <QFuture>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <utility>

namespace kvs::ui {

class ReconnectMonitor;
class SessionTunnel;

// Why a session's store could not be (re)opened, in the terms the window reacts to.
struct SessionProblem
{
    enum class Kind {
        SchemaOutdated, // writes need a migration: ask, then setWritable(true, true)
        SchemaTooNew,   // the reference's message; nothing to do but upgrade KVS Admin
        NotKvs,         // the message lists the tables found
        ForeignTable,
        Connection, // the step is in the message; Retry may help
        Other,
    };
    Kind kind = Kind::Other;
    QString message;
    long long schemaVersion = 0; // SchemaOutdated: the version found
};

// One open database of the window: its connection spec, the password in memory, and the
// current AsyncKVStore. It opens read-only ("inspect": a SQLite file with mode=ro, no migration,
// no maintenance writes); setWritable(true) opens a second store for writing without migrating,
// and only with the user's consent (allowMigration) upgrades an older schema. A store is only
// handed out after a first read succeeded. Stores it replaces are closed on a background thread,
// so the GUI thread never waits for a database.
// Thread rule: GUI thread only.
class DatabaseSession : public QObject
{
    Q_OBJECT

public:
    DatabaseSession(ConnectionSpec spec, QString password, QObject *parent = nullptr);
    ~DatabaseSession() override;

    // Opens the store, read-only unless the spec creates a new SQLite file. Returns at once;
    // storeChanged() or problem() follows.
    void open();
    // Switches between inspecting and writing; allowMigration is the user's consent to upgrade
    // an older schema. Returns at once; storeChanged() or problem() follows.
    void setWritable(bool writable, bool allowMigration = false);

    std::shared_ptr<AsyncKVStore> store() const { return m_store; }
    // The time of this database's tab: its stores' (expiry, queue due times and leases, their
    // timers) and its views' (countdowns, ages, the watch feed). The system's by default; tests
    // give a ManualClock and move it. Set before open(): stores opened later use it. The
    // reconnect monitor waits on it too.
    void setClock(std::shared_ptr<Clock> clock);
    const std::shared_ptr<Clock> &clock() const { return m_clock; }
    bool isWritable() const { return m_writable; }
    bool isOpening() const { return m_opening; }
    const ConnectionSpec &spec() const { return m_spec; }
    // The connection string with the password, for a second user of the same database (a
    // watch pane's change feed, the benchmark's scratch tables). Never shown or logged.
    std::string connectionString() const { return m_spec.connectionString(m_password); }
    QString displayName() const { return m_spec.displayName(); }
    // The database as the audit log names it (kvs::auditDatabaseName() of the connection, the
    // schema and the table prefix): the name kvs gives it too.
    QString auditDatabaseName() const;

    // The saved connection this database is (matched by identity(), or opened from it), whose
    // environment, colour and name the tab shows; nullopt: none.
    void setSavedConnection(std::optional<SavedConnection> saved);
    const std::optional<SavedConnection> &savedConnection() const { return m_saved; }
    bool isProduction() const;
    // Which database this is, whatever the route (kvs/database_identity.h): read once, off the
    // GUI thread, after the first open; "" until then, or when it could not be read.
    // identityRead() follows the read.
    QString identity() const { return m_identity; }
    // The name a production tab asks to be typed: the SQLite file's, the PostgreSQL database's
    // (the server's current_database() once read, when the URL leaves it to libpq).
    QString typedName() const;

    // The database for the Tables view and the SQL console (Qt Sql), password included.
    rawsql::RawSqlTarget rawSqlTarget() const;

    // The user trusts key (sshHostKeyUnknown()): it goes to the known_hosts file, then open().
    void trustSshHostKey(const kvs::SshHostKey &key);

    // What the plain explanation of a migration says (for the consent dialog).
    static QString migrationExplanation(long long fromVersion);
    // Classifies a failure of the store's first read.
    static SessionProblem problemOf(const std::exception_ptr &error);

    // The tab's reconnect mechanism (owned by the session), its check a read through the store's
    // pool (on SQLite, first a look at the file: gone or unreadable is a lost connection). A
    // SQLite file that came back as another file (a restored copy) is opened again.
    ReconnectMonitor *monitor() const { return m_monitor; }

signals:
    void storeChanged(const std::shared_ptr<kvs::AsyncKVStore> &store, bool writable);
    void problem(const kvs::ui::SessionProblem &problem);
    void openingChanged(bool opening);
    // The database opened for reading is at an older schema (the store's schemaVersion(), SQLite
    // and PostgreSQL alike): it reads, writing needs consent to migrate.
    void schemaOutdated(long long version);
    void savedConnectionChanged();
    void identityRead(const QString &identity);
    // The SSH host's key is not known: ask the user, then trustSshHostKey() (which opens again).
    void sshHostKeyUnknown(const kvs::SshHostKey &key);

private:
    void start(bool writable, bool migrate);
    // Through SSH: false while the tab's tunnel opens first (start() follows when it did).
    bool tunnelReady(bool writable, bool migrate);
    static void retire(std::shared_ptr<AsyncKVStore> store);
    QFuture<void> check() const;
    void onRecovered();
    void readIdentity();

    ConnectionSpec m_spec;
    QString m_password; // In memory only.
    std::shared_ptr<Clock> m_clock = systemClock();
    std::shared_ptr<AsyncKVStore> m_store;
    // The store being opened. Owned here, never by the continuation that waits for its first
    // read: a continuation dropped because this session went would destroy the store on its
    // own worker thread, which waits for itself (see ~AsyncKVStore).
    std::shared_ptr<AsyncKVStore> m_candidate;
    ReconnectMonitor *m_monitor;         // Owned (child).
    SessionTunnel *m_tunnel = nullptr;   // Owned (child): through SSH only, made by the first open.
    std::pair<bool, bool> m_afterTunnel; // start()'s writable and migrate once the tunnel opened
    std::string m_fileIdentity;          // SQLite: the file the store opened ("device:inode")
    std::optional<SavedConnection> m_saved;
    QString m_identity;
    QString m_serverDatabase; // PostgreSQL: current_database(), once read
    bool m_identityAsked = false;
    bool m_writable = false;
    bool m_opening = false;
    quint64 m_generation = 0; // Of the latest start(): older answers are dropped.
};

} // namespace kvs::ui
