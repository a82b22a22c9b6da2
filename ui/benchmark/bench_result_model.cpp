#include "benchmark/bench_result_model.h"

#include <QLocale>

namespace kvs::ui {

BenchResultModel::BenchResultModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void BenchResultModel::setRuns(std::vector<RunRows> runs)
{
    beginResetModel();
    m_rows.clear();
    for (RunRows &run : runs)
        for (bench::SavedOp &op : run.ops)
            m_rows.push_back({run.label, std::move(op), run.throughputOnly});
    endResetModel();
}

int BenchResultModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int BenchResultModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

namespace {

QString microseconds(double us)
{
    return QLocale().toString(us, 'f', us < 100 ? 1 : 0);
}

} // namespace

QVariant BenchResultModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole && index.column() >= OpsPerSecond)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    if (row.throughputOnly && index.column() > OpsPerSecond)
        return {};
    switch (index.column()) {
    case Run:
        return row.run;
    case Operation:
        return QString::fromStdString(row.op.op);
    case OpsPerSecond:
        return QLocale().toString(row.op.opsPerSecond, 'f', 0);
    case P50:
        return microseconds(row.op.p50Us);
    case P90:
        return microseconds(row.op.p90Us);
    case P99:
        return microseconds(row.op.p99Us);
    case P999:
        return microseconds(row.op.p999Us);
    case Max:
        return microseconds(row.op.maxUs);
    case Errors:
        return QLocale().toString(static_cast<qulonglong>(row.op.errors));
    default:
        return {};
    }
}

QVariant BenchResultModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Run:
        return tr("Run");
    case Operation:
        return tr("Operation");
    case OpsPerSecond:
        return tr("ops/s");
    case P50:
        return tr("p50 µs");
    case P90:
        return tr("p90 µs");
    case P99:
        return tr("p99 µs");
    case P999:
        return tr("p99.9 µs");
    case Max:
        return tr("max µs");
    case Errors:
        return tr("Errors");
    default:
        return {};
    }
}

} // namespace kvs::ui
