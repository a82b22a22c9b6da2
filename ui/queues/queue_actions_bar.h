#pragma once

#include "queues/audit_log_view.h"

#include <kvs/async_kvstore.h>

#include <QPointer>
#include <QWidget>

#include <functional>
#include <memory>

class QDialog;
class QPushButton;
class QTableView;

namespace kvs::ui {

class QueueActions;
class QueuesController;

// The Queues view's single-message actions, as a row of buttons: "Enqueue…" (a new message),
// "Clean done…" (the browsed topic's done messages), "Edit and re-enqueue…" (the one selected
// dead message, corrected), and "Audit log…" (the viewer; also on read-only databases). Each
// write asks first, saying what it will do, and is audited (QueueActions). On a read-only
// database the writes are disabled with a tooltip saying why. Thread rule: GUI thread only.
class QueueActionsBar : public QWidget
{
    Q_OBJECT

public:
    // controller: the browsed topic, status and messages; browser: the selection.
    QueueActionsBar(QueuesController *controller, QTableView *browser, QWidget *parent = nullptr);

    void setStore(std::shared_ptr<AsyncKVStore> store, bool writable, const QString &database);
    QueueActions *actions() const { return m_actions; }

    QPushButton *enqueueButton() const { return m_enqueue; }
    QPushButton *cleanDoneButton() const { return m_cleanDone; }
    QPushButton *editButton() const { return m_edit; }
    QPushButton *auditLogButton() const { return m_auditLog; }
    // The audit log viewer "Audit log…" opened, while it is open.
    AuditLogView *auditLogView() const { return m_auditLogView; }

    // Asks a yes/no question (a question box by default); tests replace it.
    void setConfirm(std::function<bool(const QString &question)> confirm)
    {
        m_confirm = std::move(confirm);
    }
    // Runs a dialog and says whether it was accepted (exec() by default); tests replace it to
    // fill the dialog in. The dialog is deleted after the call.
    void setDialogRunner(std::function<bool(QDialog *dialog)> run) { m_run = std::move(run); }

    // Enables what the store, the browsed topic and status and the selection allow.
    void updateActions();

signals:
    // Messages were written (enqueued, deleted, moved): the view reads them again.
    void messagesChanged();
    // A line for the status bar.
    void statusMessage(const QString &message);

private:
    void enqueue();
    void cleanDone();
    void editAndReenqueue();
    void showAuditLog();

    QueuesController *m_controller; // Not owned.
    QTableView *m_browser;          // Not owned.
    QueueActions *m_actions;        // Owned (child).
    QPushButton *m_enqueue;         // Owned.
    QPushButton *m_cleanDone;       // Owned.
    QPushButton *m_edit;            // Owned.
    QPushButton *m_auditLog;        // Owned.
    std::function<bool(const QString &)> m_confirm;
    std::function<bool(QDialog *)> m_run;
    QPointer<AuditLogView> m_auditLogView; // Owned (child, deleted when closed).
};

} // namespace kvs::ui
