#pragma once

#include "rawsql/table_page.h"

#include <QAbstractTableModel>
#include <QFont>
#include <QHash>
#include <QSet>

namespace kvs::ui {

// The rows of one kvs table as stored, for a table of any size: the row count comes first
// (count(*)), rows arrive in pages of kPageSize, and only pages a view asks for are read,
// with a bounded cache around the latest ones. A row not read yet shows a placeholder and
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

    explicit TableRowsModel(QObject *parent = nullptr);

    // A new table: columns (from its first page) and row count; drops every page.
    void reset(const QStringList &columns, qint64 rowCount);
    void clear();
    // The rows of page (as requested by requestFor(page)).
    void setPage(qint64 page, const rawsql::TablePage &rows);
    // Forgets that page was asked for (its read failed or was dropped): asked again when shown.
    void forgetRequest(qint64 page);
    rawsql::PageRequest requestFor(qint64 page) const;
    bool hasPage(qint64 page) const { return m_pages.contains(page); }
    qint64 pageCount() const { return (m_rowCount + kPageSize - 1) / kPageSize; }
    qint64 totalRows() const { return m_rowCount; }
    // The row's stored value in column (QByteArray for BLOBs), invalid when not read yet.
    QVariant rawValue(int row, int column) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

signals:
    // A view showed a row of page, which is neither read nor asked for.
    void pageWanted(qint64 page);

private:
    const QVariantList *rowAt(int row) const;
    void evictFarFrom(qint64 page);

    QFont m_mono;
    QStringList m_columns;
    qint64 m_rowCount = 0;
    QHash<qint64, QList<QVariantList>> m_pages;
    mutable QSet<qint64> m_requested;
};

} // namespace kvs::ui
