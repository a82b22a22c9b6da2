#pragma once

#include <QDialog>

#include <functional>

class QLabel;
class QPushButton;
class QTableView;

namespace kvs::ui {

class AuditLogModel;

// The audit log of queue actions (kvs/audit_log.h, written by kvs-admin and `kvs queue`) as a
// table, newest first, read off the GUI thread; "Export…" copies its JSON lines to a file the
// user picks (mode 0600, as the log). The log holds no payloads, and the viewer shows only the
// record's known fields. Thread rule: GUI thread only.
class AuditLogView : public QDialog
{
    Q_OBJECT

public:
    // path: the log (auditLogPath() by default).
    explicit AuditLogView(QWidget *parent = nullptr, QString path = {});

    AuditLogModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QPushButton *exportButton() const { return m_export; }
    QLabel *statusLabel() const { return m_status; }
    const QString &path() const { return m_path; }

    // Asks where to export (a save-file dialog by default; "" cancels); tests replace it.
    void setExportTarget(std::function<QString()> choose) { m_chooseTarget = std::move(choose); }

    // Reads the log again.
    void reload();
    // Asks for a file and copies the log there.
    void exportLog();

signals:
    // After each reload: the number of records shown.
    void loaded(int records);
    // After an export: what happened, for the status line.
    void exportFinished(bool ok, const QString &message);

private:
    QString m_path;
    AuditLogModel *m_model; // Owned (child).
    QTableView *m_table;    // Owned (child).
    QLabel *m_status;       // Owned (child).
    QPushButton *m_export;  // Owned (child).
    std::function<QString()> m_chooseTarget;
};

} // namespace kvs::ui
