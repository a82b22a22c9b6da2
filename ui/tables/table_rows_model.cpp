#include "tables/table_rows_model.h"

#include "tables/cell_grid.h"

#include <QFontDatabase>
#include <QGuiApplication>
#include <QPalette>

#include <cstdlib>
#include <limits>

namespace kvs::ui {

TableRowsModel::TableRowsModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_mono(QFontDatabase::systemFont(QFontDatabase::FixedFont))
{}

void TableRowsModel::reset(const QStringList &columns, qint64 rowCount)
{
    beginResetModel();
    m_columns = columns;
    m_rowCount = rowCount;
    m_pages.clear();
    m_requested.clear();
    endResetModel();
}

void TableRowsModel::clear()
{
    reset({}, 0);
}

void TableRowsModel::setPage(qint64 page, const rawsql::TablePage &rows)
{
    m_requested.remove(page);
    if (page < 0 || page >= pageCount())
        return;
    m_pages.insert(page, rows.rows);
    evictFarFrom(page);
    const int first = int(page * kPageSize);
    const int last = int(std::min<qint64>(m_rowCount, (page + 1) * kPageSize)) - 1;
    if (last >= first && !m_columns.isEmpty())
        emit dataChanged(index(first, 0), index(last, int(m_columns.size()) - 1));
}

void TableRowsModel::forgetRequest(qint64 page)
{
    m_requested.remove(page);
}

rawsql::PageRequest TableRowsModel::requestFor(qint64 page) const
{
    using Anchor = rawsql::PageRequest::Anchor;
    rawsql::PageRequest request;
    const qint64 start = page * kPageSize;
    const qint64 end = std::min<qint64>(m_rowCount, start + kPageSize);
    request.limit = int(std::max<qint64>(1, end - start));
    const auto before = m_pages.constFind(page - 1);
    const auto after = m_pages.constFind(page + 1);
    if (page == 0) {
        request.anchor = Anchor::First;
    } else if (before != m_pages.constEnd() && !before->isEmpty()) {
        request.anchor = Anchor::After;
        request.key = before->last().first();
    } else if (after != m_pages.constEnd() && !after->isEmpty()) {
        request.anchor = Anchor::Before;
        request.key = after->first().first();
    } else if (end == m_rowCount) {
        request.anchor = Anchor::Last;
    } else if (start <= m_rowCount - end) {
        request.anchor = Anchor::Offset;
        request.offset = start;
    } else {
        request.anchor = Anchor::OffsetFromEnd;
        request.offset = m_rowCount - end;
    }
    return request;
}

QVariant TableRowsModel::rawValue(int row, int column) const
{
    const QVariantList *values = rowAt(row);
    if (!values || column < 0 || column >= values->size())
        return {};
    return values->at(column);
}

int TableRowsModel::rowCount(const QModelIndex &parent) const
{
    // A view holds an int of rows; a larger table shows its first 2^31 - 1 (the count says so).
    return parent.isValid() ? 0
                            : int(std::min<qint64>(m_rowCount, std::numeric_limits<int>::max()));
}

int TableRowsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant TableRowsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const QVariantList *values = rowAt(index.row());
    if (!values) {
        const qint64 page = index.row() / kPageSize;
        if (role == Qt::DisplayRole && !m_requested.contains(page)) {
            m_requested.insert(page);
            // Queued: a view asks for data while it paints. The signal is the model's
            // (non-const) side effect of a const read, hence the cast.
            QMetaObject::invokeMethod(const_cast<TableRowsModel *>(this),
                                      "pageWanted",
                                      Qt::QueuedConnection,
                                      Q_ARG(qint64, page));
        }
        if (role == Qt::DisplayRole)
            return index.column() == 0 ? tr("loading…") : QString();
        if (role == Qt::ForegroundRole)
            return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    }
    if (index.column() >= values->size())
        return {};
    return cellData(values->at(index.column()), role, kHexBytes, m_mono);
}

QVariant TableRowsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return QString::number(qint64(section) + 1);
    return section < m_columns.size() ? m_columns.at(section) : QVariant();
}

const QVariantList *TableRowsModel::rowAt(int row) const
{
    const auto it = m_pages.constFind(row / kPageSize);
    if (it == m_pages.constEnd())
        return nullptr;
    const int offset = row % kPageSize;
    return offset < it->size() ? &it->at(offset) : nullptr;
}

void TableRowsModel::evictFarFrom(qint64 page)
{
    while (m_pages.size() > kCachedPages) {
        qint64 farthest = page;
        for (auto it = m_pages.constBegin(); it != m_pages.constEnd(); ++it) {
            if (std::llabs(it.key() - page) > std::llabs(farthest - page))
                farthest = it.key();
        }
        m_pages.remove(farthest);
    }
}

} // namespace kvs::ui
