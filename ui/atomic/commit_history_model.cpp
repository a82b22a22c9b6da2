#include "atomic/commit_history_model.h"

#include "theme/ui_palette.h"

#include <QGuiApplication>
#include <QLocale>

namespace kvs::ui {

CommitHistoryModel::CommitHistoryModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void CommitHistoryModel::add(Record record)
{
    beginInsertRows({}, 0, 0);
    m_records.insert(m_records.begin(), std::move(record));
    endInsertRows();
}

int CommitHistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_records.size());
}

int CommitHistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CommitHistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Record &record = m_records[std::size_t(index.row())];
    if (role == Qt::ForegroundRole && index.column() == Result && !record.ok)
        return UiPalette(QGuiApplication::palette()).color(UiPalette::Role::Error);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case Time:
        return QLocale().toString(record.time.time(), QLocale::LongFormat);
    case Operations:
        return tr("%Ln check(s)", nullptr, record.checks) + QStringLiteral(", ")
               + tr("%Ln mutation(s)", nullptr, record.mutations);
    case Result:
        return record.result;
    default:
        return {};
    }
}

QVariant CommitHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Time:
        return tr("Time");
    case Operations:
        return tr("Operations");
    case Result:
        return tr("Result");
    default:
        return {};
    }
}

} // namespace kvs::ui
