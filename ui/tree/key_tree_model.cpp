#include "tree/key_tree_model.h"

#include "theme/ui_palette.h"
#include "tree/key_part_text.h"
#include "tree/key_tree_value_cells.h"

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

// The cells of the key part and children columns, and of a placeholder row (below).
QVariant partData(const KeyTreeNode &node, int role);
QVariant childrenData(const KeyTreeNode &node);
QVariant gapData(const KeyTreeNode &gap, int column, int role);

} // namespace

KeyTreeModel::KeyTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
{
    resetRoot();
    m_loader = std::make_unique<KeyTreeLoader>(*this);
}

KeyTreeModel::~KeyTreeModel() = default;

void KeyTreeModel::resetTree(const KeyTreeFilter &filter, const std::function<void()> &meanwhile)
{
    beginResetModel();
    m_filter = filter;
    if (meanwhile)
        meanwhile();
    resetRoot();
    endResetModel();
}

void KeyTreeModel::resetRoot()
{
    m_root = std::make_shared<KeyTreeNode>();
    m_root->path = m_filter.prefix;
    m_root->child.encoded = encodeKey(m_filter.prefix);
    m_root->child.hasChildren = true; // unknown until the first page
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
    return m_loader->canFetchMore(parent);
}

void KeyTreeModel::fetchMore(const QModelIndex &parent)
{
    m_loader->fetchMore(parent);
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

KeyTreeNode &KeyTreeModel::insertGap(
    KeyTreeNode &node, int row, std::optional<std::string> cursor, const Key &end, bool later)
{
    auto gap = std::make_shared<KeyTreeNode>();
    gap->parent = &node;
    gap->isGap = true;
    gap->gapCursor = std::move(cursor);
    gap->gapEnd = end;
    gap->gapEndEncoded = encodeKey(end);
    gap->gapLater = later;
    beginInsertRows(indexOf(&node), row, row);
    node.children.insert(node.children.begin() + row, std::move(gap));
    for (std::size_t i = static_cast<std::size_t>(row); i < node.children.size(); ++i)
        node.children[i]->row = static_cast<int>(i);
    endInsertRows();
    return *node.children[static_cast<std::size_t>(row)];
}

std::size_t
KeyTreeModel::childPosition(const KeyTreeNode &node, const std::string &encoded, bool &found) const
{
    // Children are in key order (encoded bytes), descending under a reverse filter.
    const auto before = [this](const std::shared_ptr<KeyTreeNode> &child, const std::string &key) {
        if (child->isGap) // it stands for the children up to the row after it
            return child->gapEndEncoded <= key;
        return m_filter.reverse ? child->child.encoded > key : child->child.encoded < key;
    };
    const auto at = std::lower_bound(node.children.begin(), node.children.end(), encoded, before);
    found = at != node.children.end() && (*at)->child.encoded == encoded;
    return static_cast<std::size_t>(at - node.children.begin());
}

KeyTreeNode *
KeyTreeModel::insertChild(KeyTreeNode &node, std::size_t position, const Key &path, bool leaf)
{
    const int row = static_cast<int>(position);
    beginInsertRows(indexOf(&node), row, row);
    auto child = std::make_shared<KeyTreeNode>();
    child->parent = &node;
    child->path = path;
    child->child.part = path.back();
    child->child.encoded = encodeKey(path);
    child->child.hasChildren = !leaf;
    KeyTreeNode *inserted = child.get();
    node.children.insert(node.children.begin() + row, std::move(child));
    for (std::size_t i = position; i < node.children.size(); ++i)
        node.children[i]->row = static_cast<int>(i);
    endInsertRows();
    if (&node != m_root.get())
        nodeChanged(node);
    return inserted;
}

void KeyTreeModel::removeChild(KeyTreeNode &node, std::size_t position)
{
    const int row = static_cast<int>(position);
    beginRemoveRows(indexOf(&node), row, row);
    node.children.erase(node.children.begin() + row);
    for (std::size_t i = position; i < node.children.size(); ++i)
        node.children[i]->row = static_cast<int>(i);
    endRemoveRows();
    if (&node != m_root.get())
        nodeChanged(node);
}

void KeyTreeModel::removeRun(KeyTreeNode &node, int first, int last)
{
    beginRemoveRows(indexOf(&node), first, last);
    node.children.erase(node.children.begin() + first, node.children.begin() + last + 1);
    for (std::size_t i = static_cast<std::size_t>(first); i < node.children.size(); ++i)
        node.children[i]->row = static_cast<int>(i);
    endRemoveRows();
}

void KeyTreeModel::nodeChanged(KeyTreeNode &node, int firstColumn, int lastColumn)
{
    if (&node == m_root.get())
        return; // no row of its own
    emit dataChanged(indexOf(&node, firstColumn), indexOf(&node, lastColumn));
}

bool KeyTreeModel::covers(const QModelIndex &parent, const Key &path) const
{
    const KeyTreeNode *node = nodeOf(parent);
    bool found = false;
    const std::size_t position = childPosition(*node, encodeKey(path), found);
    if (found)
        return true;
    if (position < node->children.size() && node->children[position]->isGap)
        return false; // among the children a placeholder stands for
    if (!node->hasMore())
        return true; // every child is in
    // Before the last row read, and not behind a placeholder: between two rows read in one
    // page. A reverse tree reads from the end, which this does not judge.
    return !m_filter.reverse && position < node->children.size();
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
        return valueCell(node, index.column(), role, m_clock);
    }
}

