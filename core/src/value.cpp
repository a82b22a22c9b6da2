#include <kvs/value.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace kvs {

namespace {

// JavaScript's TimeClip: beyond 8.64e15 ms a Date is invalid; otherwise truncate toward zero
// (and +0 for -0).
double timeClip(double ms)
{
    if (!std::isfinite(ms) || std::fabs(ms) > 8.64e15)
        return NAN;
    const double truncated = std::trunc(ms);
    return truncated == 0 ? 0.0 : truncated;
}

bool sameValue(double a, double b)
{
    if (a != a)
        return b != b;
    if (a == 0 && b == 0)
        return std::signbit(a) == std::signbit(b);
    return a == b;
}

// Index-like names compare by numeric value: shorter digit strings are smaller.
bool indexLess(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return a.size() < b.size();
    return a < b;
}

} // namespace

Date::Date(double milliseconds)
    : ms(timeClip(milliseconds))
{}

Value Value::array(Items items)
{
    Value v;
    v.m_data = ArrayData{std::move(items)};
    return v;
}

Value Value::object(Members members)
{
    Value v;
    v.m_data = ObjectData{std::move(members)};
    return v;
}

Value Value::map(Entries entries)
{
    Value v;
    v.m_data = MapData{std::move(entries)};
    return v;
}

Value Value::set(Items items)
{
    Value v;
    v.m_data = SetData{std::move(items)};
    return v;
}

const Value::Items &Value::items() const
{
    if (const auto *set = std::get_if<SetData>(&m_data))
        return set->items;
    return std::get<ArrayData>(m_data).items;
}

Value::Items &Value::items()
{
    if (auto *set = std::get_if<SetData>(&m_data))
        return set->items;
    return std::get<ArrayData>(m_data).items;
}

bool operator==(const Value &a, const Value &b)
{
    if (a.type() != b.type())
        return false;
    switch (a.type()) {
    case Value::Type::Undefined:
    case Value::Type::Null:
        return true;
    case Value::Type::Boolean:
        return a.asBoolean() == b.asBoolean();
    case Value::Type::Number:
        return sameValue(a.asNumber(), b.asNumber());
    case Value::Type::String:
        return a.asString() == b.asString();
    case Value::Type::BigInt:
        return a.asBigInt() == b.asBigInt();
    case Value::Type::Bytes:
        return a.asBytes() == b.asBytes();
    case Value::Type::Date:
        return sameValue(a.asDate().ms, b.asDate().ms);
    case Value::Type::Array:
    case Value::Type::Set:
        return a.items() == b.items();
    case Value::Type::Object:
        return a.members() == b.members();
    case Value::Type::Map:
        return a.entries() == b.entries();
    }
    return false;
}

const char *describeKind(const Value &value) noexcept
{
    switch (value.type()) {
    case Value::Type::Undefined:
        return "undefined";
    case Value::Type::Null:
        return "null";
    case Value::Type::Boolean:
        return "a boolean";
    case Value::Type::Number:
        return "a number";
    case Value::Type::String:
        return "a string";
    case Value::Type::BigInt:
        return "a bigint";
    case Value::Type::Bytes:
        return "bytes";
    case Value::Type::Date:
        return "a Date";
    case Value::Type::Array:
        return "an array";
    case Value::Type::Object:
        return "an object";
    case Value::Type::Map:
        return "a Map";
    case Value::Type::Set:
        return "a Set";
    }
    return "a value";
}

bool isArrayIndexName(std::string_view name) noexcept
{
    // A canonical numeric string of an integer in 0 .. 2^32 - 2 (ECMAScript array index).
    if (name.empty() || name.size() > 10)
        return false;
    if (name.size() > 1 && name[0] == '0')
        return false;
    unsigned long long n = 0;
    for (char c : name) {
        if (c < '0' || c > '9')
            return false;
        n = n * 10 + static_cast<unsigned>(c - '0');
    }
    return n <= 4294967294ULL;
}

bool sameValueZero(const Value &a, const Value &b) noexcept
{
    if (a.type() != b.type())
        return false;
    switch (a.type()) {
    case Value::Type::Undefined:
    case Value::Type::Null:
        return true;
    case Value::Type::Boolean:
        return a.asBoolean() == b.asBoolean();
    case Value::Type::Number: {
        const double x = a.asNumber();
        const double y = b.asNumber();
        return x == y || (x != x && y != y);
    }
    case Value::Type::String:
        return a.asString() == b.asString();
    case Value::Type::BigInt:
        return a.asBigInt() == b.asBigInt();
    default:
        return false; // Objects: distinct identities.
    }
}

void ObjectBuilder::add(std::string name, Value value)
{
    for (auto &member : m_members) {
        if (member.first == name) {
            member.second = std::move(value);
            return;
        }
    }
    if (isArrayIndexName(name)) {
        const auto indexEnd = m_members.begin() + static_cast<std::ptrdiff_t>(m_indexCount);
        const auto at = std::upper_bound(m_members.begin(), indexEnd, name,
                                         [](const std::string &n, const auto &member) {
                                             return indexLess(n, member.first);
                                         });
        m_members.emplace(at, std::move(name), std::move(value));
        ++m_indexCount;
        return;
    }
    m_members.emplace_back(std::move(name), std::move(value));
}

Value ObjectBuilder::build() &&
{
    return Value::object(std::move(m_members));
}

void CollectionBuilder::addEntry(Value key, Value value)
{
    for (auto &entry : m_entries) {
        if (sameValueZero(entry.first, key)) {
            entry.second = std::move(value);
            return;
        }
    }
    // JavaScript's Map normalises a -0 key to +0.
    if (key.isNumber() && key.asNumber() == 0)
        key = Value(0.0);
    m_entries.emplace_back(std::move(key), std::move(value));
}

void CollectionBuilder::addItem(Value item)
{
    for (const auto &existing : m_items) {
        if (sameValueZero(existing, item))
            return;
    }
    if (item.isNumber() && item.asNumber() == 0)
        item = Value(0.0);
    m_items.push_back(std::move(item));
}

Value CollectionBuilder::buildMap() &&
{
    return Value::map(std::move(m_entries));
}

Value CollectionBuilder::buildSet() &&
{
    return Value::set(std::move(m_items));
}

} // namespace kvs
