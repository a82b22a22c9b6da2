#pragma once

#include <kvs/async_kvstore.h>
#include <kvs/recycle_bin.h>
#include <kvs/undo_journal.h>
#include <kvs/undo_step.h>

#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>

class QAction;
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
// reads and the revert run on workers, audited ("undo", "redo"). A read-only tab offers neither.
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

    DatabaseSession *m_session; // Not owned.
    QWidget *m_dialogParent;    // Not owned.
    QAction *m_undo;            // Owned (child).
    QAction *m_redo;            // Owned (child).
    std::shared_ptr<UndoJournal> m_journal;
    std::shared_ptr<RecycleBin> m_bin;
    std::shared_ptr<void> m_subscription; // the journal's changes update the actions
    QPointer<UndoConflictDialog> m_dialog;
    quint64 m_generation = 0; // Of the latest store: a journal opened for an older one is dropped.
    bool m_running = false;
};

} // namespace kvs::ui
