// MainWindow's tabs moving between windows: a database in a window of its own and back, and the
// window used last. (The rest of MainWindow is in main_window.cpp.)
#include "common/window_frame.h"
#include "restore/session_recorder.h"
#include "session/database_view.h"
#include "window/database_tab_look.h"
#include "window/main_window.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QMenu>
#include <QScreen>
#include <QTabBar>
#include <QTabWidget>

namespace kvs::ui {

namespace {

QPointer<MainWindow> g_lastActive; // GUI thread only

} // namespace

MainWindow *MainWindow::moveToNewWindow(DatabaseView *view)
{
    MainWindow *first = m_first ? m_first.data() : this;
    auto *window = new MainWindow(nullptr, m_secrets, m_prompt);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->m_first = first;
    first->m_detached.append(window);
    // The first window's recorder keeps the detached window's tabs in the session too.
    window->m_recorder = first->m_recorder;
    if (window->m_recorder)
        window->m_recorder->watchTabs(window->m_tabs);
    // Beside this one, a step down and right, still on the screen.
    const QRect beside = geometry().translated(32, 32);
    const QScreen *screen = this->screen();
    window->setGeometry(screen ? clampToScreen(beside, screen->availableGeometry()) : beside);
    moveDatabase(view, window);
    window->show();
    window->raise();
    window->activateWindow();
    return window;
}

void MainWindow::moveDatabase(DatabaseView *view, MainWindow *target)
{
    const int index = m_tabs->indexOf(view);
    if (index < 0 || !target || target == this)
        return;
    const QIcon icon = m_tabs->tabIcon(index);
    const QString text = m_tabs->tabText(index);
    const QString tip = m_tabs->tabToolTip(index);
    // This window's connections to the view go with its link; the view, its store and its
    // running jobs stay as they are.
    delete view->findChild<QObject *>(QLatin1String(kWindowLinkName), Qt::FindDirectChildrenOnly);
    m_tabs->removeTab(index);
    const int at = target->m_tabs->addTab(view, icon, text);
    target->m_tabs->setTabToolTip(at, tip);
    target->connectToWindow(view);
    updateDatabaseTab(target->m_tabs, view);
    target->m_tabs->setCurrentIndex(at);
    target->updateForCurrentTab();
    updateForCurrentTab();
    if (m_recorder)
        m_recorder->schedule();
    // A detached window whose last tab went back has nothing left to show.
    if (m_first && m_tabs->count() == 0)
        close();
    else if (m_first == target || target->m_first == this)
        target->raise();
}

QList<MainWindow *> MainWindow::detachedWindows() const
{
    QList<MainWindow *> windows;
    for (const QPointer<MainWindow> &window : m_detached)
        if (window)
            windows.append(window);
    return windows;
}

QList<DatabaseView *> MainWindow::allDatabases() const
{
    QList<DatabaseView *> views;
    for (int index = 0; index < m_tabs->count(); ++index)
        if (DatabaseView *view = databaseAt(index))
            views.append(view);
    for (MainWindow *window : detachedWindows())
        views += window->allDatabases();
    return views;
}

MainWindow *MainWindow::lastActive()
{
    return g_lastActive;
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::ActivationChange && isActiveWindow())
        g_lastActive = this;
    QMainWindow::changeEvent(event);
}

void MainWindow::showTabMenu(const QPoint &position)
{
    auto *view = qobject_cast<DatabaseView *>(m_tabs->widget(m_tabs->tabBar()->tabAt(position)));
    if (!view)
        return;
    auto *menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    QAction *toWindow = menu->addAction(m_moveToWindow->text());
    toWindow->setObjectName(QStringLiteral("tabMenuMoveToNewWindow"));
    connect(toWindow, &QAction::triggered, this, [this, view] { moveToNewWindow(view); });
    if (m_first) {
        QAction *back = menu->addAction(m_moveBack->text());
        back->setObjectName(QStringLiteral("tabMenuMoveBack"));
        connect(back, &QAction::triggered, this, [this, view] { moveDatabase(view, m_first); });
    }
    menu->popup(m_tabs->tabBar()->mapToGlobal(position));
}

} // namespace kvs::ui
