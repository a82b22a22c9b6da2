#pragma once

#include "tree/key_tree_filter.h"
#include "tree/key_tree_loader.h"
#include "tree/key_tree_node.h"

#include <kvs/async_kvstore.h>

#include <QAbstractItemModel>
#include <QFuture>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kvs::ui {

// The key tree: the children of a node are the distinct next key parts under its key, read
// lazily (canFetchMore / fetchMore) with AsyncKVStore::listChildren in pages of pageSize(), so
// expanding a node costs one index seek per child whatever the number of keys below it, and a
// node with a million children stays responsive (the view fetches the next page when it scrolls
// to the end). Columns: the part (with a type badge; bold when the key holds a value), its type,
// the number of children once all pages are in ("1000+" before), and for a key that holds a
// value: the value's kind, its stored size and its expiry as a countdown (read by the same
// listing, no read per row; refreshCountdowns() moves the countdowns on).
//
// All database work runs in the store's futures; results come back through this model's event
// loop. A listing for a node that a refresh or a new filter removed is dropped.
//
// Thread rule: GUI thread only.
class KeyTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column {
        PartColumn,
        TypeColumn,
        ChildrenColumn,
        ValueKindColumn,
        SizeColumn,
        ExpiryColumn,
        ColumnCount
    };
    enum Role {
        EncodedKeyRole = Qt::UserRole + 1, // QByteArray: the node's encoded key
        HasValueRole,                      // bool: the key holds a live value
        IsRawRole,                         // bool: an undecodable key, shown as hex
        KeyLiteralRole,                    // QString: the key in the literal syntax
        IsGapRole,                         // bool: a placeholder for children not read yet
        ExpiresAtRole,                     // qint64 ms since the epoch, or null: no expiry
        ValueSizeRole,                     // qint64 stored value bytes, or null: no value
        GapCountRole,                      // qlonglong: a placeholder's count; -1 not counted yet
        GapCountMoreRole,                  // bool: the placeholder stands for more than its count
    };

    explicit KeyTreeModel(QObject *parent = nullptr);
    ~KeyTreeModel() override;

    // Shows store's keys under filter (the store may be null: an empty tree). Resets the model
    // and starts reading the first page of the root's children.
    void setStore(std::shared_ptr<AsyncKVStore> store, KeyTreeFilter filter = {});
    bool hasStore() const { return m_loader->hasStore(); }
    void setFilter(const KeyTreeFilter &filter);
    const KeyTreeFilter &filter() const { return m_filter; }
    // Children per page (default 1000).
    void setPageSize(int pageSize) { m_loader->setPageSize(pageSize); }
    // On: canFetchMore() offers only a node's first page (and placeholder rows), so a view's
    // layout, which calls fetchMore() for every expanded node on every relayout, cannot read a
    // node to its end page after page; the view's owner reads further pages with fetchNextPage()
    // when the last row read scrolls into view. Off (the default): every page, as for any
    // lazy model.
    void setNextPagesOnDemand(bool on) { m_loader->setNextPagesOnDemand(on); }
    int pageSize() const { return m_loader->pageSize(); }

    // Reads the tree again from the root; expanded state is the view's to restore.
    void refresh();
    // The same database through another store (writes switched on or off): the rows stay, and
    // later pages come from store. Pages in flight still arrive (a retired store finishes them).
    void replaceStore(std::shared_ptr<AsyncKVStore> store);
    // A write of encodedKey committed: the rows on its path are updated in place, and inserted
    // where their parent's loaded pages cover their place in the order; nothing else moves, so
    // the view keeps its expansion, selection and scroll position.
    void noteKeyWritten(const std::string &encodedKey);
    // encodedKey was deleted: its row loses its value mark, and goes (with the ancestors this
    // leaves empty) once its loaded pages show it holds nothing else.
    void noteKeyDeleted(const std::string &encodedKey);
    // The time the expiry column counts down from (the store's clock; default the system's).
    void setClock(std::shared_ptr<Clock> clock);
    // rows' expiry cells show the time left now (the view's timer passes its visible rows).
    void refreshCountdowns(const QModelIndexList &rows);
    // The store the rows come from (null: none).
    const std::shared_ptr<AsyncKVStore> &store() const { return m_loader->store(); }

    // Live refresh (KeyTreeLiveRefresh re-reads what is loaded after a commit elsewhere).
    // A stretch of a node's rows read so far, in the tree's order, between placeholder rows.
    struct LoadedSpan
    {
        std::optional<Key> start;        // Its first key (inclusive); nullopt: the first child.
        std::optional<std::string> last; // Its last row's key (inclusive); nullopt: every child
                                         // to the end is in.
    };
    // A range of a node's children, encoded keys in the tree's order.
    struct ChildRange
    {
        std::optional<std::string> first; // nullopt: from the first child
        bool firstIncluded = true;
        std::optional<std::string> last; // inclusive; nullopt: to the end
    };
    // node's loaded rows as spans (none before its first page, or for a placeholder row).
    std::vector<LoadedSpan> loadedSpans(const QModelIndex &node) const;
    // fresh (the children of node in range, in the tree's order, as a listing just read them)
    // replaces node's loaded rows in range in place: rows that went are removed, new ones
    // inserted (not where a placeholder stands for them), marks updated. The rows of keep
    // (an encoded key: the row the user looks at) and of its ancestors are never removed.
    // Returns whether such a row was kept although fresh no longer holds it.
    bool applyFreshChildren(const QModelIndex &node,
                            const ChildRange &range,
                            const std::vector<KeyChild> &fresh,
                            const std::string &keep);
    // Every node's children read so far may be out of date (a commit elsewhere): isStale() says
    // so for each loaded node until markFresh() (one counter: no walk over the rows).
    void markAllStale() { ++m_epoch; }
    void markStale(const QModelIndex &node);
    void markFresh(const QModelIndex &node);
    bool isStale(const QModelIndex &node) const;
    // A page of node's children is being read.
    bool isFetching(const QModelIndex &node) const { return nodeOf(node)->fetching; }

    // Cancels every listing in flight: their pages are dropped and the nodes can be fetched again.
    void cancelLoading();
    // Listings in flight.
    int loadingCount() const { return m_loader->loadingCount(); }

    // The node's key, decoded (nullopt for an undecodable key) / encoded.
    std::optional<Key> keyAt(const QModelIndex &index) const;
    std::string encodedKeyAt(const QModelIndex &index) const;
    // The loaded child of parent whose key is key, or an invalid index.
    QModelIndex findChild(const QModelIndex &parent, const std::string &encodedKey) const;
    // Whether parent's rows read so far cover path's place in the order (then findChild()
    // answers for it). Requires: path is one part longer than parent's key.
    bool covers(const QModelIndex &parent, const Key &path) const;
    // Reads parent's children from path on (one page) without the ones before it, which become
    // a placeholder row that reads them when expanded. Emits seekFinished(): found when path is
    // a child (its row is then loaded), else the tree is left as it was. Not under a reverse
    // filter (returns false and reads nothing), nor while parent is loading.
    bool seekChild(const QModelIndex &parent, const Key &path);
    // A placeholder row's children are counted up to this many (one page read in the background;
    // the row then says "More than N earlier children…").
    static constexpr int kGapCountLimit = KeyTreeLoader::kGapCountLimit;
    // Reads the last page of the children placeholder row gap stands for (fetchMore() reads its
    // first): they go in after it, so rows below it stay where they are (a view scrolling up to
    // the placeholder). Returns false, reading nothing, when gap is not a placeholder or is being
    // read.
    bool fetchGapTail(const QModelIndex &gap);
    // Reads parent's next page, whatever setNextPagesOnDemand() says. Returns false, reading
    // nothing, when parent has no more children to read or is being read.
    bool fetchNextPage(const QModelIndex &parent);
    // Whether parent has children not read yet after its last row (not counting placeholders).
    bool hasNextPage(const QModelIndex &parent) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

