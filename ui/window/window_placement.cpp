#include "window/window_placement.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>

namespace kvs::ui {

QRect initialWindowGeometry(const QRect &available, QSize preferred)
{
    // Centred; a screen too small for it gets as much of it as fits with the frame.
    QRect geometry(QPoint(), preferred);
    geometry.moveCenter(available.center());
    return clampToScreen(geometry, available);
}

void placeOnItsScreen(QWidget &window)
{
    const QScreen *screen = window.screen() ? window.screen() : QGuiApplication::primaryScreen();
    if (!screen)
        return;
    window.setGeometry(initialWindowGeometry(screen->availableGeometry()));
}

} // namespace kvs::ui
