#include "condition/condition_evaluator.h"

namespace kvs::detail {

std::optional<double> lengthOf(const Value &value) noexcept
{
    switch (value.type()) {
    case Value::Type::String: {
        // Code points: every byte that does not continue a UTF-8 sequence starts one (a lone
        // surrogate, held as its 3-byte WTF-8 form, is one).
        double count = 0;
        for (const char c : value.asString())
            count += (static_cast<unsigned char>(c) & 0xc0) != 0x80 ? 1 : 0;
        return count;
    }
    case Value::Type::Bytes:
        return static_cast<double>(value.asBytes().data.size());
    case Value::Type::Array:
    case Value::Type::Set:
        return static_cast<double>(value.items().size());
    case Value::Type::Map:
        return static_cast<double>(value.entries().size());
    case Value::Type::Object:
        return static_cast<double>(value.members().size());
    default:
        return std::nullopt;
    }
}

bool ConditionEvaluator::evaluate(const ConditionNode &node)
{
    switch (node.type) {
    case ConditionNode::Type::And:
        for (const auto &child : node.children) {
            if (!evaluate(*child))
                return false;
        }
        return true;
    case ConditionNode::Type::Or:
        for (const auto &child : node.children) {
            if (evaluate(*child))
                return true;
        }
        return false;
    case ConditionNode::Type::Not:
        return !evaluate(*node.children.front());
    case ConditionNode::Type::Compare:
        return compare(node);
    case ConditionNode::Type::Exists:
        return resolve(node.operand.path) != nullptr;
    case ConditionNode::Type::Contains:
        return contains(node);
    case ConditionNode::Type::Matches:
        return matches(node);
    }
    return false;
}

const Value *ConditionEvaluator::root(PathRoot root)
{
    switch (root) {
    case PathRoot::Value:
        return m_subject.value;
    case PathRoot::Key:
        if (!m_subject.key)
            return nullptr;
        if (!m_key)
            m_key = keyToValue(*m_subject.key);
        return &*m_key;
    case PathRoot::Version:
        if (!m_subject.entry)
            return nullptr;
        if (!m_version)
            m_version = Value(static_cast<double>(m_subject.entry->version));
        return &*m_version;
    case PathRoot::ExpiresAt:
        if (!m_subject.entry)
            return nullptr;
        if (!m_expiresAt) {
            const std::optional<std::int64_t> &at = m_subject.entry->expiresAt;
            m_expiresAt = at ? Value(Date(static_cast<double>(*at))) : Value(nullptr);
        }
        return &*m_expiresAt;
    case PathRoot::Size:
        if (!m_subject.size)
            return nullptr;
        if (!m_size)
            m_size = Value(static_cast<double>(*m_subject.size));
        return &*m_size;
    }
    return nullptr;
}

const Value *ConditionEvaluator::resolve(const ValuePath &path)
{
    const Value *start = root(path.root);
    if (!start || path.steps.empty())
        return start;
    return followSteps(*start, path.steps, path.root == PathRoot::Key);
}

const Value *ConditionEvaluator::operandValue(const Operand &operand, Value &scratch)
{
    const Value *at = resolve(operand.path);
    if (!at || operand.kind == Operand::Kind::Path)
        return at;
    if (operand.kind == Operand::Kind::KindOf) {
        scratch = Value(conditionKindName(at->type()));
        return &scratch;
    }
    const std::optional<double> length = lengthOf(*at);
    if (!length)
        return nullptr;
    scratch = Value(*length);
    return &scratch;
}

bool ConditionEvaluator::compare(const ConditionNode &node)
{
    Value scratch;
    const Value *value = operandValue(node.operand, scratch);
    return value && holds(node.op, compareValues(*value, node.literal));
}

bool ConditionEvaluator::contains(const ConditionNode &node)
{
    const Value *at = resolve(node.operand.path);
    if (!at)
        return false;
    const Value &wanted = node.literal;
    const auto equal = [&wanted](const Value &item) {
        return compareValues(item, wanted) == ValueOrder::Equal;
    };
    switch (at->type()) {
    case Value::Type::String:
        return wanted.type() == Value::Type::String
               && at->asString().find(wanted.asString()) != std::string::npos;
    case Value::Type::Array:
    case Value::Type::Set:
        for (const Value &item : at->items()) {
            if (equal(item))
                return true;
        }
        return false;
    case Value::Type::Map:
        for (const auto &entry : at->entries()) {
            if (equal(entry.first))
                return true;
        }
        return false;
    case Value::Type::Object:
        if (wanted.type() != Value::Type::String)
            return false;
        for (const auto &member : at->members()) {
            if (member.first == wanted.asString())
                return true;
        }
        return false;
    default:
        return false;
    }
}

bool ConditionEvaluator::matches(const ConditionNode &node)
{
    const Value *at = resolve(node.operand.path);
    if (!at || at->type() != Value::Type::String)
        return false;
    return node.regex.match(QString::fromStdString(at->asString())).hasMatch();
}

} // namespace kvs::detail
