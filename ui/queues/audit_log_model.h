#pragma once

#include <QAbstractTableModel>
#include <QString>

#include <vector>

namespace kvs::ui {

// One action of the audit log (kvs/audit_log.h) as the viewer shows it: its started line with
// what its ended line says (or a line of the older one-line form). Only these fields are read:
// the log holds no payloads, and a field added later is not shown by accident.
struct AuditLogEntry
{
    QString time; // ISO 8601 UTC, as written (the started line's)
    QString user;
    QString database;
    QString topic;
    QString action;
    QString filter;
    qint64 matched = 0;
    qint64 changed = 0;
    QString result; // done, cancelled, interrupted, failed (older lines: "ok" or a message)
    QString detail; // what the ended line adds ("new id 7", the error)
    // A started line without its ended line: killed (or still running), shown as interrupted.
    bool unended = false;
};

// What readAuditLog() found.
struct AuditLogContents
{
    std::vector<AuditLogEntry> entries; // newest first
    int unreadable = 0;                 // lines that are not a JSON object
    QString error;                      // empty, or why the file could not be read
};

// Reads the audit log at path (blocking file I/O: call it off the GUI thread), pairing each
// started line with its ended line by "id"; a started line without one gets the result
// "interrupted". A missing file is an empty log, not an error. Safe from any thread.
[[nodiscard]] AuditLogContents readAuditLog(const QString &path);

// The audit log's records, newest first: time (local), user, database, topic, action, filter,
// matched, changed, result. Thread rule: GUI thread only.
class AuditLogModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Time,
        User,
        Database,
        Topic,
        Action,
        Filter,
        Matched,
        Changed,
        Result,
        ColumnCount
    };

    explicit AuditLogModel(QObject *parent = nullptr);

    void setEntries(std::vector<AuditLogEntry> entries);
    const AuditLogEntry *entryAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<AuditLogEntry> m_entries;
};

} // namespace kvs::ui
