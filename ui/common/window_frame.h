#pragma once

#include <QRect>
#include <QSize>

namespace kvs::ui {

// Room left for a window manager's frame around a top-level window: its title bar and borders,
// which are not known before the window shows.
inline constexpr QSize kFrameAllowance{16, 48};

// geometry (a window's, frame excluded) shrunk and moved into available (a screen's available
// geometry) so that the window, its frame's title bar and borders included, fits: a window saved
// on a large screen opens whole on a 1024x700 one, and one that fits stays where it was.
[[nodiscard]] QRect clampToScreen(const QRect &geometry, const QRect &available);

} // namespace kvs::ui
