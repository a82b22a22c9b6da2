#include "inspector/structured_value_model.h"

#include "common/literal_pretty_printer.h"
#include "common/value_type_name.h"

#include <kvs/literal.h>

#include <algorithm>

namespace kvs::ui {

namespace {

// How much text a preview, a tooltip and the detail show at most.
constexpr std::size_t kPreviewBytes = 120;
constexpr std::size_t kTooltipBytes = 4 * 1024;
constexpr std::size_t kDetailBytes = 64 * 1024;
constexpr std::size_t kPreviewBytesOfBytes = 24;

std::size_t childCount(const Value &value)
{
    switch (value.type()) {
    case Value::Type::Array:
    case Value::Type::Set:
        return value.items().size();
    case Value::Type::Object:
        return value.members().size();
    case Value::Type::Map:
        return value.entries().size();
    default:
        return 0;
    }
}

// The first bytes of a UTF-8 (WTF-8) string, cut at a character boundary; cut says whether any
// were left out.
std::string utf8Head(const std::string &text, std::size_t bytes, bool *cut)
{
    *cut = text.size() > bytes;
    if (!*cut)
        return text;
    std::size_t end = bytes;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
        --end;
    return text.substr(0, end);
}

QString ellipsis(const QString &text, bool cut)
{
    return cut ? text + QStringLiteral("…") : text;
}

QString literalOf(const Value &value)
{
    return QString::fromStdString(printLiteral(value));
}

} // namespace

struct StructuredValueModel::Node
{
    enum class Step { Top, Member, Index, MapKey };

    Node *parent = nullptr; // Not owned; nullptr for the invisible root.
    int row = 0;
    const Value *value = nullptr; // Not owned: points into the model's value.
    Step step = Step::Top;
    const std::string *memberName = nullptr; // Step::Member. Not owned.
    const Value *mapKey = nullptr;           // Step::MapKey. Not owned.
    std::size_t index = 0;                   // Step::Index; Member and MapKey: the position
    std::vector<std::unique_ptr<Node>> children;

    std::size_t total() const { return value ? childCount(*value) : 0; }
};

StructuredValueModel::StructuredValueModel(QObject *parent)
    : QAbstractItemModel(parent)
    , m_root(std::make_unique<Node>())
{}

StructuredValueModel::~StructuredValueModel() = default;

void StructuredValueModel::setValue(std::shared_ptr<const Value> value)
{
    beginResetModel();
    m_value = std::move(value);
    m_root = std::make_unique<Node>();
    if (m_value) {
        auto top = std::make_unique<Node>();
        top->parent = m_root.get();
        top->value = m_value.get();
        m_root->children.push_back(std::move(top));
    }
    endResetModel();
}

StructuredValueModel::Node *StructuredValueModel::nodeOf(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<Node *>(index.internalPointer()) : m_root.get();
}

const Value *StructuredValueModel::valueAt(const QModelIndex &index) const
{
    return index.isValid() ? nodeOf(index)->value : nullptr;
}

std::vector<Value> StructuredValueModel::pathAt(const QModelIndex &index) const
{
    std::vector<Value> steps;
    for (const Node *node = index.isValid() ? nodeOf(index) : nullptr; node && node->parent;
         node = node->parent) {
        switch (node->step) {
        case Node::Step::Top:
            break;
        case Node::Step::Member:
            steps.emplace_back(*node->memberName);
            break;
        case Node::Step::Index:
            steps.emplace_back(static_cast<double>(node->index));
            break;
        case Node::Step::MapKey:
            steps.push_back(*node->mapKey);
            break;
        }
    }
    std::reverse(steps.begin(), steps.end());
    return steps;
}

int StructuredValueModel::createdChildren(const QModelIndex &index) const
{
    return static_cast<int>(nodeOf(index)->children.size());
}

QModelIndex StructuredValueModel::index(int row, int column, const QModelIndex &parent) const
{
    const Node *node = nodeOf(parent);
    if (row < 0 || column < 0 || column >= ColumnCount
        || row >= static_cast<int>(node->children.size()))
        return {};
    return createIndex(row, column, node->children[static_cast<std::size_t>(row)].get());
}

QModelIndex StructuredValueModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    Node *parent = nodeOf(child)->parent;
    if (!parent || parent == m_root.get())
        return {};
    return createIndex(parent->row, 0, parent);
}

int StructuredValueModel::rowCount(const QModelIndex &parent) const
{
    if (parent.column() > 0)
        return 0;
    return static_cast<int>(nodeOf(parent)->children.size());
}

int StructuredValueModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

