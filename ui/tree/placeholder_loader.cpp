#include "tree/placeholder_loader.h"

#include "tree/key_tree_model.h"

#include <QScrollBar>
#include <QTimer>
#include <QTreeView>

namespace kvs::ui {

PlaceholderLoader::PlaceholderLoader(QTreeView *view, KeyTreeModel *model, QObject *parent)
    : QObject(parent)
    , m_view(view)
    , m_model(model)
{
    connect(m_view->verticalScrollBar(), &QScrollBar::valueChanged, this, [this] { schedule(); });
    // The view grew or its rows changed height: more rows may be in view.
    connect(m_view->verticalScrollBar(), &QScrollBar::rangeChanged, this, [this] { schedule(); });
    connect(m_view, &QTreeView::expanded, this, [this] { schedule(); });
    connect(m_model, &KeyTreeModel::rowsInserted, this, [this] { schedule(); });
    // Once the last page's rows are in (or its read failed, or the placeholder went).
    connect(m_model->loader(), &KeyTreeLoader::loadingChanged, this, [this] {
        if (m_anchor.isValid() && !(m_gap.isValid() && m_model->isFetching(m_gap)))
            keepAnchor();
        schedule();
    });
    connect(
        m_model, &KeyTreeModel::modelReset, this, [this] { m_anchor = QPersistentModelIndex(); });
}

void PlaceholderLoader::schedule()
{
    if (m_scheduled)
        return;
    m_scheduled = true;
    // After the view laid out what changed.
    QTimer::singleShot(0, this, [this] {
        m_scheduled = false;
        loadVisible();
    });
}

void PlaceholderLoader::loadVisible()
{
    if (m_anchor.isValid() || !m_view->isVisible())
        return; // a last page is on its way: its rows move the view first
    const int height = m_view->viewport()->height();
    for (QModelIndex index = m_view->indexAt(QPoint(1, 1)); index.isValid();
         index = m_view->indexBelow(index)) {
        const QRect rect = m_view->visualRect(index);
        if (rect.top() >= height)
            return;
        if (!index.data(KeyTreeModel::IsGapRole).toBool() || !m_model->canFetchMore(index)) {
            // The last row read of a node with more after it: its next page (the model offers
            // only first pages to the view's own fetching, which would read every page).
            const QModelIndex parent = index.parent();
            if (index.row() == m_model->rowCount(parent) - 1
                && m_model->loader()->fetchNextPage(parent))
                return; // one page at a time
            continue;
        }
        // The row after it wholly in view (the user scrolled up to it, or went to that key): its
        // last page, so that row stays put; else its first page, appearing in its place.
        const QModelIndex below = m_view->indexBelow(index);
        if (below.isValid() && m_view->visualRect(below).bottom() < height) {
            m_anchor = below;
            m_gap = index;
            m_anchorTop = m_view->visualRect(below).top();
            if (!m_model->loader()->fetchGapTail(index))
                m_anchor = QPersistentModelIndex();
        } else {
            m_model->fetchMore(index);
        }
        return; // one page at a time
    }
}

void PlaceholderLoader::keepAnchor()
{
    if (!m_anchor.isValid())
        return;
    const QModelIndex anchor = m_anchor;
    m_anchor = QPersistentModelIndex();
    // Puts the anchor at the top, then scrolls back up by its place before the page came.
    m_view->scrollTo(anchor, QAbstractItemView::PositionAtTop);
    QScrollBar *bar = m_view->verticalScrollBar();
    const int offset = m_view->visualRect(anchor).top() - m_anchorTop;
    if (m_view->verticalScrollMode() == QAbstractItemView::ScrollPerPixel) {
        bar->setValue(bar->value() + offset);
    } else {
        const int rowHeight = std::max(1, m_view->visualRect(anchor).height());
        bar->setValue(bar->value() + offset / rowHeight);
    }
}

} // namespace kvs::ui
