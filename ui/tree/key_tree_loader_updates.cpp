// KeyTreeLoader's updates in place: a write or a delete changes the rows on its path, a store
// switch keeps the rows, and nothing is reset.
#include "tree/key_tree_loader.h"
#include "tree/key_tree_model.h"

#include <kvs/errors.h>
#include <kvs/future.h>

#include <algorithm>
#include <functional>

namespace kvs::ui {

void KeyTreeLoader::replaceStore(std::shared_ptr<AsyncKVStore> store)
{
    if (!m_store) {
        setStore(std::move(store), m_model.filter());
        return;
    }
    m_store = std::move(store);
    if (!m_store)
        refresh();
}

void KeyTreeLoader::noteKeyWritten(const std::string &encodedKey)
{
    Key key;
    try {
        key = decodeKey(encodedKey);
    } catch (const Error &) {
        return; // the editor writes decoded keys only
    }
    if (!inFilter(m_model.filter(), key))
        return;
    KeyTreeNode *node = m_model.root().get();
    for (std::size_t depth = m_model.filter().prefix.size(); depth < key.size(); ++depth) {
        const bool last = depth + 1 == key.size();
        if (!node->fetchedAny) {
            // Its children are read when it is expanded; it has some now.
            if (!node->child.hasChildren) {
                node->child.hasChildren = true;
                m_model.nodeChanged(*node);
            }
            return;
        }
        const Key path(key.begin(), key.begin() + static_cast<std::ptrdiff_t>(depth + 1));
        bool found = false;
        const std::size_t position = m_model.childPosition(*node, encodeKey(path), found);
        KeyTreeNode *child = nullptr;
        if (found) {
            child = node->children[position].get();
        } else if (position < node->children.size() && node->children[position]->isGap) {
            return; // among the children not read yet: the placeholder reads it
        } else {
            if (position == node->children.size() && node->cursor)
                return; // past the pages loaded: a later page brings it
            child = m_model.insertChild(*node, position, path, last);
        }
        if (last) {
            if (!child->child.hasValue) {
                child->child.hasValue = true;
                m_model.nodeChanged(*child);
            }
            readValueSummary(*child);
            return;
        }
        if (!child->child.hasChildren) {
            child->child.hasChildren = true;
            child->fetchedAny = false; // read its children again when expanded
            child->cursor.reset();
            m_model.nodeChanged(*child);
        }
        node = child;
    }
}

void KeyTreeLoader::noteKeyDeleted(const std::string &encodedKey)
{
    // The loaded row of the key (raw keys too: an undecodable row is deleted by its bytes).
    std::vector<KeyTreeNode *> path{m_model.root().get()};
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
    if (!descend(*m_model.root()))
        return;
    KeyTreeNode *target = path.back();
    if (target->child.hasValue) {
        target->child.hasValue = false;
        target->child.value.reset();
        m_model.nodeChanged(*target);
    }
    // Rows left holding nothing go, from the key up.
    for (std::size_t level = path.size() - 1; level > 0; --level) {
        KeyTreeNode &node = *path[level];
        const bool empty = !node.child.hasValue
                           && (!node.child.hasChildren
                               || (node.fetchedAny && node.children.empty() && !node.cursor));
        if (!empty || node.fetching)
            return;
        m_model.removeChild(*path[level - 1], static_cast<std::size_t>(node.row));
    }
}

void KeyTreeLoader::readValueSummary(KeyTreeNode &node)
{
    if (!m_store || !node.parent)
        return;
    std::weak_ptr<KeyTreeNode> weak = node.parent->children[static_cast<std::size_t>(node.row)];
    kvs::then(m_store->inspect(node.child.encoded),
              this,
              [this, weak, generation = m_generation](QFuture<std::optional<RawEntry>> done) {
                  const std::shared_ptr<KeyTreeNode> target = weak.lock();
                  if (!target || generation != m_generation || !target->child.hasValue)
                      return;
                  std::optional<ValueSummary> summary;
                  try {
                      if (const std::optional<RawEntry> entry = done.result(); entry) {
                          summary = ValueSummary{storedValueKind(entry->value),
                                                 static_cast<std::int64_t>(entry->value.size()),
                                                 entry->expiresAt};
                      }
                  } catch (const std::exception &) {
                      return; // the columns stay as they were; a refresh reads them again
                  }
                  if (target->child.value != summary) {
                      target->child.value = summary;
                      m_model.nodeChanged(*target);
                  }
              });
}

} // namespace kvs::ui