bool StructuredValueModel::hasChildren(const QModelIndex &parent) const
{
    if (parent.column() > 0)
        return false;
    const Node *node = nodeOf(parent);
    return !node->children.empty() || node->total() > 0;
}

bool StructuredValueModel::canFetchMore(const QModelIndex &parent) const
{
    if (!parent.isValid() || parent.column() > 0)
        return false;
    const Node *node = nodeOf(parent);
    return node->children.size() < node->total();
}

void StructuredValueModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    Node *node = nodeOf(parent);
    const Value &value = *node->value;
    const std::size_t first = node->children.size();
    const std::size_t last = std::min(node->total(), first + kBatch) - 1;
    beginInsertRows(parent, static_cast<int>(first), static_cast<int>(last));
    for (std::size_t i = first; i <= last; ++i) {
        auto child = std::make_unique<Node>();
        child->parent = node;
        child->row = static_cast<int>(i);
        child->index = i;
        switch (value.type()) {
        case Value::Type::Array:
        case Value::Type::Set:
            child->step = Node::Step::Index;
            child->value = &value.items()[i];
            break;
        case Value::Type::Object:
            child->step = Node::Step::Member;
            child->memberName = &value.members()[i].first;
            child->value = &value.members()[i].second;
            break;
        case Value::Type::Map:
            child->step = Node::Step::MapKey;
            child->mapKey = &value.entries()[i].first;
            child->value = &value.entries()[i].second;
            break;
        default:
            break;
        }
        node->children.push_back(std::move(child));
    }
    endInsertRows();
}

QVariant StructuredValueModel::keyText(const Node &node) const
{
    switch (node.step) {
    case Node::Step::Top:
        return tr("(value)");
    case Node::Step::Member:
        return QString::fromStdString(*node.memberName);
    case Node::Step::Index:
        return static_cast<qulonglong>(node.index);
    case Node::Step::MapKey: {
        QString text = literalOf(*node.mapKey);
        const bool cut = text.size() > static_cast<qsizetype>(kPreviewBytes);
        return ellipsis(text.left(static_cast<qsizetype>(kPreviewBytes)), cut);
    }
    }
    return {};
}

namespace {

QString previewOf(const Value &value)
{
    bool cut = false;
    switch (value.type()) {
    case Value::Type::String:
        return ellipsis(literalOf(Value(utf8Head(value.asString(), kPreviewBytes, &cut))), cut);
    case Value::Type::Bytes: {
        const std::string &bytes = value.asBytes().data;
        cut = bytes.size() > kPreviewBytesOfBytes;
        return ellipsis(literalOf(Value(Bytes{bytes.substr(0, kPreviewBytesOfBytes)})), cut);
    }
    case Value::Type::Array:
        return StructuredValueModel::tr("Array(%1)").arg(childCount(value));
    case Value::Type::Set:
        return StructuredValueModel::tr("Set(%1)").arg(childCount(value));
    case Value::Type::Object:
        return StructuredValueModel::tr("Object(%1)").arg(childCount(value));
    case Value::Type::Map:
        return StructuredValueModel::tr("Map(%1)").arg(childCount(value));
    default:
        return literalOf(value);
    }
}

QString detailOf(const Value &value)
{
    if (value.type() == Value::Type::String) {
        bool cut = false;
        return ellipsis(QString::fromStdString(utf8Head(value.asString(), kDetailBytes, &cut)),
                        cut);
    }
    PrettyPrintOptions options;
    options.maxBytes = kDetailBytes;
    const PrettyText pretty = prettyPrintLiteral(value, options);
    return ellipsis(QString::fromStdString(pretty.text), pretty.truncated);
}

} // namespace

QVariant StructuredValueModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const Node &node = *nodeOf(index);
    const Value &value = *node.value;
    switch (role) {
    case PathLiteralRole:
        return literalOf(Value::array(pathAt(index)));
    case DetailTextRole:
        return detailOf(value);
    case Qt::ToolTipRole:
        if (value.type() == Value::Type::String) {
            bool cut = false;
            return ellipsis(QString::fromStdString(utf8Head(value.asString(), kTooltipBytes, &cut)),
                            cut);
        }
        return {};
    case Qt::DisplayRole:
        switch (index.column()) {
        case KeyColumn:
            return keyText(node);
        case TypeColumn:
            return valueTypeName(value.type());
        case PreviewColumn:
            return previewOf(value);
        default:
            return {};
        }
    default:
        return {};
    }
}

QVariant StructuredValueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn:
        return tr("Key");
    case TypeColumn:
        return tr("Type");
    case PreviewColumn:
        return tr("Preview");
    default:
        return {};
    }
}

} // namespace kvs::ui
