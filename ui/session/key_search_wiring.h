#pragma once

#include <kvs/key.h>

namespace kvs::ui {

class DatabaseView;
class KeySearchPane;
class KeyTreePane;

// Adds the Search view to a database tab: a "Search" tab beside Keys, Queues..., the action
// "Search keys…" (Ctrl+Shift+F, wherever the window's focus is) that opens it with the tree's
// selected node as the prefix (searchPrefixFor), and
// opening a found key in the tree and inspector (the tree's go-to-key). Returns the pane (owned
// by the tab's views). Thread rule: GUI thread only.
KeySearchPane *addKeySearch(DatabaseView &view);
// The prefix a search starts with: the tree's selected node, or its parent when it has no
// children (a leaf key); the empty key without a selection.
Key searchPrefixFor(const KeyTreePane &tree);

} // namespace kvs::ui