signals:
    // loadingCount() changed (busy indicator).
    void loadingChanged(int count);
    // A page of parent's children arrived (also when it was empty).
    void pageLoaded(const QModelIndex &parent);
    // A listing failed: the error's message (e.g. a lost connection).
    void loadFailed(const QString &message);
    // seekChild() ended.
    void seekFinished(bool found);

public:
    // The tree's data, for KeyTreeLoader (and KeyTreeLiveRefresh's merge): nodes, and the edits
    // that keep a view's rows, expansion and selection (rows inserted and removed in place).
    KeyTreeNode *nodeOf(const QModelIndex &index) const;
    QModelIndex indexOf(KeyTreeNode *node, int column = 0) const;
    const std::shared_ptr<KeyTreeNode> &root() const { return m_root; }
    // A new root for filter, the rows gone; meanwhile runs inside the reset (between
    // modelAboutToBeReset() and modelReset()).
    void resetTree(const KeyTreeFilter &filter, const std::function<void()> &meanwhile = {});
    void insertChildren(KeyTreeNode &node, int first, std::vector<KeyChild> found);
    // A placeholder row for node's children from cursor on up to end (later: it follows the key
    // gone to). Returns it.
    KeyTreeNode &insertGap(KeyTreeNode &node,
                           int row,
                           std::optional<std::string> cursor,
                           const Key &end,
                           bool later = false);
    KeyTreeNode *insertChild(KeyTreeNode &node, std::size_t position, const Key &path, bool leaf);
    void removeChild(KeyTreeNode &node, std::size_t position);
    // node's row changed: its cells from firstColumn to lastColumn repaint.
    void
    nodeChanged(KeyTreeNode &node, int firstColumn = PartColumn, int lastColumn = ColumnCount - 1);
    // The loaded child of node whose key is encoded, or where it would be inserted; found says
    // which.
    std::size_t
    childPosition(const KeyTreeNode &node, const std::string &encoded, bool &found) const;

private:
    void resetRoot();
    QVariant partData(const KeyTreeNode &node, int role) const;
    QVariant childrenData(const KeyTreeNode &node) const;
    // The value kind, size and expiry columns (key_tree_model_values.cpp).
    QVariant valueData(const KeyTreeNode &node, int column, int role) const;
    QVariant gapData(const KeyTreeNode &gap, int column, int role) const;
    // Live refresh helpers (key_tree_model_refresh.cpp).
    bool inRange(const ChildRange &range, const std::string &encoded) const;
    bool treeBefore(const std::string &a, const std::string &b) const;
    void updateMarks(KeyTreeNode &row, const KeyChild &fresh, const std::string &keep);
    void removeRun(KeyTreeNode &node, int first, int last);
    void fixBoundaries(KeyTreeNode &node);

    std::shared_ptr<Clock> m_clock;
    KeyTreeFilter m_filter;
    std::shared_ptr<KeyTreeNode> m_root;
    std::uint64_t m_epoch = 1; // Bumped by markAllStale(); see KeyTreeNode::readEpoch.
    // Declared last: destroyed first, while the rows it reads into still exist.
    std::unique_ptr<KeyTreeLoader> m_loader;
};

} // namespace kvs::ui
