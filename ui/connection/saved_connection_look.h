#pragma once

#include "connection/connection_spec.h"

#include <kvs/saved_connection.h>

#include <QColor>
#include <QString>

#include <optional>

namespace kvs::ui {

// How the GUI shows and uses a saved connection (kvs::SavedConnection, kept by
// kvs::SavedConnections): its environment's word and colour, and the ConnectionSpec it stands
// for. Thread rule: any thread (the texts are translated: GUI thread).

// "development", "staging", "production", translated.
[[nodiscard]] QString environmentLabel(ConnectionEnvironment environment);
// The environment's own colour: green, amber, red.
[[nodiscard]] QColor environmentColour(ConnectionEnvironment environment);
// The connection's colour, or its environment's when it has none (or an invalid one).
[[nodiscard]] QColor colourOf(const SavedConnection &connection);

// A saved connection named name for spec (its fields, never a password).
[[nodiscard]] SavedConnection savedConnectionOf(const QString &name, const ConnectionSpec &spec);
// The spec of a saved connection; nullopt when its target does not parse.
[[nodiscard]] std::optional<ConnectionSpec> specOf(const SavedConnection &connection);

// The name a production tab asks to be typed: SQLite the file's name, PostgreSQL the
// database's ("" when the URL leaves it to libpq: a service, PGDATABASE; the server's
// current_database() is read after connecting then).
[[nodiscard]] QString typedNameOf(const ConnectionSpec &spec);

// The key of a saved connection's target that keeps the identity of its database, as the
// session read it (DatabaseSession::identity()) when the connection was last opened.
inline const QString kIdentityField = QStringLiteral("identity");

// The saved connection spec's database is: the first whose recorded identity is identity
// (whatever the route: a standby, PgBouncer, a tunnel; SQLite: the same file by any path), else
// the first with the same target (ConnectionSpec::sameTarget); nullopt when none.
[[nodiscard]] std::optional<SavedConnection> matchSavedConnection(
    const QList<SavedConnection> &saved, const ConnectionSpec &spec, const QString &identity);

} // namespace kvs::ui
