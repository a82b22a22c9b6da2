#pragma once

#include "connection/connection_spec.h"

#include <QMetaType>
#include <QString>

#include <exception>

namespace kvs::ui {

// What testing a connection found: ok, or the step that failed with a translated sentence
// (message) and the core's untranslated text (detail). A value type; safe from any thread.
struct ConnectionTestResult
{
    enum class Step {
        None,         // Nothing failed (ok).
        Input,        // The form: no path, a bad URL, an invalid table prefix or schema name.
        File,         // SQLite: the file is missing, a folder, unreadable or not SQLite.
        Resolve,      // PostgreSQL: the host name did not resolve.
        Connect,      // PostgreSQL: no server answered (refused, timed out, connection lost).
        Tls,          // PostgreSQL: TLS negotiation or certificate.
        Authenticate, // PostgreSQL: password or pg_hba.conf refused.
        Database,     // PostgreSQL: the database does not exist.
        SchemaCheck,  // Not a kvs database, a newer schema, a foreign table.
        Read,         // The first read failed (permissions, a broken file).
    };

    bool ok = false;
    Step step = Step::None;
    QString message; // Translated sentence for the user.
    QString detail;  // The core's what() (and detail()); may be empty.
    // ok with notes: the database is at an older schema (opens for reading; migration offered),
    // or the SQLite file is missing and will be created.
    bool schemaOutdated = false;
    bool willCreate = false;
    long long schemaVersion = 0; // When known: the version found (older or newer schema).

    static ConnectionTestResult success(const QString &message);
    static ConnectionTestResult failure(Step step, const QString &message, const QString &detail);
    // Sorts an exception the core threw while opening or reading spec into a result.
    static ConnectionTestResult fromException(const std::exception_ptr &error,
                                              const ConnectionSpec &spec);

    // The step's name for the user: "Resolve", "Connect", "TLS", "Authenticate", ...
    static QString stepName(Step step);
    // One line: "Connection OK: ..." or "<Step> failed: <message>".
    QString summary() const;
};

} // namespace kvs::ui

Q_DECLARE_METATYPE(kvs::ui::ConnectionTestResult)
