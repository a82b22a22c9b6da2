#include "watch/watch_entries_model.h"

#include "watch/text_diff.h"

#include <QDateTime>
#include <QLocale>

#include <algorithm>

namespace kvs::ui {

namespace {

constexpr int kValueChars = 200;

} // namespace

WatchEntriesModel::WatchEntriesModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void WatchEntriesModel::reset(std::vector<SeenEntry> entries)
{
    beginResetModel();
    m_entries = std::move(entries);
    std::sort(m_entries.begin(), m_entries.end(), [](const auto &a, const auto &b) {
        return a.encodedKey < b.encodedKey;
    });
    endResetModel();
}

void WatchEntriesModel::clear()
{
    reset({});
}

void WatchEntriesModel::apply(const std::vector<SeenChange> &changes)
{
    for (const SeenChange &change : changes) {
        const auto it = std::lower_bound(
            m_entries.begin(),
            m_entries.end(),
            change.encodedKey,
            [](const SeenEntry &entry, const std::string &key) { return entry.encodedKey < key; });
        const int row = static_cast<int>(it - m_entries.begin());
        const bool present = it != m_entries.end() && it->encodedKey == change.encodedKey;
        if (!change.newText) {
            if (present) {
                beginRemoveRows({}, row, row);
                m_entries.erase(it);
                endRemoveRows();
            }
            continue;
        }
        SeenEntry entry{change.key,
                        change.encodedKey,
                        change.keyText,
                        *change.newText,
                        change.newVersion.value_or(0),
                        change.expiresAt};
        if (present) {
            *it = std::move(entry);
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
        } else {
            beginInsertRows({}, row, row);
            m_entries.insert(it, std::move(entry));
            endInsertRows();
        }
    }
}

int WatchEntriesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_entries.size());
}

int WatchEntriesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant WatchEntriesModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const SeenEntry &entry = m_entries[static_cast<std::size_t>(index.row())];
    if (role == Qt::ToolTipRole && index.column() == ValueColumn)
        return excerpt(entry.valueText, 2000).text;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case KeyColumn:
        return entry.keyText;
    case ValueColumn:
        return excerpt(entry.valueText, kValueChars).text;
    case VersionColumn:
        return QString::number(entry.version);
    case ExpiresColumn:
        return entry.expiresAt ? QLocale().toString(
                   QDateTime::fromMSecsSinceEpoch(*entry.expiresAt), QLocale::ShortFormat)
                               : QString();
    }
    return {};
}

QVariant WatchEntriesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn:
        return tr("Key");
    case ValueColumn:
        return tr("Value");
    case VersionColumn:
        return tr("Version");
    case ExpiresColumn:
        return tr("Expires");
    }
    return {};
}

} // namespace kvs::ui
