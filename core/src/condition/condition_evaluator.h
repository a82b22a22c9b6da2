#pragma once

#include "condition/condition_tree.h"

#include <kvs/condition.h>

#include <optional>

namespace kvs::detail {

// Evaluates parsed conditions on one subject. The roots other than `value` (the key as an
// array, version, expiresAt, size) are made once, when a condition first reads them.
// Thread rule: one evaluator per thread; the tree is only read.
class ConditionEvaluator
{
public:
    explicit ConditionEvaluator(const ConditionSubject &subject) noexcept
        : m_subject(subject)
    {}

    [[nodiscard]] bool evaluate(const ConditionNode &node);

private:
    const Value *resolve(const ValuePath &path);
    const Value *root(PathRoot root);
    // What an operand stands for: a value inside the subject, or one made in scratch (kind(),
    // length()); nullptr for no value.
    const Value *operandValue(const Operand &operand, Value &scratch);
    bool compare(const ConditionNode &node);
    bool contains(const ConditionNode &node);
    bool matches(const ConditionNode &node);

    const ConditionSubject &m_subject;
    std::optional<Value> m_key, m_version, m_expiresAt, m_size;
};

// length(value): code points of a string, bytes of bytes, items of an array or Set, entries of
// a Map, members of an object; nullopt for any other kind.
[[nodiscard]] std::optional<double> lengthOf(const Value &value) noexcept;

} // namespace kvs::detail
