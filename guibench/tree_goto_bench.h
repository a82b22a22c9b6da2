#pragma once

#include <kvs/async_kvstore.h>
#include <kvs/key.h>

#include <QtGlobal>

#include <memory>
#include <string>

// "Go to key" on a node with many children, through the GUI's own code (a shown KeyTreePane, as
// the app has it): ops tree_goto_10k and tree_goto_1m of kvs-gui-bench.
namespace kvs::bench {

// What one go to key took.
struct GoToMeasurement
{
    qint64 selectedMs = 0;   // from find() until the key's row is the view's current row
    qint64 longestGapMs = 0; // the longest gap between ticks of a 10 ms GUI timer meanwhile
    int rowsLoaded = 0;      // rows under the key's parent when it was selected
};

// Opens a fresh key tree pane on store and goes to key (it expands each level and selects the
// key's row). The clock and the GUI timer run from the tree's first
// read until 300 ms after the row was selected. Throws kvs::Error "kvs: bench: ..." when the key
// is not found within 60 s. Requires: a QApplication, called on its thread.
[[nodiscard]] GoToMeasurement measureGoTo(const std::shared_ptr<AsyncKVStore> &store,
                                          const Key &key);

} // namespace kvs::bench
