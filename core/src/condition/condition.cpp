#include "condition/condition_evaluator.h"
#include "condition/condition_parser.h"

#include <kvs/condition.h>

namespace kvs {

ConditionSubject ConditionSubject::ofEntry(const Entry &entry, std::int64_t storedSize)
{
    ConditionSubject subject;
    subject.value = &entry.value;
    subject.key = &entry.key;
    subject.entry = &entry;
    subject.size = storedSize;
    return subject;
}

ConditionSubject ConditionSubject::ofPayload(const Value &payload)
{
    ConditionSubject subject;
    subject.value = &payload;
    return subject;
}

Condition Condition::parse(std::string_view text)
{
    Condition condition;
    condition.m_root = detail::parseCondition(text);
    condition.m_text = std::string(text);
    return condition;
}

bool Condition::matches(const ConditionSubject &subject) const
{
    detail::ConditionEvaluator evaluator(subject);
    return evaluator.evaluate(*m_root);
}

const char *conditionKindName(Value::Type type) noexcept
{
    switch (type) {
    case Value::Type::Undefined:
        return "undefined";
    case Value::Type::Null:
        return "null";
    case Value::Type::Boolean:
        return "boolean";
    case Value::Type::Number:
        return "number";
    case Value::Type::String:
        return "string";
    case Value::Type::BigInt:
        return "bigint";
    case Value::Type::Bytes:
        return "bytes";
    case Value::Type::Date:
        return "Date";
    case Value::Type::Array:
        return "array";
    case Value::Type::Object:
        return "object";
    case Value::Type::Map:
        return "Map";
    case Value::Type::Set:
        return "Set";
    }
    return "undefined";
}

} // namespace kvs
