// KeyTreeLoader's seek ("Go to key" without reading every earlier sibling) and the placeholder
// rows it leaves for the children it jumped over.
#include "tree/key_tree_loader.h"
#include "tree/key_tree_model.h"

#include <utility>

namespace kvs::ui {

bool KeyTreeLoader::seekChild(const QModelIndex &parent, const Key &path)
{
    KeyTreeNode *node = m_model.nodeOf(parent);
    const KeyTreeFilter &filter = m_model.filter();
    if (!m_store || filter.reverse || node->fetching || node->isGap)
        return false;
    m_sought = path;
    m_seekGap.reset();
    bool found = false;
    const std::size_t position = m_model.childPosition(*node, encodeKey(path), found);
    std::optional<Key> end = filter.end;
    if (!found && position < node->children.size() && node->children[position]->isGap) {
        // Inside a placeholder: read up to the row after it.
        m_seekGap = node->children[position];
        end = endBefore(filter, node->children[position]->gapEnd);
    }
    Key start = path;
    if (filter.start && encodeKey(path) < encodeKey(*filter.start))
        start = *filter.start;
    ChildrenOptions options;
    options.limit = m_pageSize;
    startListing(node, {node->path, start, end}, options, &KeyTreeLoader::addSeekPage);
    return true;
}

void KeyTreeLoader::addSeekPage(KeyTreeNode &node, ChildrenPage page)
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
        m_model.insertChildren(node, first, std::move(page.children));
        if (page.cursor)
            countGap(m_model.insertGap(node, first + count, std::move(page.cursor), end, true));
        m_model.nodeChanged(node);
        m_seekFound = true;
        return;
    }
    // Rows read meanwhile (a write noted in place) may overlap the page: the page is only used
    // when it starts past every row there is.
    const bool after = node.children.empty() || node.children.back()->child.encoded < sought;
    if (!after || !node.hasMore())
        return;
    const int row = static_cast<int>(node.children.size());
    countGap(m_model.insertGap(node, row, node.fetchedAny ? node.cursor : std::nullopt, m_sought));
    m_model.insertChildren(node, row + 1, std::move(page.children));
    node.cursor = std::move(page.cursor);
    node.fetchedAny = true;
    m_model.nodeChanged(node);
    m_seekFound = true;
}

void KeyTreeLoader::addGapPage(KeyTreeNode &gap, ChildrenPage page)
{
    KeyTreeNode &parent = *gap.parent;
    // The row after the placeholder is the end of the range: a reverse read never comes here,
    // so the page holds only children before it.
    const std::size_t read = page.children.size();
    m_model.insertChildren(parent, gap.row, std::move(page.children));
    if (page.cursor) {
        gap.gapCursor = std::move(page.cursor);
        gapShrank(gap, read);
        m_model.nodeChanged(gap);
    } else {
        m_model.removeChild(parent, static_cast<std::size_t>(gap.row));
    }
    m_pageParent = &parent;
}

} // namespace kvs::ui
