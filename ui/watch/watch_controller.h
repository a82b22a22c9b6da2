#pragma once

#include "watch/live_feed.h"
#include "watch/seen_change.h"

#include <kvs/change_feed.h>

#include <QObject>
#include <QString>

#include <vector>

namespace kvs::ui {

class WatchPaneController;

// The Watch tab's work: its panes, and the one LiveFeed that watches all their targets (opened
// at the first target), so that a database is probed once however many panes watch it. The
// feed watches the union of the panes' keys and prefixes; each poll's entries and changes go to
// the panes whose targets they match. A pane closed takes its targets out of the feed; with
// none left, or every pane paused, the feed stops polling. A prefix over the limit is dropped
// from the feed (its pane says so) until it is removed or the limit is raised, so that one
// pane's refused prefix does not stop the others. Thread rule: GUI thread only.
class WatchController : public QObject
{
    Q_OBJECT

public:
    explicit WatchController(QObject *parent = nullptr);

    LiveFeed *feed() const { return m_feed; }

    // The database to watch; nothing is opened before the first target.
    void setSource(FeedSource source);
    bool hasSource() const { return m_hasSource; }

    // A new pane (a child of this object until removed). Returns it; not owned by the caller.
    WatchPaneController *addPane();
    // Stops watching pane's targets and deletes it (later). Requires: pane came from addPane().
    void removePane(WatchPaneController *pane);
    const std::vector<WatchPaneController *> &panes() const { return m_panes; }

    // The most keys a watched prefix may hold, for every pane.
    void setPrefixLimit(int limit);
    int prefixLimit() const { return static_cast<int>(m_prefixLimit); }

signals:
    // Changes the feed saw, every pane's (for the key tree and the inspector), whether or not a
    // pane shows them now.
    void changesSeen(const std::vector<kvs::ui::SeenChange> &changes);
    // A prefix over the limit, dropped from the feed (message translated, the core's text).
    void prefixRefused(kvs::ui::WatchPaneController *pane, const QString &message);
    void prefixLimitChanged(int limit);
    // The feed failed (opening, a poll, a targeting other than a refused prefix); every pane
    // says so. LiveFeed::recovered() follows the next success.
    void failed(const QString &message);

private:
    void applyTargets();
    void updatePolling();
    void refuse(const Key &prefix, const QString &message);

    LiveFeed *m_feed;                           // Owned (child).
    std::vector<WatchPaneController *> m_panes; // Owned (children).
    FeedSource m_source;
    bool m_hasSource = false;
    bool m_opened = false;  // m_feed.open() was called for m_source
    bool m_refused = false; // the feed's failure about to come is a refused prefix
    std::size_t m_prefixLimit = WatchTargets::kDefaultPrefixLimit;
};

} // namespace kvs::ui
