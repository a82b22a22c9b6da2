#include "benchmark/bench_history_model.h"

#include "bench/workload/workload_report.h"
#include "benchmark/reference_figures.h"

#include <QDateTime>
#include <QFont>
#include <QLocale>

#include <algorithm>

namespace kvs::ui {

BenchHistoryModel::BenchHistoryModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_runs(ReferenceFigures::runs())
{}

void BenchHistoryModel::setRuns(std::vector<bench::HistoryRun> runs)
{
    beginResetModel();
    m_runs = std::move(runs);
    std::reverse(m_runs.begin(), m_runs.end());
    m_saved = static_cast<int>(m_runs.size());
    const std::vector<bench::HistoryRun> &reference = ReferenceFigures::runs();
    m_runs.insert(m_runs.end(), reference.begin(), reference.end());
    endResetModel();
}

int BenchHistoryModel::rowOf(std::int64_t id) const
{
    const auto found = std::find_if(
        m_runs.begin(), m_runs.end(), [id](const auto &run) { return run.id == id; });
    return found == m_runs.end() ? -1 : static_cast<int>(found - m_runs.begin());
}

QString BenchHistoryModel::label(const bench::HistoryRun &run)
{
    if (ReferenceFigures::isReference(run))
        return ReferenceFigures::label(run);
    return QStringLiteral("#%1 %2 %3")
        .arg(run.id)
        .arg(QString::fromStdString(run.config.workload), QString::fromStdString(run.backend));
}

int BenchHistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_runs.size());
}

int BenchHistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BenchHistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const bench::HistoryRun &run = m_runs[static_cast<std::size_t>(index.row())];
    if (ReferenceFigures::isReference(run))
        return referenceData(run, index.column(), role);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Id:
        return static_cast<qlonglong>(run.id);
    case Saved:
        return QLocale().toString(QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(run.timeMs)),
                                  QLocale::ShortFormat);
    case Workload:
        return QString::fromStdString(run.config.workload);
    case Backend:
        return QString::fromStdString(run.backend);
    case Store:
        return QString::fromStdString(bench::storeName(run.config.store));
    case Concurrency:
        return run.config.concurrency;
    case Mode:
        if (!run.capacity.empty())
            return tr("capacity: %1 ops/s").arg(QLocale().toString(run.config.rate, 'f', 0));
        return run.config.rate > 0 ? tr("%1 ops/s").arg(QLocale().toString(run.config.rate, 'f', 0))
                                   : tr("closed loop");
    case OpsPerSecond:
        return run.ops.empty() ? QString()
                               : QLocale().toString(run.ops.back().opsPerSecond, 'f', 0);
    case Partial:
        return run.partial ? tr("stopped early") : QString();
    default:
        return {};
    }
}

QVariant BenchHistoryModel::referenceData(const bench::HistoryRun &run, int column, int role) const
{
    if (role == Qt::FontRole) {
        QFont font;
        font.setItalic(true);
        return font;
    }
    if (role == Qt::ToolTipRole)
        return tr("Published by the reference, measured on another machine: ops/s only.");
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case Saved:
        return ReferenceFigures::title(run);
    case Workload:
        return QString::fromStdString(run.serverVersion);
    case Backend:
        return QString::fromStdString(run.backend);
    case Store:
        return QString::fromStdString(bench::storeName(run.config.store));
    default:
        return {};
    }
}

QVariant BenchHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Id:
        return tr("#");
    case Saved:
        return tr("Saved");
    case Workload:
        return tr("Workload");
    case Backend:
        return tr("Target");
    case Store:
        return tr("Store");
    case Concurrency:
        return tr("Concurrency");
    case Mode:
        return tr("Mode");
    case OpsPerSecond:
        return tr("ops/s");
    case Partial:
        return tr("Partial");
    default:
        return {};
    }
}

} // namespace kvs::ui
