#include "session/database_backup.h"

#include "common/file_chooser.h"
#include "session/database_session.h"

#include <kvs/backup.h>
#include <kvs/connection_string.h>

#include <QAction>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLocale>
#include <QMessageBox>
#include <QtConcurrent/QtConcurrentRun>

namespace kvs::ui {

// What the worker and the GUI thread share.
struct DatabaseBackup::State
{
    std::atomic<std::int64_t> done{0};
    std::atomic<std::int64_t> total{0};
    std::atomic_bool cancel{false};
};

namespace {

struct Outcome
{
    bool ok = false;
    bool cancelled = false;
    std::int64_t entries = 0;
    std::int64_t bytes = 0;
    QString error;
};

} // namespace

DatabaseBackup::DatabaseBackup(DatabaseSession *session, QWidget *dialogParent)
    : QObject(dialogParent)
    , m_session(session)
    , m_dialogParent(dialogParent)
    , m_action(new QAction(tr("&Back Up…"), this))
    , m_progress(dialogParent, QStringLiteral("backupProgress"))
{
    m_action->setObjectName(QStringLiteral("backUpDatabase"));
    m_action->setToolTip(tr("Copy this database to a new file, consistent, while writers go on"));
    connect(m_action, &QAction::triggered, this, &DatabaseBackup::chooseAndBackUp);
}

DatabaseBackup::~DatabaseBackup()
{
    // The worker holds its own reference to the state; it stops at its next step.
    if (m_state)
        m_state->cancel.store(true);
}

void DatabaseBackup::chooseAndBackUp()
{
    if (running())
        return;
    const bool postgres = m_session->spec().isPostgres();
    const QString filter = postgres ? tr("pg_dump archives (*.backup *.dump)")
                                    : tr("SQLite databases (*.db *.sqlite)");
    const QString path = FileChooser::getSaveFileName(
        m_dialogParent, tr("Back Up %1").arg(m_session->displayName()), QString(), filter);
    if (!path.isEmpty())
        backUpTo(path);
}

void DatabaseBackup::backUpTo(const QString &path)
{
    if (running())
        return;
    auto state = std::make_shared<State>();
    m_state = state;
    const std::string connection = m_session->connectionString();
    const bool postgres = m_session->spec().isPostgres();
    BackupOptions options;
    options.tablePrefix = m_session->spec().tablePrefix().toStdString();
    options.schema = m_session->spec().schema().toStdString();
    // A read-only tab changes nothing on disk, a checkpoint included.
    options.checkpointAfter = m_session->isWritable();
    options.onProgress = [state](const BackupProgress &progress) {
        state->done.store(progress.pagesDone);
        state->total.store(progress.pagesTotal);
        return !state->cancel.load();
    };
    const std::string destination = path.toStdString();
    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, path] {
        const Outcome outcome = watcher->result();
        watcher->deleteLater();
        if (outcome.cancelled) {
            done(false, QString());
        } else if (!outcome.ok) {
            done(false, outcome.error);
        } else {
            done(true,
                 tr("Backed up %Ln entries (%1) to %2.", nullptr, int(outcome.entries))
                     .arg(QLocale().formattedDataSize(outcome.bytes), path));
        }
    });
    watcher->setFuture(QtConcurrent::run([connection, destination, options, postgres] {
        Outcome outcome;
        try {
            const BackupResult result = postgres
                                            ? backupPostgresStore(connection, destination, options)
                                            : backupSqliteStore(connection, destination, options);
            outcome.ok = !result.cancelled;
            outcome.cancelled = result.cancelled;
            outcome.entries = result.entries;
            outcome.bytes = result.bytes;
        } catch (const std::exception &error) {
            outcome.error = QString::fromStdString(redactSecrets(error.what(), connection));
        }
        return outcome;
    }));

    BatchProgress::Job progress;
    // Pages of a SQLite copy, as the worker learns them; a pg_dump reports none and keeps the
    // busy bar.
    progress.read = [state] {
        return BatchProgress::Counts{state->done, state->total};
    };
    progress.cancel = [state] {
        state->cancel.store(true);
    };
    progress.showAfterMs = 300;
    m_progress.open(tr("Backing up %1…").arg(m_session->displayName()), std::move(progress));
}

void DatabaseBackup::cancel()
{
    if (m_state)
        m_state->cancel.store(true);
}

void DatabaseBackup::done(bool ok, const QString &message)
{
    m_state.reset();
    m_progress.close();
    if (!message.isEmpty()) {
        if (ok)
            QMessageBox::information(m_dialogParent, tr("Backup done"), message);
        else
            QMessageBox::warning(m_dialogParent, tr("Backup failed"), message);
    }
    emit finished(ok, message);
}

} // namespace kvs::ui
