#pragma once

#include "rawsql/statement_result.h"

#include <QAbstractTableModel>
#include <QFont>

namespace kvs::ui {

// The rows of the SQL console's latest statement, page by page: canFetchMore() while the
// statement's result is open, fetchMore() asks for the next page (moreWanted()), which the
// controller reads off the GUI thread and hands to append(). Read-only.
// Thread rule: GUI thread only.
class StatementResultModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    explicit StatementResultModel(QObject *parent = nullptr);

    // The first page of a new statement's result.
    void start(const rawsql::StatementResult &result);
    void append(const rawsql::StatementResult &more);
    void clear();
    // No more pages (the result was closed, or an export reads the rest), until start().
    void markEnded();
    bool isAtEnd() const { return m_atEnd; }
    QStringList columns() const { return m_columns; }
    const QList<QVariantList> &rows() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

signals:
    void moreWanted();

private:
    QFont m_mono;
    QStringList m_columns;
    QList<QVariantList> m_rows;
    bool m_atEnd = true;
    bool m_fetching = false;
};

} // namespace kvs::ui
