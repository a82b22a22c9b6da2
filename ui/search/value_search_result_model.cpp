#include "search/value_search_result_model.h"

#include "common/value_type_name.h"

#include <QFontDatabase>
#include <QPoint>

#include <algorithm>

namespace kvs::ui {

ValueSearchResultModel::ValueSearchResultModel(QObject *parent)
    : SearchHitTable(ColumnCount, parent)
{}

QVariant ValueSearchResultModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ValueSearchHit &hit = hitAt(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case KeyColumn:
            return hit.keyLiteral;
        case KindColumn:
            return valueTypeName(hit.entry.value.type());
        case PreviewColumn:
            return hit.preview;
        case VersionColumn:
            return QString::number(hit.entry.version);
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return index.column() == PreviewColumn ? hit.preview : hit.keyLiteral;
    case Qt::FontRole:
        if (index.column() == KeyColumn || index.column() == PreviewColumn)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == VersionColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case MarkRole:
        if (index.column() == PreviewColumn && hit.markStart >= 0)
            return QPoint(hit.markStart, hit.markLength);
        return {};
    default:
        return {};
    }
}

QVariant
ValueSearchResultModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case KeyColumn:
        return tr("Key");
    case KindColumn:
        return tr("Kind");
    case PreviewColumn:
        return tr("Value");
    case VersionColumn:
        return tr("Version");
    default:
        return {};
    }
}

void ValueSearchResultModel::applyWrites(const CheckedWriteResult &result,
                                         bool deleted,
                                         std::optional<std::int64_t> expiresAt)
{
    if (result.states.size() != m_hits.size())
        return; // not these rows
    using State = CheckedWriteResult::State;
    beginResetModel();
    ValueSearchHits kept;
    kept.reserve(m_hits.size());
    for (std::size_t i = 0; i < m_hits.size(); ++i) {
        if (result.states[i] != State::Written) {
            kept.push_back(std::move(m_hits[i]));
            continue;
        }
        if (deleted)
            continue;
        m_hits[i].entry.version = result.newVersion[i];
        m_hits[i].entry.expiresAt = expiresAt;
        kept.push_back(std::move(m_hits[i]));
    }
    m_hits = std::move(kept);
    endResetModel();
}

} // namespace kvs::ui
