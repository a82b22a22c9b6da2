#pragma once

#include <QtGlobal>

#include <string>

// The Tables view on a large kv table, for kvs-gui-bench (op tables_scroll_1m).
namespace kvs::bench {

struct TablesScroll
{
    qint64 firstPageMs = 0;  // from showing the view to its first page (count(*) included)
    qint64 showGapMs = 0;    // the GUI event loop's longest stall while the view first shows
    qint64 longestGapMs = 0; // its longest stall from the start of the drag to the end shown
    qint64 toEndMs = 0;      // from the start of the drag to the last row shown
    qint64 pagesRead = 0;    // pages the view read on its way (of rows / 200)
};

// Shows the Tables view (1000x700, offscreen unless a platform is set) on the SQLite file at path,
// waits for its first page, then drags the scroll bar from top to bottom in 60 steps of 16 ms
// while a 10 ms timer measures the event loop's stalls, and waits until the last row is shown.
// Throws kvs::Error "kvs: bench: ..." when the view fails or takes over 60 s. Requires: a
// QApplication, called on its thread.
[[nodiscard]] TablesScroll measureTablesScroll(const std::string &path);

} // namespace kvs::bench
