#pragma once

#include "search/key_search_hit.h"
#include "search/search_hit_table.h"

namespace kvs::ui {

// The keys a search found, in key order as they arrive: the key literal and the part that
// matched (rows as SearchHitTable keeps them). Thread rule: GUI thread only.
class KeySearchResultModel : public SearchHitTable<KeySearchHit>
{
    Q_OBJECT

public:
    enum Column { KeyColumn, MatchColumn, ColumnCount };

    explicit KeySearchResultModel(QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
};

} // namespace kvs::ui
