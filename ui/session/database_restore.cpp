#include "session/database_restore.h"

#include "common/audited_job.h"
#include "common/confirm_destructive.h"
#include "common/file_chooser.h"
#include "common/production_mark.h"
#include "session/database_session.h"

#include <kvs/audit_log.h>
#include <kvs/backup.h>
#include <kvs/connection_string.h>
#include <kvs/future.h>

#include <QAction>
#include <QFileInfo>
#include <QMessageBox>

namespace kvs::ui {

DatabaseRestore::DatabaseRestore(DatabaseSession *session, QWidget *dialogParent)
    : QObject(dialogParent)
    , m_session(session)
    , m_dialogParent(dialogParent)
    , m_action(new QAction(tr("&Restore…"), this))
{
    m_action->setObjectName(QStringLiteral("restoreDatabase"));
    m_action->setEnabled(false);
    connect(m_action, &QAction::triggered, this, &DatabaseRestore::chooseAndRestore);
}

void DatabaseRestore::setWritable(bool writable)
{
    m_action->setEnabled(writable);
    m_action->setToolTip(writable ? tr("Replace this database's contents with a backup")
                                  : tr("Allow writes first: restoring replaces the database."));
}

void DatabaseRestore::chooseAndRestore()
{
    const QString path = FileChooser::getOpenFileName(
        m_dialogParent, tr("Restore %1 from").arg(m_session->displayName()));
    if (!path.isEmpty())
        restoreFrom(path);
}

void DatabaseRestore::restoreFrom(const QString &path)
{
    if (!m_action->isEnabled() || m_running)
        return;
    const QString name = m_session->displayName();
    const QString problem = auditLogProblem();
    DestructiveQuestion question;
    question.objectName = QStringLiteral("confirmRestore");
    question.title = tr("Restore %1").arg(name);
    question.question = questionWithAudit(
        tr("Replace everything %1 holds with the backup %2?").arg(name, QFileInfo(path).fileName()),
        problem);
    question.details = tr("Every entry, message and versionstamp of the database is replaced by "
                          "the backup's, as a whole, not merged. What it holds now is lost unless "
                          "you backed it up (File ▸ Back Up…).");
    question.action = tr("Replace");
    if (!confirmDestructive(m_dialogParent, question)
        || !confirmOnProduction(m_dialogParent,
                                QStringLiteral("restoreTypedName"),
                                tr("replace everything %1 holds with a backup").arg(name),
                                tr("Replace"))) {
        return;
    }
    m_running = true;
    m_action->setEnabled(false);
    const std::string connection = m_session->connectionString();
    const bool postgres = m_session->spec().isPostgres();
    BackupOptions options;
    options.tablePrefix = m_session->spec().tablePrefix().toStdString();
    options.schema = m_session->spec().schema().toStdString();
    const std::string source = path.toStdString();
    AuditRecord record;
    record.action = "restore";
    record.database = auditDatabaseName(connection, options.schema, options.tablePrefix);
    record.filter = "from " + source;
    auto job = runAudited<RestoreResult>(
        record,
        std::nullopt,
        policyAfter(problem),
        [connection, source, options, postgres](AuditedAction &audit) {
            const RestoreResult result
                = postgres
                      ? restorePostgresStore(source, connection, RestoreOverwrite::Replace, options)
                      : restoreSqliteStore(source, connection, RestoreOverwrite::Replace, options);
            (void)audit.end(AuditOutcome::Done, result.entries, result.entries);
            return result;
        });
    kvs::then(job, this, [this, path, connection](QFuture<Audited<RestoreResult>> f) {
        const Audited<RestoreResult> outcome = f.result();
        m_running = false;
        m_action->setEnabled(m_session->isWritable());
        if (!outcome.error.isEmpty()) {
            const QString error
                = QString::fromStdString(redactSecrets(outcome.error.toStdString(), connection));
            QMessageBox::warning(m_dialogParent, tr("Restore failed"), error);
            emit finished(false, error);
            return;
        }
        const QString message
            = tr("Restored %Ln entries from %1.", nullptr, int(outcome.value.entries)).arg(path);
        emit finished(true, message);
        QMessageBox::information(m_dialogParent, tr("Restore done"), message);
    });
}

} // namespace kvs::ui
