#pragma once

#include <kvs/key.h>

namespace kvs::ui {

class DatabaseView;
class KeyTreePane;
class SearchView;

// Adds the Search view to a database tab: a "Search" tab beside Keys, Queues... with its two
// modes (keys, values), the action "Search keys…" (Ctrl+Shift+F, wherever the window's focus
// is) that opens it with the tree's selected node as the prefix (searchPrefixFor), the values
// mode's prefix following the tree until the user types one, and opening a found key in the
// tree and inspector (the tree's go-to-key). Returns the view (owned by the tab's views).
// Thread rule: GUI thread only.
SearchView *addKeySearch(DatabaseView &view);
// The prefix a search starts with: the tree's selected node, or its parent when it has no
// children (a leaf key); the empty key without a selection.
Key searchPrefixFor(const KeyTreePane &tree);

} // namespace kvs::ui