namespace {

QVariant partData(const KeyTreeNode &node, int role)
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
                          : KeyTreeModel::tr("Undecodable key (shown as hex): %1")
                                .arg(QString::fromLatin1(bytesOf(node.child.encoded).toHex()));
        if (node.child.hasValue)
            tip += QLatin1Char('\n') + KeyTreeModel::tr("Holds a value");
        return tip;
    }
    default:
        return {};
    }
}

} // namespace

namespace {

QVariant childrenData(const KeyTreeNode &node)
{
    if (!node.fetchedAny)
        return {};
    const auto gaps = std::count_if(
        node.children.begin(), node.children.end(), [](const auto &child) { return child->isGap; });
    const auto count = static_cast<qlonglong>(node.children.size()) - gaps;
    if (node.cursor || gaps > 0)
        return KeyTreeModel::tr("%1+").arg(QLocale().toString(count));
    return count == 0 ? QVariant() : QVariant(QLocale().toString(count));
}

} // namespace

namespace {

QVariant gapData(const KeyTreeNode &gap, int column, int role)
{
    if (column != KeyTreeModel::PartColumn)
        return {};
    switch (role) {
    case Qt::DisplayRole: {
        if (!gap.gapCount)
            return KeyTreeModel::tr("More children… (expand to read them)");
        const QString count = QLocale().toString(*gap.gapCount);
        if (gap.gapCountMore) {
            return gap.gapLater ? KeyTreeModel::tr("More than %1 later children…").arg(count)
                                : KeyTreeModel::tr("More than %1 earlier children…").arg(count);
        }
        if (*gap.gapCount == 1)
            return gap.gapLater ? KeyTreeModel::tr("1 later child…")
                                : KeyTreeModel::tr("1 earlier child…");
        return gap.gapLater ? KeyTreeModel::tr("%1 later children…").arg(count)
                            : KeyTreeModel::tr("%1 earlier children…").arg(count);
    }
    case Qt::ToolTipRole:
        return KeyTreeModel::tr(
            "Go to key jumped over these children; they are read when this row is "
            "expanded or scrolled into view.");
    case KeyTreeModel::GapCountRole:
        return gap.gapCount ? QVariant(qlonglong(*gap.gapCount)) : QVariant(qlonglong(-1));
    case KeyTreeModel::GapCountMoreRole:
        return gap.gapCountMore;
    case Qt::ForegroundRole:
        return UiPalette(QGuiApplication::palette()).color(UiPalette::Role::Muted);
    case Qt::FontRole: {
        QFont font;
        font.setItalic(true);
        return font;
    }
    default:
        return {};
    }
}

} // namespace

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
