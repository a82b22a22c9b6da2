#pragma once

#include <QString>

namespace kvs::ui {

// What the summary pane shows of an open database. A value type; safe from any thread.
struct DatabaseSummary
{
    QString path;
    long long schemaVersion = 0; // KVStore::schemaVersion() at open.
    qint64 entryCount = 0;       // Live (unexpired) entries: all of list({ prefix: [] }).
};

// Why a database could not be summarised. kind picks the sentence the UI shows; message and
// detail are the core's untranslated text, shown as the detail. A value type; safe from any
// thread.
struct DatabaseLoadError
{
    enum class Kind {
        NotKvsDatabase, // kvs::NotKvsDatabaseError: an SQLite file without kvs tables.
        ForeignTable,   // kvs::ForeignTableError: a table of a kvs name that is not a kvs table.
        SchemaTooNew,   // kvs::SchemaTooNewError: written by a newer kvs; left untouched.
        Database,       // kvs::DatabaseError: SQLite cannot open or read the file.
        Other,          // Any other failure (e.g. creating the demo database).
    };

    Kind kind = Kind::Other;
    QString path;
    QString message;             // The core's what(), e.g. "kvs: ...".
    QString detail;              // The core's detail() (SQLite code, statement); may be empty.
    long long schemaVersion = 0; // SchemaTooNew: the version found in the file.
    QString tables; // NotKvsDatabase: the tables found, comma-separated; ForeignTable: the table.
};

} // namespace kvs::ui
