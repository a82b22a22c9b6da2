#include "search/key_search_result_model.h"

#include <QFontDatabase>

namespace kvs::ui {

KeySearchResultModel::KeySearchResultModel(QObject *parent)
    : SearchHitTable(ColumnCount, parent)
{}

QVariant KeySearchResultModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const KeySearchHit &hit = hitAt(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == KeyColumn ? hit.literal : hit.matchedPart;
    case Qt::ToolTipRole:
        return hit.literal;
    case Qt::FontRole:
        if (index.column() == KeyColumn)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        return {};
    default:
        return {};
    }
}

QVariant KeySearchResultModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return section == KeyColumn ? tr("Key") : tr("Matching part");
}

} // namespace kvs::ui
