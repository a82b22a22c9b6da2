#pragma once

#include <QAbstractTableModel>

#include <iterator>
#include <vector>

namespace kvs::ui {

// The row storage both searches' result models share: one Hit a row, in the order they arrive.
// Rows are only appended (one insertion per batch) or all cleared (one reset); a model that
// changes rows otherwise resets around its change of m_hits. The derived model gives the
// columns (data(), headerData()). Thread rule: GUI thread only.
template <typename Hit>
class SearchHitTable : public QAbstractTableModel
{
public:
    using Hits = std::vector<Hit>;

    SearchHitTable(int columnCount, QObject *parent)
        : QAbstractTableModel(parent)
        , m_columnCount(columnCount)
    {}

    int rowCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : static_cast<int>(m_hits.size());
    }
    int columnCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : m_columnCount;
    }

    // Appends hits after the rows there are.
    void append(Hits hits)
    {
        if (hits.empty())
            return;
        const int first = rowCount();
        beginInsertRows({}, first, first + static_cast<int>(hits.size()) - 1);
        m_hits.insert(m_hits.end(),
                      std::make_move_iterator(hits.begin()),
                      std::make_move_iterator(hits.end()));
        endInsertRows();
    }
    void clear()
    {
        beginResetModel();
        m_hits.clear();
        endResetModel();
    }
    // The hit of row. Requires: 0 <= row < rowCount().
    const Hit &hitAt(int row) const { return m_hits[static_cast<std::size_t>(row)]; }
    const Hits &hits() const { return m_hits; }

protected:
    Hits m_hits;

private:
    int m_columnCount;
};

} // namespace kvs::ui
