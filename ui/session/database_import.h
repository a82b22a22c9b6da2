#pragma once

#include <QObject>
#include <QString>

class QAction;
class QMenu;
class QWidget;

namespace kvs::ui {

class KeyRowActions;
class SubtreeBulkAction;

// "Import…" of a database tab: a file of `kvs export` written into the database at the keys the
// file names, counted and confirmed first (SubtreeBulkAction through the tree's row actions), so
// that a new, empty database can be filled from the GUI. The action is enabled while writes are
// allowed; the File menu and the empty tree's menu offer it. Thread rule: GUI thread only.
class DatabaseImport : public QObject
{
    Q_OBJECT

public:
    // rows: the tree's row actions, whose store the import writes to (not owned; it outlives
    // this object). dialogParent: where the file dialog shows.
    DatabaseImport(KeyRowActions *rows, QWidget *dialogParent);

    QAction *action() const { return m_action; }
    // Enables the action (writes allowed).
    void setWritable(bool writable);
    // Imports path (asks first, with the count). Null when writes are not allowed.
    SubtreeBulkAction *importFrom(const QString &path);
    // The menu of an empty tree (or the space below its rows): newKey, then Import…; deleted
    // when it closes. The caller shows it.
    QMenu *emptyTreeMenu(QAction *newKey, QWidget *parent) const;

private:
    void chooseAndImport();

    KeyRowActions *m_rows;   // Not owned.
    QWidget *m_dialogParent; // Not owned.
    QAction *m_action;       // Owned (child).
};

} // namespace kvs::ui
