#include "connection/connection_test_result.h"

#include "connection/connection_tr.h"

#include <kvs/errors.h>
#include <kvs/ssh_tunnel.h>

#include <QDir>

namespace kvs::ui {

namespace {

using Step = ConnectionTestResult::Step;

QString coreText(const kvs::Error &error)
{
    QString text = QString::fromStdString(error.what());
    if (!error.detail().empty())
        text += QStringLiteral(" (") + QString::fromStdString(error.detail()) + QLatin1Char(')');
    return text;
}

Step stepOf(ConnectionError::Step step)
{
    switch (step) {
    case ConnectionError::Step::Resolve:
        return Step::Resolve;
    case ConnectionError::Step::Connect:
    case ConnectionError::Step::Lost:
    case ConnectionError::Step::Timeout:
        return Step::Connect;
    case ConnectionError::Step::Tls:
        return Step::Tls;
    case ConnectionError::Step::Authenticate:
        return Step::Authenticate;
    case ConnectionError::Step::Database:
        return Step::Database;
    }
    return Step::Connect;
}

QString connectionSentence(Step step, const ConnectionSpec &spec)
{
    const QString host = spec.host().isEmpty() ? ConnectionTr::tr("the local socket") : spec.host();
    switch (step) {
    case Step::Resolve:
        return ConnectionTr::tr("The host name %1 could not be resolved.").arg(host);
    case Step::Tls:
        return ConnectionTr::tr("The TLS connection to %1 could not be set up.").arg(host);
    case Step::Authenticate:
        return ConnectionTr::tr("The server refused user %1: wrong password, or no password given.")
            .arg(spec.user().isEmpty() ? ConnectionTr::tr("(default)") : spec.user());
    case Step::Database:
        return ConnectionTr::tr("The database %1 does not exist on the server.")
            .arg(spec.database());
    default:
        return ConnectionTr::tr("No PostgreSQL server answered at %1.").arg(host);
    }
}

// SQLite's primary result codes that mean the file itself cannot be used (kvs_ui includes no
// SQLite header): SQLITE_PERM, SQLITE_CANTOPEN, SQLITE_AUTH, SQLITE_NOTADB.
bool isFileProblem(int code)
{
    const int primary = code & 0xff;
    return primary == 3 || primary == 14 || primary == 23 || primary == 26;
}

} // namespace

ConnectionTestResult ConnectionTestResult::success(const QString &message)
{
    ConnectionTestResult result;
    result.ok = true;
    result.message = message;
    return result;
}

ConnectionTestResult
ConnectionTestResult::failure(Step step, const QString &message, const QString &detail)
{
    ConnectionTestResult result;
    result.step = step;
    result.message = message;
    result.detail = detail;
    return result;
}

ConnectionTestResult ConnectionTestResult::fromException(const std::exception_ptr &error,
                                                         const ConnectionSpec &spec)
{
    try {
        std::rethrow_exception(error);
    } catch (const ConnectionError &e) {
        const Step step = stepOf(e.step());
        return failure(step, connectionSentence(step, spec), coreText(e));
    } catch (const SchemaTooNewError &e) {
        ConnectionTestResult result = failure(
            Step::SchemaCheck,
            ConnectionTr::tr("The database was written by a newer kvs (schema version %1); it "
                             "is refused and left untouched.")
                .arg(e.version()),
            coreText(e));
        result.schemaVersion = e.version();
        return result;
    } catch (const SchemaOutdatedError &e) {
        ConnectionTestResult result = success(
            ConnectionTr::tr("schema version %1 is older than this release (%2): opens for "
                             "reading; migration offered.")
                .arg(e.version())
                .arg(kSchemaVersion));
        result.schemaOutdated = true;
        result.schemaVersion = e.version();
        result.detail = coreText(e);
        return result;
    } catch (const NotKvsDatabaseError &e) {
        const QString tables = QString::fromStdString(e.tables());
        return failure(Step::SchemaCheck,
                       tables.isEmpty()
                           ? ConnectionTr::tr("Not a kvs database: it has no tables.")
                           : ConnectionTr::tr("Not a kvs database: no kvs tables; tables found: "
                                              "%1.")
                                 .arg(tables),
                       coreText(e));
    } catch (const ForeignTableError &e) {
        return failure(Step::SchemaCheck,
                       ConnectionTr::tr("Table %1 exists but is not a kvs table; give kvs a "
                                        "table prefix of its own.")
                           .arg(QString::fromStdString(e.table())),
                       coreText(e));
    } catch (const DatabaseError &e) {
        if (!spec.isPostgres() && isFileProblem(e.code())) {
            return failure(Step::File,
                           ConnectionTr::tr("%1 cannot be opened as an SQLite database.")
                               .arg(QDir::toNativeSeparators(spec.sqlitePath())),
                           coreText(e));
        }
        return failure(
            Step::Read, ConnectionTr::tr("The first read from the database failed."), coreText(e));
    } catch (const TypeError &e) {
        return failure(
            Step::Input, ConnectionTr::tr("The connection settings are not valid."), coreText(e));
    } catch (const SshError &e) {
        return failure(
            Step::Connect, ConnectionTr::tr("The SSH tunnel did not open."), coreText(e));
    } catch (const kvs::Error &e) {
        return failure(
            Step::Read, ConnectionTr::tr("The first read from the database failed."), coreText(e));
    } catch (const std::exception &e) {
        return failure(Step::Read,
                       ConnectionTr::tr("The first read from the database failed."),
                       QString::fromLocal8Bit(e.what()));
    } catch (...) {
        return failure(Step::Read,
                       ConnectionTr::tr("The first read from the database failed."),
                       QStringLiteral("unknown exception"));
    }
}

QString ConnectionTestResult::stepName(Step step)
{
    switch (step) {
    case Step::None:
        return QString();
    case Step::Input:
        return ConnectionTr::tr("Settings");
    case Step::File:
        return ConnectionTr::tr("Open file");
    case Step::Resolve:
        return ConnectionTr::tr("Resolve");
    case Step::Connect:
        return ConnectionTr::tr("Connect");
    case Step::Tls:
        return ConnectionTr::tr("TLS");
    case Step::Authenticate:
        return ConnectionTr::tr("Authenticate");
    case Step::Database:
        return ConnectionTr::tr("Database");
    case Step::SchemaCheck:
        return ConnectionTr::tr("Schema check");
    case Step::Read:
        return ConnectionTr::tr("Read");
    }
    return QString();
}

QString ConnectionTestResult::summary() const
{
    if (ok)
        return ConnectionTr::tr("Connection OK: %1").arg(message);
    return ConnectionTr::tr("%1 failed: %2").arg(stepName(step), message);
}

} // namespace kvs::ui
