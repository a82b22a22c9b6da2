#include "common/window_frame.h"

namespace kvs::ui {

QRect clampToScreen(const QRect &geometry, const QRect &available)
{
    const QSize room = (available.size() - kFrameAllowance).expandedTo(QSize(1, 1));
    QRect clamped(geometry.topLeft(), geometry.size().boundedTo(room));
    // The frame's title bar lies above the window, its borders around it.
    const int left = available.left() + kFrameAllowance.width() / 2;
    const int top = available.top() + kFrameAllowance.height() - kFrameAllowance.width() / 2;
    const int right = available.right() - kFrameAllowance.width() / 2;
    const int bottom = available.bottom() - kFrameAllowance.width() / 2;
    if (clamped.right() > right)
        clamped.moveRight(right);
    if (clamped.bottom() > bottom)
        clamped.moveBottom(bottom);
    if (clamped.left() < left)
        clamped.moveLeft(left);
    if (clamped.top() < top)
        clamped.moveTop(top);
    return clamped;
}

} // namespace kvs::ui
