#include "watch/watch_controller.h"

#include "watch/watch_pane_controller.h"

#include <kvs/key.h>

#include <algorithm>
#include <set>
#include <utility>

namespace kvs::ui {

WatchController::WatchController(QObject *parent)
    : QObject(parent)
    , m_feed(new LiveFeed(this))
{
    connect(m_feed, &LiveFeed::targetsRead, this, [this](const FeedUpdate &update) {
        for (WatchPaneController *pane : m_panes)
            pane->offerEntries(update.entries);
    });
    connect(m_feed, &LiveFeed::updated, this, [this](const FeedUpdate &update) {
        for (WatchPaneController *pane : m_panes)
            pane->offerChanges(update.changes);
        emit changesSeen(update.changes);
    });
    connect(m_feed, &LiveFeed::prefixRefused, this, &WatchController::refuse);
    connect(m_feed, &LiveFeed::failed, this, [this](const QString &message) {
        if (!std::exchange(m_refused, false))
            emit failed(message); // a refused prefix was reported to its panes only
    });
}

void WatchController::setSource(FeedSource source)
{
    m_source = std::move(source);
    m_hasSource = true;
    m_opened = false;
    applyTargets();
}

WatchPaneController *WatchController::addPane()
{
    auto *pane = new WatchPaneController(this);
    m_panes.push_back(pane);
    connect(pane, &WatchPaneController::targetsChanged, this, &WatchController::applyTargets);
    connect(pane, &WatchPaneController::pausedChanged, this, &WatchController::updatePolling);
    return pane;
}

void WatchController::removePane(WatchPaneController *pane)
{
    const auto it = std::find(m_panes.begin(), m_panes.end(), pane);
    if (it == m_panes.end())
        return;
    m_panes.erase(it);
    pane->disconnect(this);
    pane->deleteLater();
    applyTargets();
}

void WatchController::setPrefixLimit(int limit)
{
    const auto wanted = static_cast<std::size_t>(std::max(1, limit));
    if (wanted == m_prefixLimit)
        return;
    m_prefixLimit = wanted;
    for (WatchPaneController *pane : m_panes)
        pane->clearRefusals();
    applyTargets();
    emit prefixLimitChanged(limit);
}

void WatchController::applyTargets()
{
    WatchTargets targets;
    targets.prefixLimit = m_prefixLimit;
    std::set<std::string> keys;
    std::set<std::string> prefixes;
    for (const WatchPaneController *pane : m_panes) {
        for (const WatchPaneController::Target &target : pane->targets()) {
            if (pane->isRefused(target))
                continue;
            auto &seen = target.prefix ? prefixes : keys;
            if (seen.insert(encodeKey(target.key)).second)
                (target.prefix ? targets.prefixes : targets.keys).push_back(target.key);
        }
    }
    const bool watching = !targets.keys.empty() || !targets.prefixes.empty();
    m_feed->setTargets(std::move(targets));
    if (m_hasSource && !m_opened && watching) {
        m_opened = true;
        m_feed->open(m_source);
    }
    updatePolling();
}

void WatchController::updatePolling()
{
    // Every pane paused (or none): no poll at all, and on resume the feed reports what changed
    // meanwhile, one change per key.
    const bool anyLive = std::any_of(m_panes.begin(), m_panes.end(), [](const auto *pane) {
        return !pane->isPaused() && !pane->targets().empty();
    });
    if (m_feed->isPaused() == anyLive)
        m_feed->setPaused(!anyLive);
}

void WatchController::refuse(const Key &prefix, const QString &message)
{
    m_refused = true;
    for (WatchPaneController *pane : m_panes) {
        const auto &targets = pane->targets();
        const bool has = std::any_of(targets.begin(), targets.end(), [&](const auto &target) {
            return target.prefix && target.key == prefix;
        });
        if (!has)
            continue;
        pane->noteRefused(prefix);
        emit prefixRefused(pane, message);
    }
    applyTargets();
}

} // namespace kvs::ui
