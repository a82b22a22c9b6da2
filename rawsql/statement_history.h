#pragma once

#include <QDateTime>
#include <QList>
#include <QString>

namespace kvs::rawsql {

// The SQL console's statements, kept on this machine only: one JSON line per execution
// ({"time", "database" (password removed), "write", "sql"}) in a file of mode 0600. The
// connection string's password never goes in; a statement's text is kept as typed.
// Thread rule: any thread, one instance per thread.
class StatementHistory
{
public:
    struct Entry
    {
        QDateTime time;
        QString database;
        bool write = false;
        QString sql;
    };

    // $KVS_SQL_HISTORY when set, else kvs-admin/sql-history.jsonl in the user's data folder.
    static QString defaultPath();

    explicit StatementHistory(QString path = defaultPath());

    // Appends one execution. Throws kvs::Error "kvs: cannot write the SQL history PATH: ...".
    void append(const Entry &entry) const;
    // The latest limit entries, oldest first; lines that do not parse are skipped.
    QList<Entry> latest(int limit) const;
    const QString &path() const { return m_path; }

private:
    QString m_path;
};

} // namespace kvs::rawsql
