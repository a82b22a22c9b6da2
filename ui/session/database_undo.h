#pragma once

#include "common/batch_progress.h"

#include <kvs/async_kvstore.h>
#include <kvs/recycle_bin.h>
#include <kvs/undo_journal.h>
#include <kvs/undo_step.h>

#include <QObject>
#include <QPointer>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

class QAction;
class QProgressDialog;
class QWidget;

namespace kvs::ui {

class DatabaseSession;
class RecentlyDeletedDialog;
class UndoConflictDialog;

// Edit ▸ Undo and Redo of a database tab (issue 42). While writes are allowed and the journal is
// on (Preferences ▸ Undo), the tab's store gets the database's undo journal
// (kvs/undo_journal.h, one per database, shared by the tabs that open it), which the views'
// writes feed (kvs/undo_step.h: commitStep()). Undo reverts the journal's last step only where
// every key still holds what this app wrote, as one checked atomic(); otherwise it shows what
// each key holds now and asks (UndoConflictDialog). Redo goes forward under the same rule. The
// reads and the revert run on workers, audited ("undo", "redo"). A step over 1,000 keys is
// reverted in batches of 1,000 with a progress dialog whose Cancel stops after the current
// batch: what was reverted stays reverted (on the redo stack), the rest stays on the undo stack
// as the next Undo (kvs/undo_step.h: applyRevert()). A read-only tab offers neither.
// Thread rule: GUI thread only.
class DatabaseUndo : public QObject
{
    Q_OBJECT

public:
    // session: the tab's (not owned; it outlives this object). dialogParent: where questions show.
    DatabaseUndo(DatabaseSession *session, QWidget *dialogParent);
    ~DatabaseUndo() override;

    QAction *undoAction() const { return m_undo; }
    QAction *redoAction() const { return m_redo; }
    // The journal the tab's store writes to; null: none (read-only, off, or still opening).
    const std::shared_ptr<UndoJournal> &journal() const { return m_journal; }
    bool running() const { return m_running; }
    // The question shown now, or null.
    UndoConflictDialog *conflictDialog() const;
    // The progress of a revert in batches while it runs, or null.
    QProgressDialog *progressDialog() const { return m_progress.dialog(); }

    // Tests only: called on the worker after each batch of a revert in batches, with the keys
    // changed back so far; a test holds the revert there.
    void setAfterBatchHook(std::function<void(std::size_t done)> hook)
    {
        m_afterBatch = std::move(hook);
    }

    // The recycle bin of this tab's database (kvs/recycle_bin.h): attached to the store while
    // writes are allowed and the journal is on, so a subtree delete keeps what it removes first.
    const std::shared_ptr<RecycleBin> &recycleBin() const { return m_bin; }
    // Edit ▸ Recently Deleted…: shows the recycle bin's items (restore only while writable).
    RecentlyDeletedDialog *showRecentlyDeleted();

    // What a step's label ("edit", "transaction") says in the menu ("Edit", "Transaction").
    static QString labelText(const std::string &label);

    void undo();
    void redo();

signals:
    // The journal was attached to the tab's store (or detached: null).
    void journalChanged();
    // An undo or redo ended; message says what it did or why not.
    void finished(bool ok, const QString &message);

private:
    void onStoreChanged(const std::shared_ptr<AsyncKVStore> &store, bool writable);
    void start(UndoEntryKind kind);
    void
    apply(const std::shared_ptr<AsyncKVStore> &store, const RevertPlan &plan, UndoEntryKind kind);
    void done(bool ok, const QString &message);
    void updateActions();

    // What the worker of a revert in batches and the GUI share.
    struct Batches
    {
        std::atomic<std::size_t> done{0};
        std::atomic<bool> cancel{false};
        std::function<void(std::size_t done)> afterBatch; // set before the worker starts
    };

    DatabaseSession *m_session; // Not owned.
    QWidget *m_dialogParent;    // Not owned.
    QAction *m_undo;            // Owned (child).
    QAction *m_redo;            // Owned (child).
    std::shared_ptr<UndoJournal> m_journal;
    std::shared_ptr<RecycleBin> m_bin;
    std::shared_ptr<void> m_subscription; // the journal's changes update the actions
    QPointer<UndoConflictDialog> m_dialog;
    BatchProgress m_progress;           // Of the revert in batches running now.
    std::shared_ptr<Batches> m_batches; // Of the revert in batches running now.
    std::function<void(std::size_t done)> m_afterBatch;
    quint64 m_generation = 0; // Of the latest store: a journal opened for an older one is dropped.
    bool m_running = false;
};

} // namespace kvs::ui
