#include "tables/statement_result_model.h"

#include "tables/cell_grid.h"
#include "tables/table_rows_model.h"

#include <QFontDatabase>

namespace kvs::ui {

StatementResultModel::StatementResultModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_mono(QFontDatabase::systemFont(QFontDatabase::FixedFont))
{}

void StatementResultModel::start(const rawsql::StatementResult &result)
{
    beginResetModel();
    m_columns = result.page.columns;
    m_rows = result.page.rows;
    m_atEnd = result.atEnd;
    m_fetching = false;
    endResetModel();
}

void StatementResultModel::append(const rawsql::StatementResult &more)
{
    m_fetching = false;
    m_atEnd = m_atEnd || more.atEnd; // markEnded() holds until the next start()
    if (more.page.rows.isEmpty())
        return;
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + int(more.page.rows.size()) - 1);
    m_rows.append(more.page.rows);
    endInsertRows();
}

void StatementResultModel::clear()
{
    start({});
}

void StatementResultModel::markEnded()
{
    m_atEnd = true;
    m_fetching = false;
}

int StatementResultModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int StatementResultModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant StatementResultModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const QVariantList &row = m_rows.at(index.row());
    if (index.column() >= row.size())
        return {};
    return cellData(row.at(index.column()), role, TableRowsModel::kHexBytes, m_mono);
}

QVariant StatementResultModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return QString::number(section + 1);
    return section < m_columns.size() ? m_columns.at(section) : QVariant();
}

bool StatementResultModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_atEnd && !m_fetching;
}

void StatementResultModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    m_fetching = true;
    emit moreWanted();
}

} // namespace kvs::ui
