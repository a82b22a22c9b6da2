#include "tree/key_tree_merge.h"

#include "tree/key_tree_model.h"

#include <kvs/key.h>

#include <algorithm>
#include <utility>

namespace kvs::ui {

namespace {

// keep is encoded's row or lies below it.
bool onPathOf(const std::string &keep, const KeyTreeNode &row)
{
    const std::string &encoded = row.child.encoded;
    if (keep.empty() || keep.size() < encoded.size())
        return false;
    if (!row.child.part)
        return keep == encoded; // an undecodable key has no rows below it
    return keep.compare(0, encoded.size(), encoded) == 0;
}

// a comes before b in the tree's order (descending when reverse).
bool treeBefore(bool reverse, const std::string &a, const std::string &b)
{
    return reverse ? b < a : a < b;
}

bool inRange(bool reverse, const KeyTreeModel::ChildRange &range, const std::string &encoded)
{
    if (range.first) {
        if (range.firstIncluded ? treeBefore(reverse, encoded, *range.first)
                                : !treeBefore(reverse, *range.first, encoded))
            return false;
    }
    return !range.last || !treeBefore(reverse, *range.last, encoded);
}

} // namespace

KeyTreeMerge::KeyTreeMerge(KeyTreeModel &model)
    : m_model(model)
{}

void KeyTreeMerge::updateMarks(KeyTreeNode &row, const KeyChild &fresh, const std::string &keep)
{
    bool changed = false;
    if (row.child.hasValue != fresh.hasValue) {
        row.child.hasValue = fresh.hasValue;
        changed = true;
    }
    if (row.child.value != fresh.value) {
        row.child.value = fresh.value;
        changed = true;
    }
    const bool keepBelow = onPathOf(keep, row) && keep != row.child.encoded;
    if (row.child.hasChildren != fresh.hasChildren && !row.fetching && !keepBelow) {
        row.child.hasChildren = fresh.hasChildren;
        if (!fresh.hasChildren && !row.children.empty())
            m_model.removeRun(row, 0, static_cast<int>(row.children.size()) - 1);
        if (row.children.empty()) {
            // Read again from the start when it is expanded.
            row.fetchedAny = false;
            row.cursor.reset();
            row.failed = false;
        }
        changed = true;
    }
    if (changed)
        m_model.nodeChanged(row);
}

void KeyTreeMerge::fixBoundaries(KeyTreeNode &node)
{
    // A placeholder reads from just after the row before it: that row may have gone.
    for (std::size_t i = 0; i < node.children.size(); ++i) {
        KeyTreeNode &gap = *node.children[i];
        if (!gap.isGap)
            continue;
        std::optional<std::string> cursor;
        if (i > 0 && !node.children[i - 1]->isGap)
            cursor = encodeCursor(node.children[i - 1]->child.encoded);
        if (gap.gapCursor != cursor)
            gap.gapCursor = std::move(cursor);
    }
    if (!node.cursor)
        return;
    // The next page starts after the last row read: that row may have gone too.
    if (!node.children.empty() && node.children.back()->isGap) {
        // Nothing read after the placeholder is left: the next page reads its children.
        node.cursor = node.children.back()->gapCursor;
        m_model.removeRun(node,
                          static_cast<int>(node.children.size()) - 1,
                          static_cast<int>(node.children.size()) - 1);
    }
    if (node.children.empty() || !node.cursor) {
        node.cursor.reset();
        node.fetchedAny = false; // read from the start when asked
        return;
    }
    node.cursor = encodeCursor(node.children.back()->child.encoded);
}

bool KeyTreeMerge::apply(const QModelIndex &index,
                         const KeyTreeModel::ChildRange &range,
                         const std::vector<KeyChild> &fresh,
                         const std::string &keep)
{
    KeyTreeNode &node = *m_model.nodeOf(index);
    const bool reverse = m_model.filter().reverse;
    if (node.isGap || !node.fetchedAny)
        return false;
    const auto freshBefore = [reverse](const KeyChild &child, const std::string &key) {
        return treeBefore(reverse, child.encoded, key);
    };
    const auto inFresh = [&](const std::string &encoded) {
        const auto at = std::lower_bound(fresh.begin(), fresh.end(), encoded, freshBefore);
        return at != fresh.end() && at->encoded == encoded;
    };
    bool held = false;
    bool removed = false;
    // The rows of the range that went, from the back, in runs.
    std::size_t begin = 0;
    if (range.first) {
        bool found = false;
        begin = m_model.childPosition(node, *range.first, found);
        if (begin > 0)
            --begin; // a placeholder's end compares equal: look one row before too
    }
    std::vector<std::size_t> gone;
    for (std::size_t i = begin; i < node.children.size(); ++i) {
        const KeyTreeNode &row = *node.children[i];
        if (row.isGap)
            continue;
        if (!inRange(reverse, range, row.child.encoded)) {
            if (range.last && treeBefore(reverse, *range.last, row.child.encoded))
                break; // past the range
            continue;
        }
        if (inFresh(row.child.encoded))
            continue;
        if (onPathOf(keep, row)) {
            held = true;
            continue;
        }
        gone.push_back(i);
    }
    for (std::size_t j = gone.size(); j > 0;) {
        std::size_t first = j - 1;
        while (first > 0 && gone[first - 1] + 1 == gone[first])
            --first;
        m_model.removeRun(node, static_cast<int>(gone[first]), static_cast<int>(gone[j - 1]));
        removed = true;
        j = first;
    }
    // New rows, in runs of neighbours that go to the same place; then marks of the rows kept.
    struct Run
    {
        std::size_t position;
        std::vector<KeyChild> rows;
    };
    std::vector<Run> runs;
    for (const KeyChild &child : fresh) {
        if (!inRange(reverse, range, child.encoded))
            continue;
        bool found = false;
        const std::size_t position = m_model.childPosition(node, child.encoded, found);
        if (found) {
            updateMarks(*node.children[position], child, keep);
            continue;
        }
        if (position < node.children.size() && node.children[position]->isGap)
            continue; // the placeholder reads it when expanded
        if (position == node.children.size() && node.cursor)
            continue; // past the pages read: a later page brings it
        if (runs.empty() || runs.back().position != position)
            runs.push_back({position, {}});
        runs.back().rows.push_back(child);
    }
    for (auto run = runs.rbegin(); run != runs.rend(); ++run)
        m_model.insertChildren(node, static_cast<int>(run->position), std::move(run->rows));
    if (removed)
        fixBoundaries(node);
    if (removed || !runs.empty()) {
        const bool any = !node.children.empty() || node.hasMore();
        if (&node != m_model.root().get() && node.fetchedAny)
            node.child.hasChildren = any;
        m_model.nodeChanged(node);
    }
    return held;
}

} // namespace kvs::ui
