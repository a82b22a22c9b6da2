#include "restore/session_restorer.h"

#include "restore/tab_state_capture.h"
#include "session/database_view.h"

#include <QPointer>
#include <QTimer>

namespace kvs::ui {

SessionRestorer::SessionRestorer(SessionState state,
                                 std::function<void(const ConnectionSpec &)> open,
                                 QObject *parent)
    : QObject(parent)
    , m_state(std::move(state))
    , m_open(std::move(open))
{}

void SessionRestorer::start()
{
    // From the event loop: the window shows first, and whoever started it can connect to the
    // signals before the first SQLite tab (which opens at once) is there.
    m_running = true;
    QTimer::singleShot(0, this, &SessionRestorer::openNext);
}

void SessionRestorer::opened(DatabaseView *view)
{
    if (!m_running || m_next == 0)
        return;
    const int index = m_next - 1;
    if (index == m_state.currentTab)
        m_current = m_views.size();
    m_views.append(view);
    auto *applier = new TabStateApplier(view, m_state.tabs.at(index));
    QPointer<DatabaseView> guarded(view);
    connect(applier, &TabStateApplier::finished, this, [this, guarded] {
        if (guarded)
            emit tabRestored(guarded);
    });
    openNext();
}

void SessionRestorer::failed()
{
    if (m_running)
        openNext();
}

void SessionRestorer::openNext()
{
    if (m_next >= m_state.tabs.size()) {
        m_running = false;
        emit finished(m_views, m_current);
        return;
    }
    const ConnectionSpec spec = m_state.tabs.at(m_next).spec;
    ++m_next;
    m_open(spec);
}

} // namespace kvs::ui
