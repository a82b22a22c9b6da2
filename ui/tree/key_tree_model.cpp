#include "tree/key_tree_model.h"

#include "theme/ui_palette.h"
#include "tree/key_part_text.h"

#include <kvs/errors.h>
#include <kvs/future.h>
#include <kvs/literal.h>

#include <QFont>
#include <QGuiApplication>
#include <QLocale>

#include <functional>

namespace kvs::ui {

namespace {

QByteArray bytesOf(const std::string &bytes)
{
    return QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size()));
}

void forEachNode(KeyTreeNode &node, const std::function<void(KeyTreeNode &)> &fn)
{
    fn(node);
    for (const auto &child : node.children)
        forEachNode(*child, fn);
}

} // namespace

KeyTreeModel::KeyTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
{
    resetRoot();
}

KeyTreeModel::~KeyTreeModel()
{
    for (QFuture<ChildrenPage> &future : m_inFlight)
        future.cancel();
}

void KeyTreeModel::setStore(std::shared_ptr<AsyncKVStore> store, KeyTreeFilter filter)
{
    m_store = std::move(store);
    m_filter = std::move(filter);
    refresh();
}

void KeyTreeModel::setFilter(const KeyTreeFilter &filter)
{
    m_filter = filter;
    refresh();
}

void KeyTreeModel::refresh()
{
    beginResetModel();
    cancelLoading();
    resetRoot();
    endResetModel();
    if (m_store)
        fetchMore({});
}

void KeyTreeModel::resetRoot()
{
    m_root = std::make_shared<KeyTreeNode>();
    m_root->path = m_filter.prefix;
    m_root->child.encoded = encodeKey(m_filter.prefix);
    m_root->child.hasChildren = true; // unknown until the first page
}

void KeyTreeModel::cancelLoading()
{
    ++m_generation;
    for (QFuture<ChildrenPage> &future : m_inFlight)
        future.cancel(); // the scan stops at its next seek
    m_inFlight.clear();
    forEachNode(*m_root, [](KeyTreeNode &node) { node.fetching = false; });
    if (m_loading != 0) {
        m_loading = 0;
        emit loadingChanged(0);
    }
}

KeyTreeNode *KeyTreeModel::nodeOf(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<KeyTreeNode *>(index.internalPointer()) : m_root.get();
}

QModelIndex KeyTreeModel::indexOf(KeyTreeNode *node, int column) const
{
    if (!node || node == m_root.get())
        return {};
    return createIndex(node->row, column, node);
}

QModelIndex KeyTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    const KeyTreeNode *node = nodeOf(parent);
    if (row < 0 || column < 0 || column >= ColumnCount
        || row >= static_cast<int>(node->children.size())) {
        return {};
    }
    return createIndex(row, column, node->children[static_cast<std::size_t>(row)].get());
}

QModelIndex KeyTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    return indexOf(nodeOf(child)->parent);
}

int KeyTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.column() > 0)
        return 0;
    return static_cast<int>(nodeOf(parent)->children.size());
}

int KeyTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

bool KeyTreeModel::hasChildren(const QModelIndex &parent) const
{
    if (parent.column() > 0)
        return false;
    const KeyTreeNode *node = nodeOf(parent);
    return !node->children.empty() || node->hasMore();
}

bool KeyTreeModel::canFetchMore(const QModelIndex &parent) const
{
    if (!m_store || parent.column() > 0)
        return false;
    const KeyTreeNode *node = nodeOf(parent);
    return !node->fetching && !node->failed && node->hasMore();
}

void KeyTreeModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    KeyTreeNode *node = nodeOf(parent);
    std::weak_ptr<KeyTreeNode> target
        = node->parent ? node->parent->children[static_cast<std::size_t>(node->row)] : m_root;
    node->fetching = true;
    ++m_loading;
    emit loadingChanged(m_loading);

    ChildrenOptions options;
    options.limit = m_pageSize;
    options.cursor = node->cursor;
    options.reverse = m_filter.reverse;
    QFuture<ChildrenPage> page
        = m_store->listChildren({node->path, m_filter.start, m_filter.end}, options);
    m_inFlight.push_back(page);
    kvs::then(page, this, [this, target, generation = m_generation](QFuture<ChildrenPage> done) {
        receivePage(target, generation, done);
    });
}

void KeyTreeModel::receivePage(const std::weak_ptr<KeyTreeNode> &target,
                               quint64 generation,
                               QFuture<ChildrenPage> done)
{
    if (generation != m_generation)
        return; // cancelled or reset meanwhile
    try {
        addPage(target, generation, done.result());
    } catch (const std::exception &error) {
        if (const auto node = target.lock())
            node->failed = true;
        finishLoad(target, generation);
        emit loadFailed(QString::fromStdString(error.what()));
    }
}

