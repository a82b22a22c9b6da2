#pragma once

#include "watch/live_feed.h"
#include "watch/seen_change.h"

#include <QObject>

#include <vector>

namespace kvs::ui {

class KeyTreeModel;
class ValueInspector;
class WatchController;

// Other processes' writes, shown where the user looks: the key in the inspector is watched by a
// LiveFeed of its own (retargeted when another key is shown), and a change to it shows the
// inspector's "changed by another process" banner; that feed's changes and a watch pane's
// update the key tree in place (a set key appears under its expanded parent, a deleted or
// expired one goes). The same feed follows every commit (LiveFeed::setFollowCommits) and says so
// by databaseChanged(), which re-reads the expanded nodes of the key tree (KeyTreeLiveRefresh).
// Thread rule: GUI thread only.
class LiveUpdates : public QObject
{
    Q_OBJECT

public:
    // None owned: tree, inspector and watch outlive this object (children of the same view).
    LiveUpdates(KeyTreeModel *tree,
                ValueInspector *inspector,
                WatchController *watch,
                QObject *parent = nullptr);

    // The database shown; the feed opens at once (it follows every commit for the tree).
    void setSource(FeedSource source);
    LiveFeed *inspectorFeed() const { return m_feed; }

signals:
    // Something was committed to the database (the feed's probe moved).
    void databaseChanged();

private:
    void watchShownKey();
    void apply(const std::vector<SeenChange> &changes);

    KeyTreeModel *m_tree;        // Not owned.
    ValueInspector *m_inspector; // Not owned.
    LiveFeed *m_feed;            // Owned (child).
    // The inspected key, deleted elsewhere: its tree row stays until the user reloads it.
    std::string m_heldBack;
};

} // namespace kvs::ui
