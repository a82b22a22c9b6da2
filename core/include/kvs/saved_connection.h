#pragma once

#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>
#include <string>

/// A connection the user saved under a name: where the database is (a SQLite file, or a
/// PostgreSQL server by URL, libpq service or parameters), with a colour, free-text tags and an
/// environment. Shared by KVS Admin and `kvs --connection NAME`, so Qt Core only. A value type;
/// safe from any thread.
namespace kvs {

enum class ConnectionEnvironment { Development, Staging, Production };

/// "development", "staging", "production" (the settings file's and the JSON file's words).
[[nodiscard]] QString environmentWord(ConnectionEnvironment environment);
/// The environment of word (case-insensitive); nullopt for any other word.
[[nodiscard]] std::optional<ConnectionEnvironment> environmentOfWord(const QString &word);

struct SavedConnection
{
    QString name;
    QString colour; ///< "#rrggbb", or "" for the environment's own
    QStringList tags;
    ConnectionEnvironment environment = ConnectionEnvironment::Development;
    /// The connection, as plain values that never hold a secret: "kind" ("sqlite" | "postgres"),
    /// "path" (SQLite) or "url" (PostgreSQL, without password; libpq's parameters in it, TLS
    /// files too: sslmode, sslrootcert, sslcert, sslkey, service), "schema", "tablePrefix",
    /// "callTimeoutMs", "rememberPassword", and what later fields add (SSH: "sshHost", ...).
    QVariantMap target;

    bool isPostgres() const;
    QString path() const;   ///< SQLite's file ("" for PostgreSQL)
    QString url() const;    ///< PostgreSQL's URL ("" for SQLite)
    QString schema() const; ///< "" = the server's search_path
    QString tablePrefix() const;
    /// The text for AsyncKVStore and `kvs --db`: the path, or the URL (no password: libpq reads
    /// ~/.pgpass, PGPASSWORD or the service file).
    std::string connectionString() const;
    /// False without a name or without a path or URL.
    bool isValid() const;

    friend bool operator==(const SavedConnection &, const SavedConnection &) = default;
};

/// target without any secret: keys naming a password or passphrase dropped, and the password
/// taken out of the URL (user info, "password" parameter, and a client key's passphrase,
/// "sslpassword"; the key=value form is converted to its URL first).
[[nodiscard]] QVariantMap withoutSecrets(const QVariantMap &target);

/// A PostgreSQL connection string (URL or key=value) as a URL without its password (nor
/// sslpassword). nullopt
/// when it does not parse.
[[nodiscard]] std::optional<QString> postgresUrlWithoutPassword(const QString &connection);

} // namespace kvs
