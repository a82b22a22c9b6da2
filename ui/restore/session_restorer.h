#pragma once

#include "restore/session_state.h"
#include "session/database_view.h" // complete for the signals' DatabaseView pointers (moc)

#include <QObject>

#include <functional>

namespace kvs::ui {

// Opens the tabs of a saved session again, read-only, one after another (a PostgreSQL tab may
// ask for its password: one question at a time), and puts each back as it was (TabStateApplier).
// A tab that cannot open stays, saying why with Retry, instead of a dialog per tab. Thread
// rule: GUI thread only.
class SessionRestorer : public QObject
{
    Q_OBJECT

public:
    // open: opens a spec in a new tab and later calls opened() or failed() (MainWindow::openSpec).
    SessionRestorer(SessionState state,
                    std::function<void(const ConnectionSpec &)> open,
                    QObject *parent = nullptr);

    // Opens the first tab from the event loop (returns at once).
    void start();
    bool isRunning() const { return m_running; }
    // The tab of the spec being restored was added.
    void opened(DatabaseView *view);
    // The spec being restored did not get a tab (its password prompt was cancelled).
    void failed();

signals:
    // Every tab was tried; views holds the tabs added, in the session's order, and current the
    // one to show (-1: none). The appliers may still be loading their trees.
    void finished(const QList<kvs::ui::DatabaseView *> &views, int current);
    // A restored tab was put back as it was (tests wait for it).
    void tabRestored(kvs::ui::DatabaseView *view);

private:
    void openNext();

    SessionState m_state;
    std::function<void(const ConnectionSpec &)> m_open;
    QList<DatabaseView *> m_views;
    int m_next = 0;
    int m_current = -1;
    bool m_running = false;
};

} // namespace kvs::ui
