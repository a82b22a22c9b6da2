// KeyTreeModel's record of what is loaded, for the live refresh (KeyTreeLiveRefresh): the spans
// of rows read between placeholders, and which nodes were read before the last commit elsewhere.
#include "tree/key_tree_model.h"

namespace kvs::ui {

std::vector<KeyTreeModel::LoadedSpan> KeyTreeModel::loadedSpans(const QModelIndex &index) const
{
    const KeyTreeNode &node = *nodeOf(index);
    std::vector<LoadedSpan> spans;
    if (node.isGap || !node.fetchedAny)
        return spans;
    // Runs of rows between placeholders. A run after a placeholder starts at the key the
    // placeholder ends before; the last run ends at the node's end unless more pages remain.
    std::optional<Key> start;
    const KeyTreeNode *lastRow = nullptr;
    for (const auto &child : node.children) {
        if (child->isGap) {
            if (lastRow)
                spans.push_back({start, lastRow->child.encoded});
            start = child->gapEnd;
            lastRow = nullptr;
            continue;
        }
        lastRow = child.get();
    }
    if (node.cursor) {
        if (lastRow)
            spans.push_back({start, lastRow->child.encoded});
    } else {
        // Every child to the end is read (after a last placeholder too: the rows there went).
        spans.push_back({start, std::nullopt});
    }
    return spans;
}

bool KeyTreeModel::isStale(const QModelIndex &index) const
{
    const KeyTreeNode &node = *nodeOf(index);
    return node.fetchedAny && !node.isGap && node.readEpoch < m_epoch;
}

void KeyTreeModel::markStale(const QModelIndex &index)
{
    nodeOf(index)->readEpoch = 0;
}

void KeyTreeModel::markFresh(const QModelIndex &index)
{
    nodeOf(index)->readEpoch = m_epoch;
}

} // namespace kvs::ui
