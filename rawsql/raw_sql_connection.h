#pragma once

#include "rawsql/interrupter.h"
#include "rawsql/raw_sql_target.h"

#include <QString>

#include <memory>
#include <string>

class QSqlDatabase;

namespace kvs::rawsql {

class SqliteReadOnlyAuthorizer;

// One open Qt Sql connection to a target, named "kvs-rawsql-N" (never anything of the
// connection string), removed from Qt's registry when destroyed.
// Its native handle is registered with an Interrupter, so another thread can stop what it runs.
// A read-only SQLite connection also carries SqliteReadOnlyAuthorizer: it runs reads only.
// Thread rule: constructed, used and destroyed on one thread (Qt Sql's rule).
class RawSqlConnection
{
public:
    // Opens the connection. Throws kvs::Error with the driver's message (password removed) when
    // it cannot (kvs::ConnectionError for a PostgreSQL server), or when the driver
    // (libqt6sql6-sqlite, libqt6sql6-psql) is not installed.
    RawSqlConnection(const RawSqlTarget &target,
                     bool writable,
                     std::shared_ptr<Interrupter> interrupter);
    ~RawSqlConnection();
    RawSqlConnection(const RawSqlConnection &) = delete;
    RawSqlConnection &operator=(const RawSqlConnection &) = delete;

    QSqlDatabase database() const;
    const RawSqlTarget &target() const { return m_target; }
    bool isWritable() const { return m_writable; }
    bool isPostgres() const { return m_target.isPostgres(); }

    // Sends the interrupt to what this connection runs now, once (closing a result early).
    void interruptNow();

    // Whether the server closed this connection (a restart, a terminated backend): it is no
    // use any more, and a new one must be opened. Always false on SQLite.
    bool isBroken() const;
    // For an idle connection, before a call uses it: whether the server closed it meanwhile.
    // The server says so on the socket as it ends a session, so one look without waiting finds
    // it, and the call goes to a new connection instead of failing. Always false on SQLite.
    bool closedByServer() const;

    // The message of a Qt Sql error, the password removed.
    QString redacted(const QString &message) const;
    // A read-only SQLite connection: why its authorizer refused the last statement (see
    // SqliteReadOnlyAuthorizer::takeRefusal()), forgetting it; otherwise "".
    std::string takeRefusal();

private:
    RawSqlTarget m_target;
    bool m_writable;
    int m_id;
    QString m_name;
    std::shared_ptr<Interrupter> m_interrupter;
    std::unique_ptr<SqliteReadOnlyAuthorizer> m_authorizer; // Read-only SQLite only.
};

} // namespace kvs::rawsql
