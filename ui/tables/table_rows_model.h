#pragma once

#include "rawsql/table_page.h"

#include <QAbstractTableModel>
#include <QFont>
#include <QHash>
#include <QSet>

#include <algorithm>

namespace kvs::ui {

// The rows of one kvs table as stored, for a table of any size: the row count comes first
// (count(*)), rows arrive in pages of kPageSize, and only pages a view asks for are read,
// with a bounded cache around the latest ones. The model shows a window of at most
// windowRows() table rows (model row r is table row windowStart() + r), moved by
// setWindowStart(): a view books every model row of a reset one by one in its vertical header,
// which for a million rows stalls the GUI thread for about 100 ms; a RowWindowBar scrolls the
// whole table. A row not read yet shows a placeholder and
// asks for its page (pageWanted()), which the controller reads off the GUI thread and hands to
// setPage(). requestFor() picks the cheapest read of a page from the pages at hand: keyset
// after the page before, before the page after, or an offset from the nearer end.
// BLOBs show as hex (the first kHexBytes bytes); the decoded columns come from the worker.
// Read-only. Thread rule: GUI thread only.
class TableRowsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    static constexpr int kPageSize = 200;
    static constexpr int kCachedPages = 500;
    static constexpr int kHexBytes = 48;
    static constexpr int kWindowRows = 20000;

    explicit TableRowsModel(QObject *parent = nullptr);

    // A new table: columns (from its first page) and row count; drops every page; the window
    // starts at the first row.
    void reset(const QStringList &columns, qint64 rowCount);
    // The most rows the window holds (kWindowRows; tests use fewer). Resets the model.
    void setWindowLimit(int rows);
    // The table row shown as model row 0.
    qint64 windowStart() const { return m_windowStart; }
    // The rows the model has: the table's, up to the window limit.
    int windowRows() const { return int(std::min<qint64>(m_rowCount, m_windowLimit)); }
    // Shows table rows from start on (clamped so that the window stays within the table) as the
    // model's rows, their cells changed in place. Returns the start now.
    qint64 setWindowStart(qint64 start);
    void clear();
    // The rows of page (as requested by requestFor(page)).
    void setPage(qint64 page, const rawsql::TablePage &rows);
    // Forgets that page was asked for (its read failed or was dropped): asked again when shown.
    void forgetRequest(qint64 page);
    rawsql::PageRequest requestFor(qint64 page) const;
    bool hasPage(qint64 page) const { return m_pages.contains(page); }
    qint64 pageCount() const { return (m_rowCount + kPageSize - 1) / kPageSize; }
    qint64 totalRows() const { return m_rowCount; }
    // The model row's stored value in column (QByteArray for BLOBs), invalid when not read yet.
    QVariant rawValue(int row, int column) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

signals:
    // A view showed a row of page, which is neither read nor asked for.
    void pageWanted(qint64 page);

private:
    const QVariantList *rowAt(qint64 tableRow) const;
    void evictFarFrom(qint64 page);

    QFont m_mono;
    QStringList m_columns;
    qint64 m_rowCount = 0;
    qint64 m_windowStart = 0;
    int m_windowLimit = kWindowRows;
    QHash<qint64, QList<QVariantList>> m_pages;
    mutable QSet<qint64> m_requested;
};

} // namespace kvs::ui
