#include "tree/key_tree_model.h"

#include "theme/ui_palette.h"
#include "tree/key_part_text.h"
#include "tree/listing_cancel.h"

#include <kvs/errors.h>
#include <kvs/future.h>
#include <kvs/literal.h>

#include <QFont>
#include <QGuiApplication>
#include <QLocale>

#include <algorithm>
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
        cancelListing(future);
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
        cancelListing(future); // the scan stops at its next seek
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

bool KeyTreeModel::hasNextPage(const QModelIndex &parent) const
{
    if (!m_store || parent.column() > 0)
        return false;
    const KeyTreeNode *node = nodeOf(parent);
    return !node->fetching && !node->failed && node->hasMore();
}

bool KeyTreeModel::canFetchMore(const QModelIndex &parent) const
{
    if (!hasNextPage(parent))
        return false;
    const KeyTreeNode *node = nodeOf(parent);
    return !m_nextPagesOnDemand || node->isGap || !node->fetchedAny;
}

void KeyTreeModel::fetchMore(const QModelIndex &parent)
{
    if (canFetchMore(parent))
        fetchNextPage(parent);
}

bool KeyTreeModel::fetchNextPage(const QModelIndex &parent)
{
    if (!hasNextPage(parent))
        return false;
    KeyTreeNode *node = nodeOf(parent);
    ChildrenOptions options;
    options.limit = m_pageSize;
    options.reverse = m_filter.reverse;
    if (node->isGap) {
        // The parent's children from the page before the placeholder up to the row after it.
        options.cursor = node->gapCursor;
        options.reverse = false;
        startListing(node,
                     {node->parent->path, m_filter.start, endBefore(node->gapEnd)},
                     options,
                     &KeyTreeModel::addGapPage);
        return true;
    }
    options.cursor = node->cursor;
    startListing(node, {node->path, m_filter.start, m_filter.end}, options, &KeyTreeModel::addPage);
    return true;
}

void KeyTreeModel::startListing(KeyTreeNode *target,
                                const ChildrenSelector &selector,
                                const ChildrenOptions &options,
                                PageHandler handler)
{
    std::weak_ptr<KeyTreeNode> weak
        = target->parent ? target->parent->children[static_cast<std::size_t>(target->row)] : m_root;
    target->fetching = true;
    ++m_loading;
    emit loadingChanged(m_loading);
    QFuture<ChildrenPage> page = m_store->listChildren(selector, options);
    m_inFlight.push_back(page);
    kvs::then(
        page, this, [this, weak, handler, generation = m_generation](QFuture<ChildrenPage> done) {
            receivePage(weak, generation, handler, done);
        });
}

void KeyTreeModel::receivePage(const std::weak_ptr<KeyTreeNode> &target,
                               quint64 generation,
                               PageHandler handler,
                               QFuture<ChildrenPage> done)
{
    if (generation != m_generation)
        return; // cancelled or reset meanwhile
    const bool seek = handler == &KeyTreeModel::addSeekPage;
    const std::shared_ptr<KeyTreeNode> node = target.lock();
    std::optional<ChildrenPage> page;
    try {
        page = done.result();
    } catch (const std::exception &error) {
        if (node)
            node->failed = true;
        finishLoad(target, generation);
        if (seek)
            emit seekFinished(false);
        emit loadFailed(QString::fromStdString(error.what()));
        return;
    }
    // The rows go in while the node still counts as fetching: a view (or a model tester) that
    // asks for more during the insertion must not read the same page again.
    m_pageParent = nullptr;
    m_seekFound = false;
    if (node)
        (this->*handler)(*node, std::move(*page)); // else: the row went meanwhile
    finishLoad(target, generation);
    if (seek)
        emit seekFinished(m_seekFound);
    else if (m_pageParent)
        emit pageLoaded(indexOf(m_pageParent));
}

void KeyTreeModel::insertChildren(KeyTreeNode &node, int first, std::vector<KeyChild> found)
{
    if (found.empty())
        return;
    const int count = static_cast<int>(found.size());
    beginInsertRows(indexOf(&node), first, first + count - 1);
    std::vector<std::shared_ptr<KeyTreeNode>> rows;
    rows.reserve(found.size());
    for (KeyChild &part : found) {
        auto child = std::make_shared<KeyTreeNode>();
        child->parent = &node;
        if (part.part) {
            child->path = node.path;
            child->path.push_back(*part.part);
        }
        child->child = std::move(part);
        rows.push_back(std::move(child));
    }
    node.children.insert(node.children.begin() + first,
                         std::make_move_iterator(rows.begin()),
                         std::make_move_iterator(rows.end()));
    for (std::size_t i = static_cast<std::size_t>(first); i < node.children.size(); ++i)
        node.children[i]->row = static_cast<int>(i);
    endInsertRows();
}

void KeyTreeModel::addPage(KeyTreeNode &node, ChildrenPage page)
{
    const bool empty = page.children.empty();
    if (!node.fetchedAny)
        node.readEpoch = m_epoch;
    insertChildren(node, static_cast<int>(node.children.size()), std::move(page.children));
    node.cursor = std::move(page.cursor);
    node.fetchedAny = true;
    if (empty && &node != m_root.get() && !node.hasMore())
        node.child.hasChildren = false; // its keys went away since its parent was read
    if (&node != m_root.get()) {
        const QModelIndex counted = indexOf(&node, ChildrenColumn);
        emit dataChanged(counted, counted);
    }
    m_pageParent = &node;
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
    if (role == IsGapRole)
        return node.isGap;
    if (node.isGap)
        return gapData(node, index.column(), role);
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
        return valueData(node, index.column(), role);
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
    const auto gaps = std::count_if(
        node.children.begin(), node.children.end(), [](const auto &child) { return child->isGap; });
    const auto count = static_cast<qlonglong>(node.children.size()) - gaps;
    if (node.cursor || gaps > 0)
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
    case ValueKindColumn:
        return tr("Value");
    case SizeColumn:
        return tr("Size");
    case ExpiryColumn:
        return tr("Expires");
    default:
        return {};
    }
}

} // namespace kvs::ui
