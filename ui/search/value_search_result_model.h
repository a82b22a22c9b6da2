#pragma once

#include "search/checked_writes.h"
#include "search/search_hit_table.h"
#include "search/value_search_hit.h"

#include <optional>

namespace kvs::ui {

// The entries a value search found, in key order as they arrive: key, value kind, a one-line
// preview with the match marked (MarkRole), version. Rows as SearchHitTable keeps them, and
// changed after an action on them (one reset).
// Thread rule: GUI thread only.
class ValueSearchResultModel : public SearchHitTable<ValueSearchHit>
{
    Q_OBJECT

public:
    enum Column { KeyColumn, KindColumn, PreviewColumn, VersionColumn, ColumnCount };
    // PreviewColumn: QPoint(start, length) of the match in the preview; invalid: no mark.
    static constexpr int MarkRole = Qt::UserRole + 1;

    explicit ValueSearchResultModel(QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // After an action on every row (states and versions in row order, as writeChecked gives
    // them): a delete removes the rows written; an expiry change gives them their new version
    // and expiresAt.
    void applyWrites(const CheckedWriteResult &result,
                     bool deleted,
                     std::optional<std::int64_t> expiresAt);
};

} // namespace kvs::ui
