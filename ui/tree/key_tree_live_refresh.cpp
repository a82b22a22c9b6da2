#include "tree/key_tree_live_refresh.h"

#include "tree/key_tree_merge.h"
#include "tree/listing_cancel.h"

#include <kvs/errors.h>
#include <kvs/future.h>
#include <kvs/key.h>

#include <QItemSelectionModel>
#include <QTreeView>

#include <algorithm>
#include <utility>

namespace kvs::ui {

namespace {

int depthOf(QModelIndex index)
{
    int depth = 0;
    for (; index.isValid(); index = index.parent())
        ++depth;
    return depth;
}

// The later of two starts of a listing, by their encoded keys.
std::optional<Key> laterStart(const std::optional<Key> &a, const std::optional<Key> &b)
{
    if (!a)
        return b;
    if (!b)
        return a;
    return encodeKey(*a) < encodeKey(*b) ? b : a;
}

} // namespace

KeyTreeLiveRefresh::KeyTreeLiveRefresh(KeyTreeModel *model, QTreeView *view, QObject *parent)
    : QObject(parent)
    , m_model(model)
    , m_view(view)
{
    m_rerun.setSingleShot(true);
    m_rerun.setInterval(kRerunDelay);
    connect(&m_rerun, &QTimer::timeout, this, &KeyTreeLiveRefresh::startRun);
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
        cancel();
        m_expanded.clear();
        m_held.clear();
    });
    if (!m_view)
        return;
    connect(m_view, &QTreeView::expanded, this, [this](const QModelIndex &index) {
        m_expanded.emplace_back(index.siblingAtColumn(0));
        if (m_model->isStale(index))
            requestRun(); // changed while it was collapsed
    });
    connect(m_view, &QTreeView::collapsed, this, [this](const QModelIndex &index) {
        const QModelIndex first = index.siblingAtColumn(0);
        std::erase_if(m_expanded, [&](const QPersistentModelIndex &p) { return p == first; });
    });
    // The row kept for the user may go once the current row moves.
    const auto currentMoved = [this] {
        if (m_held.empty())
            return;
        for (const QPersistentModelIndex &node : std::exchange(m_held, {}))
            m_model->markStale(node);
        requestRun();
    };
    // The view's selection model exists once it has its model (the pane sets it first).
    if (QItemSelectionModel *selection = m_view->selectionModel())
        connect(selection, &QItemSelectionModel::currentChanged, this, currentMoved);
}

KeyTreeLiveRefresh::~KeyTreeLiveRefresh()
{
    cancelListing(m_inFlight);
}

void KeyTreeLiveRefresh::databaseChanged()
{
    m_model->markAllStale();
    requestRun();
}

void KeyTreeLiveRefresh::cancel()
{
    ++m_generation;
    cancelListing(m_inFlight);
    m_inFlight = {};
    m_jobs.clear();
    m_rerun.stop();
    m_running = false;
    m_pending = false;
}

void KeyTreeLiveRefresh::requestRun()
{
    if (m_running) {
        m_pending = true; // after this run, which may have read before the commit
        return;
    }
    if (!m_rerun.isActive())
        startRun();
}

bool KeyTreeLiveRefresh::visible(const QModelIndex &index) const
{
    if (!m_view)
        return false;
    for (QModelIndex at = index; at.isValid(); at = at.parent()) {
        if (!m_view->isExpanded(at))
            return false;
    }
    return true;
}

void KeyTreeLiveRefresh::startRun()
{
    if (!m_model->loader()->store()) {
        emit idle();
        return;
    }
    std::erase_if(m_expanded, [](const QPersistentModelIndex &p) { return !p.isValid(); });
    // Parents first: a node its parent's refresh removed is skipped.
    std::vector<std::pair<int, QPersistentModelIndex>> nodes;
    for (const QPersistentModelIndex &node : m_expanded) {
        if (visible(node))
            nodes.emplace_back(depthOf(node), node);
    }
    std::stable_sort(
        nodes.begin(), nodes.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    m_jobs.clear();
    m_jobs.push_back(Job{QPersistentModelIndex(), true, {}, 0, {}, {}});
    for (auto &[depth, node] : nodes) {
        if (std::none_of(
                m_jobs.begin(), m_jobs.end(), [&](const Job &job) { return job.node == node; }))
            m_jobs.push_back(Job{node, false, {}, 0, {}, {}});
    }
    m_running = true;
    m_pending = false;
    startJob();
}

QModelIndex KeyTreeLiveRefresh::indexOf(const Job &job) const
{
    return job.root ? QModelIndex() : QModelIndex(job.node);
}

std::string KeyTreeLiveRefresh::keptKey() const
{
    if (!m_view)
        return {};
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid() || current.data(KeyTreeModel::IsGapRole).toBool())
        return {};
    return m_model->encodedKeyAt(current);
}

