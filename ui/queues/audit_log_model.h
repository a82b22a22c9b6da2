#pragma once

#include <QAbstractTableModel>
#include <QString>

#include <vector>

namespace kvs::ui {

// One line of the audit log (kvs/audit_log.h) as the viewer shows it. Only these fields are
// read: the log holds no payloads, and a field added later is not shown by accident.
struct AuditLogEntry
{
    QString time; // ISO 8601 UTC, as written
    QString user;
    QString database;
    QString topic;
    QString action;
    QString filter;
    qint64 matched = 0;
    qint64 changed = 0;
    QString result;
};

// What readAuditLog() found.
struct AuditLogContents
{
    std::vector<AuditLogEntry> entries; // newest first
    int unreadable = 0;                 // lines that are not a JSON object
    QString error;                      // empty, or why the file could not be read
};

// Reads the audit log at path (blocking file I/O: call it off the GUI thread). A missing file
// is an empty log, not an error. Safe from any thread.
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
