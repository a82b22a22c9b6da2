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
    m_windowStart = 0;
    m_pages.clear();
    m_requested.clear();
    endResetModel();
}

void TableRowsModel::clear()
{
    reset({}, 0);
}

void TableRowsModel::setWindowLimit(int rows)
{
    beginResetModel();
    m_windowLimit = std::max(1, rows);
    m_windowStart = 0;
    endResetModel();
}

qint64 TableRowsModel::setWindowStart(qint64 start)
{
    start = std::clamp<qint64>(start, 0, m_rowCount - windowRows());
    if (start == m_windowStart)
        return start;
    m_windowStart = start;
    // The same number of rows, other contents: changed in place, so that the view keeps its
    // (cheap) row layout.
    const int rows = windowRows();
    if (rows > 0 && !m_columns.isEmpty()) {
        emit dataChanged(index(0, 0), index(rows - 1, int(m_columns.size()) - 1));
        emit headerDataChanged(Qt::Vertical, 0, rows - 1);
    }
    return start;
}

void TableRowsModel::setPage(qint64 page, const rawsql::TablePage &rows)
{
    m_requested.remove(page);
    if (page < 0 || page >= pageCount())
        return;
    m_pages.insert(page, rows.rows);
    evictFarFrom(page);
    // The page's rows that are in the window, as model rows.
    const qint64 first = std::max(page * kPageSize, m_windowStart) - m_windowStart;
    const qint64 last = std::min({m_rowCount, (page + 1) * kPageSize, m_windowStart + windowRows()})
                        - 1 - m_windowStart;
    if (last >= first && !m_columns.isEmpty())
        emit dataChanged(index(int(first), 0), index(int(last), int(m_columns.size()) - 1));
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
    const QVariantList *values = rowAt(m_windowStart + row);
    if (!values || column < 0 || column >= values->size())
        return {};
    return values->at(column);
}

int TableRowsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : windowRows();
}

int TableRowsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant TableRowsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const qint64 tableRow = m_windowStart + index.row();
    const QVariantList *values = rowAt(tableRow);
    if (!values) {
        const qint64 page = tableRow / kPageSize;
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
        return QString::number(m_windowStart + section + 1);
    return section < m_columns.size() ? m_columns.at(section) : QVariant();
}

const QVariantList *TableRowsModel::rowAt(qint64 tableRow) const
{
    const auto it = m_pages.constFind(tableRow / kPageSize);
    if (it == m_pages.constEnd())
        return nullptr;
    const int offset = int(tableRow % kPageSize);
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
