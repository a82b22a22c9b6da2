#include "rawsql/raw_sql_target.h"

#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/password_command.h>

#include <QSqlDatabase>
#include <QStringList>
#include <QUrl>

#include <libpq-fe.h>

#include <memory>

namespace kvs::rawsql {
namespace {

struct ConninfoFree
{
    void operator()(PQconninfoOption *options) const noexcept { PQconninfoFree(options); }
};

// A connect option value as QPSQL passes it into libpq's key=value text: quoted, with
// backslashes and quotes escaped, so spaces and quotes in a value survive.
QString quotedOptionValue(const char *value)
{
    QString text = QString::fromUtf8(value);
    text.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    text.replace(QLatin1Char('\''), QLatin1String("\\'"));
    return QLatin1Char('\'') + text + QLatin1Char('\'');
}

void configurePostgres(QSqlDatabase &db, const RawSqlTarget &target)
{
    std::string connection = target.postgresConnection;
    // kvs's own parameters: libpq refuses them.
    (void)takeConnectionParameter(connection, "pool_max", true);
    (void)takeConnectionParameter(connection, "timeout_ms", true);
    char *message = nullptr;
    std::unique_ptr<PQconninfoOption, ConninfoFree> options(
        PQconninfoParse(connection.c_str(), &message));
    if (!options) {
        std::string why = message ? message : "out of memory";
        PQfreemem(message);
        throw Error("kvs: cannot read the PostgreSQL connection string: "
                    + redactSecrets(why, target.postgresConnection));
    }
    QStringList connectOptions;
    QString pgOptions;
    for (PQconninfoOption *option = options.get(); option->keyword; ++option) {
        if (!option->val || !*option->val)
            continue;
        const std::string keyword = option->keyword;
        const QString value = QString::fromUtf8(option->val);
        if (keyword == "host" || keyword == "hostaddr")
            db.setHostName(value);
        else if (keyword == "port")
            db.setPort(value.toInt());
        else if (keyword == "dbname")
            db.setDatabaseName(value);
        else if (keyword == "user")
            db.setUserName(value);
        else if (keyword == "password")
            db.setPassword(value);
        else if (keyword == "options")
            pgOptions = value;
        else
            connectOptions << QString::fromStdString(keyword) + QLatin1Char('=')
                                  + quotedOptionValue(option->val);
    }
    // Nothing of kvs's own goes into the startup packet's options (PgBouncer refuses the
    // parameter): read-only and the store's schema on the search path are set per transaction
    // (postgres_console_statement.h), and the Tables view names its tables with their schema.
    // A URL's own options pass through: whoever sets them knows where they connect.
    if (!pgOptions.trimmed().isEmpty())
        connectOptions << QLatin1String("options=")
                              + quotedOptionValue(pgOptions.trimmed().toUtf8());
    connectOptions << QLatin1String("application_name='kvs-admin tables'");
    db.setConnectOptions(connectOptions.join(QLatin1Char(';')));
    // A password command's token (kvs/password_command.h), asked at each new connection.
    if (const std::optional<std::string> password = commandPassword(target.postgresConnection))
        db.setPassword(QString::fromStdString(*password));
}

} // namespace

QString RawSqlTarget::displayName() const
{
    if (!isPostgres())
        return sqlitePath;
    return QString::fromStdString(redactedConnection(postgresConnection));
}

void configureDatabase(QSqlDatabase &db, const RawSqlTarget &target, bool writable)
{
    if (target.isPostgres()) {
        configurePostgres(db, target);
        return;
    }
    if (writable) {
        db.setDatabaseName(target.sqlitePath);
        db.setConnectOptions(QLatin1String("QSQLITE_BUSY_TIMEOUT=5000"));
        return;
    }
    // Both: the read-only open flag refuses writes, and mode=ro keeps a missing file from being
    // created.
    QUrl uri = QUrl::fromLocalFile(target.sqlitePath);
    uri.setQuery(QLatin1String("mode=ro"));
    db.setDatabaseName(uri.toString(QUrl::FullyEncoded));
    db.setConnectOptions(
        QLatin1String("QSQLITE_OPEN_READONLY;QSQLITE_OPEN_URI;QSQLITE_BUSY_TIMEOUT=5000"));
}

} // namespace kvs::rawsql
