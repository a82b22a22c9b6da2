#include "watch/watch_controller.h"

#include "watch/history_export.h"
#include "watch/watch_entries_model.h"
#include "watch/watch_history_model.h"

#include <kvs/key.h>

#include <QFutureWatcher>
#include <QtConcurrent>

namespace kvs::ui {

WatchController::WatchController(QObject *parent)
    : QObject(parent)
    , m_feed(new LiveFeed(this))
    , m_entries(new WatchEntriesModel(this))
    , m_history(new WatchHistoryModel(this))
{
    connect(m_feed, &LiveFeed::targetsRead, this, [this](const FeedUpdate &update) {
        m_entries->reset(update.entries);
    });
    connect(m_feed, &LiveFeed::updated, this, [this](const FeedUpdate &update) {
        m_entries->apply(update.changes);
        m_history->add(update.changes);
        emit changesSeen(update.changes);
    });
}

void WatchController::setSource(FeedSource source)
{
    m_source = std::move(source);
    m_hasSource = true;
    m_opened = false;
    applyTargets();
}

bool WatchController::addTarget(const Target &target)
{
    for (const Target &known : m_targets) {
        if (known.prefix == target.prefix && known.key == target.key)
            return false;
    }
    m_targets.push_back(target);
    applyTargets();
    emit targetsChanged();
    return true;
}

void WatchController::removeTarget(int index)
{
    if (index < 0 || index >= static_cast<int>(m_targets.size()))
        return;
    m_targets.erase(m_targets.begin() + index);
    applyTargets();
    emit targetsChanged();
}

void WatchController::setPrefixLimit(int limit)
{
    m_prefixLimit = static_cast<std::size_t>(std::max(1, limit));
    applyTargets();
}

void WatchController::applyTargets()
{
    WatchTargets targets;
    targets.prefixLimit = m_prefixLimit;
    for (const Target &target : m_targets)
        (target.prefix ? targets.prefixes : targets.keys).push_back(target.key);
    if (m_targets.empty())
        m_entries->clear();
    m_feed->setTargets(std::move(targets));
    if (m_hasSource && !m_opened && !m_targets.empty()) {
        m_opened = true;
        m_feed->open(m_source);
    }
}

void WatchController::setPaused(bool paused)
{
    m_feed->setPaused(paused);
}

void WatchController::clearHistory()
{
    m_history->clear();
}

void WatchController::exportHistory(const QString &path)
{
    auto *watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, path] {
        watcher->deleteLater();
        emit exported(path, watcher->result());
    });
    watcher->setFuture(QtConcurrent::run(
        [changes = m_history->changes(), path] { return writeHistory(changes, path); }));
}

} // namespace kvs::ui
