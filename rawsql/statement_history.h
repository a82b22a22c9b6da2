#pragma once

#include <QDateTime>
#include <QList>
#include <QString>

namespace kvs::rawsql {

// The SQL console's statements, kept on this machine only: one JSON line per execution
// ({"time", "database" (password removed), "write", "sql"}) in a file of mode 0600. The
// connection string's password never goes in; a statement's text is kept as typed. The file
// stays bounded: past kRotateBytes it becomes PATH.1 (replacing the one before) and a new file
// starts. A path that is not a regular file (a named pipe, a folder, a link) is refused, and
// never waited on. Both calls block on the disk: the GUI calls them off its thread.
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

    // The size past which the file is rotated (4 MiB: some 20,000 statements).
    static constexpr qint64 kRotateBytes = 4 * 1024 * 1024;

    // $KVS_SQL_HISTORY when set, else sql-history.jsonl in the data folder (kvs/data_folder.h).
    static QString defaultPath();

    explicit StatementHistory(QString path = defaultPath());

    // Appends one execution. Throws kvs::Error "kvs: cannot write the SQL history PATH: ...".
    void append(const Entry &entry) const;
    // The latest limit entries, oldest first (from the file's end, and PATH.1's when the file
    // holds fewer); lines that do not parse are skipped. Throws kvs::Error "kvs: cannot read the
    // SQL history PATH: ..." (a missing file is an empty history).
    QList<Entry> latest(int limit) const;
    const QString &path() const { return m_path; }

private:
    QString m_path;
};

} // namespace kvs::rawsql
