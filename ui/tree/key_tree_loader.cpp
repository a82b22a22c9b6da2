#include "tree/key_tree_loader.h"

#include "tree/key_tree_model.h"
#include "tree/listing_cancel.h"

#include <kvs/future.h>

#include <algorithm>
#include <functional>

namespace kvs::ui {

namespace {

void forEachNode(KeyTreeNode &node, const std::function<void(KeyTreeNode &)> &fn)
{
    fn(node);
    for (const auto &child : node.children)
        forEachNode(*child, fn);
}

} // namespace

KeyTreeLoader::KeyTreeLoader(KeyTreeModel &model)
    : m_model(model)
{}

KeyTreeLoader::~KeyTreeLoader()
{
    for (QFuture<ChildrenPage> &future : m_inFlight)
        cancelListing(future);
}

void KeyTreeLoader::setStore(std::shared_ptr<AsyncKVStore> store, KeyTreeFilter filter)
{
    m_store = std::move(store);
    m_model.resetTree(filter, [this] { cancelLoading(); });
    if (m_store)
        fetchMore({});
}

void KeyTreeLoader::setFilter(const KeyTreeFilter &filter)
{
    m_model.resetTree(filter, [this] { cancelLoading(); });
    if (m_store)
        fetchMore({});
}

void KeyTreeLoader::refresh()
{
    setFilter(KeyTreeFilter(m_model.filter())); // a copy: the reset assigns it
}

void KeyTreeLoader::cancelLoading()
{
    ++m_generation;
    for (QFuture<ChildrenPage> &future : m_inFlight)
        cancelListing(future); // the scan stops at its next seek
    m_inFlight.clear();
    forEachNode(*m_model.root(), [](KeyTreeNode &node) { node.fetching = false; });
    if (m_loading != 0) {
        m_loading = 0;
        emit loadingChanged(0);
    }
}

bool KeyTreeLoader::hasNextPage(const QModelIndex &parent) const
{
    if (!m_store || parent.column() > 0)
        return false;
    const KeyTreeNode *node = m_model.nodeOf(parent);
    return !node->fetching && !node->failed && node->hasMore();
}

bool KeyTreeLoader::canFetchMore(const QModelIndex &parent) const
{
    if (!hasNextPage(parent))
        return false;
    const KeyTreeNode *node = m_model.nodeOf(parent);
    return !m_nextPagesOnDemand || node->isGap || !node->fetchedAny;
}

void KeyTreeLoader::fetchMore(const QModelIndex &parent)
{
    if (canFetchMore(parent))
        fetchNextPage(parent);
}

bool KeyTreeLoader::fetchNextPage(const QModelIndex &parent)
{
    if (!hasNextPage(parent))
        return false;
    KeyTreeNode *node = m_model.nodeOf(parent);
    const KeyTreeFilter &filter = m_model.filter();
    ChildrenOptions options;
    options.limit = m_pageSize;
    options.reverse = filter.reverse;
    if (node->isGap) {
        // The parent's children from the page before the placeholder up to the row after it.
        options.cursor = node->gapCursor;
        options.reverse = false;
        startListing(node,
                     {node->parent->path, filter.start, endBefore(filter, node->gapEnd)},
                     options,
                     &KeyTreeLoader::addGapPage);
        return true;
    }
    options.cursor = node->cursor;
    startListing(node, {node->path, filter.start, filter.end}, options, &KeyTreeLoader::addPage);
    return true;
}

void KeyTreeLoader::startListing(KeyTreeNode *target,
                                 const ChildrenSelector &selector,
                                 const ChildrenOptions &options,
                                 PageHandler handler)
{
    std::weak_ptr<KeyTreeNode> weak
        = target->parent ? target->parent->children[static_cast<std::size_t>(target->row)]
                         : m_model.root();
    target->fetching = true;
    ++m_loading;
    emit loadingChanged(m_loading);
    QFuture<ChildrenPage> page = m_store->listChildren(selector, options);
    m_inFlight.push_back(page);
    kvs::then(
        page, this, [this, weak, handler, generation = m_generation](QFuture<ChildrenPage> done) {
            receivePage(weak, generation, handler, done);
        });
}

void KeyTreeLoader::receivePage(const std::weak_ptr<KeyTreeNode> &target,
                                quint64 generation,
                                PageHandler handler,
                                QFuture<ChildrenPage> done)
{
    if (generation != m_generation)
        return; // cancelled or reset meanwhile
    const bool seek = handler == &KeyTreeLoader::addSeekPage;
    const std::shared_ptr<KeyTreeNode> node = target.lock();
    std::optional<ChildrenPage> page;
    try {
        page = done.result();
    } catch (const std::exception &error) {
        if (node)
            node->failed = true;
        finishLoad(target, generation);
        if (seek)
            emit seekFinished(false);
        emit loadFailed(QString::fromStdString(error.what()));
        return;
    }
    // The rows go in while the node still counts as fetching: a view (or a model tester) that
    // asks for more during the insertion must not read the same page again.
    m_pageParent = nullptr;
    m_seekFound = false;
    if (node)
        (this->*handler)(*node, std::move(*page)); // else: the row went meanwhile
    finishLoad(target, generation);
    if (seek)
        emit seekFinished(m_seekFound);
    else if (m_pageParent)
        emit pageLoaded(m_model.indexOf(m_pageParent));
}

void KeyTreeLoader::addPage(KeyTreeNode &node, ChildrenPage page)
{
    const bool empty = page.children.empty();
    if (!node.fetchedAny)
        m_model.markFresh(m_model.indexOf(&node));
    m_model.insertChildren(node, static_cast<int>(node.children.size()), std::move(page.children));
    node.cursor = std::move(page.cursor);
    node.fetchedAny = true;
    if (empty && &node != m_model.root().get() && !node.hasMore())
        node.child.hasChildren = false; // its keys went away since its parent was read
    m_model.nodeChanged(node, KeyTreeModel::ChildrenColumn, KeyTreeModel::ChildrenColumn);
    m_pageParent = &node;
}

void KeyTreeLoader::finishLoad(const std::weak_ptr<KeyTreeNode> &target, quint64 generation)
{
    if (generation != m_generation)
        return;
    if (const auto node = target.lock())
        node->fetching = false;
    std::erase_if(m_inFlight, [](const QFuture<ChildrenPage> &f) { return f.isFinished(); });
    m_loading = std::max(0, m_loading - 1);
    emit loadingChanged(m_loading);
}

} // namespace kvs::ui
