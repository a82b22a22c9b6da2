#include "reconnect/reconnect_monitor.h"

#include <kvs/errors.h>
#include <kvs/future.h>

#include <utility>

namespace kvs::ui {

namespace {

QString messageOf(const std::exception_ptr &error)
{
    try {
        std::rethrow_exception(error);
    } catch (const std::exception &e) {
        return QString::fromStdString(e.what());
    } catch (...) {
    }
    return {};
}

} // namespace

ReconnectMonitor::ReconnectMonitor(QObject *parent)
    : QObject(parent)
    , m_clock(systemClock())
    , m_timer(new ClockTimer(m_clock, this))
{
    connect(m_timer, &ClockTimer::timeout, this, &ReconnectMonitor::startCheck);
}

ReconnectMonitor::~ReconnectMonitor() = default;

void ReconnectMonitor::setClock(std::shared_ptr<Clock> clock)
{
    m_clock = clock ? std::move(clock) : systemClock();
    const bool waiting = m_timer->isActive();
    const std::int64_t left = m_timer->remainingMs();
    m_timer->setClock(m_clock);
    if (waiting)
        m_timer->start(std::chrono::milliseconds(left));
}

void ReconnectMonitor::setCheck(Check check)
{
    m_check = std::move(check);
    if (m_state != State::Online && !m_checking && !m_timer->isActive())
        startCheck();
}

bool ReconnectMonitor::isConnectionLoss(const std::exception_ptr &error)
{
    if (!error)
        return false;
    try {
        std::rethrow_exception(error);
    } catch (const ConnectionError &) {
        return true;
    } catch (...) {
    }
    return false;
}

std::int64_t ReconnectMonitor::now() const
{
    return m_clock->now();
}

bool ReconnectMonitor::reportFailure(const std::exception_ptr &error)
{
    if (!isConnectionLoss(error))
        return false;
    if (m_state != State::Online)
        return true; // known: the checks run
    m_lossMessage = messageOf(error);
    m_failedChecks = 0;
    m_offlineSince = now(); // what views show was read before this
    const bool settled = m_recoveredAt < 0 || m_clock->monotonicNow() - m_recoveredAt >= kSettleMs;
    if (!settled) {
        // Lost again right after it came back: no check at once, the backoff goes on.
        goOffline();
        return true;
    }
    m_backoff.reset();
    setState(State::Checking);
    startCheck();
    return true;
}

void ReconnectMonitor::reportSuccess()
{
    if (m_state == State::Online)
        m_lastGoodRead = now();
}

void ReconnectMonitor::retryNow()
{
    if (m_state == State::Online || m_checking)
        return;
    m_timer->stop();
    startCheck();
}

std::int64_t ReconnectMonitor::nextCheckMs() const
{
    return m_timer->isActive() ? now() + m_timer->remainingMs() : 0;
}

void ReconnectMonitor::startCheck()
{
    if (m_state == State::Online || m_checking)
        return;
    if (!m_check) {
        goOffline(); // nothing to check with yet: setCheck() starts one
        return;
    }
    m_checking = true;
    const std::uint64_t generation = ++m_generation;
    emit offlineUpdated(); // "trying now"
    QFuture<void> checked;
    try {
        checked = m_check();
    } catch (...) {
        checkFinished(std::current_exception());
        return;
    }
    kvs::then(checked, this, [this, generation](const QFuture<void> &done) {
        if (generation != m_generation)
            return;
        checkFinished(exceptionOf(done));
    });
}

void ReconnectMonitor::checkFinished(const std::exception_ptr &error)
{
    m_checking = false;
    // Any answer that is not a lost connection means the database answers (an error of its
    // own is for the view that reads to show).
    if (!isConnectionLoss(error)) {
        m_timer->stop();
        m_recoveredAt = m_clock->monotonicNow();
        m_lastGoodRead = now();
        m_failedChecks = 0;
        setState(State::Online);
        emit recovered();
        return;
    }
    ++m_failedChecks;
    m_lossMessage = messageOf(error);
    goOffline();
}

void ReconnectMonitor::goOffline()
{
    if (m_check)
        m_timer->start(m_backoff.next());
    setState(State::Offline);
    emit offlineUpdated();
}

void ReconnectMonitor::setState(State state)
{
    if (std::exchange(m_state, state) != state)
        emit stateChanged(state);
}

} // namespace kvs::ui
