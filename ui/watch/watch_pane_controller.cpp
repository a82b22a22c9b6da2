#include "watch/watch_pane_controller.h"

#include "watch/history_export.h"
#include "watch/watch_entries_model.h"
#include "watch/watch_history_model.h"

#include <QFutureWatcher>
#include <QtConcurrent>

#include <algorithm>
#include <map>

namespace kvs::ui {

namespace {

bool isBelow(const Key &key, const Key &prefix)
{
    return key.size() > prefix.size() && std::equal(prefix.begin(), prefix.end(), key.begin());
}

} // namespace

std::vector<SeenChange> coalescedChanges(const std::vector<SeenChange> &changes)
{
    std::vector<SeenChange> merged;
    std::map<std::string, std::size_t> slotOf; // encoded key -> index in merged
    for (const SeenChange &change : changes) {
        const auto [it, added] = slotOf.emplace(change.encodedKey, merged.size());
        if (added) {
            merged.push_back(change);
            continue;
        }
        SeenChange &first = merged[it->second];
        const std::optional<QString> oldText = first.oldText;
        const std::optional<std::int64_t> oldVersion = first.oldVersion;
        first = change;
        first.oldText = oldText;
        first.oldVersion = oldVersion;
    }
    std::erase_if(merged, [](const SeenChange &change) {
        const bool before = change.oldText.has_value();
        const bool after = change.newText.has_value();
        return before == after && (!after || change.oldVersion == change.newVersion);
    });
    return merged;
}

WatchPaneController::WatchPaneController(QObject *parent)
    : QObject(parent)
    , m_entries(new WatchEntriesModel(this))
    , m_history(new WatchHistoryModel(this))
{}

bool WatchPaneController::addTarget(const Target &target)
{
    for (const Target &known : m_targets) {
        if (known.prefix == target.prefix && known.key == target.key)
            return false;
    }
    m_targets.push_back(target);
    emit targetsChanged();
    return true;
}

void WatchPaneController::removeTarget(int index)
{
    if (index < 0 || index >= static_cast<int>(m_targets.size()))
        return;
    const Target removed = m_targets[static_cast<std::size_t>(index)];
    m_targets.erase(m_targets.begin() + index);
    if (removed.prefix)
        std::erase(m_refused, removed.key);
    if (m_targets.empty())
        m_entries->clear();
    emit targetsChanged();
}

bool WatchPaneController::watches(const Key &key) const
{
    return std::any_of(m_targets.begin(), m_targets.end(), [&](const Target &target) {
        if (!target.prefix)
            return target.key == key;
        return isBelow(key, target.key) && !isRefused(target);
    });
}

void WatchPaneController::noteRefused(const Key &prefix)
{
    if (std::find(m_refused.begin(), m_refused.end(), prefix) == m_refused.end())
        m_refused.push_back(prefix);
}

void WatchPaneController::clearRefusals()
{
    m_refused.clear();
}

bool WatchPaneController::isRefused(const Target &target) const
{
    return target.prefix
           && std::find(m_refused.begin(), m_refused.end(), target.key) != m_refused.end();
}

void WatchPaneController::setPaused(bool paused)
{
    if (paused == m_paused)
        return;
    m_paused = paused;
    if (!paused && !m_held.empty())
        show(coalescedChanges(std::exchange(m_held, {})));
    emit pausedChanged(paused);
}

void WatchPaneController::clearHistory()
{
    m_history->clear();
}

void WatchPaneController::exportHistory(const QString &path)
{
    auto *watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, path] {
        watcher->deleteLater();
        emit exported(path, watcher->result());
    });
    watcher->setFuture(QtConcurrent::run(
        [changes = m_history->changes(), path] { return writeHistory(changes, path); }));
}

void WatchPaneController::offerEntries(const std::vector<SeenEntry> &entries)
{
    std::vector<SeenEntry> mine;
    for (const SeenEntry &entry : entries) {
        if (watches(entry.key))
            mine.push_back(entry);
    }
    m_entries->reset(std::move(mine));
}

void WatchPaneController::offerChanges(const std::vector<SeenChange> &changes)
{
    std::vector<SeenChange> mine;
    for (const SeenChange &change : changes) {
        if (watches(change.key))
            mine.push_back(change);
    }
    if (mine.empty())
        return;
    if (m_paused) {
        // Kept one per key, so that a long pause holds at most the watched keys.
        m_held.insert(m_held.end(), mine.begin(), mine.end());
        m_held = coalescedChanges(m_held);
        return;
    }
    show(mine);
}

void WatchPaneController::show(const std::vector<SeenChange> &changes)
{
    if (changes.empty())
        return;
    m_entries->apply(changes);
    m_history->add(changes);
    emit changesSeen(changes);
}

} // namespace kvs::ui
