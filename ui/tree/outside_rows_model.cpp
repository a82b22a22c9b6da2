#include "tree/outside_rows_model.h"

#include "common/ui_logging.h"
#include "tree/key_part_text.h"

#include <kvs/entry_transfer.h>

#include <QLocale>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace kvs::ui {

namespace {

// Internal ids: the group row, and its children.
constexpr quintptr kGroupId = 0;
constexpr quintptr kChildId = 1;

QString hexOf(const std::string &bytes)
{
    return QString::fromLatin1(QByteArray::fromStdString(bytes).toHex());
}

} // namespace

OutsideRowsModel::OutsideRowsModel(QObject *parent)
    : QAbstractItemModel(parent)
{
    connect(&m_watcher, &QFutureWatcher<Scan>::finished, this, [this] {
        onScanned(m_watcher.result());
    });
}

OutsideRowsModel::~OutsideRowsModel()
{
    // The scan holds its own store reference; its result is simply not read.
    m_watcher.disconnect(this);
}

void OutsideRowsModel::setStore(std::shared_ptr<AsyncKVStore> store)
{
    m_store = std::move(store);
    if (!m_store) {
        ++m_generation;
        beginResetModel();
        m_keys.clear();
        m_more = false;
        endResetModel();
        return;
    }
    refresh();
}

void OutsideRowsModel::refresh()
{
    if (!m_store)
        return;
    const std::shared_ptr<AsyncKVStore> store = m_store;
    const quint64 generation = ++m_generation;
    m_watcher.setFuture(QtConcurrent::run([store, generation] {
        Scan scan;
        scan.generation = generation;
        try {
            // One more than listed tells whether there are more.
            for (const KeyRange &range : KeyRange::outsideKeySpace()) {
                const auto wanted = static_cast<std::int64_t>(kLimit + 1 - scan.keys.size());
                for (std::string &key : readKeys(*store, range, wanted))
                    scan.keys.push_back(std::move(key));
                if (scan.keys.size() > static_cast<std::size_t>(kLimit))
                    break;
            }
        } catch (const std::exception &error) {
            scan.error = QString::fromStdString(error.what());
            scan.keys.clear();
        }
        scan.more = scan.keys.size() > static_cast<std::size_t>(kLimit);
        if (scan.more)
            scan.keys.resize(kLimit);
        return scan;
    }));
}

void OutsideRowsModel::onScanned(const Scan &scan)
{
    if (scan.generation != m_generation)
        return; // a newer scan (or another store) superseded it
    if (!scan.error.isEmpty()) {
        // A database the tree cannot read either: the tree's banner says why.
        qCWarning(lcUi) << "rows outside the key space:" << scan.error;
        emit scanFailed(scan.error);
        return;
    }
    if (scan.keys != m_keys || scan.more != m_more) {
        beginResetModel();
        m_keys = scan.keys;
        m_more = scan.more;
        endResetModel();
    }
    emit scanned();
}

void OutsideRowsModel::removeKey(const std::string &encodedKey)
{
    const auto at = std::find(m_keys.begin(), m_keys.end(), encodedKey);
    if (at == m_keys.end())
        return;
    if (m_keys.size() == 1 && !m_more) {
        beginRemoveRows({}, 0, 0);
        m_keys.clear();
        endRemoveRows();
        return;
    }
    const int row = static_cast<int>(at - m_keys.begin());
    beginRemoveRows(groupIndex(), row, row);
    m_keys.erase(at);
    endRemoveRows();
    const QModelIndex group = groupIndex();
    emit dataChanged(group, group);
}

QModelIndex OutsideRowsModel::indexOfKey(const std::string &encodedKey) const
{
    const auto at = std::find(m_keys.begin(), m_keys.end(), encodedKey);
    if (at == m_keys.end())
        return {};
    return createIndex(static_cast<int>(at - m_keys.begin()), 0, kChildId);
}

std::string OutsideRowsModel::encodedKeyAt(const QModelIndex &index) const
{
    if (!index.isValid() || index.internalId() != kChildId
        || index.row() >= static_cast<int>(m_keys.size()))
        return {};
    return m_keys[static_cast<std::size_t>(index.row())];
}

QModelIndex OutsideRowsModel::groupIndex() const
{
    return m_keys.empty() ? QModelIndex() : createIndex(0, 0, kGroupId);
}

QModelIndex OutsideRowsModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    return createIndex(row, column, parent.isValid() ? kChildId : kGroupId);
}

QModelIndex OutsideRowsModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() != kChildId)
        return {};
    return createIndex(0, 0, kGroupId);
}

int OutsideRowsModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return m_keys.empty() ? 0 : 1;
    if (parent.internalId() == kGroupId && parent.column() == 0)
        return static_cast<int>(m_keys.size());
    return 0;
}

int OutsideRowsModel::columnCount(const QModelIndex &) const
{
    return 1;
}

QVariant OutsideRowsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const bool group = index.internalId() == kGroupId;
    switch (role) {
    case Qt::DisplayRole:
        if (group) {
            const QString count = m_more ? tr("first %1").arg(QLocale().toString(kLimit))
                                         : QLocale().toString(qlonglong(m_keys.size()));
            return tr("Rows outside the key space (%1)").arg(count);
        }
        return hexOf(encodedKeyAt(index));
    case Qt::DecorationRole:
        return kindIcon(KeyPartKind::Raw);
    case Qt::ToolTipRole:
        if (group) {
            return tr("Rows whose key starts with a byte outside 01..06, where no kvs key "
                      "lies: another program stored them. No list() and no key tree listing "
                      "selects them; they can be inspected and deleted here.");
        }
        return tr("Key outside the key space (shown as hex): %1").arg(hexOf(encodedKeyAt(index)));
    case EncodedKeyRole:
        return group ? QVariant() : QVariant(QByteArray::fromStdString(encodedKeyAt(index)));
    case IsGroupRole:
        return group;
    default:
        return {};
    }
}

} // namespace kvs::ui
