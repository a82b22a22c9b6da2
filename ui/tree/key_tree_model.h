#pragma once

#include "tree/key_tree_filter.h"
#include "tree/key_tree_loader.h"
#include "tree/key_tree_node.h"

#include <kvs/clock.h>

#include <QAbstractItemModel>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kvs::ui {

// The key tree's data and its Qt model: the children of a node are the distinct next key parts
// under its key, read lazily in pages by its KeyTreeLoader (loader(): the model's canFetchMore()
// and fetchMore() ask it), so expanding a node costs one index seek per child whatever the
// number of keys below it, and a node with a million children stays responsive (the view fetches
// the next page when it scrolls to the end). Columns: the part (with a type badge; bold when the
// key holds a value), its type, the number of children once all pages are in ("1000+" before),
// and for a key that holds a value: the value's kind, its stored size and its expiry as a
// countdown (read by the same listing, no read per row; refreshCountdowns() moves the countdowns
// on). Rows change in place (KeyTreeLoader's pages and noted writes, KeyTreeMerge's live
// refresh), so a view keeps its expansion, selection and scroll position; only a new filter or
// refresh() resets it. Split as Qt Creator's TreeModel: data and model API here, store calls in
// the loader.
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

    // What fills the rows: store, paging, seeks, refresh (owned by this model).
    KeyTreeLoader *loader() const { return m_loader.get(); }
    // What the rows show (set by the loader: KeyTreeLoader::setStore, setFilter).
    const KeyTreeFilter &filter() const { return m_filter; }
    // The time the expiry column counts down from (the store's clock; default the system's).
    void setClock(std::shared_ptr<Clock> clock);
    // rows' expiry cells show the time left now (the view's timer passes its visible rows).
    void refreshCountdowns(const QModelIndexList &rows);

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
    // Every node's children read so far may be out of date (a commit elsewhere): isStale() says
    // so for each loaded node until markFresh() (one counter: no walk over the rows).
    void markAllStale() { ++m_epoch; }
    void markStale(const QModelIndex &node);
    void markFresh(const QModelIndex &node);
    bool isStale(const QModelIndex &node) const;
    // A page of node's children is being read.
    bool isFetching(const QModelIndex &node) const { return nodeOf(node)->fetching; }

    // The node's key, decoded (nullopt for an undecodable key) / encoded.
    std::optional<Key> keyAt(const QModelIndex &index) const;
    std::string encodedKeyAt(const QModelIndex &index) const;
    // The loaded child of parent whose key is key, or an invalid index.
    QModelIndex findChild(const QModelIndex &parent, const std::string &encodedKey) const;
    // Whether parent's rows read so far cover path's place in the order (then findChild()
    // answers for it). Requires: path is one part longer than parent's key.
    bool covers(const QModelIndex &parent, const Key &path) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // The tree's data, for KeyTreeLoader and KeyTreeMerge: nodes, and the edits that keep a
    // view's rows, expansion and selection (rows inserted and removed in place).
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
    // Removes node's rows first..last (inclusive).
    void removeRun(KeyTreeNode &node, int first, int last);
    // node's row changed: its cells from firstColumn to lastColumn repaint.
    void
    nodeChanged(KeyTreeNode &node, int firstColumn = PartColumn, int lastColumn = ColumnCount - 1);
    // The loaded child of node whose key is encoded, or where it would be inserted; found says
    // which.
    std::size_t
    childPosition(const KeyTreeNode &node, const std::string &encoded, bool &found) const;

private:
    void resetRoot();

    std::shared_ptr<Clock> m_clock;
    KeyTreeFilter m_filter;
    std::shared_ptr<KeyTreeNode> m_root;
    std::uint64_t m_epoch = 1; // Bumped by markAllStale(); see KeyTreeNode::readEpoch.
    // Declared last: destroyed first, while the rows it reads into still exist.
    std::unique_ptr<KeyTreeLoader> m_loader;
};

} // namespace kvs::ui
