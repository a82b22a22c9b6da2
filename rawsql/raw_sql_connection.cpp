#include "rawsql/raw_sql_connection.h"

#include "rawsql/native_handle.h"
#include "rawsql/sqlite_read_only_authorizer.h"

#include <kvs/connection_string.h>
#include <kvs/errors.h>

#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>

#include <libpq-fe.h>
#include <sqlite3.h>

#include <atomic>
#include <poll.h>

namespace kvs::rawsql {
namespace {

std::atomic<int> g_connectionCount{0};

// What is there but no file SQLite could open (a directory, a pipe, a device) is refused before
// Qt Sql tries, in the store's words: QSQLITE would say "disk I/O error Error opening database"
// of a directory, and a named pipe would block the open.
void requireRegularFile(const RawSqlTarget &target)
{
    if (target.isPostgres() || target.sqlitePath.isEmpty()
        || target.sqlitePath == QLatin1String(":memory:"))
        return;
    const QFileInfo file(target.sqlitePath);
    if (!file.exists() || file.isFile())
        return;
    const char *kind = file.isDir() ? "a directory" : "a special file";
    throw Error("kvs: cannot open database \"" + target.sqlitePath.toStdString() + "\": it is "
                + kind + ", not a database file");
}

} // namespace

RawSqlConnection::RawSqlConnection(const RawSqlTarget &target,
                                   bool writable,
                                   std::shared_ptr<Interrupter> interrupter)
    : m_target(target)
    , m_writable(writable)
    , m_id(++g_connectionCount)
    , m_name(QStringLiteral("kvs-rawsql-%1").arg(m_id))
    , m_interrupter(std::move(interrupter))
{
    const QString driver
        = target.isPostgres() ? QStringLiteral("QPSQL") : QStringLiteral("QSQLITE");
    if (!QSqlDatabase::isDriverAvailable(driver)) {
        throw Error("kvs: the Qt Sql driver " + driver.toStdString() + " is not installed (Debian: "
                    + (target.isPostgres() ? "libqt6sql6-psql" : "libqt6sql6-sqlite") + ")");
    }
    requireRegularFile(target);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(driver, m_name);
        try {
            configureDatabase(db, target, writable);
        } catch (...) {
            db = QSqlDatabase();
            QSqlDatabase::removeDatabase(m_name);
            throw;
        }
        if (!db.open()) {
            const QString why = redacted(db.lastError().text());
            db = QSqlDatabase();
            QSqlDatabase::removeDatabase(m_name);
            const std::string message = "kvs: cannot open " + target.displayName().toStdString()
                                        + ": " + why.toStdString();
            // A server that cannot be reached is a connection failure (a tab retries it).
            if (target.isPostgres())
                throw ConnectionError(message, ConnectionError::Step::Connect);
            throw Error(message);
        }
        if (target.isPostgres()) {
            if (PGconn *conn = postgresHandle(db))
                m_interrupter->addPostgres(m_id, PQgetCancel(conn));
        } else if (sqlite3 *sqlite = sqliteHandle(db)) {
            m_interrupter->addSqlite(m_id, sqlite);
            if (!writable)
                m_authorizer = std::make_unique<SqliteReadOnlyAuthorizer>(sqlite);
        } else if (!writable) {
            // Without its handle the read-only guard cannot be installed: refuse to go on.
            db.close();
            db = QSqlDatabase();
            QSqlDatabase::removeDatabase(m_name);
            throw Error("kvs: Qt's QSQLITE driver does not hand out its SQLite connection, which "
                        "the read-only guard needs");
        }
    }
}

RawSqlConnection::~RawSqlConnection()
{
    m_interrupter->remove(m_id);
    m_authorizer.reset();
    {
        QSqlDatabase db = QSqlDatabase::database(m_name, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_name);
}

QSqlDatabase RawSqlConnection::database() const
{
    return QSqlDatabase::database(m_name, false);
}

bool RawSqlConnection::isBroken() const
{
    if (!m_target.isPostgres())
        return false;
    PGconn *conn = postgresHandle(database());
    return !conn || PQstatus(conn) == CONNECTION_BAD;
}

bool RawSqlConnection::closedByServer() const
{
    if (isBroken())
        return true;
    if (!m_target.isPostgres())
        return false;
    PGconn *conn = postgresHandle(database());
    // An idle connection receives only a NOTICE or the server's goodbye: its FATAL message,
    // then the end of the stream, which one read may not take together; read while more is
    // there (nothing: the usual case, one system call).
    for (int reads = 0; reads < 4; ++reads) {
        pollfd pfd{PQsocket(conn), POLLIN, 0};
        if (::poll(&pfd, 1, 0) <= 0)
            break;
        if (PQconsumeInput(conn) == 0 || PQstatus(conn) == CONNECTION_BAD)
            return true;
    }
    return false;
}

void RawSqlConnection::interruptNow()
{
    m_interrupter->interrupt(m_id);
}

std::string RawSqlConnection::takeRefusal()
{
    return m_authorizer ? m_authorizer->takeRefusal() : std::string();
}

QString RawSqlConnection::redacted(const QString &message) const
{
    if (!m_target.isPostgres())
        return message;
    return QString::fromStdString(
        redactSecrets(message.toStdString(), m_target.postgresConnection));
}

} // namespace kvs::rawsql
