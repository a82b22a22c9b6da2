#include "watch/live_feed.h"

#include "reconnect/reconnect_monitor.h"

#include <kvs/errors.h>
#include <kvs/future.h>

#include <QPromise>
#include <QThreadPool>

#include <deque>
#include <functional>
#include <mutex>
#include <utility>

namespace kvs::ui {

namespace detail {

// The feed and the tasks that use it, one after another on Qt's global pool (a strand): a task
// never runs beside another one of the same feed, without a thread of its own per feed.
struct FeedStrand
{
    std::mutex mutex;
    std::deque<std::function<void()>> tasks; // Guarded by mutex.
    bool running = false;                    // Guarded by mutex.
    std::unique_ptr<ChangeFeed> feed;        // Used by the tasks only, one at a time.
    std::shared_ptr<Clock> clock;            // Likewise.
    // feed->commitsSeen() as of the last task that succeeded: a failed poll's commit is reported
    // by the next one that succeeds. Likewise.
    std::uint64_t commitsReported = 0;
};

} // namespace detail

namespace {

using detail::FeedStrand;

void post(const std::shared_ptr<FeedStrand> &strand, std::function<void()> task)
{
    {
        std::lock_guard lock(strand->mutex);
        strand->tasks.push_back(std::move(task));
        if (strand->running)
            return;
        strand->running = true;
    }
    QThreadPool::globalInstance()->start([strand] {
        for (;;) {
            std::function<void()> next;
            {
                std::lock_guard lock(strand->mutex);
                if (strand->tasks.empty()) {
                    strand->running = false;
                    return;
                }
                next = std::move(strand->tasks.front());
                strand->tasks.pop_front();
            }
            next();
        }
    });
}

// fn(strand) on the strand, its result or exception in the future (finished under
// kvs::futureLock(), so kvs::then may attach to it safely).
template <typename T, typename Fn>
QFuture<T> submit(const std::shared_ptr<FeedStrand> &strand, Fn fn)
{
    auto promise = std::make_shared<QPromise<T>>();
    QFuture<T> future = promise->future();
    promise->start();
    post(strand, [strand, promise, fn = std::move(fn)]() mutable {
        try {
            promise->addResult(fn(*strand));
        } catch (...) {
            promise->setException(std::current_exception());
        }
        kvs::finish(*promise);
    });
    return future;
}

std::int64_t nowOf(const FeedStrand &strand)
{
    return (strand.clock ? strand.clock : systemClock())->now();
}

FeedUpdate entriesOf(const ChangeFeed &feed)
{
    FeedUpdate update;
    for (const Entry &entry : feed.entries())
        update.entries.push_back(seenEntryOf(entry));
    return update;
}

// What a task of the strand read, and whether the probe saw a commit meanwhile.
template <typename T>
struct Probed
{
    T result{};
    bool moved = false;
};

// Whether the feed saw commits since the last call. On the strand.
bool takeCommits(FeedStrand &strand)
{
    const std::uint64_t seen = strand.feed->commitsSeen();
    return std::exchange(strand.commitsReported, seen) != seen;
}

QString messageOf(const std::exception_ptr &error)
{
    try {
        std::rethrow_exception(error);
    } catch (const std::exception &e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

LiveFeed::LiveFeed(QObject *parent)
    : QObject(parent)
    , m_strand(std::make_shared<FeedStrand>())
{
    m_timer.setInterval(ChangeFeed::kProbeInterval);
    connect(&m_timer, &QTimer::timeout, this, &LiveFeed::pollNow);
}

LiveFeed::~LiveFeed()
{
    // Closing a store waits for its connections: on the strand, never here.
    post(m_strand, [strand = m_strand] { strand->feed.reset(); });
}

void LiveFeed::open(FeedSource source)
{
    const std::uint64_t generation = ++m_openGeneration;
    ++m_generation; // targetings of the feed before are dropped
    m_open = false;
    m_suspended = false;
    m_timer.stop();
    m_source = source;
    auto openFeed = submit<QString>(m_strand, [source = std::move(source)](FeedStrand &strand) {
        strand.feed.reset();
        strand.commitsReported = 0;
        strand.clock = source.clock;
        KVStoreOptions options;
        options.tablePrefix = source.tablePrefix;
        options.clock = source.clock;
        options.maintenanceInterval = std::chrono::milliseconds(0);
        strand.feed = std::make_unique<ChangeFeed>(
            source.connection, WatchTargets(), std::move(options), source.schema);
        return QString::fromStdString(strand.feed->probeDescription());
    });
    kvs::then(openFeed, this, [this, generation](QFuture<QString> done) {
        if (generation != m_openGeneration)
            return; // a newer open() replaces this feed
        try {
            m_probe = done.result();
        } catch (...) {
            if (!handleLoss(std::current_exception(), &LiveFeed::reopen))
                reportFailure(std::current_exception());
            return;
        }
        m_open = true;
        m_triedAgain = false;
        reportRead();
        emit opened(m_probe);
        applyTargets();
    });
}

void LiveFeed::setTargets(WatchTargets targets)
{
    m_targets = std::move(targets);
    ++m_generation;
    if (m_open)
        applyTargets();
}

void LiveFeed::applyTargets()
{
    const std::uint64_t generation = m_generation;
    const std::uint64_t openGeneration = m_openGeneration;
    auto read = submit<Probed<FeedUpdate>>(m_strand, [targets = m_targets](FeedStrand &strand) {
        // What the old targets saw since the last poll, before watch() re-reads them as
        // entries: a retargeting of one pane must not swallow another pane's changes.
        std::vector<Change> changes;
        try {
            changes = strand.feed->poll();
        } catch (const std::exception &) {
            // The next poll reports the failure; the retargeting goes on.
        }
        strand.feed->watch(targets);
        Probed<FeedUpdate> probed{entriesOf(*strand.feed), takeCommits(strand)};
        const std::int64_t at = nowOf(strand);
        for (const Change &change : changes)
            probed.result.changes.push_back(seenChangeOf(change, at));
        return probed;
    });
    kvs::then(read, this, [this, generation, openGeneration](QFuture<Probed<FeedUpdate>> done) {
        if (openGeneration != m_openGeneration)
            return; // another feed's answer
        try {
            if (done.result().moved)
                emit databaseChanged();
        } catch (...) {
            // Reported below, unless a newer targeting replaced this one.
        }
        try {
            FeedUpdate update = done.result().result;
            if (!update.changes.empty()) {
                FeedUpdate seen;
                seen.changes = std::move(update.changes);
                emit updated(seen);
            }
            if (generation != m_generation)
                return; // a newer targeting follows with its own entries
            m_targetingFailed = false;
            m_triedAgain = false;
            reportRead();
            if (std::exchange(m_failing, false))
                emit recovered();
            emit targetsRead(update);
        } catch (...) {
            if (generation != m_generation)
                return;
            if (handleLoss(std::current_exception(), &LiveFeed::applyTargets))
                return;
            // The feed still watches the targets before: its polls must not hide this failure.
            m_targetingFailed = true;
            reportFailure(std::current_exception());
        }
    });
    updateTimer();
}

void LiveFeed::updateTimer()
{
    if (m_open && wantsPolls() && !m_paused && !m_suspended)
        m_timer.start();
    else
        m_timer.stop();
}

void LiveFeed::reopen()
{
    open(m_source);
}

void LiveFeed::setMonitor(ReconnectMonitor *monitor)
{
    if (m_monitor)
        m_monitor->disconnect(this);
    m_monitor = monitor;
    if (monitor)
        connect(monitor, &ReconnectMonitor::recovered, this, &LiveFeed::resume);
}

bool LiveFeed::handleLoss(const std::exception_ptr &error, void (LiveFeed::*again)())
{
    if (!ReconnectMonitor::isConnectionLoss(error))
        return false;
    if (!std::exchange(m_triedAgain, true)) {
        // The feed's connections reconnect at their next call (a backend that was ended, a
        // pool connection the server closed): once more at once, before anybody is told.
        QMetaObject::invokeMethod(this, again, Qt::QueuedConnection);
        return true;
    }
    if (!m_monitor || !m_monitor->reportFailure(error))
        return false;
    m_suspended = true;
    m_failing = true; // recovered() follows the first read that works
    updateTimer();
    return true;
}

void LiveFeed::reportRead()
{
    if (m_monitor)
        m_monitor->reportSuccess();
}

void LiveFeed::resume()
{
    const bool suspended = std::exchange(m_suspended, false);
    m_triedAgain = false;
    if (!m_open) {
        if (suspended)
            open(m_source);
        return;
    }
    // Subscribe again: the poll inside finds what changed while the connection was gone (a
    // reconnect counts as a move of the probe), then the targets are read as entries.
    applyTargets();
}

bool LiveFeed::wantsPolls() const
{
    return m_followCommits || !m_targets.keys.empty() || !m_targets.prefixes.empty();
}

void LiveFeed::setFollowCommits(bool follow)
{
    m_followCommits = follow;
    setPaused(m_paused);
}

void LiveFeed::setPaused(bool paused)
{
    m_paused = paused;
    updateTimer();
}

void LiveFeed::pollNow()
{
    if (!m_open || m_polling || m_paused || m_suspended)
        return;
    m_polling = true;
    const std::uint64_t openGeneration = m_openGeneration;
    auto polled = submit<Probed<FeedUpdate>>(m_strand, [](FeedStrand &strand) {
        const std::vector<Change> changes = strand.feed->poll();
        Probed<FeedUpdate> probed;
        probed.moved = takeCommits(strand);
        if (changes.empty())
            return probed;
        const std::int64_t at = nowOf(strand);
        for (const Change &change : changes)
            probed.result.changes.push_back(seenChangeOf(change, at));
        return probed;
    });
    kvs::then(polled, this, [this, openGeneration](QFuture<Probed<FeedUpdate>> done) {
        m_polling = false;
        // Changes of targets since replaced still count: they happened, and the strand ran
        // this poll before the retargeting, whose entries follow.
        if (openGeneration != m_openGeneration)
            return; // polled a feed since reopened
        try {
            if (done.result().moved)
                emit databaseChanged(); // whatever the targets: the database is the same
        } catch (...) {
            // Reported below.
        }
        try {
            const FeedUpdate update = done.result().result;
            m_triedAgain = false;
            reportRead();
            if (!m_targetingFailed && std::exchange(m_failing, false))
                emit recovered();
            if (!update.changes.empty())
                emit updated(update);
        } catch (...) {
            if (!handleLoss(std::current_exception(), &LiveFeed::pollNow))
                reportFailure(std::current_exception());
        }
    });
}

void LiveFeed::reportFailure(const std::exception_ptr &error)
{
    m_failing = true;
    const QString message = tr("Watching failed: %1").arg(messageOf(error));
    try {
        std::rethrow_exception(error);
    } catch (const WatchLimitError &e) {
        emit prefixRefused(e.prefix(), message);
    } catch (...) {
    }
    emit failed(message);
}

} // namespace kvs::ui
