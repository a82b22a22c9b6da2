// KeyTreeLoader's placeholder rows: how many children they stand for (counted in the
// background), and reading their last page for a view that scrolls up to one.
#include "tree/key_tree_loader.h"
#include "tree/key_tree_model.h"

#include <kvs/future.h>

#include <algorithm>

namespace kvs::ui {

namespace {

// The encoded key of the row before gap: its children start after that one.
std::optional<std::string> rowBefore(const KeyTreeNode &gap)
{
    if (gap.row == 0)
        return std::nullopt;
    return gap.parent->children[static_cast<std::size_t>(gap.row - 1)]->child.encoded;
}

} // namespace

void KeyTreeLoader::countGap(KeyTreeNode &gap)
{
    if (!m_store || !gap.isGap)
        return;
    ChildrenOptions options;
    options.limit = kGapCountLimit;
    options.cursor = gap.gapCursor;
    const KeyTreeFilter &filter = m_model.filter();
    QFuture<ChildrenPage> page = m_store->listChildren(
        {gap.parent->path, filter.start, endBefore(filter, gap.gapEnd)}, options);
    m_inFlight.push_back(page);
    const std::weak_ptr<KeyTreeNode> weak = gap.parent->children[static_cast<std::size_t>(gap.row)];
    // The children the count read, up to where the placeholder ended when it was asked: a
    // placeholder that shrank meanwhile is counted again.
    kvs::then(
        page,
        this,
        [this, weak, end = gap.gapEndEncoded, cursor = gap.gapCursor, generation = m_generation](
            QFuture<ChildrenPage> done) {
            const std::shared_ptr<KeyTreeNode> node = weak.lock();
            if (generation != m_generation || !node || !node->isGap)
                return;
            if (node->gapEndEncoded != end || node->gapCursor != cursor) {
                countGap(*node);
                return;
            }
            try {
                const ChildrenPage counted = done.result();
                node->gapCount = static_cast<long long>(counted.children.size());
                node->gapCountMore = counted.cursor.has_value();
            } catch (const std::exception &) {
                return; // the row keeps saying "More children…"; reading it says why
            }
            m_model.nodeChanged(*node);
        });
}

void KeyTreeLoader::gapShrank(KeyTreeNode &gap, std::size_t read)
{
    if (!gap.gapCount)
        return; // its count is on the way, and starts over (countGap)
    if (gap.gapCountMore) {
        gap.gapCount.reset();
        gap.gapCountMore = false;
        countGap(gap);
        return;
    }
    *gap.gapCount = std::max(0LL, *gap.gapCount - static_cast<long long>(read));
}

bool KeyTreeLoader::fetchGapTail(const QModelIndex &index)
{
    KeyTreeNode *gap = m_model.nodeOf(index);
    if (!index.isValid() || !gap->isGap || !canFetchMore(index))
        return false;
    const KeyTreeFilter &filter = m_model.filter();
    ChildrenOptions options;
    options.limit = m_pageSize;
    options.reverse = true;
    startListing(gap,
                 {gap->parent->path, filter.start, endBefore(filter, gap->gapEnd)},
                 options,
                 &KeyTreeLoader::addGapTailPage);
    return true;
}

void KeyTreeLoader::addGapTailPage(KeyTreeNode &gap, ChildrenPage page)
{
    KeyTreeNode &parent = *gap.parent;
    // Descending from the row after the placeholder; only what lies after the row before it.
    const std::optional<std::string> before = rowBefore(gap);
    std::vector<KeyChild> found;
    bool reachedStart = !page.cursor.has_value();
    for (KeyChild &child : page.children) {
        if (before && !(*before < child.encoded)) {
            reachedStart = true;
            break;
        }
        found.push_back(std::move(child));
    }
    std::reverse(found.begin(), found.end());
    if (!reachedStart) {
        // The placeholder now ends at the first row read, which needs a key to end a listing:
        // undecodable rows at the start stay in it.
        while (!found.empty() && !found.front().part)
            found.erase(found.begin());
        if (found.empty()) {
            m_pageParent = &parent;
            return; // nothing that can end it: expanding it still reads it forwards
        }
    }
    const std::size_t read = found.size();
    std::optional<Key> newEnd;
    if (!reachedStart) {
        newEnd = parent.path;
        newEnd->push_back(*found.front().part);
    }
    m_model.insertChildren(parent, gap.row + 1, std::move(found));
    if (reachedStart) {
        m_model.removeChild(parent, static_cast<std::size_t>(gap.row));
    } else {
        gap.gapEnd = *newEnd;
        gap.gapEndEncoded = encodeKey(*newEnd);
        gapShrank(gap, read);
        m_model.nodeChanged(gap);
    }
    m_pageParent = &parent;
}

} // namespace kvs::ui
