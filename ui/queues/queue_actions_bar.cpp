#include "queues/queue_actions_bar.h"

#include "common/audited_job.h"
#include "queues/audit_log_view.h"
#include "queues/enqueue_dialog.h"
#include "queues/queue_actions.h"
#include "queues/queue_message_model.h"
#include "queues/queue_overview_model.h"
#include "queues/queues_controller.h"

#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>

#include <memory>

namespace kvs::ui {

QueueActionsBar::QueueActionsBar(QueuesController *controller, QTableView *browser, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_browser(browser)
    , m_actions(new QueueActions(this))
    , m_enqueue(new QPushButton(tr("Enqueue…"), this))
    , m_cleanDone(new QPushButton(tr("Clean done…"), this))
    , m_edit(new QPushButton(tr("Edit and re-enqueue…"), this))
    , m_auditLog(new QPushButton(tr("Audit log…"), this))
{
    m_confirm = [this](const QString &question) {
        return QMessageBox::question(this,
                                     tr("Queue action"),
                                     question,
                                     QMessageBox::Ok | QMessageBox::Cancel,
                                     QMessageBox::Cancel)
               == QMessageBox::Ok;
    };
    m_run = [](QDialog *dialog) {
        return dialog->exec() == QDialog::Accepted;
    };
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_enqueue);
    layout->addWidget(m_cleanDone);
    layout->addWidget(m_edit);
    layout->addStretch(1);
    layout->addWidget(m_auditLog);

    connect(m_enqueue, &QPushButton::clicked, this, &QueueActionsBar::enqueue);
    connect(m_cleanDone, &QPushButton::clicked, this, &QueueActionsBar::cleanDone);
    connect(m_edit, &QPushButton::clicked, this, &QueueActionsBar::editAndReenqueue);
    connect(m_auditLog, &QPushButton::clicked, this, &QueueActionsBar::showAuditLog);
    connect(m_browser->selectionModel(),
            &QItemSelectionModel::selectionChanged,
            this,
            &QueueActionsBar::updateActions);
    connect(m_controller, &QueuesController::browseChanged, this, &QueueActionsBar::updateActions);
    for (auto signal : {&QueueActions::finished, &QueueActions::gone}) {
        connect(m_actions, signal, this, [this](const QString &message) {
            emit statusMessage(message);
            emit messagesChanged();
        });
    }
    connect(m_actions, &QueueActions::failed, this, &QueueActionsBar::statusMessage);
    updateActions();
}

void QueueActionsBar::setStore(std::shared_ptr<AsyncKVStore> store,
                               bool writable,
                               const QString &database)
{
    m_actions->setStore(std::move(store), writable, database);
    updateActions();
}

void QueueActionsBar::updateActions()
{
    const bool writable = m_actions->isWritable();
    const bool topic = !m_controller->browsedTopic().empty();
    const bool oneDead = m_controller->browsedStatus() == BrowseStatus::Dead
                         && m_browser->selectionModel()->selectedRows().size() == 1;
    m_enqueue->setEnabled(writable);
    m_cleanDone->setEnabled(writable && topic);
    m_edit->setEnabled(writable && oneDead);
    const QString readOnly = tr("The database is open read-only: allow writes to act on messages.");
    m_enqueue->setToolTip(writable ? tr("Enqueue a new message.") : readOnly);
    m_cleanDone->setToolTip(writable ? tr("Delete the selected topic's done messages.") : readOnly);
    m_edit->setToolTip(writable ? tr("Correct the selected dead message's payload and enqueue the "
                                     "copy in its place.")
                                : readOnly);
}

void QueueActionsBar::enqueue()
{
    auto dialog = std::make_unique<EnqueueDialog>(
        QString::fromStdString(m_controller->browsedTopic()), this);
    if (!m_run(dialog.get()))
        return;
    // The dialog's OK is the confirmation (enqueueing destroys nothing), unless the audit log
    // cannot be written: then whether to enqueue without an audit entry.
    const QString problem = auditLogProblem();
    if (!problem.isEmpty() && !m_confirm(questionWithAudit(tr("Enqueue the message?"), problem)))
        return;
    m_actions->enqueue(dialog->payload(), dialog->options(), policyAfter(problem));
}

void QueueActionsBar::cleanDone()
{
    const std::string topic = m_controller->browsedTopic();
    const QueueStats *stats
        = m_controller->overview()->statsAt(m_controller->overview()->rowOf(topic));
    const int done = stats ? int(stats->done) : 0;
    const QString problem = auditLogProblem();
    if (m_confirm(questionWithAudit(tr("Delete the %Ln done message(s) of topic \"%1\"? Messages "
                                       "of other topics and statuses are kept. This cannot be "
                                       "undone.",
                                       nullptr,
                                       done)
                                        .arg(QString::fromStdString(topic)),
                                    problem)))
        m_actions->cleanDone(topic, policyAfter(problem));
}

void QueueActionsBar::editAndReenqueue()
{
    const QModelIndexList rows = m_browser->selectionModel()->selectedRows();
    if (rows.size() != 1)
        return;
    const BrowsedMessage *selected = m_controller->deadLetters()->messageAt(rows.first().row());
    if (!selected)
        return;
    // A copy: the browser may reload while the dialog is open.
    const BrowsedMessage message = *selected;
    auto dialog = std::make_unique<EnqueueDialog>(message, this);
    if (!m_run(dialog.get()))
        return;
    const QString problem = auditLogProblem();
    if (m_confirm(questionWithAudit(tr("Replace dead message %1 of topic \"%2\" with the "
                                       "corrected copy? The copy is enqueued due now and the "
                                       "original is deleted, in one transaction.")
                                        .arg(message.id)
                                        .arg(QString::fromStdString(message.topic)),
                                    problem)))
        m_actions->move(message.id, dialog->payload(), dialog->options(), policyAfter(problem));
}

void QueueActionsBar::showAuditLog()
{
    if (!m_auditLogView) {
        m_auditLogView = new AuditLogView(this);
        m_auditLogView->setAttribute(Qt::WA_DeleteOnClose);
    } else {
        m_auditLogView->reload();
    }
    m_auditLogView->show();
    m_auditLogView->raise();
}

} // namespace kvs::ui
