#include "rawsql/query_error.h"

#include <kvs/connection_string.h>

#include <QSqlError>
#include <QSqlQuery>

namespace kvs::rawsql {

DatabaseError queryError(const QSqlQuery &query, const RawSqlTarget &target)
{
    const QSqlError error = query.lastError();
    // databaseText is the database's own message; driverText only says which step failed,
    // except where the driver itself refused (QSQLITE's "Unable to execute multiple statements
    // at a time", while SQLite's own text says "not an error").
    QString text = error.databaseText().trimmed();
    if (text.isEmpty() || text == QLatin1String("not an error"))
        text = error.driverText().trimmed();
    std::string message = "kvs: " + text.toStdString();
    if (target.isPostgres())
        message = redactSecrets(message, target.postgresConnection);
    if (!target.isPostgres())
        return DatabaseError(
            message, error.nativeErrorCode().toInt(), query.lastQuery().toStdString());
    return DatabaseError(
        message, error.nativeErrorCode().toStdString(), query.lastQuery().toStdString());
}

void prepareOrThrow(QSqlQuery &query, const QString &sql, const RawSqlTarget &target)
{
    if (!query.prepare(sql))
        throw queryError(query, target);
}

} // namespace kvs::rawsql
