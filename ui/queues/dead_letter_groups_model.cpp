#include "queues/dead_letter_groups_model.h"

#include <QDateTime>
#include <QLocale>

namespace kvs::ui {

namespace {

QString timeText(std::int64_t ms)
{
    // As the message browser shows times (QueueMessageModel).
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(ms), QLocale::ShortFormat);
}

} // namespace

DeadLetterGroupsModel::DeadLetterGroupsModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void DeadLetterGroupsModel::setGroups(std::vector<DeadLetterGroup> groups, std::int64_t total)
{
    beginResetModel();
    m_groups = std::move(groups);
    m_total = total;
    endResetModel();
}

const DeadLetterGroup *DeadLetterGroupsModel::groupAt(int row) const
{
    return row >= 0 && row < int(m_groups.size()) ? &m_groups[std::size_t(row)] : nullptr;
}

int DeadLetterGroupsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_groups.size());
}

int DeadLetterGroupsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DeadLetterGroupsModel::data(const QModelIndex &index, int role) const
{
    const DeadLetterGroup *group = groupAt(index.row());
    if (!group || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    if (role == Qt::TextAlignmentRole) {
        const bool number
            = index.column() == Count || index.column() == Share || index.column() == Attempts;
        return QVariant::fromValue(number ? Qt::AlignRight | Qt::AlignVCenter
                                          : Qt::AlignLeft | Qt::AlignVCenter);
    }
    if (role == Qt::ToolTipRole && index.column() == Example && group->exampleError)
        return QString::fromStdString(*group->exampleError);
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(index.column())) {
    case Signature:
        return group->exampleError ? QString::fromStdString(group->signature.text)
                                   : tr("(no error)");
    case Id:
        return QString::fromStdString(group->signature.id);
    case Count:
        return QLocale().toString(qlonglong(group->count));
    case Share:
        return m_total ? QStringLiteral("%1 %").arg(
                   QLocale().toString(100.0 * double(group->count) / double(m_total), 'f', 1))
                       : QString();
    case First:
        return timeText(group->firstFailedAt);
    case Last:
        return timeText(group->lastFailedAt);
    case Attempts:
        return group->minAttempts == group->maxAttempts
                   ? QString::number(group->minAttempts)
                   : QStringLiteral("%1–%2").arg(group->minAttempts).arg(group->maxAttempts);
    case Example:
        return group->exampleError ? QString::fromStdString(*group->exampleError) : QString();
    case ColumnCount:
        break;
    }
    return {};
}

QVariant DeadLetterGroupsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case Signature:
        return tr("Error signature");
    case Id:
        return tr("ID");
    case Count:
        return tr("Count");
    case Share:
        return tr("Share");
    case First:
        return tr("First failure");
    case Last:
        return tr("Last failure");
    case Attempts:
        return tr("Attempts");
    case Example:
        return tr("Example");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace kvs::ui
