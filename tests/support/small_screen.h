#pragma once

// The README's screenshots show KVS Admin as it is on a 1024x700 screen (issue 31's smallest
// supported screen): the main window at the size it first takes there, and each view of a
// database tab's view tabs at the size it has inside that window. tst_window_layout checks these
// sizes against a real window on an offscreen 1024x700 screen, so that they follow the layout.

#include <QSize>

namespace kvs::test {

// The main window's first size on a 1024x700 screen (initialWindowGeometry()).
inline const QSize kWindowOnSmallScreen(1008, 652);
// A view of a database tab's view tabs (Queues, Benchmark, Tables, Watch, ...) in that window.
inline const QSize kPaneOnSmallScreen(996, 475);

} // namespace kvs::test
