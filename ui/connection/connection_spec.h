#pragma once

#include <kvs/async_kvstore.h>

#include <QMetaType>
#include <QString>
#include <QVariantMap>

#include <chrono>
#include <optional>
#include <string>

namespace kvs::ui {

// Where a kvs database is and how to open it: an SQLite file, or a PostgreSQL server named by a
// URL, with the table prefix and (PostgreSQL) schema. Never holds a password: a password found
// in a URL is taken out and handed back to the caller, and connectionString() puts one in only
// for the string given to AsyncKVStore. A value type; safe from any thread.
class ConnectionSpec
{
public:
    enum class Kind { Sqlite, Postgres };

    ConnectionSpec() = default;

    // An SQLite file; createNew: the file may be missing and will be created by the open.
    static ConnectionSpec sqlite(const QString &path, bool createNew = false);
    // A PostgreSQL server from a "postgres://" or "postgresql://" URL (any libpq parameter), or
    // from libpq's key=value text (kept as the URL it stands for). Returns nullopt, with a
    // translated reason free of the password in *error, when url is neither. A password
    // in the user info or in a "password" query parameter is removed from the spec and stored in
    // *password (if given), decoded.
    static std::optional<ConnectionSpec>
    fromPostgresUrl(const QString &url, QString *password = nullptr, QString *error = nullptr);
    // A PostgreSQL server from its parts; an empty part is left for libpq's defaults (PGHOST,
    // PGUSER, ...), port 0 likewise.
    static ConnectionSpec
    postgres(const QString &host, int port, const QString &database, const QString &user);

    Kind kind() const { return m_kind; }
    bool isPostgres() const { return m_kind == Kind::Postgres; }

    // SQLite: the file path, and whether a missing file is to be created.
    QString sqlitePath() const { return m_sqlitePath; }
    bool createNew() const { return m_createNew; }
    void setCreateNew(bool createNew) { m_createNew = createNew; }

    // PostgreSQL: the URL without a password, fully encoded; and its parts, decoded ("" or 0
    // when the URL leaves them to libpq).
    QString postgresUrl() const { return m_postgresUrl; }
    QString host() const;
    int port() const;
    QString database() const;
    QString user() const;

    QString tablePrefix() const { return m_tablePrefix; }
    void setTablePrefix(const QString &prefix) { m_tablePrefix = prefix; }
    // PostgreSQL only; "" = the server's search_path.
    QString schema() const { return m_schema; }
    void setSchema(const QString &schema) { m_schema = schema; }

    // PostgreSQL: how long a call may wait for the server before it is cancelled and fails
    // (AsyncKVStoreSettings::callTimeout; a timeout_ms in the URL wins); zero: no limit.
    std::chrono::milliseconds callTimeout() const { return m_callTimeout; }
    void setCallTimeout(std::chrono::milliseconds timeout) { m_callTimeout = timeout; }

    // PostgreSQL through an SSH tunnel of the system's ssh (kvs/ssh_tunnel.h): the SSH host (a
    // name, an address or a Host alias of ~/.ssh/config; "" for no tunnel), its user and port
    // ("" and 0: ssh's, from the config), a private key file ("": the agent's, the config's).
    // Saved with the connection; never a passphrase.
    struct SshSettings
    {
        QString host;
        QString user;
        int port = 0;
        QString identityFile;
        friend bool operator==(const SshSettings &, const SshSettings &) = default;
    };
    const SshSettings &ssh() const { return m_ssh; }
    void setSsh(const SshSettings &ssh) { m_ssh = ssh; }
    bool usesSsh() const { return m_kind == Kind::Postgres && !m_ssh.host.trimmed().isEmpty(); }
    // The local port of the tab's open tunnel (never saved): connectionString() then goes through
    // it (hostaddr=127.0.0.1, the port; the host name kept for TLS). 0: none.
    int tunnelPort() const { return m_tunnelPort; }
    void setTunnelPort(int port) { m_tunnelPort = port; }

    // A command that prints the password (a short-lived token), run without a shell at every
    // new connection (kvs/password_command.h); "" for none. Saved with the connection: it is
    // not a secret, what it prints is.
    const QString &passwordCommand() const { return m_passwordCommand; }
    void setPasswordCommand(const QString &command) { m_passwordCommand = command.trimmed(); }

    // Whether the user allowed the password to be kept in the system keychain.
    bool rememberPassword() const { return m_rememberPassword; }
    void setRememberPassword(bool remember) { m_rememberPassword = remember; }

    // False for a spec without a path or URL (the default-constructed one).
    bool isValid() const;
    // For lists and titles: "kv.db (/home/me/data)" or "user@host:5432/database" (", through
    // SSH host" with a tunnel).
    QString displayName() const;
    // The key a password is kept under in the system keychain: "postgres://user@host:port/db".
    // Only meaningful for PostgreSQL.
    QString secretAccount() const;

    // The string for AsyncKVStore: the path, or the URL with password (percent-encoded) put into
    // it when not empty and extraParameters (e.g. "pool_max=1") appended unless the URL already
    // sets them; through the tunnel when tunnelPort() is set. With a password command, it is set
    // for the string's database (kvs::setPasswordCommand), so that every connection made from
    // the string, by whichever part of the tab, asks it.
    std::string connectionString(const QString &password = {},
                                 const QStringList &extraParameters = {}) const;
    // AsyncKVStore settings for this spec (prefix; schema on PostgreSQL).
    AsyncKVStoreSettings storeSettings(bool readOnly, bool migrate) const;

    // For QSettings: plain values only, never a password.
    QVariantMap toVariantMap() const;
    // The spec of toVariantMap(); nullopt when map holds none (missing or unknown kind).
    static std::optional<ConnectionSpec> fromVariantMap(const QVariantMap &map);

    // Same database, prefix, schema and SSH host (what a recent-connections list deduplicates
    // by): ignores createNew, rememberPassword and the tunnel's port.
    bool sameTarget(const ConnectionSpec &other) const;
    friend bool operator==(const ConnectionSpec &, const ConnectionSpec &) = default;

private:
    Kind m_kind = Kind::Sqlite;
    QString m_sqlitePath;
    bool m_createNew = false;
    QString m_postgresUrl;
    QString m_tablePrefix;
    QString m_schema;
    bool m_rememberPassword = false;
    QString m_passwordCommand;
    SshSettings m_ssh;
    int m_tunnelPort = 0;
    // The app's default: a frozen server fails a call after 30 s instead of hanging a tab.
    std::chrono::milliseconds m_callTimeout{30000};
};

} // namespace kvs::ui

Q_DECLARE_METATYPE(kvs::ui::ConnectionSpec)