void KeyTreeLiveRefresh::startJob()
{
    while (!m_jobs.empty()) {
        Job &job = m_jobs.front();
        const QModelIndex index = indexOf(job);
        if ((job.root || job.node.isValid()) && m_model->isStale(index)) {
            if (m_model->isFetching(index)) {
                m_pending = true; // a page is on its way: read after it
            } else {
                m_model->markFresh(index);
                job.spans = m_model->loadedSpans(index);
                if (!job.spans.empty()) {
                    readPage();
                    return;
                }
            }
        }
        m_jobs.pop_front();
    }
    finishRun();
}

void KeyTreeLiveRefresh::readPage()
{
    Job &job = m_jobs.front();
    const QModelIndex index = indexOf(job);
    const std::optional<Key> path = m_model->keyAt(index);
    const std::shared_ptr<AsyncKVStore> &store = m_model->loader()->store();
    if ((!job.root && !job.node.isValid()) || !path || !store) {
        finishJob();
        return;
    }
    const KeyTreeFilter &filter = m_model->filter();
    const KeyTreeModel::LoadedSpan &span = job.spans[job.span];
    ChildrenSelector selector{*path, laterStart(filter.start, span.start), filter.end};
    ChildrenOptions options;
    options.limit = m_model->loader()->pageSize();
    options.cursor = job.cursor;
    options.reverse = filter.reverse;
    ++m_pagesRead;
    m_inFlight = store->listChildren(selector, options);
    kvs::then(m_inFlight, this, [this, generation = m_generation](QFuture<ChildrenPage> done) {
        receivePage(generation, std::move(done));
    });
}

void KeyTreeLiveRefresh::receivePage(std::uint64_t generation, QFuture<ChildrenPage> done)
{
    if (generation != m_generation || m_jobs.empty())
        return; // cancelled meanwhile
    m_inFlight = {};
    Job &job = m_jobs.front();
    ChildrenPage page;
    try {
        page = done.result();
    } catch (const std::exception &) {
        // A lost connection or a store closed under the read: the node stays as it was, and
        // reads again after the next commit (the pane's banner reports lost connections).
        if (job.root || job.node.isValid())
            m_model->markStale(indexOf(job));
        finishJob();
        return;
    }
    if (!job.root && !job.node.isValid()) {
        finishJob(); // the row went meanwhile
        return;
    }
    const KeyTreeModel::LoadedSpan &span = job.spans[job.span];
    const bool reverse = m_model->filter().reverse;
    const auto beyond = [&](const std::string &encoded) {
        return span.last && (reverse ? encoded < *span.last : *span.last < encoded);
    };
    bool more = page.cursor.has_value();
    // Only as far as the rows were read: later children come with the view's next page.
    const auto firstBeyond
        = std::find_if(page.children.begin(), page.children.end(), [&](const KeyChild &child) {
              return beyond(child.encoded);
          });
    if (firstBeyond != page.children.end()) {
        page.children.erase(firstBeyond, page.children.end());
        more = false;
    }
    if (more && span.last && page.children.back().encoded == *span.last)
        more = false;
    KeyTreeModel::ChildRange range;
    if (job.after) {
        range.first = job.after;
        range.firstIncluded = false;
    } else if (span.start) {
        range.first = encodeKey(*span.start);
    }
    range.last = more ? std::optional<std::string>(page.children.back().encoded) : span.last;
    const QModelIndex index = indexOf(job);
    if (KeyTreeMerge(*m_model).apply(index, range, page.children, keptKey()))
        m_held.emplace_back(index);
    if (more) {
        job.after = page.children.back().encoded;
        job.cursor = std::move(page.cursor);
        readPage();
        return;
    }
    if (++job.span < job.spans.size()) {
        job.after.reset();
        job.cursor.reset();
        readPage();
        return;
    }
    finishJob();
}

void KeyTreeLiveRefresh::finishJob()
{
    const Job job = std::move(m_jobs.front());
    m_jobs.pop_front();
    // Every row read so far went: the node reads its first page again, as on expanding.
    const QModelIndex index = indexOf(job);
    if ((job.root || job.node.isValid()) && m_model->rowCount(index) == 0
        && m_model->canFetchMore(index))
        m_model->fetchMore(index);
    startJob();
}

void KeyTreeLiveRefresh::finishRun()
{
    m_running = false;
    if (m_pending) {
        m_pending = false;
        m_rerun.start();
        return;
    }
    emit idle();
}

} // namespace kvs::ui
