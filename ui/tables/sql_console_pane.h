#pragma once

#include "rawsql/raw_sql_target.h"
#include "rawsql/role_capabilities.h"
#include "rawsql/statement_history.h"
#include "rawsql/statement_result.h"

#include <QWidget>

#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace kvs::ui {

class ConsoleController;
class MessageBanner;

// The SQL console of a database: one statement at a time, read-only unless the database is
// open for writing and the user turns on "Allow writing SQL" (which says first that such SQL
// bypasses kvs's rules). Run (Ctrl+Return), Explain, Cancel while it runs; the result paged into
// the grid as it scrolls, with its row count and time; Ctrl+C copies cells, Export writes CSV;
// the history of statements (kept on this machine, mode 0600) one click away. On PostgreSQL it
// warns, before the first run, when the connected role can do more than read. A result left
// open closes after the idle limit of Preferences ▸ SQL console, and says so.
// Thread rule: GUI thread only.
class SqlConsolePane : public QWidget
{
    Q_OBJECT

public:
    explicit SqlConsolePane(QWidget *parent = nullptr);
    ~SqlConsolePane() override;

    void setTarget(const rawsql::RawSqlTarget &target);
    // Whether the database's tab allows writes: only then can writing SQL be switched on.
    void setWritesPossible(bool possible);

    ConsoleController *controller() const { return m_controller; }
    QPlainTextEdit *editor() const { return m_editor; }
    QTableView *view() const { return m_view; }
    QCheckBox *writeSwitch() const { return m_write; }
    QPushButton *runButton() const { return m_run; }
    QPushButton *cancelButton() const { return m_cancel; }
    QString statusText() const;
    // The warning about the connected role ("" while hidden).
    QString roleWarningText() const;
    // The question before writing SQL is switched on (tests answer it); default: a dialog.
    void setConfirm(std::function<bool(const QString &question)> confirm)
    {
        m_confirm = std::move(confirm);
    }
    // Writes the whole result (the rows still to come read on the way) to path as CSV; the
    // status says how many rows, or why not.
    void exportCsv(const QString &path);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void onFinished(const rawsql::StatementResult &first);
    void onRoleCapabilities(const rawsql::RoleCapabilities &capabilities);
    void onWriteToggled(bool on);
    void reloadHistory();
    void showHistory(const QList<rawsql::StatementHistory::Entry> &entries);
    void exportWithDialog();

    ConsoleController *m_controller; // Owned (child).
    QComboBox *m_history;            // Owned.
    QPlainTextEdit *m_editor;        // Owned.
    QPushButton *m_run;              // Owned.
    QPushButton *m_explain;          // Owned.
    QPushButton *m_cancel;           // Owned.
    QPushButton *m_export;           // Owned.
    QCheckBox *m_write;              // Owned.
    MessageBanner *m_writeWarning;   // Owned.
    MessageBanner *m_roleWarning;    // Owned.
    QLabel *m_status;                // Owned.
    QTableView *m_view;              // Owned.
    rawsql::RawSqlTarget m_target;
    bool m_targetPending = false;
    rawsql::StatementResult m_last;
    std::function<bool(const QString &)> m_confirm;
};

} // namespace kvs::ui
