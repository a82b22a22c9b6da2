#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <cstdint>
#include <memory>
#include <string>

namespace kvs {
class CommitProbe;
}

namespace kvs::ui {

// When the queue dashboard refreshes. On a SQLite file: soon after any connection commits
// (PRAGMA data_version, asked off the GUI thread every kProbeMs), plus a slow tick for what time
// alone changes (delayed messages coming due, leases expiring). Elsewhere (PostgreSQL): a poll
// every pollIntervalMs(). Either way a refresh that took t ms is followed by none for 20 t ms,
// so that the dashboard takes at most 5 % of the database's time. Thread rule: GUI thread only.
class QueueRefreshScheduler : public QObject
{
    Q_OBJECT

public:
    static constexpr int kDefaultPollMs = 2000;
    static constexpr int kProbeMs = 250;
    static constexpr int kSlowTickMs = 10000;
    static constexpr int kBudgetFactor = 20; // a refresh's time x 20: at most 5 %

    explicit QueueRefreshScheduler(QObject *parent = nullptr);
    ~QueueRefreshScheduler() override;

    // A SQLite file to watch for commits, or empty: poll. Opens the probe off the GUI thread;
    // until it is open (or when it cannot be opened) the poll runs.
    void setSqliteFile(const std::string &path);
    bool watchesCommits() const { return m_probe != nullptr; }
    // The poll's interval (PostgreSQL); at least kProbeMs.
    void setPollIntervalMs(int ms);
    int pollIntervalMs() const { return m_pollMs; }
    // Ticks only while active (the pane is shown).
    void setActive(bool active);
    bool isActive() const { return m_active; }
    // The refresh that refreshDue() asked for ended after tookMs: the next waits 20 x as long.
    void refreshFinished(qint64 tookMs);
    // A refresh was asked for while one ran: another follows within the budget.
    void requestRefresh();
    // The current gap between refreshes that time alone asks for.
    int tickIntervalMs() const { return m_tick.interval(); }

signals:
    void refreshDue();
    // The probe's question, once it is open ("PRAGMA data_version").
    void watchingCommits(const QString &how);

private:
    void onTick();
    void onProbeTick();
    void dueIfAllowed();
    void updateTick();

    QTimer m_tick;
    QTimer m_probeTimer;
    std::shared_ptr<CommitProbe> m_probe; // Shared with the probe's worker.
    std::uint64_t m_generation = 0;       // a new file drops the old probe's answers
    bool m_probing = false;
    bool m_changed = false;
    bool m_active = false;
    int m_pollMs = kDefaultPollMs;
    qint64 m_minGapMs = 0;
    QElapsedTimer m_sinceRefresh;
};

} // namespace kvs::ui
