#include "watch/live_updates.h"

#include "inspector/value_inspector.h"
#include "tree/key_tree_model.h"
#include "watch/watch_controller.h"

#include <kvs/errors.h>
#include <kvs/key.h>

#include <utility>

namespace kvs::ui {

LiveUpdates::LiveUpdates(KeyTreeModel *tree,
                         ValueInspector *inspector,
                         WatchController *watch,
                         QObject *parent)
    : QObject(parent)
    , m_tree(tree)
    , m_inspector(inspector)
    , m_feed(new LiveFeed(this))
{
    connect(m_inspector, &ValueInspector::loaded, this, &LiveUpdates::watchShownKey);
    connect(m_feed, &LiveFeed::updated, this, [this](const FeedUpdate &update) {
        apply(update.changes);
    });
    connect(watch, &WatchController::changesSeen, this, &LiveUpdates::apply);
    // The key tree re-reads its expanded nodes on any commit: one probe for the tree and the
    // inspector.
    m_feed->setFollowCommits(true);
    connect(m_feed, &LiveFeed::databaseChanged, this, &LiveUpdates::databaseChanged);
}

void LiveUpdates::setSource(FeedSource source)
{
    m_feed->open(std::move(source));
    watchShownKey();
}

void LiveUpdates::watchShownKey()
{
    const auto &entry = m_inspector->entry();
    if (!m_heldBack.empty() && m_heldBack == m_inspector->shownKey() && entry && !entry->found) {
        // Reloaded after another process deleted it: now the tree may drop its row.
        m_tree->loader()->noteKeyDeleted(std::exchange(m_heldBack, {}));
        return;
    }
    m_heldBack.clear();
    WatchTargets targets;
    try {
        const std::string &shown = m_inspector->shownKey();
        if (!shown.empty())
            targets.keys.push_back(decodeKey(shown));
    } catch (const Error &) {
        // A key kvs cannot decode: nothing to watch by key.
    }
    m_feed->setTargets(targets);
}

void LiveUpdates::apply(const std::vector<SeenChange> &changes)
{
    for (const SeenChange &change : changes) {
        if (change.newText)
            m_tree->loader()->noteKeyWritten(change.encodedKey);
        else if (change.encodedKey != m_inspector->shownKey())
            m_tree->loader()->noteKeyDeleted(change.encodedKey);
        else
            m_heldBack = change.encodedKey;
        // The inspected key's row stays (removing it would clear the inspector) until the user
        // reloads: the inspector then finds it gone and says so (keyDeleted).
        m_inspector->noteChangedElsewhere(change.encodedKey, change.newVersion, change.atMs);
    }
}

} // namespace kvs::ui
