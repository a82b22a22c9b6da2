#pragma once

#include "tree/key_tree_filter.h"
#include "tree/key_tree_node.h"

#include <kvs/async_kvstore.h>

#include <QFuture>
#include <QModelIndex>
#include <QObject>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kvs::ui {

class KeyTreeModel;

// Fills a KeyTreeModel from a store: the children of a node with AsyncKVStore::listChildren, a
// page of pageSize() at a time (the model's fetchMore() asks here), "Go to key"'s seeks and the
// placeholder rows they leave (read when expanded, counted in the background, read from their
// end), the value summary of a key just written, and the writes and deletes noted in place. A
// generation names what is current: refresh(), a new filter and cancelLoading() bump it, and a
// page of an older one is dropped, as is a page whose node went meanwhile.
//
// All database work runs in the store's futures; results come back through this object's event
// loop. Owned by its model (KeyTreeModel::loader()), which outlives it.
// Thread rule: GUI thread only.
class KeyTreeLoader : public QObject
{
    Q_OBJECT

public:
    // A placeholder row's children are counted up to this many (one page read in the background;
    // the row then says "More than N earlier children…").
    static constexpr int kGapCountLimit = 10000;

    // Not owned: model owns this loader.
    explicit KeyTreeLoader(KeyTreeModel &model);
    // Cancels the listings in flight.
    ~KeyTreeLoader() override;

    // Shows store's keys under filter (the store may be null: an empty tree). Resets the model
    // and starts reading the first page of the root's children.
    void setStore(std::shared_ptr<AsyncKVStore> store, KeyTreeFilter filter = {});
    bool hasStore() const { return m_store != nullptr; }
    // The store the rows come from (null: none).
    const std::shared_ptr<AsyncKVStore> &store() const { return m_store; }
    // The same database through another store (writes switched on or off): the rows stay, and
    // later pages come from store. Pages in flight still arrive (a retired store finishes them).
    void replaceStore(std::shared_ptr<AsyncKVStore> store);
    void setFilter(const KeyTreeFilter &filter);
    // Reads the tree again from the root; expanded state is the view's to restore.
    void refresh();

    // Children per page (default 1000).
    void setPageSize(int pageSize) { m_pageSize = pageSize; }
    int pageSize() const { return m_pageSize; }
    // On: canFetchMore() offers only a node's first page (and placeholder rows), so a view's
    // layout, which calls fetchMore() for every expanded node on every relayout, cannot read a
    // node to its end page after page; the view's owner reads further pages with fetchNextPage()
    // when the last row read scrolls into view. Off (the default): every page, as for any
    // lazy model.
    void setNextPagesOnDemand(bool on) { m_nextPagesOnDemand = on; }

    // The model's canFetchMore() and fetchMore(): parent's next page, unless setNextPagesOnDemand()
    // leaves it to fetchNextPage().
    bool canFetchMore(const QModelIndex &parent) const;
    void fetchMore(const QModelIndex &parent);
    // Reads parent's next page, whatever setNextPagesOnDemand() says. Returns false, reading
    // nothing, when parent has no more children to read or is being read.
    bool fetchNextPage(const QModelIndex &parent);
    // Whether parent has children not read yet after its last row (not counting placeholders).
    bool hasNextPage(const QModelIndex &parent) const;
    // Reads parent's children from path on (one page) without the ones before it, which become
    // a placeholder row that reads them when expanded. Emits seekFinished(): found when path is
    // a child (its row is then loaded), else the tree is left as it was. Not under a reverse
    // filter (returns false and reads nothing), nor while parent is loading.
    bool seekChild(const QModelIndex &parent, const Key &path);
    // Reads the last page of the children placeholder row gap stands for (fetchMore() reads its
    // first): they go in after it, so rows below it stay where they are (a view scrolling up to
    // the placeholder). Returns false, reading nothing, when gap is not a placeholder or is being
    // read.
    bool fetchGapTail(const QModelIndex &gap);

    // Cancels every listing in flight: their pages are dropped and the nodes can be fetched again.
    void cancelLoading();
    // Listings in flight.
    int loadingCount() const { return m_loading; }

    // A write of encodedKey committed: the rows on its path are updated in place, and inserted
    // where their parent's loaded pages cover their place in the order; nothing else moves, so
    // the view keeps its expansion, selection and scroll position.
    void noteKeyWritten(const std::string &encodedKey);
    // encodedKey was deleted: its row loses its value mark, and goes (with the ancestors this
    // leaves empty) once its loaded pages show it holds nothing else.
    void noteKeyDeleted(const std::string &encodedKey);

signals:
    // loadingCount() changed (busy indicator).
    void loadingChanged(int count);
    // A page of parent's children arrived (also when it was empty).
    void pageLoaded(const QModelIndex &parent);
    // A listing failed: the error's message (e.g. a lost connection).
    void loadFailed(const QString &message);
    // seekChild() ended.
    void seekFinished(bool found);

private:
    using PageHandler = void (KeyTreeLoader::*)(KeyTreeNode &node, ChildrenPage page);
    // Reads one page for target (marked as fetching meanwhile) and hands it to handler.
    void startListing(KeyTreeNode *target,
                      const ChildrenSelector &selector,
                      const ChildrenOptions &options,
                      PageHandler handler);
    void receivePage(const std::weak_ptr<KeyTreeNode> &target,
                     quint64 generation,
                     PageHandler handler,
                     QFuture<ChildrenPage> done);
    void finishLoad(const std::weak_ptr<KeyTreeNode> &target, quint64 generation);
    void addPage(KeyTreeNode &node, ChildrenPage page);
    // Placeholder rows (key_tree_loader_seek.cpp, key_tree_loader_gaps.cpp).
    void addSeekPage(KeyTreeNode &node, ChildrenPage page);
    void addGapPage(KeyTreeNode &gap, ChildrenPage page);
    void addGapTailPage(KeyTreeNode &gap, ChildrenPage page);
    // Counts the children gap stands for (up to kGapCountLimit) in the background.
    void countGap(KeyTreeNode &gap);
    // page.children just replaced part of gap: its count follows.
    void gapShrank(KeyTreeNode &gap, std::size_t read);
    // Reads the value summary of a row whose key was just written (its listing's is out of date).
    void readValueSummary(KeyTreeNode &node);

    KeyTreeModel &m_model; // Not owned: it owns this loader.
    std::shared_ptr<AsyncKVStore> m_store;
    std::vector<QFuture<ChildrenPage>> m_inFlight; // cancelled by cancelLoading()
    Key m_sought;                                  // The path of the seekChild() in flight.
    std::weak_ptr<KeyTreeNode> m_seekGap;          // The placeholder it reads into, if any.
    // What the page handler in progress found: the node whose rows changed (pageLoaded), and
    // whether the seek found its key (seekFinished).
    KeyTreeNode *m_pageParent = nullptr; // Not owned.
    bool m_seekFound = false;
    quint64 m_generation = 0; // Bumped by reset and cancel: older pages are dropped.
    int m_loading = 0;
    int m_pageSize = 1000;
    bool m_nextPagesOnDemand = false;
};

} // namespace kvs::ui
