#pragma once

#include "common/window_frame.h"

#include <QRect>
#include <QSize>

class QWidget;

namespace kvs::ui {

// Where the first window goes on a screen: its preferred size where the screen has room, else
// as much as the screen's available geometry (less the window manager's frame, which is not
// known before the window shows) allows, centred. Remembering the user's size is the session's.

// The preferred size of the main window (a 1280x800 screen shows it whole).
inline constexpr QSize kPreferredWindowSize{1180, 760};

// The window's geometry (without its frame) inside available, a screen's available geometry.
[[nodiscard]] QRect initialWindowGeometry(const QRect &available,
                                          QSize preferred = kPreferredWindowSize);
// Sizes and moves window (not shown yet) to initialWindowGeometry() on its screen.
void placeOnItsScreen(QWidget &window);

} // namespace kvs::ui
