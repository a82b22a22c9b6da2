#include "atomic/transaction_model.h"

#include "theme/ui_palette.h"

#include <kvs/errors.h>

#include <QGuiApplication>

namespace kvs::ui {

QString operationName(TransactionRow::Kind kind)
{
    switch (kind) {
    case TransactionRow::Kind::Check:
        return QStringLiteral("check");
    case TransactionRow::Kind::Set:
        return QStringLiteral("set");
    case TransactionRow::Kind::Delete:
        return QStringLiteral("delete");
    case TransactionRow::Kind::Sum:
        return QStringLiteral("sum");
    case TransactionRow::Kind::Enqueue:
        return QStringLiteral("enqueue");
    }
    return {};
}

TransactionModel::TransactionModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

int TransactionModel::addRow(const TransactionRow &row)
{
    const int at = row.kind == TransactionRow::Kind::Check ? checkCount() : int(m_rows.size());
    beginInsertRows({}, at, at);
    m_rows.insert(m_rows.begin() + at, row);
    endInsertRows();
    emit transactionChanged();
    return at;
}

void TransactionModel::setRow(int row, const TransactionRow &fields)
{
    TransactionRow &target = m_rows.at(std::size_t(row));
    const TransactionRow::Kind kind = target.kind;
    target = fields;
    target.kind = kind;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    emit transactionChanged();
}

void TransactionModel::removeRowAt(int row)
{
    beginRemoveRows({}, row, row);
    m_rows.erase(m_rows.begin() + row);
    endRemoveRows();
    emit transactionChanged();
}

bool TransactionModel::canMoveRow(int row, int delta) const
{
    const int target = row + delta;
    const int count = int(m_rows.size());
    if ((delta != -1 && delta != 1) || row < 0 || row >= count || target < 0 || target >= count)
        return false;
    const auto isCheck = [this](int at) {
        return m_rows.at(std::size_t(at)).kind == TransactionRow::Kind::Check;
    };
    return isCheck(row) == isCheck(target);
}

bool TransactionModel::moveRow(int row, int delta)
{
    if (!canMoveRow(row, delta))
        return false;
    const int target = row + delta;
    // beginMoveRows names the row the moved one goes before.
    beginMoveRows({}, row, row, {}, delta > 0 ? target + 1 : target);
    std::swap(m_rows.at(std::size_t(row)), m_rows.at(std::size_t(target)));
    endMoveRows();
    emit transactionChanged();
    return true;
}

void TransactionModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
    emit transactionChanged();
}

void TransactionModel::setSpec(const TransactionSpec &spec)
{
    beginResetModel();
    m_rows.clear();
    for (const Check &check : spec.checks)
        m_rows.push_back(rowOf(check));
    for (const Mutation &mutation : spec.mutations)
        m_rows.push_back(rowOf(mutation));
    endResetModel();
    emit transactionChanged();
}

int TransactionModel::checkCount() const
{
    int count = 0;
    for (const TransactionRow &row : m_rows)
        count += row.kind == TransactionRow::Kind::Check ? 1 : 0;
    return count;
}

QString TransactionModel::firstProblem() const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        if (const QString problem = problemOf(m_rows[i]); !problem.isEmpty())
            return tr("Row %1: %2").arg(i + 1).arg(problem);
    }
    return {};
}

TransactionSpec TransactionModel::spec() const
{
    if (const QString problem = firstProblem(); !problem.isEmpty())
        throw Error("kvs: " + problem.toStdString());
    TransactionSpec spec;
    for (const TransactionRow &row : m_rows) {
        if (row.kind == TransactionRow::Kind::Check)
            spec.checks.push_back(checkOf(row));
        else
            spec.mutations.push_back(mutationOf(row));
    }
    return spec;
}

int TransactionModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int TransactionModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString TransactionModel::detailsOf(const TransactionRow &row) const
{
    switch (row.kind) {
    case TransactionRow::Kind::Check:
        return row.version ? tr("version %1").arg(*row.version) : tr("must not exist");
    case TransactionRow::Kind::Set:
        return row.ttl.trimmed().isEmpty()
                   ? row.value
                   : tr("%1, expires after %2 ms").arg(row.value, row.ttl.trimmed());
    case TransactionRow::Kind::Delete:
        return {};
    case TransactionRow::Kind::Sum:
        return tr("add %1").arg(row.delta);
    case TransactionRow::Kind::Enqueue:
        return tr("%1 to topic %2, delay %3 ms, %4 attempts")
            .arg(row.value,
                 row.topic.isEmpty() ? QStringLiteral("default") : row.topic,
                 row.delay.trimmed().isEmpty() ? QStringLiteral("0") : row.delay.trimmed(),
                 row.maxAttempts.trimmed().isEmpty() ? QStringLiteral("3")
                                                     : row.maxAttempts.trimmed());
    }
    return {};
}

QVariant TransactionModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const TransactionRow &row = m_rows[std::size_t(index.row())];
    if (role == Qt::ForegroundRole && index.column() == Problem)
        return UiPalette(QGuiApplication::palette()).color(UiPalette::Role::Error);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case Operation:
        return operationName(row.kind);
    case Key:
        return row.hasKey() ? row.key : QString();
    case Details:
        return detailsOf(row);
    case Problem:
        return problemOf(row);
    default:
        return {};
    }
}

QVariant TransactionModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Operation:
        return tr("Operation");
    case Key:
        return tr("Key");
    case Details:
        return tr("Value, version or options");
    case Problem:
        return tr("Problem");
    default:
        return {};
    }
}

} // namespace kvs::ui
