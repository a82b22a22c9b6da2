#include "condition/value_order.h"

#include <kvs/bigint.h>

#include <cmath>
#include <string>

namespace kvs::detail {

namespace {

template <typename T>
ValueOrder orderOf(const T &a, const T &b)
{
    return a < b ? ValueOrder::Less : b < a ? ValueOrder::Greater : ValueOrder::Equal;
}

ValueOrder orderOfDoubles(double a, double b)
{
    if (std::isnan(a) || std::isnan(b))
        return ValueOrder::Unordered;
    return orderOf(a, b); // -0 == 0 as IEEE compares them
}

ValueOrder orderOfSign(int sign)
{
    return sign < 0 ? ValueOrder::Less : sign > 0 ? ValueOrder::Greater : ValueOrder::Equal;
}

// The integer value of a finite double with no fraction, exactly, as a bigint: its bytes come
// off by exact division (an integral double divided by 256 and truncated stays exact).
BigInt bigIntOf(double integral)
{
    const bool negative = integral < 0;
    double magnitude = std::fabs(integral);
    std::string bytes; // little-endian while building
    while (magnitude > 0) {
        const double low = std::fmod(magnitude, 256);
        bytes += static_cast<char>(static_cast<unsigned char>(low));
        magnitude = (magnitude - low) / 256;
    }
    return BigInt::fromMagnitude(negative, std::string(bytes.rbegin(), bytes.rend()));
}

// A number against a bigint, exactly (no rounding of either side).
ValueOrder numberVersusBigInt(double number, const BigInt &bigint)
{
    if (std::isnan(number))
        return ValueOrder::Unordered;
    if (std::isinf(number))
        return number > 0 ? ValueOrder::Greater : ValueOrder::Less;
    const double integral = std::trunc(number);
    const int sign = compare(bigIntOf(integral), bigint);
    if (sign != 0)
        return orderOfSign(sign);
    // Equal integer parts: the fraction decides (1.5 > 1n, -1.5 < -1n).
    return orderOfDoubles(number, integral);
}

bool isNumeric(Value::Type type)
{
    return type == Value::Type::Number || type == Value::Type::BigInt;
}

bool equal(const Value &a, const Value &b)
{
    return compareValues(a, b) == ValueOrder::Equal;
}

// Every item of a has its own equal item in b (a and b have as many): any order.
bool sameItems(const Value::Items &a, const Value::Items &b)
{
    std::vector<bool> used(b.size(), false);
    for (const Value &item : a) {
        bool found = false;
        for (std::size_t i = 0; i < b.size() && !found; ++i) {
            if (!used[i] && equal(item, b[i])) {
                used[i] = true;
                found = true;
            }
        }
        if (!found)
            return false;
    }
    return true;
}

bool sameMembers(const Value::Members &a, const Value::Members &b)
{
    if (a.size() != b.size())
        return false;
    for (const auto &[name, value] : a) {
        bool found = false;
        for (const auto &[otherName, other] : b) {
            if (otherName == name) {
                found = equal(value, other);
                break;
            }
        }
        if (!found)
            return false;
    }
    return true;
}

bool sameEntries(const Value::Entries &a, const Value::Entries &b)
{
    if (a.size() != b.size())
        return false;
    std::vector<bool> used(b.size(), false);
    for (const auto &[key, value] : a) {
        bool found = false;
        for (std::size_t i = 0; i < b.size() && !found; ++i) {
            if (!used[i] && equal(key, b[i].first) && equal(value, b[i].second)) {
                used[i] = true;
                found = true;
            }
        }
        if (!found)
            return false;
    }
    return true;
}

ValueOrder sameOrUnordered(bool same)
{
    return same ? ValueOrder::Equal : ValueOrder::Unordered;
}

} // namespace

ValueOrder compareValues(const Value &a, const Value &b)
{
    const Value::Type type = a.type();
    if (type != b.type()) {
        if (!isNumeric(type) || !isNumeric(b.type()))
            return ValueOrder::Incomparable;
        if (type == Value::Type::Number)
            return numberVersusBigInt(a.asNumber(), b.asBigInt());
        const ValueOrder reversed = numberVersusBigInt(b.asNumber(), a.asBigInt());
        return reversed == ValueOrder::Less      ? ValueOrder::Greater
               : reversed == ValueOrder::Greater ? ValueOrder::Less
                                                 : reversed;
    }
    switch (type) {
    case Value::Type::Undefined:
    case Value::Type::Null:
        return ValueOrder::Equal;
    case Value::Type::Boolean:
        return orderOf(a.asBoolean(), b.asBoolean());
    case Value::Type::Number:
        return orderOfDoubles(a.asNumber(), b.asNumber());
    case Value::Type::String:
        // std::string compares bytes as unsigned char; UTF-8 (and WTF-8) byte order is code
        // point order, which is how kvs orders key strings.
        return orderOfSign(a.asString().compare(b.asString()));
    case Value::Type::BigInt:
        return orderOfSign(compare(a.asBigInt(), b.asBigInt()));
    case Value::Type::Bytes:
        return orderOfSign(a.asBytes().data.compare(b.asBytes().data));
    case Value::Type::Date:
        return orderOfDoubles(a.asDate().ms, b.asDate().ms);
    case Value::Type::Array: {
        const Value::Items &x = a.items();
        const Value::Items &y = b.items();
        if (x.size() != y.size())
            return ValueOrder::Unordered;
        for (std::size_t i = 0; i < x.size(); ++i) {
            if (!equal(x[i], y[i]))
                return ValueOrder::Unordered;
        }
        return ValueOrder::Equal;
    }
    case Value::Type::Object:
        return sameOrUnordered(sameMembers(a.members(), b.members()));
    case Value::Type::Map:
        return sameOrUnordered(sameEntries(a.entries(), b.entries()));
    case Value::Type::Set:
        return sameOrUnordered(a.items().size() == b.items().size()
                               && sameItems(a.items(), b.items()));
    }
    return ValueOrder::Incomparable;
}

bool holds(CompareOp op, ValueOrder order) noexcept
{
    if (order == ValueOrder::Incomparable)
        return false;
    switch (op) {
    case CompareOp::Equal:
        return order == ValueOrder::Equal;
    case CompareOp::NotEqual:
        return order != ValueOrder::Equal;
    case CompareOp::Less:
        return order == ValueOrder::Less;
    case CompareOp::LessEqual:
        return order == ValueOrder::Less || order == ValueOrder::Equal;
    case CompareOp::Greater:
        return order == ValueOrder::Greater;
    case CompareOp::GreaterEqual:
        return order == ValueOrder::Greater || order == ValueOrder::Equal;
    }
    return false;
}

CompareOp swapped(CompareOp op) noexcept
{
    switch (op) {
    case CompareOp::Less:
        return CompareOp::Greater;
    case CompareOp::LessEqual:
        return CompareOp::GreaterEqual;
    case CompareOp::Greater:
        return CompareOp::Less;
    case CompareOp::GreaterEqual:
        return CompareOp::LessEqual;
    default:
        return op;
    }
}

} // namespace kvs::detail
