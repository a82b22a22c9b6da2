#pragma once

#include <kvs/saved_connection.h>

#include <QByteArray>
#include <QList>
#include <QString>

/// Saved connections in and out of files: KVS Admin's JSON export (every field, never a
/// password or passphrase) and libpq's connection service file. Safe from any thread.
namespace kvs {

/// The JSON document of connections: {"kvsAdminConnections": 1, "connections": [{"name",
/// "colour", "tags", "environment", "connection": {...}}]}, secrets dropped (withoutSecrets()).
[[nodiscard]] QByteArray connectionsToJson(const QList<SavedConnection> &connections);

/// The connections of a document of connectionsToJson(), secrets dropped. Throws kvs::Error
/// "kvs: not a connections file: REASON" when text is not such a document, and
/// "kvs: connection N: REASON" for an entry without name, kind, path or URL, or with an unknown
/// environment.
[[nodiscard]] QList<SavedConnection> connectionsFromJson(const QByteArray &text);

/// The file libpq reads services from: PGSERVICEFILE when set, else ~/.pg_service.conf.
[[nodiscard]] QString pgServiceFilePath();

/// One saved connection per service of a libpq service file (INI: "[name]" then key=value
/// lines, '#' comments), named after it, its URL "postgres://?service=NAME" so that libpq
/// reads the file itself (as psql does) and no password in it is copied. Throws kvs::Error
/// "kvs: cannot read FILE: REASON" when the file cannot be read.
[[nodiscard]] QList<SavedConnection> connectionsFromPgServiceFile(const QString &path);

} // namespace kvs
