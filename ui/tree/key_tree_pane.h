#pragma once

#include "tree/key_tree_filter.h"

#include <kvs/async_kvstore.h>

#include <QPersistentModelIndex>
#include <QWidget>

#include <functional>
#include <memory>

class QMenu;
class QProgressBar;
class QPushButton;
class QTreeView;

namespace kvs::ui {

class KeyRowActions;
class KeyTreeColumns;
class KeyTreeFilterBar;
class KeyTreeModel;
class MessageBanner;
class KeyPathFinder;
class OutsideRowsView;

// The left pane of a database view: the filter bar, the key tree, a busy bar with Cancel while
// listings run, and a one-line error banner (a lost connection says so here, with Retry, and
// the tree reads again once the store answers). Selecting a key emits keySelected.
// Thread rule: GUI thread only.
class KeyTreePane : public QWidget
{
    Q_OBJECT

public:
    explicit KeyTreePane(QWidget *parent = nullptr);
    ~KeyTreePane() override;

    void setStore(std::shared_ptr<AsyncKVStore> store);
    // The time the expiry countdowns count in (the store's clock; default the system's).
    void setClock(std::shared_ptr<Clock> clock);
    // Reads the tree again, keeping the filter.
    void refresh();
    // Expands the tree down to key and selects it, loading pages as needed.
    void goToKey(const Key &key);

    KeyTreeModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }
    KeyTreeFilterBar *filterBar() const { return m_filterBar; }
    // The row menu's copy, keyboard and subtree actions.
    KeyRowActions *rowActions() const { return m_rowActions; }
    KeyTreeColumns *columns() const { return m_columns; }
    // The "Rows outside the key space" node under the tree (hidden while there are none).
    OutsideRowsView *outsideRows() const { return m_outside; }
    // The banner's text (empty when hidden).
    QString errorText() const;
    // The selected node's key, if any (nullopt for none or an undecodable key).
    std::optional<Key> selectedKey() const;
    // Asked before the current row changes to another one, and before a new filter is applied
    // (an unsaved edit asks the user): false keeps the current row and filter, and
    // resumeLeave() later moves to the row (or applies the filter) asked for.
    void setLeaveGuard(std::function<bool()> guard) { m_leaveGuard = std::move(guard); }
    void resumeLeave();
    // The context menu of the row at index ("Add to transaction", then KeyRowActions'), parented
    // to the view and deleted when it closes; the view's right click pops it up.
    QMenu *rowMenu(const QModelIndex &index);
    // The current row's encoded key (undecodable keys and rows outside the key space too), if a
    // row is current.
    std::optional<std::string> currentEncodedKey() const;

signals:
    // A node was selected: its encoded key, and whether it holds a value.
    void keySelected(const std::string &encodedKey, bool hasValue);
    void selectionCleared();
    // "Add to transaction" on a row's context menu: the row's key.
    void addToTransactionRequested(const kvs::Key &key);
    // goToKey() ended: found or not (with the reason).
    void goToFinished(bool found, const QString &message);
    // A right click on no row (an empty tree, below the last row), at globalPosition: the
    // database's own menu (new key, import) is the owner's to show.
    void emptyAreaMenuRequested(const QPoint &globalPosition);

private:
    void onCurrentChanged(const QModelIndex &current, const QModelIndex &previous);
    void showRowMenu(const QPoint &position);
    void connectOutsideRows();
    void applyFilter(const KeyTreeFilter &filter);

    KeyTreeFilterBar *m_filterBar; // Owned (child widget).
    KeyTreeModel *m_model;         // Owned (child QObject).
    QTreeView *m_view;             // Owned.
    QProgressBar *m_busy;          // Owned.
    QPushButton *m_cancel;         // Owned.
    MessageBanner *m_banner;       // Owned.
    KeyPathFinder *m_finder;       // Owned (child QObject).
    KeyRowActions *m_rowActions;   // Owned (child QObject).
    KeyTreeColumns *m_columns;     // Owned (child of m_view).
    OutsideRowsView *m_outside;    // Owned.
    std::function<bool()> m_leaveGuard;
    QPersistentModelIndex m_heldBack;             // The row the guard kept the selection from.
    std::optional<KeyTreeFilter> m_pendingFilter; // The filter the guard held back (Save).
    bool m_loadFailureShown = false; // The banner says a listing failed (a page ends it).
    bool m_restoring = false;        // Putting the current row back after the guard said no.
};

} // namespace kvs::ui
