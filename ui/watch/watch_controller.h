#pragma once

#include "watch/live_feed.h"
#include "watch/seen_change.h"

#include <kvs/change_feed.h>

#include <QObject>
#include <QString>

#include <vector>

namespace kvs::ui {

class WatchEntriesModel;
class WatchHistoryModel;

// A watch pane's work: the keys and prefixes watched, the LiveFeed that watches them (opened on
// the first target), and the two models it fills: the entries now and the history of changes.
// Pause stops the polls (changes made meanwhile show as one change each on resume); clear
// empties the history; the export writes it as JSON lines on a worker. Thread rule: GUI thread
// only.
class WatchController : public QObject
{
    Q_OBJECT

public:
    // One watched thing: a key, or a prefix (its subtree).
    struct Target
    {
        Key key;
        bool prefix = false;
    };

    explicit WatchController(QObject *parent = nullptr);

    WatchEntriesModel *entries() const { return m_entries; }
    WatchHistoryModel *history() const { return m_history; }
    LiveFeed *feed() const { return m_feed; }

    // The database to watch; nothing is opened before the first target.
    void setSource(FeedSource source);
    bool hasSource() const { return m_hasSource; }
    // Adds a target (one already watched is not added twice). Returns false for a duplicate.
    bool addTarget(const Target &target);
    void removeTarget(int index);
    const std::vector<Target> &targets() const { return m_targets; }
    void setPrefixLimit(int limit);
    int prefixLimit() const { return static_cast<int>(m_prefixLimit); }

    void setPaused(bool paused);
    bool isPaused() const { return m_feed->isPaused(); }
    void clearHistory();
    // Writes the history to path on a worker; exported() follows.
    void exportHistory(const QString &path);

signals:
    void targetsChanged();
    // Changes a poll saw (after the models took them).
    void changesSeen(const std::vector<kvs::ui::SeenChange> &changes);
    // error: empty when the file was written.
    void exported(const QString &path, const QString &error);

private:
    void applyTargets();

    LiveFeed *m_feed;             // Owned (child).
    WatchEntriesModel *m_entries; // Owned (child).
    WatchHistoryModel *m_history; // Owned (child).
    std::vector<Target> m_targets;
    FeedSource m_source;
    bool m_hasSource = false;
    bool m_opened = false; // m_feed.open() was called for m_source
    std::size_t m_prefixLimit = WatchTargets::kDefaultPrefixLimit;
};

} // namespace kvs::ui
