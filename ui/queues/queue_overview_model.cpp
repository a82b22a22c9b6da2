#include "queues/queue_overview_model.h"

#include "theme/ui_palette.h"

#include <QApplication>
#include <QLocale>

#include <algorithm>

namespace kvs::ui {

namespace {

QString ageText(std::int64_t ms)
{
    if (ms < 0)
        return {};
    const std::int64_t seconds = ms / 1000;
    if (seconds < 120)
        return QueueOverviewModel::tr("%Ln s", nullptr, int(seconds));
    if (seconds < 7200)
        return QueueOverviewModel::tr("%Ln min", nullptr, int(seconds / 60));
    return QueueOverviewModel::tr("%Ln h", nullptr, int(seconds / 3600));
}

} // namespace

QueueOverviewModel::QueueOverviewModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void QueueOverviewModel::setStats(std::vector<QueueStats> stats, std::int64_t nowMs)
{
    std::sort(stats.begin(), stats.end(), [](const QueueStats &a, const QueueStats &b) {
        return a.topic < b.topic;
    });
    std::vector<Row> rows;
    rows.reserve(stats.size());
    for (QueueStats &topic : stats) {
        Row row;
        const int previous = rowOf(topic.topic);
        if (previous >= 0)
            row.deadGrowth = topic.dead - m_rows[std::size_t(previous)].stats.dead;
        if (topic.oldestPendingAt)
            row.oldestDueAgeMs = std::max<std::int64_t>(0, nowMs - *topic.oldestPendingAt);
        row.stats = std::move(topic);
        rows.push_back(std::move(row));
    }
    const bool sameTopics
        = rows.size() == m_rows.size()
          && std::equal(rows.begin(), rows.end(), m_rows.begin(), [](const Row &a, const Row &b) {
                 return a.stats.topic == b.stats.topic;
             });
    if (!sameTopics) {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
        return;
    }
    m_rows = std::move(rows);
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
}

const QueueStats *QueueOverviewModel::statsAt(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? &m_rows[std::size_t(row)].stats : nullptr;
}

int QueueOverviewModel::rowOf(const std::string &topic) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].stats.topic == topic)
            return int(i);
    }
    return -1;
}

int QueueOverviewModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int QueueOverviewModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

bool QueueOverviewModel::isTrouble(const Row &row) const
{
    return row.deadGrowth > 0 || row.oldestDueAgeMs > m_stallThresholdMs
           || row.stats.leasesEnding > 0;
}

QString QueueOverviewModel::statusText(const Row &row) const
{
    QStringList problems;
    if (row.deadGrowth > 0)
        problems << tr("dead letters growing (+%Ln)", nullptr, int(row.deadGrowth));
    if (row.oldestDueAgeMs > m_stallThresholdMs)
        problems << tr("due messages waiting %1: no consumer?").arg(ageText(row.oldestDueAgeMs));
    if (row.stats.leasesEnding > 0)
        problems << tr("%Ln lease(s) expiring within %1", nullptr, int(row.stats.leasesEnding))
                        .arg(ageText(m_leaseWindowMs));
    if (problems.isEmpty())
        return row.stats.dead > 0 ? tr("has dead letters") : tr("ok");
    return problems.join(QStringLiteral("; "));
}

QVariant QueueOverviewModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const Row &row = m_rows[std::size_t(index.row())];
    const QueueStats &s = row.stats;
    if (role == Qt::DisplayRole) {
        const QLocale locale;
        switch (index.column()) {
        case Topic:
            return QString::fromStdString(s.topic);
        case Due:
            return locale.toString(qlonglong(s.pending));
        case Delayed:
            return locale.toString(qlonglong(s.delayed));
        case Processing:
            return locale.toString(qlonglong(s.processing));
        case Dead:
            return locale.toString(qlonglong(s.dead));
        case Done:
            return locale.toString(qlonglong(s.done));
        case OldestDue:
            return ageText(row.oldestDueAgeMs);
        case Status:
            return statusText(row);
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() != Topic && index.column() != Status)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && index.column() == Status && isTrouble(row))
        return UiPalette(QApplication::palette()).color(UiPalette::Role::Error);
    if (role == Qt::UserRole)
        return isTrouble(row);
    return {};
}

QVariant QueueOverviewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Topic:
        return tr("Topic");
    case Due:
        return tr("Due");
    case Delayed:
        return tr("Delayed");
    case Processing:
        return tr("Processing");
    case Dead:
        return tr("Dead");
    case Done:
        return tr("Done");
    case OldestDue:
        return tr("Oldest due");
    case Status:
        return tr("Status");
    default:
        return {};
    }
}

} // namespace kvs::ui
