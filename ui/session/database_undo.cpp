#include "session/database_undo.h"

#include "common/audited_job.h"
#include "preferences/preference_keys.h"
#include "session/database_session.h"
#include "session/recently_deleted_dialog.h"
#include "session/undo_conflict_dialog.h"

#include <kvs/audit_log.h>
#include <kvs/future.h>

#include <QAction>
#include <QSettings>
#include <QtConcurrent>

#include <map>
#include <mutex>

namespace kvs::ui {

namespace {

constexpr std::size_t kBatchKeys = 1000; // a revert over more keys runs in batches (applyRevert)

// One journal per database file in this process, shared by the tabs that open the database:
// two objects on one file would each think their stacks are the file's.
std::shared_ptr<UndoJournal>
sharedJournal(const std::string &path, UndoJournalBounds bounds, std::shared_ptr<Clock> clock)
{
    static std::mutex mutex;
    static std::map<std::string, std::weak_ptr<UndoJournal>> journals;
    std::lock_guard lock(mutex);
    if (std::shared_ptr<UndoJournal> open = journals[path].lock())
        return open;
    auto journal = std::make_shared<UndoJournal>(path, bounds, std::move(clock));
    journals[path] = journal;
    return journal;
}

struct OpenedJournal
{
    std::shared_ptr<UndoJournal> journal;
    QString error;
};

struct Planned
{
    RevertPlan plan;
    QString error;
};

} // namespace

DatabaseUndo::DatabaseUndo(DatabaseSession *session, QWidget *dialogParent)
    : QObject(dialogParent)
    , m_session(session)
    , m_dialogParent(dialogParent)
    , m_undo(new QAction(tr("&Undo"), this))
    , m_redo(new QAction(tr("&Redo"), this))
    , m_progress(dialogParent, QStringLiteral("undoProgress"))
{
    m_undo->setObjectName(QStringLiteral("undo"));
    m_redo->setObjectName(QStringLiteral("redo"));
    connect(m_undo, &QAction::triggered, this, &DatabaseUndo::undo);
    connect(m_redo, &QAction::triggered, this, &DatabaseUndo::redo);
    connect(m_session, &DatabaseSession::storeChanged, this, &DatabaseUndo::onStoreChanged);
    updateActions();
}

DatabaseUndo::~DatabaseUndo()
{
    // A revert still running stops after its batch; its worker holds what it needs.
    if (m_batches)
        m_batches->cancel.store(true);
}

UndoConflictDialog *DatabaseUndo::conflictDialog() const
{
    return m_dialog;
}

QString DatabaseUndo::labelText(const std::string &label)
{
    if (label == "edit")
        return tr("Edit");
    if (label == "new-key")
        return tr("New Key");
    if (label == "delete" || label == "delete-raw")
        return tr("Delete");
    if (label == "expiry")
        return tr("Expiry Change");
    if (label == "increment")
        return tr("Increment");
    if (label == "transaction")
        return tr("Transaction Commit");
    if (label == "search-delete")
        return tr("Delete of Search Results");
    if (label == "search-expiry")
        return tr("Expiry Change of Search Results");
    return QString::fromStdString(label);
}

void DatabaseUndo::onStoreChanged(const std::shared_ptr<AsyncKVStore> &store, bool writable)
{
    const quint64 generation = ++m_generation;
    m_subscription.reset();
    m_journal.reset();
    updateActions();
    emit journalChanged();
    const QSettings settings;
    UndoJournalBounds bounds;
    bounds.maxBytes = std::int64_t(prefs::undoJournalMegabytes(settings)) * 1024 * 1024;
    bounds.maxAgeMs = std::int64_t(prefs::undoJournalDays(settings)) * 24 * 60 * 60 * 1000;
    const std::string database = m_session->auditDatabaseName().toStdString();
    // The bin lists on any tab; it is given to the store (subtree deletes keep what they remove)
    // only with the journal, under the same switch.
    m_bin = std::make_shared<RecycleBin>(
        RecycleBin::defaultFolder(), database, bounds, m_session->clock());
    if (!store || !writable || store->isReadOnly() || !prefs::undoJournalEnabled(settings))
        return;
    setRecycleBin(store, m_bin);
    const std::string path = undoJournalPath(database);
    // The file is read on a worker: a journal may hold up to its size bound.
    QFuture<OpenedJournal> opened = QtConcurrent::run([path, bounds, clock = m_session->clock()]() {
        OpenedJournal result;
        try {
            result.journal = sharedJournal(path, bounds, clock);
        } catch (const std::exception &error) {
            result.error = QString::fromStdString(error.what());
        }
        return result;
    });
    kvs::then(opened, this, [this, generation, store](const OpenedJournal &result) {
        if (generation != m_generation)
            return;
        if (!result.journal) {
            emit finished(false, tr("Undo is off for this tab: %1").arg(result.error));
            return;
        }
        m_journal = result.journal;
        setUndoJournal(store, m_journal);
        m_subscription = m_journal->subscribe([self = QPointer<DatabaseUndo>(this)] {
            // On the thread that changed the journal: the actions are updated on this one.
            QMetaObject::invokeMethod(
                self,
                [self] {
                    if (self)
                        self->updateActions();
                },
                Qt::QueuedConnection);
        });
        updateActions();
        emit journalChanged();
    });
}

RecentlyDeletedDialog *DatabaseUndo::showRecentlyDeleted()
{
    const std::shared_ptr<AsyncKVStore> store = m_session->store();
    const bool writable = store && m_session->isWritable() && recycleBinOf(*store) == m_bin;
    auto *dialog = new RecentlyDeletedDialog(writable ? store : nullptr, m_bin, m_dialogParent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &RecentlyDeletedDialog::restored, this, [this](bool ok) {
        if (ok)
            emit finished(true, tr("Restored from the recycle bin."));
    });
    dialog->open();
    return dialog;
}

void DatabaseUndo::undo()
{
    start(UndoEntryKind::Undo);
}

void DatabaseUndo::redo()
{
    start(UndoEntryKind::Redo);
}

void DatabaseUndo::start(UndoEntryKind kind)
{
    const std::shared_ptr<AsyncKVStore> store = m_session->store();
    if (m_running || !m_journal || !store || undoJournalOf(*store) != m_journal)
        return;
    const std::optional<UndoStep> step
        = kind == UndoEntryKind::Undo ? m_journal->nextUndo() : m_journal->nextRedo();
    if (!step) {
        emit finished(
            false, kind == UndoEntryKind::Undo ? tr("Nothing to undo.") : tr("Nothing to redo."));
        return;
    }
    m_running = true;
    updateActions();
    QFuture<Planned> planned = QtConcurrent::run([store, step = *step]() {
        Planned result;
        try {
            result.plan = planRevert(*store, step);
        } catch (const std::exception &error) {
            result.error = QString::fromStdString(error.what());
        }
        return result;
    });
    kvs::then(planned, this, [this, store, kind](const Planned &result) {
        if (!result.error.isEmpty()) {
            done(false, tr("Not undone: %1").arg(result.error));
            return;
        }
        if (result.plan.allMatch()) {
            apply(store, result.plan, kind);
            return;
        }
        auto *dialog = new UndoConflictDialog(result.plan,
                                              labelText(result.plan.step.label),
                                              kind == UndoEntryKind::Redo,
                                              m_dialogParent);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        m_dialog = dialog;
        connect(
            dialog, &QDialog::finished, this, [this, store, kind, plan = result.plan](int answer) {
                if (answer == QDialog::Accepted)
                    apply(store, plan, kind);
                else
                    done(false, tr("Nothing was reverted."));
            });
        dialog->open();
    });
}

void DatabaseUndo::apply(const std::shared_ptr<AsyncKVStore> &store,
                         const RevertPlan &plan,
                         UndoEntryKind kind)
{
    const bool redo = kind == UndoEntryKind::Redo;
    const QString label = labelText(plan.step.label);
    AuditRecord record{
        redo ? "redo" : "undo", m_session->auditDatabaseName().toStdString(), {}, plan.step.label};
    const std::size_t matching = plan.matching();
    std::shared_ptr<Batches> batches;
    if (matching > kBatchKeys) {
        batches = std::make_shared<Batches>();
        batches->afterBatch = m_afterBatch;
        m_batches = batches;
        BatchProgress::Job progress;
        progress.total = std::int64_t(matching);
        progress.read = [batches] {
            return BatchProgress::Counts{std::int64_t(batches->done)};
        };
        progress.cancel = [batches] {
            batches->cancel.store(true);
        };
        progress.stopping = tr("Stopping after the current batch of 1,000 keys…");
        m_progress.open(redo ? tr("Redoing %1…").arg(label) : tr("Undoing %1…").arg(label),
                        std::move(progress));
    }
    auto job = runAudited<RevertOutcome>(
        std::move(record),
        std::int64_t(matching),
        AuditPolicy::Required,
        [store, plan, kind, batches](AuditedAction &audit) {
            RevertProgress progress;
            if (batches) {
                progress = [batches](std::size_t done, std::size_t) {
                    batches->done.store(done);
                    if (batches->afterBatch)
                        batches->afterBatch(done);
                    return !batches->cancel.load();
                };
            }
            const RevertOutcome outcome = applyRevert(*store, plan, kind, progress);
            (void)audit.end(!outcome.ok         ? AuditOutcome::Failed
                            : outcome.cancelled ? AuditOutcome::Cancelled
                                                : AuditOutcome::Done,
                            std::int64_t(plan.keys.size()),
                            std::int64_t(outcome.reverted),
                            outcome.ok ? std::string() : "a key changed after it was read");
            return outcome;
        });
    kvs::then(job, this, [this, label, redo](const Audited<RevertOutcome> &result) {
        m_progress.close();
        m_batches.reset();
        if (!result.error.isEmpty()) {
            done(false, (redo ? tr("Not redone: %1") : tr("Not undone: %1")).arg(result.error));
            return;
        }
        const RevertOutcome &outcome = result.value;
        if (!outcome.ok && outcome.reverted == 0) {
            done(false,
                 redo ? tr("Not redone: a key changed while it was read; nothing was written.")
                      : tr("Not undone: a key changed while it was read; nothing was written."));
            return;
        }
        const bool part = outcome.left > 0;
        QString message
            = redo
                  ? (part ? tr("Redid part of %1: %Ln key(s) written again.",
                               nullptr,
                               int(outcome.reverted))
                          : tr("Redid %1: %Ln key(s) written again.",
                               nullptr,
                               int(outcome.reverted)))
                        .arg(label)
                  : (part
                         ? tr("Undid part of %1: %Ln key(s) changed back.",
                              nullptr,
                              int(outcome.reverted))
                         : tr("Undid %1: %Ln key(s) changed back.", nullptr, int(outcome.reverted)))
                        .arg(label);
        if (outcome.skipped > 0)
            message += QLatin1Char(' ')
                       + tr("%Ln key(s) that changed since were left alone.",
                            nullptr,
                            int(outcome.skipped));
        if (part) {
            const QString stopped = outcome.cancelled
                                        ? tr("Cancelled.")
                                        : tr("Stopped at a key that changed after it was read.");
            message
                += QLatin1Char(' ') + stopped + QLatin1Char(' ')
                   + (redo ? tr(
                          "%Ln key(s) left: Redo goes on with them.", nullptr, int(outcome.left))
                           : tr("%Ln key(s) left: Undo goes on with them.",
                                nullptr,
                                int(outcome.left)));
        }
        done(outcome.ok, message);
    });
}

void DatabaseUndo::done(bool ok, const QString &message)
{
    m_running = false;
    updateActions();
    emit finished(ok, message);
}

void DatabaseUndo::updateActions()
{
    const std::optional<UndoStep> undo = m_journal ? m_journal->nextUndo() : std::nullopt;
    const std::optional<UndoStep> redo = m_journal ? m_journal->nextRedo() : std::nullopt;
    m_undo->setEnabled(undo && !m_running);
    m_redo->setEnabled(redo && !m_running);
    m_undo->setText(undo ? tr("&Undo %1").arg(labelText(undo->label)) : tr("&Undo"));
    m_redo->setText(redo ? tr("&Redo %1").arg(labelText(redo->label)) : tr("&Redo"));
    const QString off
        = tr("Undo needs writes allowed and the undo journal on (Preferences ▸ Undo).");
    m_undo->setToolTip(m_journal ? QString() : off);
    m_redo->setToolTip(m_journal ? QString() : off);
}

} // namespace kvs::ui
