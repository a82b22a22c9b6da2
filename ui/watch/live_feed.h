#pragma once

#include "watch/seen_change.h"

#include <kvs/change_feed.h>
#include <kvs/clock.h>

#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <cstdint>
#include <memory>
#include <string>

namespace kvs::ui {

class ReconnectMonitor;

namespace detail {
struct FeedStrand;
}

// Where a LiveFeed opens its ChangeFeed. connection may hold a password: it is never shown.
struct FeedSource
{
    std::string connection;
    std::string schema;
    std::string tablePrefix;
    std::shared_ptr<Clock> clock; // null: the system's (tests pass a ManualClock)
};

// A kvs::ChangeFeed run off the GUI thread: every call here returns at once; the feed is opened,
// retargeted and polled (about every ChangeFeed::kProbeInterval, one poll at a time, none while
// paused or watching nothing) one task after another on Qt's global thread pool, and the
// results come back as signals on the GUI thread (through kvs::then). Results of an older
// targeting are dropped. The feed is closed on a worker when this object goes. It never writes
// to the database. A lost connection (the server restarted, the file went) is tried once more
// at once (the feed reconnects by itself after a terminated backend); a second loss goes to the
// tab's ReconnectMonitor, if one is set: the feed then stops polling, keeps what it read, and at
// the monitor's recovered() opens again if it must and re-reads its targets once, so what was
// committed meanwhile arrives as changes. Thread rule: GUI thread only.
class LiveFeed : public QObject
{
    Q_OBJECT

public:
    explicit LiveFeed(QObject *parent = nullptr);
    ~LiveFeed() override;

    // Opens (or reopens) the feed on source; the current targets are watched once it is open.
    void open(FeedSource source);
    // What to watch; an empty target list stops the polls.
    void setTargets(WatchTargets targets);
    const WatchTargets &targets() const { return m_targets; }
    void setPaused(bool paused);
    bool isPaused() const { return m_paused; }
    bool isOpen() const { return m_open; }
    // Whether the timer polls (open, not paused, something watched).
    bool isPolling() const { return m_timer.isActive(); }
    // How the feed sees commits (ChangeFeed::probeDescription), once open.
    QString probeDescription() const { return m_probe; }
    // Polls now instead of at the next tick (tests, and "refresh").
    void pollNow();
    // Polls even while watching nothing, for databaseChanged() (the key tree follows every
    // commit). Off by default.
    void setFollowCommits(bool follow);
    bool followsCommits() const { return m_followCommits; }
    // The tab's reconnect mechanism (not owned; it outlives the feed), or null: a lost
    // connection is then a failure like any other.
    void setMonitor(ReconnectMonitor *monitor);
    // Waiting for the monitor's recovered() after a lost connection.
    bool isSuspended() const { return m_suspended; }

signals:
    void opened(const QString &probeDescription);
    // The entries of new targets (no changes in it).
    void targetsRead(const kvs::ui::FeedUpdate &update);
    // A poll that saw changes (update.changes; no entries).
    void updated(const kvs::ui::FeedUpdate &update);
    // Opening, a retargeting or a poll failed (message translated, the core's text in it). Polls
    // go on; recovered() follows the next one that succeeds.
    void failed(const QString &message);
    // Sent just before failed() when the failure is a watched prefix holding more keys than the
    // limit (kvs::WatchLimitError): which prefix, so that its owner can drop it.
    void prefixRefused(const kvs::Key &prefix, const QString &message);
    void recovered();
    // A poll or a retargeting found that the database changed (ChangeFeed::commitsSeen moved):
    // a commit of any connection, this process's own included. Nothing when nothing was committed.
    void databaseChanged();

private:
    void applyTargets();
    // Whether the timer polls: something is watched, or commits are followed.
    bool wantsPolls() const;
    void reportFailure(const std::exception_ptr &error);
    // A lost connection: true when handled here (tried again once at once, or left to the
    // monitor until recovered()); again is what to try.
    bool handleLoss(const std::exception_ptr &error, void (LiveFeed::*again)());
    void reportRead();
    // At the monitor's recovered(): opens again, or re-reads the targets once.
    void resume();
    void reopen();
    void updateTimer();

    std::shared_ptr<detail::FeedStrand> m_strand;
    QPointer<ReconnectMonitor> m_monitor; // Not owned.
    FeedSource m_source;                  // of the latest open(), to open again
    WatchTargets m_targets;
    QTimer m_timer;
    QString m_probe;
    bool m_open = false;
    bool m_paused = false;
    bool m_followCommits = false;
    bool m_polling = false;             // a poll is in flight
    bool m_failing = false;             // the last answer was a failure
    bool m_targetingFailed = false;     // the latest setTargets() failed (the old ones are watched)
    bool m_suspended = false;           // a lost connection: waiting for the monitor
    bool m_triedAgain = false;          // the last loss was tried again at once
    std::uint64_t m_generation = 0;     // of the latest open() or setTargets()
    std::uint64_t m_openGeneration = 0; // of the latest open()
};

} // namespace kvs::ui
