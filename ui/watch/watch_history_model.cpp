#include "watch/watch_history_model.h"

#include <QDateTime>
#include <QLocale>
#include <QPoint>

namespace kvs::ui {

WatchHistoryModel::WatchHistoryModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

QString WatchHistoryModel::kindText(ChangeKind kind)
{
    switch (kind) {
    case ChangeKind::Set:
        return tr("Set");
    case ChangeKind::Deleted:
        return tr("Deleted");
    case ChangeKind::Expired:
        return tr("Expired");
    }
    return {};
}

void WatchHistoryModel::add(const std::vector<SeenChange> &changes)
{
    if (changes.empty())
        return;
    std::vector<Row> rows;
    rows.reserve(changes.size());
    for (const SeenChange &change : changes) {
        Row row{change, {}, {}};
        if (change.oldText && change.newText) {
            std::tie(row.oldShown, row.newShown) = markDifference(*change.oldText, *change.newText);
        } else {
            if (change.oldText)
                row.oldShown = excerpt(*change.oldText);
            if (change.newText)
                row.newShown = excerpt(*change.newText);
        }
        rows.push_back(std::move(row));
    }
    const int count = static_cast<int>(rows.size());
    beginInsertRows({}, 0, count - 1);
    for (Row &row : rows)
        m_rows.push_front(std::move(row)); // the last seen ends on top
    endInsertRows();
    if (static_cast<int>(m_rows.size()) > kMaxRows) {
        beginRemoveRows({}, kMaxRows, static_cast<int>(m_rows.size()) - 1);
        m_rows.resize(kMaxRows);
        endRemoveRows();
    }
}

void WatchHistoryModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

std::vector<SeenChange> WatchHistoryModel::changes() const
{
    std::vector<SeenChange> changes;
    changes.reserve(m_rows.size());
    for (auto it = m_rows.rbegin(); it != m_rows.rend(); ++it)
        changes.push_back(it->change);
    return changes;
}

int WatchHistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int WatchHistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant WatchHistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[static_cast<std::size_t>(index.row())];
    const SeenChange &change = row.change;
    if (role == MarkRole) {
        if (index.column() == OldValueColumn)
            return QPoint(row.oldShown.markStart, row.oldShown.markLength);
        if (index.column() == NewValueColumn)
            return QPoint(row.newShown.markStart, row.newShown.markLength);
        return {};
    }
    if (role == Qt::ToolTipRole && index.column() == TimeColumn)
        return QLocale().toString(QDateTime::fromMSecsSinceEpoch(change.atMs), QLocale::LongFormat);
    // A value cut to its column reads whole in the tooltip (a very long one up to a limit; the
    // pane below the history has more).
    if (role == Qt::ToolTipRole && index.column() == OldValueColumn && change.oldText)
        return excerpt(*change.oldText, kToolTipChars).text;
    if (role == Qt::ToolTipRole && index.column() == NewValueColumn && change.newText)
        return excerpt(*change.newText, kToolTipChars).text;
    if (role == Qt::ToolTipRole && index.column() == KeyColumn)
        return change.keyText;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case TimeColumn:
        return QDateTime::fromMSecsSinceEpoch(change.atMs).toString(QStringLiteral("HH:mm:ss.zzz"));
    case KeyColumn:
        return change.keyText;
    case ChangeColumn:
        return kindText(change.kind);
    case OldValueColumn:
        return row.oldShown.text;
    case NewValueColumn:
        return row.newShown.text;
    case VersionColumn:
        return change.newVersion ? QString::number(*change.newVersion) : QString();
    }
    return {};
}

QVariant WatchHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case KeyColumn:
        return tr("Key");
    case ChangeColumn:
        return tr("Change");
    case OldValueColumn:
        return tr("Old value");
    case NewValueColumn:
        return tr("New value");
    case VersionColumn:
        return tr("Version");
    }
    return {};
}

} // namespace kvs::ui
