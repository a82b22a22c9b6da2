#include "condition/value_path.h"

#include <kvs/bigint.h>
#include <kvs/js_number.h>

#include <cmath>
#include <optional>

namespace kvs::detail {

namespace {

// The member name JavaScript gives a literal step: obj["a"], obj[1] ("1"), obj[1n] ("1").
std::optional<std::string> memberNameOf(const Value &literal)
{
    switch (literal.type()) {
    case Value::Type::String:
        return literal.asString();
    case Value::Type::Number:
        return formatJsNumber(literal.asNumber());
    case Value::Type::BigInt:
        return literal.asBigInt().toDecimal();
    default:
        return std::nullopt;
    }
}

const Value *member(const Value &object, std::string_view name)
{
    for (const auto &[memberName, child] : object.members()) {
        if (memberName == name)
            return &child;
    }
    return nullptr;
}

const Value *itemAt(const Value::Items &items, std::size_t index)
{
    return index < items.size() ? &items[index] : nullptr;
}

const Value *itemNamed(const Value::Items &items, std::string_view name)
{
    return isArrayIndexName(name) ? itemAt(items, std::stoul(std::string(name))) : nullptr;
}

} // namespace

PathStep PathStep::member(std::string name)
{
    PathStep step;
    step.kind = Kind::Name;
    step.name = std::move(name);
    return step;
}

PathStep PathStep::at(Value literal)
{
    PathStep step;
    step.kind = Kind::Literal;
    step.literal = std::move(literal);
    return step;
}

bool sameMapKey(const Value &a, const Value &b)
{
    if (a.isPrimitive() || b.isPrimitive())
        return sameValueZero(a, b);
    if (a.type() == Value::Type::Date && b.type() == Value::Type::Date)
        return a.asDate().ms == b.asDate().ms || (!a.asDate().isValid() && !b.asDate().isValid());
    return a == b;
}

const Value *stepByName(const Value &value, std::string_view name)
{
    switch (value.type()) {
    case Value::Type::Object:
        return member(value, name);
    case Value::Type::Array:
        return itemNamed(value.items(), name);
    case Value::Type::Map:
        for (const auto &[entryKey, child] : value.entries()) {
            if (entryKey.type() == Value::Type::String && entryKey.asString() == name)
                return &child;
        }
        return nullptr;
    default:
        return nullptr;
    }
}

const Value *stepByLiteral(const Value &value, const Value &literal)
{
    switch (value.type()) {
    case Value::Type::Object: {
        const std::optional<std::string> name = memberNameOf(literal);
        return name ? member(value, *name) : nullptr;
    }
    case Value::Type::Array: {
        if (literal.isNumber()) {
            const double n = literal.asNumber();
            if (n >= 0 && n < 4294967295.0 && std::trunc(n) == n)
                return itemAt(value.items(), static_cast<std::size_t>(n));
            return nullptr;
        }
        const std::optional<std::string> name = memberNameOf(literal);
        return name ? itemNamed(value.items(), *name) : nullptr;
    }
    case Value::Type::Map:
        for (const auto &[entryKey, child] : value.entries()) {
            if (sameMapKey(entryKey, literal))
                return &child;
        }
        return nullptr;
    default:
        return nullptr;
    }
}

const Value *stepInto(const Value &value, const PathStep &step)
{
    return step.kind == PathStep::Kind::Name ? stepByName(value, step.name)
                                             : stepByLiteral(value, step.literal);
}

const Value *followSteps(const Value &value, const std::vector<PathStep> &steps, bool fromKey)
{
    const Value *at = &value;
    for (std::size_t i = 0; i < steps.size() && at != nullptr; ++i) {
        const PathStep &step = steps[i];
        const bool fromEnd = fromKey && i == 0 && step.kind == PathStep::Kind::Literal
                             && step.literal.isNumber() && step.literal.asNumber() < 0;
        if (fromEnd) {
            // key[-1]: the last part; a fraction names no part.
            const double n = step.literal.asNumber();
            const double size = static_cast<double>(at->items().size());
            at = std::trunc(n) == n && -n <= size ? &at->items()[static_cast<std::size_t>(size + n)]
                                                  : nullptr;
            continue;
        }
        at = stepInto(*at, step);
    }
    return at;
}

} // namespace kvs::detail
