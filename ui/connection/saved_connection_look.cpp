#include "connection/saved_connection_look.h"

#include "connection/connection_tr.h"

#include <kvs/database_identity.h>

#include <QFileInfo>

namespace kvs::ui {

QString environmentLabel(ConnectionEnvironment environment)
{
    switch (environment) {
    case ConnectionEnvironment::Staging:
        return ConnectionTr::tr("staging");
    case ConnectionEnvironment::Production:
        return ConnectionTr::tr("production");
    case ConnectionEnvironment::Development:
        break;
    }
    return ConnectionTr::tr("development");
}

QColor environmentColour(ConnectionEnvironment environment)
{
    switch (environment) {
    case ConnectionEnvironment::Staging:
        return QColor(0xef, 0x8f, 0x00);
    case ConnectionEnvironment::Production:
        return QColor(0xc6, 0x28, 0x28);
    case ConnectionEnvironment::Development:
        break;
    }
    return QColor(0x2e, 0x7d, 0x32);
}

QColor colourOf(const SavedConnection &connection)
{
    const QColor own(connection.colour);
    return own.isValid() ? own : environmentColour(connection.environment);
}

SavedConnection savedConnectionOf(const QString &name, const ConnectionSpec &spec)
{
    SavedConnection connection;
    connection.name = name;
    connection.target = spec.toVariantMap();
    return connection;
}

std::optional<ConnectionSpec> specOf(const SavedConnection &connection)
{
    return ConnectionSpec::fromVariantMap(connection.target);
}

QString typedNameOf(const ConnectionSpec &spec)
{
    return spec.isPostgres() ? spec.database() : QFileInfo(spec.sqlitePath()).fileName();
}

std::optional<SavedConnection> matchSavedConnection(const QList<SavedConnection> &saved,
                                                    const ConnectionSpec &spec,
                                                    const QString &identity)
{
    if (!identity.isEmpty()) {
        for (const SavedConnection &connection : saved) {
            QString known = connection.target.value(kIdentityField).toString();
            // A saved file is known without opening it.
            if (known.isEmpty() && !connection.isPostgres())
                known = QString::fromStdString(sqliteIdentityText(
                    connection.path().toStdString(), connection.tablePrefix().toStdString()));
            if (known == identity)
                return connection;
        }
    }
    for (const SavedConnection &connection : saved) {
        const std::optional<ConnectionSpec> other = specOf(connection);
        if (other && other->sameTarget(spec))
            return connection;
    }
    return std::nullopt;
}

} // namespace kvs::ui
