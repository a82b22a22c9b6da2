#pragma once

namespace kvs::ui {

class DatabaseView;
class KeySearchPane;

// Adds the Search view to a database tab: a "Search" tab beside Keys, Queues..., the action
// "Search keys…" (Ctrl+Shift+F) that opens it with the tree's selected node as the prefix, and
// opening a found key in the tree and inspector (the tree's go-to-key). Returns the pane (owned
// by the tab's views). Thread rule: GUI thread only.
KeySearchPane *addKeySearch(DatabaseView &view);

} // namespace kvs::ui
