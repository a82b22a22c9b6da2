#pragma once

#include <kvs/value.h>

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace kvs::ui {

// A value as a tree: one top row for the value itself, below it the members of objects, the
// items of arrays and Sets and the entries of Maps, each row with its key or index, its type and
// a one-line preview. Lazy: a container's rows are made when the view expands it, and then in
// batches of kBatch as the view scrolls (canFetchMore / fetchMore), so a value with 100,000
// elements opens at once. The model shares the value (no copy) and only points into it.
//
// A row's path is the list of steps from the top: an object member by its name, an array or Set
// item by its position (a Set's in iteration order), a Map entry by its key (any value). As a
// literal it is an array of those steps, e.g. ["items", 3, "name"] or [new Map key ...]; the top
// row's path is []. (The reference's error messages name paths as value.items[3].name; the array
// form is chosen here because a Map key that is an object or a Date has no such spelling, and the
// array form is itself a literal that parses.)
//
// Thread rule: GUI thread only.
class StructuredValueModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column { KeyColumn, TypeColumn, PreviewColumn, ColumnCount };
    enum Role {
        PathLiteralRole = Qt::UserRole + 1, // QString: the row's path as a literal
        DetailTextRole, // QString: strings as they are (with their line breaks), else the
                        // pretty-printed literal, both bounded
    };
    static constexpr int kBatch = 1000;

    explicit StructuredValueModel(QObject *parent = nullptr);
    ~StructuredValueModel() override;

    // Shows value (null: nothing). Resets the model.
    void setValue(std::shared_ptr<const Value> value);
    const std::shared_ptr<const Value> &value() const { return m_value; }

    // The value at index (nullptr for an invalid index). Valid while the model shows it.
    const Value *valueAt(const QModelIndex &index) const;
    // The steps from the top to index (see the class comment).
    std::vector<Value> pathAt(const QModelIndex &index) const;
    // Children of index made so far / in all.
    int createdChildren(const QModelIndex &index) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    struct Node;
    Node *nodeOf(const QModelIndex &index) const;
    QVariant keyText(const Node &node) const;

    std::shared_ptr<const Value> m_value;
    std::unique_ptr<Node> m_root; // invisible; its one child is the value's row
};

} // namespace kvs::ui