void KeyTreeModel::addPage(const std::weak_ptr<KeyTreeNode> &target,
                           quint64 generation,
                           ChildrenPage page)
{
    const std::shared_ptr<KeyTreeNode> node = target.lock();
    if (!node) {
        finishLoad(target, generation);
        return;
    }
    const int first = static_cast<int>(node->children.size());
    const int count = static_cast<int>(page.children.size());
    const QModelIndex parentIndex = indexOf(node.get());
    if (count > 0)
        beginInsertRows(parentIndex, first, first + count - 1);
    for (KeyChild &found : page.children) {
        auto child = std::make_shared<KeyTreeNode>();
        child->parent = node.get();
        child->row = static_cast<int>(node->children.size());
        if (found.part) {
            child->path = node->path;
            child->path.push_back(*found.part);
        }
        child->child = std::move(found);
        node->children.push_back(std::move(child));
    }
    node->cursor = std::move(page.cursor);
    node->fetchedAny = true;
    if (count > 0)
        endInsertRows();
    else if (node.get() != m_root.get() && !node->hasMore())
        node->child.hasChildren = false; // its keys went away since its parent was read
    finishLoad(target, generation);
    if (node.get() != m_root.get()) {
        const QModelIndex counted = indexOf(node.get(), ChildrenColumn);
        emit dataChanged(counted, counted);
    }
    emit pageLoaded(parentIndex);
}

void KeyTreeModel::finishLoad(const std::weak_ptr<KeyTreeNode> &target, quint64 generation)
{
    if (generation != m_generation)
        return;
    if (const auto node = target.lock())
        node->fetching = false;
    std::erase_if(m_inFlight, [](const QFuture<ChildrenPage> &f) { return f.isFinished(); });
    m_loading = std::max(0, m_loading - 1);
    emit loadingChanged(m_loading);
}

std::optional<Key> KeyTreeModel::keyAt(const QModelIndex &index) const
{
    const KeyTreeNode *node = nodeOf(index);
    if (index.isValid() && !node->child.part)
        return std::nullopt;
    return node->path;
}

std::string KeyTreeModel::encodedKeyAt(const QModelIndex &index) const
{
    return nodeOf(index)->child.encoded;
}

QModelIndex KeyTreeModel::findChild(const QModelIndex &parent, const std::string &encodedKey) const
{
    const KeyTreeNode *node = nodeOf(parent);
    for (const auto &child : node->children) {
        if (child->child.encoded == encodedKey)
            return indexOf(child.get());
    }
    return {};
}

QVariant KeyTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const KeyTreeNode &node = *nodeOf(index);
    switch (role) {
    case EncodedKeyRole:
        return bytesOf(node.child.encoded);
    case HasValueRole:
        return node.child.hasValue;
    case IsRawRole:
        return !node.child.part.has_value();
    case KeyLiteralRole:
        return node.child.part ? QString::fromStdString(printKeyLiteral(node.path))
                               : QString::fromLatin1(bytesOf(node.child.encoded).toHex());
    default:
        break;
    }
    switch (index.column()) {
    case PartColumn:
        return partData(node, role);
    case TypeColumn:
        if (role == Qt::DisplayRole)
            return kindName(kindOf(node.child));
        if (role == Qt::ForegroundRole)
            return UiPalette(QGuiApplication::palette()).color(UiPalette::Role::Muted);
        return {};
    case ChildrenColumn:
        if (role == Qt::DisplayRole)
            return childrenData(node);
        if (role == Qt::TextAlignmentRole)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default:
        return {};
    }
}

QVariant KeyTreeModel::partData(const KeyTreeNode &node, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        return partText(node.child);
    case Qt::DecorationRole:
        return kindIcon(kindOf(node.child));
    case Qt::FontRole:
        if (node.child.hasValue) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole: {
        QString tip = node.child.part
                          ? QString::fromStdString(printKeyLiteral(node.path))
                          : tr("Undecodable key (shown as hex): %1")
                                .arg(QString::fromLatin1(bytesOf(node.child.encoded).toHex()));
        if (node.child.hasValue)
            tip += QLatin1Char('\n') + tr("Holds a value");
        return tip;
    }
    default:
        return {};
    }
}

QVariant KeyTreeModel::childrenData(const KeyTreeNode &node) const
{
    if (!node.fetchedAny)
        return {};
    const auto count = static_cast<qlonglong>(node.children.size());
    if (node.cursor)
        return tr("%1+").arg(QLocale().toString(count));
    return count == 0 ? QVariant() : QVariant(QLocale().toString(count));
}

QVariant KeyTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case PartColumn:
        return tr("Key part");
    case TypeColumn:
        return tr("Type");
    case ChildrenColumn:
        return tr("Children");
    default:
        return {};
    }
}

} // namespace kvs::ui
