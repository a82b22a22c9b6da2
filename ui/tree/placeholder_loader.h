#pragma once

#include <QObject>
#include <QPersistentModelIndex>

class QTreeView;

namespace kvs::ui {

class KeyTreeModel;

// Reads a key tree's placeholder rows ("Go to key" jumped over their children) when they scroll
// into view: one whose next row is in view too reads its last page, inserted after it while that
// row keeps its place on screen (the user scrolled up to it, or went to that key); one at the
// bottom edge reads its first page, in its place (the user scrolled down to it). A page at a
// time: the next when a placeholder is still in view after the page came. It also reads a node's
// next page when the node's last row read is in view (the model leaves that to it:
// KeyTreeLoader::setNextPagesOnDemand). Only while the view is shown. Thread rule: GUI thread
// only.
class PlaceholderLoader : public QObject
{
    Q_OBJECT

public:
    // Not owned; both outlive this (make it their child).
    PlaceholderLoader(QTreeView *view, KeyTreeModel *model, QObject *parent = nullptr);

private:
    void schedule();
    void loadVisible();
    void keepAnchor();

    QTreeView *m_view;
    KeyTreeModel *m_model;
    bool m_scheduled = false;
    // The row below a placeholder whose last page is being read, and its place in the viewport.
    QPersistentModelIndex m_anchor;
    QPersistentModelIndex m_gap;
    int m_anchorTop = 0;
};

} // namespace kvs::ui
