#pragma once

#include "tree/copy_target.h"
#include "tree/subtree_bulk_action.h"

#include <kvs/async_kvstore.h>

#include <QObject>
#include <QString>

#include <memory>
#include <string>

class QAction;
class QMenu;
class QModelIndex;
class QTreeView;

namespace kvs::ui {

class KeyTreeModel;

// What a row of the key tree offers beyond selecting it: its context menu's copy actions (key
// literal, encoded hex, list cursor) with a "Copied" note in the status bar, the keyboard
// (Ctrl+C copies the current row's key literal, Del asks to delete its key, F2 edits it) and the
// bulk actions on its subtree (Export subtree…, Delete subtree…, Import into…, Copy subtree to
// another open database), each counted,
// confirmed and run off the GUI thread by SubtreeBulkAction. Thread rule: GUI thread only.
class KeyRowActions : public QObject
{
    Q_OBJECT

public:
    // The shortcuts act on view's current row while the view has focus. Not owned: view, model.
    KeyRowActions(QTreeView *view, KeyTreeModel *model, QObject *parent = nullptr);

    // The store the bulk actions run on; writable enables the ones that write.
    void setStore(std::shared_ptr<AsyncKVStore> store, bool writable);

    // The database as the audit log names it (auditDatabaseName()), where the bulk actions
    // that write are audited.
    void setAuditDatabase(const QString &database) { m_auditDatabase = database; }

    // This database's name and the other open databases, for "Copy subtree to".
    void setCopyTargets(const QString &sourceName, CopyTargetList targets);

    // Adds the row's actions at index to menu (which the caller shows).
    void addTo(QMenu *menu, const QModelIndex &index);

    // The clipboard gets the row's key literal (an undecodable key: its hex), its encoded key
    // in hex, or its list cursor (base64); the status bar says "Copied …".
    void copyKeyLiteral(const QModelIndex &index);
    void copyEncodedHex(const QModelIndex &index);
    void copyCursor(const QModelIndex &index);

    // Starts a bulk action on the subtree at index (the whole database for an invalid index)
    // with the file path (Export, Import); the menu asks for the file first. Null when no
    // store is set or the action needs writes and the store is read-only.
    SubtreeBulkAction *
    startBulk(SubtreeBulkAction::Kind kind, const QModelIndex &index, const QString &path);

    // Copies the subtree at index (the whole database for an invalid index) to target, counted
    // and confirmed first. Null when no store is set or target is not open for writes.
    SubtreeBulkAction *startCopy(const QModelIndex &index, const CopyTarget &target);

    QAction *copyAction() const { return m_copy; }
    QAction *deleteAction() const { return m_delete; }
    QAction *editAction() const { return m_edit; }
    // The last note shown in the status bar.
    QString lastNote() const { return m_lastNote; }

signals:
    // Del / F2 on a row that holds a value: the database view asks the inspector, which shows
    // that key, to delete it (asking first) or to edit it.
    void deleteKeyRequested(const std::string &encodedKey);
    void editKeyRequested(const std::string &encodedKey);
    // A note for the status bar (also shown there when the view is in a main window).
    void noteShown(const QString &note);
    // A bulk action ended (SubtreeBulkAction::finished).
    void bulkFinished(const QString &summary, bool changedData, bool failed);

private:
    void showNote(const QString &note);
    void askFileAndStart(SubtreeBulkAction::Kind kind, const QModelIndex &index);
    QString keyText(const QModelIndex &index) const;
    // The subtree's key at index ([] for an invalid index); nullopt for a raw row.
    std::optional<Key> prefixAt(const QModelIndex &index) const;
    // Reports action's end (note, refresh, a box on failure) and starts it.
    // Starts action, audited under auditDatabase (the database it writes).
    SubtreeBulkAction *launch(SubtreeBulkAction *action, const QString &auditDatabase);
    void addCopyMenu(QMenu *menu, const QModelIndex &index, bool enabled);

    QTreeView *m_view;     // Not owned.
    KeyTreeModel *m_model; // Not owned.
    std::shared_ptr<AsyncKVStore> m_store;
    bool m_writable = false;
    QString m_sourceName;
    QString m_auditDatabase;
    CopyTargetList m_copyTargets;
    QAction *m_copy;   // Owned (child of the view).
    QAction *m_delete; // Owned (child of the view).
    QAction *m_edit;   // Owned (child of the view).
    QString m_lastNote;
};

} // namespace kvs::ui
