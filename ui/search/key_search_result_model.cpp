#include "search/key_search_result_model.h"

#include <QFontDatabase>

#include <iterator>

namespace kvs::ui {

KeySearchResultModel::KeySearchResultModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

int KeySearchResultModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_hits.size());
}

int KeySearchResultModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

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

void KeySearchResultModel::append(KeySearchHits hits)
{
    if (hits.empty())
        return;
    const int first = rowCount();
    beginInsertRows({}, first, first + static_cast<int>(hits.size()) - 1);
    m_hits.insert(
        m_hits.end(), std::make_move_iterator(hits.begin()), std::make_move_iterator(hits.end()));
    endInsertRows();
}

void KeySearchResultModel::clear()
{
    beginResetModel();
    m_hits.clear();
    endResetModel();
}

} // namespace kvs::ui
