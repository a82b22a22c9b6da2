#pragma once

#include <kvs/async_kvstore.h>

#include <QWidget>

#include <functional>
#include <memory>

class QAction;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace kvs::ui {

class TransactionController;
class TransactionRowEditor;
struct FailedCheck;

// The Transaction tab of a database: an atomic transaction built row by row (checks, then set,
// delete, sum and enqueue in order), each row's fields edited below the table with live
// validation, the same transaction as the JavaScript call chain beside it (copyable), and Dry
// run and Commit (Commit only with writes allowed). The result says the commit's versionstamp,
// or which check failed, with what its key holds now beside the version expected, and offers
// "Refresh checks and retry". Transactions save and load as the JSON of `kvs atomic`; the
// commits of this session are listed below. Thread rule: GUI thread only.
class TransactionPane : public QWidget
{
    Q_OBJECT

public:
    explicit TransactionPane(QWidget *parent = nullptr);

    void setStore(std::shared_ptr<AsyncKVStore> store, bool writable);
    TransactionController *controller() const { return m_controller; }
    QTableView *rowsView() const { return m_rows; }
    QTableView *historyView() const { return m_history; }
    TransactionRowEditor *rowEditor() const { return m_editor; }
    QPlainTextEdit *preview() const { return m_preview; }
    QPushButton *commitButton() const { return m_commit; }
    QPushButton *dryRunButton() const { return m_dryRun; }
    QPushButton *retryButton() const { return m_retry; }
    QPushButton *copyButton() const { return m_copy; }
    QPushButton *moveUpButton() const { return m_moveUp; }
    QPushButton *moveDownButton() const { return m_moveDown; }
    QLabel *resultLabel() const { return m_result; }

    // Asks a yes/no question (a question box by default); tests replace it. Commit asks only
    // when the audit log cannot be written: whether to commit without an audit entry.
    void setConfirm(std::function<bool(const QString &question)> confirm)
    {
        m_confirm = std::move(confirm);
    }

    // Adds an empty row of kind and selects it for editing.
    void addRow(int kind);
    // Writes the transaction to path, or loads it from there; a problem shows in the result
    // line. The Save… and Load… buttons ask for the path first.
    bool saveTo(const QString &path);
    bool loadFrom(const QString &path);

private:
    void onCurrentRowChanged();
    void onCheckFailed(const FailedCheck &failure);
    void updateActions();
    void updatePreview();
    void showResult(const QString &text, bool problem);
    void moveCurrentRow(int delta);
    // Commits (after refreshing the checks with refreshFirst), asking first when the audit log
    // cannot be written.
    void commitAsked(bool refreshFirst);

    TransactionController *m_controller; // Owned (child).
    QTableView *m_rows;                  // Owned.
    TransactionRowEditor *m_editor;      // Owned.
    QPlainTextEdit *m_preview;           // Owned.
    QPushButton *m_copy;                 // Owned.
    QPushButton *m_remove;               // Owned.
    QPushButton *m_moveUp;               // Owned.
    QPushButton *m_moveDown;             // Owned.
    QAction *m_moveUpAction;             // Owned (by m_rows): Alt+Up in the table.
    QAction *m_moveDownAction;           // Owned (by m_rows): Alt+Down in the table.
    QPushButton *m_dryRun;               // Owned.
    QPushButton *m_commit;               // Owned.
    QPushButton *m_retry;                // Owned.
    QLabel *m_result;                    // Owned.
    QTableView *m_history;               // Owned.
    std::function<bool(const QString &)> m_confirm;
};

} // namespace kvs::ui
