#include "window/window_placement.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>

namespace kvs::ui {

QRect initialWindowGeometry(const QRect &available, QSize preferred)
{
    const QSize room = (available.size() - kFrameAllowance).expandedTo(QSize(1, 1));
    QRect geometry(QPoint(), preferred.boundedTo(room));
    geometry.moveCenter(available.center());
    // The frame's title bar lies above the window: keep it on the screen.
    const int top = available.top() + kFrameAllowance.height() - kFrameAllowance.width() / 2;
    if (geometry.top() < top)
        geometry.moveTop(top);
    return geometry;
}

void placeOnItsScreen(QWidget &window)
{
    const QScreen *screen = window.screen() ? window.screen() : QGuiApplication::primaryScreen();
    if (!screen)
        return;
    window.setGeometry(initialWindowGeometry(screen->availableGeometry()));
}

} // namespace kvs::ui
