#pragma once

#include "atomic/transaction_row.h"

#include <QAbstractTableModel>

#include <vector>

namespace kvs::ui {

// The transaction being built: its checks first, then its mutations in the order they will
// run, one row each, with what is wrong with a row in the Problem column. Checks keep their
// order, which is the index a failed commit names. Thread rule: GUI thread only.
class TransactionModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Operation, Key, Details, Problem, ColumnCount };

    explicit TransactionModel(QObject *parent = nullptr);

    const std::vector<TransactionRow> &rows() const { return m_rows; }
    const TransactionRow &rowAt(int row) const { return m_rows.at(std::size_t(row)); }
    // Adds row after the last check (a check) or at the end (a mutation); returns its row.
    int addRow(const TransactionRow &row);
    // Replaces row's fields (its kind stays where it is).
    void setRow(int row, const TransactionRow &fields);
    void removeRowAt(int row);
    // Whether row can move by delta (-1 up, +1 down): checks move among checks and mutations
    // among mutations (checks come first, and their order is the index a failed commit names).
    bool canMoveRow(int row, int delta) const;
    // Moves row by delta (a row move: views keep it current); false when it cannot.
    bool moveRow(int row, int delta);
    void clear();
    // Replaces every row by spec's.
    void setSpec(const TransactionSpec &spec);

    int checkCount() const;
    // The row of the check a commit names by its index (checks come first).
    int rowOfCheck(std::size_t index) const { return int(index); }
    // The first row's problem as "Row N: problem"; empty when every row builds.
    QString firstProblem() const;
    bool isEmpty() const { return m_rows.empty(); }
    // The transaction. Requires: firstProblem() is empty (throws kvs::Error otherwise).
    TransactionSpec spec() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

signals:
    // Any row added, changed or removed (the preview follows it).
    void transactionChanged();

private:
    QString detailsOf(const TransactionRow &row) const;

    std::vector<TransactionRow> m_rows;
};

// The operation's name as the table shows it: "check", "set", ... (the reference's names).
[[nodiscard]] QString operationName(TransactionRow::Kind kind);

} // namespace kvs::ui
