// KeyTreeModel's updates in place: a write or a delete changes the rows on its path, a store
// switch keeps the rows, and nothing is reset.
#include "tree/key_tree_model.h"

#include <kvs/errors.h>

#include <algorithm>
#include <functional>

namespace kvs::ui {

void KeyTreeModel::replaceStore(std::shared_ptr<AsyncKVStore> store)
{
    if (!m_store) {
        setStore(std::move(store), m_filter);
        return;
    }
    m_store = std::move(store);
    if (!m_store)
        refresh();
}

bool KeyTreeModel::inFilter(const Key &key) const
{
    const Key &prefix = m_filter.prefix;
    if (key.size() <= prefix.size() || !std::equal(prefix.begin(), prefix.end(), key.begin()))
        return false;
    const std::string encoded = encodeKey(key);
    if (m_filter.start && encoded < encodeKey(*m_filter.start))
        return false;
    return !m_filter.end || encoded < encodeKey(*m_filter.end);
}

std::size_t
KeyTreeModel::childPosition(const KeyTreeNode &node, const std::string &encoded, bool &found) const
{
    // Children are in key order (encoded bytes), descending under a reverse filter.
    const auto before = [this](const std::shared_ptr<KeyTreeNode> &child, const std::string &key) {
        if (child->isGap) // it stands for the children up to the row after it
            return child->gapEndEncoded <= key;
        return m_filter.reverse ? child->child.encoded > key : child->child.encoded < key;
    };
    const auto at = std::lower_bound(node.children.begin(), node.children.end(), encoded, before);
    found = at != node.children.end() && (*at)->child.encoded == encoded;
    return static_cast<std::size_t>(at - node.children.begin());
}

KeyTreeNode *
KeyTreeModel::insertChild(KeyTreeNode &node, std::size_t position, const Key &path, bool leaf)
{
    const int row = static_cast<int>(position);
    beginInsertRows(indexOf(&node), row, row);
    auto child = std::make_shared<KeyTreeNode>();
    child->parent = &node;
    child->path = path;
    child->child.part = path.back();
    child->child.encoded = encodeKey(path);
    child->child.hasChildren = !leaf;
    KeyTreeNode *inserted = child.get();
    node.children.insert(node.children.begin() + row, std::move(child));
    for (std::size_t i = position; i < node.children.size(); ++i)
        node.children[i]->row = static_cast<int>(i);
    endInsertRows();
    if (&node != m_root.get())
        nodeChanged(node);
    return inserted;
}

void KeyTreeModel::removeChild(KeyTreeNode &node, std::size_t position)
{
    const int row = static_cast<int>(position);
    beginRemoveRows(indexOf(&node), row, row);
    node.children.erase(node.children.begin() + row);
    for (std::size_t i = position; i < node.children.size(); ++i)
        node.children[i]->row = static_cast<int>(i);
    endRemoveRows();
    if (&node != m_root.get())
        nodeChanged(node);
}

void KeyTreeModel::nodeChanged(KeyTreeNode &node)
{
    if (&node == m_root.get())
        return; // no row of its own
    emit dataChanged(indexOf(&node, PartColumn), indexOf(&node, ColumnCount - 1));
}

void KeyTreeModel::noteKeyWritten(const std::string &encodedKey)
{
    Key key;
    try {
        key = decodeKey(encodedKey);
    } catch (const Error &) {
        return; // the editor writes decoded keys only
    }
    if (!inFilter(key))
        return;
    KeyTreeNode *node = m_root.get();
    for (std::size_t depth = m_filter.prefix.size(); depth < key.size(); ++depth) {
        const bool last = depth + 1 == key.size();
        if (!node->fetchedAny) {
            // Its children are read when it is expanded; it has some now.
            if (!node->child.hasChildren) {
                node->child.hasChildren = true;
                nodeChanged(*node);
            }
            return;
        }
        const Key path(key.begin(), key.begin() + static_cast<std::ptrdiff_t>(depth + 1));
        bool found = false;
        const std::size_t position = childPosition(*node, encodeKey(path), found);
        KeyTreeNode *child = nullptr;
        if (found) {
            child = node->children[position].get();
        } else if (position < node->children.size() && node->children[position]->isGap) {
            return; // among the children not read yet: the placeholder reads it
        } else {
            if (position == node->children.size() && node->cursor)
                return; // past the pages loaded: a later page brings it
            child = insertChild(*node, position, path, last);
        }
        if (last) {
            if (!child->child.hasValue) {
                child->child.hasValue = true;
                nodeChanged(*child);
            }
            readValueSummary(*child);
            return;
        }
        if (!child->child.hasChildren) {
            child->child.hasChildren = true;
            child->fetchedAny = false; // read its children again when expanded
            child->cursor.reset();
            nodeChanged(*child);
        }
        node = child;
    }
}

void KeyTreeModel::noteKeyDeleted(const std::string &encodedKey)
{
    // The loaded row of the key (raw keys too: an undecodable row is deleted by its bytes).
    std::vector<KeyTreeNode *> path{m_root.get()};
    std::function<bool(KeyTreeNode &)> descend = [&](KeyTreeNode &node) {
        for (const auto &child : node.children) {
            const std::string &encoded = child->child.encoded;
            if (encoded == encodedKey) {
                path.push_back(child.get());
                return true;
            }
            if (child->child.part && encodedKey.size() > encoded.size()
                && encodedKey.compare(0, encoded.size(), encoded) == 0) {
                path.push_back(child.get());
                return descend(*child);
            }
        }
        return false;
    };
    if (!descend(*m_root))
        return;
    KeyTreeNode *target = path.back();
    if (target->child.hasValue) {
        target->child.hasValue = false;
        target->child.value.reset();
        nodeChanged(*target);
    }
    // Rows left holding nothing go, from the key up.
    for (std::size_t level = path.size() - 1; level > 0; --level) {
        KeyTreeNode &node = *path[level];
        const bool empty = !node.child.hasValue
                           && (!node.child.hasChildren
                               || (node.fetchedAny && node.children.empty() && !node.cursor));
        if (!empty || node.fetching)
            return;
        removeChild(*path[level - 1], static_cast<std::size_t>(node.row));
    }
}

} // namespace kvs::ui
