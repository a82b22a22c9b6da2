#include "startup/smoke_probe.h"

#include <QCoreApplication>
#include <QEvent>
#include <QSqlDatabase>
#include <QTimer>
#include <QWidget>

#include <cstdio>

namespace kvs::ui {

SmokeProbe::SmokeProbe(QWidget *window, int timeoutMs, QObject *parent)
    : QObject(parent)
    , m_window(window)
{
    m_clock.start();
    // Paint events go to the window's widgets, the window itself not always: watch them all.
    qApp->installEventFilter(this);
    QTimer::singleShot(timeoutMs, this, [this] {
        if (m_painted)
            return;
        std::fprintf(stderr, "kvs-admin: smoke: the window was not painted\n");
        QCoreApplication::exit(1);
    });
}

bool SmokeProbe::eventFilter(QObject *watched, QEvent *event)
{
    if (!m_painted && event->type() == QEvent::Paint && watched->isWidgetType()
        && static_cast<QWidget *>(watched)->window() == m_window) {
        m_painted = true;
        // The Tables view's drivers are plugins: a package without them fails here, not when
        // a user first opens the view.
        for (const char *driver : {"QSQLITE", "QPSQL"}) {
            if (!QSqlDatabase::isDriverAvailable(QString::fromLatin1(driver))) {
                std::fprintf(stderr, "kvs-admin: smoke: no Qt Sql driver %s\n", driver);
                QTimer::singleShot(0, this, [] { QCoreApplication::exit(1); });
                return QObject::eventFilter(watched, event);
            }
        }
        std::fprintf(stderr,
                     "kvs-admin: smoke: first paint after %lld ms\n",
                     static_cast<long long>(m_clock.elapsed()));
        // After this paint has reached the screen: the next turn of the event loop.
        QTimer::singleShot(0, this, [] { QCoreApplication::exit(0); });
    }
    return QObject::eventFilter(watched, event);
}

} // namespace kvs::ui
