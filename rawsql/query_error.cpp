#include "rawsql/query_error.h"

#include <kvs/connection_string.h>

#include <QSqlError>
#include <QSqlQuery>

#include <string_view>

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
    if (target.isPostgres()) {
        // QPSQL's text is libpq's "ERROR:  <message>\n" followed by "(<SQLSTATE>)": the
        // message alone reads better after "kvs: ", and the SQLSTATE is kept apart below.
        const QString state = QLatin1Char('(') + error.nativeErrorCode() + QLatin1Char(')');
        if (!error.nativeErrorCode().isEmpty() && text.endsWith(state))
            text = text.chopped(state.size()).trimmed();
        for (const QLatin1String severity : {QLatin1String("ERROR:"), QLatin1String("FATAL:")}) {
            if (text.startsWith(severity))
                text = text.mid(severity.size()).trimmed();
        }
    }
    std::string message = "kvs: " + text.toStdString();
    if (target.isPostgres())
        message = redactSecrets(message, target.postgresConnection);
    if (!target.isPostgres())
        return DatabaseError(
            message, error.nativeErrorCode().toInt(), query.lastQuery().toStdString());
    return DatabaseError(
        message, error.nativeErrorCode().toStdString(), query.lastQuery().toStdString());
}

bool isInterruption(const std::exception &error)
{
    if (const auto *database = dynamic_cast<const DatabaseError *>(&error))
        return (database->code() & 0xff) == 9 /* SQLITE_INTERRUPT */
               || database->sqlState() == "57014";
    return std::string_view(error.what()) == "kvs: cancelled";
}

void prepareOrThrow(QSqlQuery &query, const QString &sql, const RawSqlTarget &target)
{
    if (!query.prepare(sql))
        throw queryError(query, target);
}

} // namespace kvs::rawsql
