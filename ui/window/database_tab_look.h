#pragma once

#include <QString>

class QTabWidget;

namespace kvs::ui {

class DatabaseView;

// How a database's tab and the window's title show it: its icon (a warning while offline), its
// title ("(offline)" beside it), and on a production tab the connection's colour (a swatch and
// the title's colour) and the word "production" in the tab, "[production]" at the start of the
// window title. Thread rule: GUI thread only.

// Sets the icon, text and text colour of view's tab in tabs (nothing when it is not there).
void updateDatabaseTab(QTabWidget *tabs, DatabaseView *view);
// The window title while view is the current tab.
[[nodiscard]] QString windowTitleFor(const DatabaseView *view);

} // namespace kvs::ui
