#include "restore/session_recorder.h"

#include "common/ui_logging.h"
#include "restore/session_state.h"
#include "restore/tab_state_capture.h"
#include "session/database_view.h"
#include "tree/key_tree_pane.h"

#include <QEvent>
#include <QItemSelectionModel>
#include <QMainWindow>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QTreeView>

namespace kvs::ui {

SessionRecorder::SessionRecorder(QMainWindow *window,
                                 Databases databases,
                                 Current current,
                                 QString path)
    : QObject(window)
    , m_window(window)
    , m_databases(std::move(databases))
    , m_current(std::move(current))
    , m_path(std::move(path))
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    m_timer->setInterval(kDelayMs);
    connect(m_timer, &QTimer::timeout, this, &SessionRecorder::writeNow);
    m_window->installEventFilter(this);
}

void SessionRecorder::watchTabs(QTabWidget *tabs)
{
    connect(tabs, &QTabWidget::currentChanged, this, &SessionRecorder::schedule);
    connect(tabs->tabBar(), &QTabBar::tabMoved, this, &SessionRecorder::schedule);
}

void SessionRecorder::watch(DatabaseView *view)
{
    connect(view, &QObject::destroyed, this, &SessionRecorder::schedule);
    connect(view->views(), &QTabWidget::currentChanged, this, &SessionRecorder::schedule);
    QTreeView *tree = view->tree()->view();
    connect(tree, &QTreeView::expanded, this, &SessionRecorder::schedule);
    connect(tree, &QTreeView::collapsed, this, &SessionRecorder::schedule);
    connect(tree->selectionModel(),
            &QItemSelectionModel::currentChanged,
            this,
            &SessionRecorder::schedule);
    for (QSplitter *splitter : view->findChildren<QSplitter *>())
        connect(splitter, &QSplitter::splitterMoved, this, &SessionRecorder::schedule);
    schedule();
}

void SessionRecorder::schedule()
{
    if (m_enabled && !m_finished)
        m_timer->start();
}

void SessionRecorder::finish()
{
    if (m_finished)
        return;
    if (m_enabled)
        writeNow();
    m_finished = true;
    m_timer->stop();
}

bool SessionRecorder::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window
        && (event->type() == QEvent::Move || event->type() == QEvent::Resize
            || event->type() == QEvent::WindowStateChange))
        schedule();
    return QObject::eventFilter(watched, event);
}

void SessionRecorder::writeNow()
{
    if (!m_enabled || m_finished)
        return;
    SessionState state;
    state.geometry = m_window->normalGeometry();
    state.maximized = m_window->isMaximized();
    const DatabaseView *current = m_current();
    for (const DatabaseView *view : m_databases()) {
        if (view == current)
            state.currentTab = state.tabs.size();
        state.tabs.append(captureTab(*view));
    }
    QString error;
    if (!writeSessionState(state, m_path, &error)) {
        // Said once per cause; the session is a convenience, never a reason to stop working.
        if (error != m_lastError)
            qCWarning(
                lcUi, "cannot write the session to %s: %s", qPrintable(m_path), qPrintable(error));
        m_lastError = error;
        return;
    }
    m_lastError.clear();
    emit written();
}

} // namespace kvs::ui
