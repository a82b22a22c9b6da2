#include "window/database_tab_look.h"

#include "connection/saved_connection_look.h"
#include "reconnect/reconnect_monitor.h"
#include "session/database_view.h"
#include "theme/app_icons.h"
#include "window/main_window.h"

#include <QApplication>
#include <QPainter>
#include <QPixmap>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>

namespace kvs::ui {

namespace {

// A square of the connection's colour, in place of the database icon.
QIcon swatch(const QColor &colour)
{
    QPixmap pixmap(16, 16);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setBrush(colour);
    painter.setPen(colour.darker(130));
    painter.drawRoundedRect(QRectF(1.5, 1.5, 13, 13), 3, 3);
    return QIcon(pixmap);
}

} // namespace

void updateDatabaseTab(QTabWidget *tabs, DatabaseView *view)
{
    const int at = tabs->indexOf(view);
    if (at < 0)
        return;
    const DatabaseSession *session = view->session();
    const ConnectionSpec &spec = session->spec();
    const bool offline = session->monitor()->isOffline();
    QString text = MainWindow::tabTitle(spec);
    if (offline)
        text = MainWindow::tr("%1 (offline)").arg(text);
    QIcon icon = appIcon(spec.isPostgres() ? AppIcon::PostgresDatabase : AppIcon::SqliteDatabase);
    QColor textColour;
    if (session->isProduction()) {
        const QColor colour = colourOf(*session->savedConnection());
        text = MainWindow::tr("%1 · %2").arg(environmentLabel(ConnectionEnvironment::Production),
                                             text);
        icon = swatch(colour);
        textColour = colour;
    }
    if (offline)
        icon = QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
    tabs->setTabText(at, text);
    tabs->setTabIcon(at, icon);
    tabs->tabBar()->setTabTextColor(at, textColour);
}

QString windowTitleFor(const DatabaseView *view)
{
    const QString title = MainWindow::tr("KVS Admin — %1").arg(view->session()->displayName());
    if (!view->session()->isProduction())
        return title;
    return MainWindow::tr("[production] %1").arg(title);
}

} // namespace kvs::ui
