#pragma once

#include <QMetaType>
#include <QString>

class QSqlDatabase;

namespace kvs::rawsql {

struct RawSqlTarget;

// What the PostgreSQL role a console is connected as can do beyond reading, as far as a client
// can tell from the catalog: the console warns before the first run when it can, and suggests
// a role that can only read (its checks refuse what they know of; such a role cannot do the
// rest). A value type.
struct RoleCapabilities
{
    QString role;                      // current_user; "" on SQLite (nothing to tell)
    bool superuser = false;            // rolsuper: everything below and more
    bool executeServerProgram = false; // pg_execute_server_program: COPY ... TO PROGRAM
    bool writeServerFiles = false;     // pg_write_server_files: COPY ... TO 'file', lo_export
    bool signalBackend = false;        // pg_signal_backend: end other roles' sessions
    bool replication = false;          // rolreplication: replication connections and slots

    bool canDoMoreThanRead() const
    {
        return superuser || executeServerProgram || writeServerFiles || signalBackend
               || replication;
    }
};

// Reads the capabilities of db's role (membership of the predefined roles, inherited or not).
// Throws kvs::DatabaseError with the server's message.
RoleCapabilities readRoleCapabilities(const QSqlDatabase &db, const RawSqlTarget &target);

} // namespace kvs::rawsql

Q_DECLARE_METATYPE(kvs::rawsql::RoleCapabilities)
