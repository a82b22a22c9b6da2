#pragma once

#include <kvs/key_tree.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kvs::ui {

// One node of KeyTreeModel: a key prefix and what is known of its children. The model owns the
// root; a node owns its children, shared so that a listing in flight holds a weak reference and
// drops its page when the node is gone (refresh, new filter). GUI thread only.
struct KeyTreeNode
{
    KeyTreeNode *parent = nullptr; // Not owned; nullptr for the root.
    int row = 0;                   // Index in parent->children.
    Key path;                      // The node's key ([] or the filter's prefix for the root).
    KeyChild child;                // Its part and marks, as the parent's listing found it.
    std::vector<std::shared_ptr<KeyTreeNode>> children;
    std::optional<std::string> cursor; // Where the next page starts.
    bool fetchedAny = false;           // At least one page arrived.
    bool fetching = false;             // A page is being read.
    bool failed = false; // The last read failed: no automatic retry (a view would loop on it).
    // KeyTreeModel's change epoch when its children were last read from the start (first page or
    // a live refresh): older than the model's, they may be out of date.
    std::uint64_t readEpoch = 0;

    // A placeholder row, not a key: the parent's children between the row before it and the
    // row after it, not read yet ("Go to key" jumped over them). Expanding it reads them.
    bool isGap = false;
    std::optional<std::string> gapCursor; // Where its listing starts (nullopt: the start).
    Key gapEnd;                           // The key of the row after it: its listing ends there.
    std::string gapEndEncoded;            // encodeKey(gapEnd)
    bool gapLater = false;                // after the key gone to ("later"), else "earlier"
    std::optional<long long> gapCount;    // the children it stands for, once counted
    bool gapCountMore = false;            // more than gapCount: the count stopped there

    bool hasMore() const
    {
        return isGap || (child.hasChildren && (!fetchedAny || cursor.has_value()));
    }
};

} // namespace kvs::ui
