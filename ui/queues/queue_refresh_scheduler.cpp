#include "queues/queue_refresh_scheduler.h"

#include <kvs/commit_probe.h>
#include <kvs/future.h>

#include <QtConcurrent>

#include <algorithm>

namespace kvs::ui {

QueueRefreshScheduler::QueueRefreshScheduler(QObject *parent)
    : QObject(parent)
{
    m_tick.setInterval(m_pollMs);
    m_probeTimer.setInterval(kProbeMs);
    connect(&m_tick, &QTimer::timeout, this, &QueueRefreshScheduler::onTick);
    connect(&m_probeTimer, &QTimer::timeout, this, &QueueRefreshScheduler::onProbeTick);
}

QueueRefreshScheduler::~QueueRefreshScheduler() = default;

void QueueRefreshScheduler::setSqliteFile(const std::string &path)
{
    const std::uint64_t generation = ++m_generation;
    m_probe.reset();
    m_changed = false;
    updateTick();
    if (path.empty())
        return;
    // Opening reads the file: off the GUI thread. A probe that cannot open leaves the poll on.
    auto open = QtConcurrent::run(
        [path]() -> std::shared_ptr<CommitProbe> { return CommitProbe::openSqlite(path); });
    kvs::then(open, this, [this, generation](QFuture<std::shared_ptr<CommitProbe>> f) {
        if (generation != m_generation)
            return;
        try {
            m_probe = f.result();
        } catch (const std::exception &) {
            return;
        }
        updateTick();
        emit watchingCommits(QString::fromStdString(m_probe->description()));
    });
}

void QueueRefreshScheduler::setPollIntervalMs(int ms)
{
    m_pollMs = std::max(ms, kProbeMs);
    updateTick();
}

void QueueRefreshScheduler::setActive(bool active)
{
    m_active = active;
    updateTick();
}

void QueueRefreshScheduler::refreshFinished(qint64 tookMs)
{
    m_minGapMs = tookMs * kBudgetFactor;
    m_sinceRefresh.start();
    updateTick();
}

void QueueRefreshScheduler::requestRefresh()
{
    m_changed = true;
    dueIfAllowed();
}

void QueueRefreshScheduler::updateTick()
{
    const int base = m_probe ? kSlowTickMs : m_pollMs;
    m_tick.setInterval(int(std::max<qint64>(base, m_minGapMs)));
    if (m_active) {
        if (!m_tick.isActive())
            m_tick.start();
        if (m_probe && !m_probeTimer.isActive())
            m_probeTimer.start();
    } else {
        m_tick.stop();
    }
    if (!m_active || !m_probe)
        m_probeTimer.stop();
}

void QueueRefreshScheduler::onTick()
{
    m_changed = false;
    emit refreshDue();
}

void QueueRefreshScheduler::onProbeTick()
{
    dueIfAllowed();
    if (m_probing || !m_probe)
        return;
    m_probing = true;
    const std::shared_ptr<CommitProbe> probe = m_probe;
    const std::uint64_t generation = m_generation;
    // One question at a time (the probe's thread rule): the next waits for this answer.
    auto asked = QtConcurrent::run([probe] { return probe->changed(); });
    kvs::then(asked, this, [this, generation](QFuture<bool> f) {
        m_probing = false;
        if (generation != m_generation)
            return;
        try {
            m_changed = f.result() || m_changed;
        } catch (const std::exception &) {
            m_changed = true; // the refresh then says what is wrong
        }
        dueIfAllowed();
    });
}

void QueueRefreshScheduler::dueIfAllowed()
{
    if (!m_changed || !m_active)
        return;
    if (m_sinceRefresh.isValid() && m_sinceRefresh.elapsed() < m_minGapMs)
        return; // within the 5 % budget of the last refresh: the next probe tick asks again
    m_changed = false;
    m_tick.start(); // the slow tick counts from this refresh
    emit refreshDue();
}

} // namespace kvs::ui
