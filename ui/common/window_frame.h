#pragma once

#include <QSize>

namespace kvs::ui {

// Room left for a window manager's frame around a top-level window: its title bar and borders,
// which are not known before the window shows.
inline constexpr QSize kFrameAllowance{16, 48};

} // namespace kvs::ui
