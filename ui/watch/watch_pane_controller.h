#pragma once

#include "watch/seen_change.h"

#include <kvs/key.h>

#include <QObject>
#include <QString>

#include <vector>

namespace kvs::ui {

class WatchEntriesModel;
class WatchHistoryModel;

// One watch pane's work: the keys and prefixes it watches and the two models it fills, the
// entries now and the history of changes. It reads nothing itself: the Watch tab's
// WatchController watches the targets of every pane with one feed and hands each pane the
// entries and changes of its own targets (offer()). Pause holds the changes back (on resume they
// show as one change per key); clear empties the history; the export writes it as JSON lines on
// a worker. Thread rule: GUI thread only.
class WatchPaneController : public QObject
{
    Q_OBJECT

public:
    // One watched thing: a key, or a prefix (its subtree).
    struct Target
    {
        Key key;
        bool prefix = false;
    };

    explicit WatchPaneController(QObject *parent = nullptr);

    WatchEntriesModel *entries() const { return m_entries; }
    WatchHistoryModel *history() const { return m_history; }

    // Adds a target (one already watched is not added twice). Returns false for a duplicate.
    bool addTarget(const Target &target);
    void removeTarget(int index);
    const std::vector<Target> &targets() const { return m_targets; }
    // Whether key is one of the targets or lies below a watched prefix.
    bool watches(const Key &key) const;
    // Drops a prefix the feed refused (over the limit): the pane keeps showing it as a target
    // that is not watched until it is removed or the limit is raised (refusalsCleared()).
    void noteRefused(const Key &prefix);
    void clearRefusals();
    bool isRefused(const Target &target) const;

    void setPaused(bool paused);
    bool isPaused() const { return m_paused; }
    void clearHistory();
    // Writes the history to path on a worker; exported() follows.
    void exportHistory(const QString &path);

    // From the WatchController: every entry its feed read (the pane keeps its own), and the
    // changes of a poll (likewise; held back while paused).
    void offerEntries(const std::vector<SeenEntry> &entries);
    void offerChanges(const std::vector<SeenChange> &changes);

signals:
    void targetsChanged();
    void pausedChanged(bool paused);
    // Changes shown (after the models took them).
    void changesSeen(const std::vector<kvs::ui::SeenChange> &changes);
    // error: empty when the file was written.
    void exported(const QString &path, const QString &error);

private:
    void show(const std::vector<SeenChange> &changes);

    WatchEntriesModel *m_entries; // Owned (child).
    WatchHistoryModel *m_history; // Owned (child).
    std::vector<Target> m_targets;
    std::vector<Key> m_refused;
    bool m_paused = false;
    std::vector<SeenChange> m_held; // seen while paused, one per key
};

// Changes seen one after another as one change per key, in the order keys first changed: the
// entry before the first and after the last. A key that ends as it began (absent before and
// after, or the same version) drops out. Safe from any thread.
std::vector<SeenChange> coalescedChanges(const std::vector<SeenChange> &changes);

} // namespace kvs::ui
