#pragma once

#include "search/key_search_hit.h"

#include <QAbstractTableModel>

namespace kvs::ui {

// The keys a search found, in key order as they arrive: the key literal and the part that
// matched. Rows are only appended (one insertion per batch) or all cleared (one reset).
// Thread rule: GUI thread only.
class KeySearchResultModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { KeyColumn, MatchColumn, ColumnCount };

    explicit KeySearchResultModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Appends hits after the rows there are.
    void append(KeySearchHits hits);
    void clear();
    // The hit of row. Requires: 0 <= row < rowCount().
    const KeySearchHit &hitAt(int row) const { return m_hits[static_cast<std::size_t>(row)]; }

private:
    KeySearchHits m_hits;
};

} // namespace kvs::ui
