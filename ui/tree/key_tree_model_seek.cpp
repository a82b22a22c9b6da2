// KeyTreeModel's seek ("Go to key" without reading every earlier sibling) and the placeholder
// rows it leaves for the children it jumped over.
#include "tree/key_tree_model.h"

#include <utility>

namespace kvs::ui {

std::optional<Key> KeyTreeModel::endBefore(const Key &end) const
{
    if (m_filter.end && encodeKey(*m_filter.end) < encodeKey(end))
        return m_filter.end;
    return end;
}

bool KeyTreeModel::covers(const QModelIndex &parent, const Key &path) const
{
    const KeyTreeNode *node = nodeOf(parent);
    bool found = false;
    const std::size_t position = childPosition(*node, encodeKey(path), found);
    if (found)
        return true;
    if (position < node->children.size() && node->children[position]->isGap)
        return false; // among the children a placeholder stands for
    if (!node->hasMore())
        return true; // every child is in
    // Before the last row read, and not behind a placeholder: between two rows read in one
    // page. A reverse tree reads from the end, which this does not judge.
    return !m_filter.reverse && position < node->children.size();
}

bool KeyTreeModel::seekChild(const QModelIndex &parent, const Key &path)
{
    KeyTreeNode *node = nodeOf(parent);
    if (!m_store || m_filter.reverse || node->fetching || node->isGap)
        return false;
    m_sought = path;
    m_seekGap.reset();
    bool found = false;
    const std::size_t position = childPosition(*node, encodeKey(path), found);
    std::optional<Key> end = m_filter.end;
    if (!found && position < node->children.size() && node->children[position]->isGap) {
        // Inside a placeholder: read up to the row after it.
        m_seekGap = node->children[position];
        end = endBefore(node->children[position]->gapEnd);
    }
    Key start = path;
    if (m_filter.start && encodeKey(path) < encodeKey(*m_filter.start))
        start = *m_filter.start;
    ChildrenOptions options;
    options.limit = m_pageSize;
    startListing(node, {node->path, start, end}, options, &KeyTreeModel::addSeekPage);
    return true;
}

void KeyTreeModel::insertGap(
    KeyTreeNode &node, int row, std::optional<std::string> cursor, const Key &end, bool later)
{
    auto gap = std::make_shared<KeyTreeNode>();
    gap->parent = &node;
    gap->isGap = true;
    gap->gapCursor = std::move(cursor);
    gap->gapEnd = end;
    gap->gapEndEncoded = encodeKey(end);
    gap->gapLater = later;
    beginInsertRows(indexOf(&node), row, row);
    node.children.insert(node.children.begin() + row, std::move(gap));
    for (std::size_t i = static_cast<std::size_t>(row); i < node.children.size(); ++i)
        node.children[i]->row = static_cast<int>(i);
    endInsertRows();
    countGap(*node.children[static_cast<std::size_t>(row)]);
}

void KeyTreeModel::addSeekPage(KeyTreeNode &node, ChildrenPage page)
{
    const std::string sought = encodeKey(m_sought);
    const std::shared_ptr<KeyTreeNode> within = std::exchange(m_seekGap, {}).lock();
    const bool found = !page.children.empty() && page.children.front().encoded == sought;
    if (!found)
        return;
    if (within && within->parent == &node && within->isGap) {
        // The placeholder splits: before the key, the page, and after the page (if it ended
        // before the row that followed the placeholder).
        const Key end = within->gapEnd;
        within->gapEnd = m_sought;
        within->gapEndEncoded = sought;
        within->gapCount.reset();
        within->gapCountMore = false;
        countGap(*within);
        const int first = within->row + 1;
        const int count = static_cast<int>(page.children.size());
        insertChildren(node, first, std::move(page.children));
        if (page.cursor)
            insertGap(node, first + count, std::move(page.cursor), end, true);
        nodeChanged(node);
        m_seekFound = true;
        return;
    }
    // Rows read meanwhile (a write noted in place) may overlap the page: the page is only used
    // when it starts past every row there is.
    const bool after = node.children.empty() || node.children.back()->child.encoded < sought;
    if (!after || !node.hasMore())
        return;
    const int row = static_cast<int>(node.children.size());
    insertGap(node, row, node.fetchedAny ? node.cursor : std::nullopt, m_sought);
    insertChildren(node, row + 1, std::move(page.children));
    node.cursor = std::move(page.cursor);
    node.fetchedAny = true;
    nodeChanged(node);
    m_seekFound = true;
}

void KeyTreeModel::addGapPage(KeyTreeNode &gap, ChildrenPage page)
{
    KeyTreeNode &parent = *gap.parent;
    // The row after the placeholder is the end of the range: a reverse read never comes here,
    // so the page holds only children before it.
    const std::size_t read = page.children.size();
    insertChildren(parent, gap.row, std::move(page.children));
    if (page.cursor) {
        gap.gapCursor = std::move(page.cursor);
        gapShrank(gap, read);
        nodeChanged(gap);
    } else {
        removeChild(parent, static_cast<std::size_t>(gap.row));
    }
    m_pageParent = &parent;
}

} // namespace kvs::ui
