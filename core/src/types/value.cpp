#include "types/builder_comparisons.h"

#include <kvs/value.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>

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

bool Value::isPrimitive() const noexcept
{
    switch (type()) {
    case Type::Undefined:
    case Type::Null:
    case Type::Boolean:
    case Type::Number:
    case Type::String:
    case Type::BigInt:
        return true;
    default:
        return false;
    }
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

namespace {

// Below this size a linear scan for a repeated name or key beats hashing; above it the builders
// keep a hash index so that building stays linear (a parser feeds them objects of any size).
constexpr std::size_t kIndexThreshold = 16;
constexpr std::size_t kNotFound = static_cast<std::size_t>(-1);

thread_local std::uint64_t t_builderComparisons = 0; // detail::builderComparisons()

// Consistent with sameValueZero: all NaNs hash alike, and so do 0 and -0.
std::size_t primitiveHash(const Value &v) noexcept
{
    std::size_t h = 0;
    switch (v.type()) {
    case Value::Type::Boolean:
        h = v.asBoolean() ? 1 : 2;
        break;
    case Value::Type::Number: {
        const double n = v.asNumber();
        h = n != n ? 3 : std::hash<double>{}(n == 0 ? 0.0 : n);
        break;
    }
    case Value::Type::String:
        h = std::hash<std::string>{}(v.asString());
        break;
    case Value::Type::BigInt:
        h = std::hash<std::string>{}(v.asBigInt().magnitude())
            ^ (v.asBigInt().isNegative() ? 1 : 0);
        break;
    default:
        break;
    }
    return h ^ (static_cast<std::size_t>(v.type()) * 0x9e3779b97f4a7c15ULL);
}

// The position of the element whose key is SameValueZero to `key`, or kNotFound, when the
// caller appends it and its position is recorded. keyOf projects an element to its key.
template <typename Elements, typename KeyOf>
std::size_t findOrRecord(const Elements &elements,
                         std::unordered_multimap<std::size_t, std::size_t> &positions,
                         bool &indexed,
                         const Value &key,
                         KeyOf keyOf)
{
    if (!key.isPrimitive())
        return kNotFound; // Objects are distinct identities: never a repeat.
    if (!indexed && elements.size() < kIndexThreshold) {
        for (std::size_t i = 0; i < elements.size(); ++i) {
            ++t_builderComparisons;
            if (sameValueZero(keyOf(elements[i]), key))
                return i;
        }
        return kNotFound;
    }
    if (!indexed) {
        for (std::size_t i = 0; i < elements.size(); ++i) {
            if (keyOf(elements[i]).isPrimitive())
                positions.emplace(primitiveHash(keyOf(elements[i])), i);
        }
        indexed = true;
    }
    const std::size_t hash = primitiveHash(key);
    for (auto [at, end] = positions.equal_range(hash); at != end; ++at) {
        ++t_builderComparisons;
        if (sameValueZero(keyOf(elements[at->second]), key))
            return at->second;
    }
    positions.emplace(hash, elements.size());
    return kNotFound;
}

} // namespace

std::uint64_t detail::builderComparisons() noexcept
{
    return t_builderComparisons;
}

void ObjectBuilder::add(std::string name, Value value)
{
    if (!m_indexed && m_members.size() < kIndexThreshold) {
        for (auto &member : m_members) {
            ++t_builderComparisons;
            if (member.first == name) {
                member.second = std::move(value);
                return;
            }
        }
    } else {
        if (!m_indexed) {
            for (std::size_t i = 0; i < m_members.size(); ++i)
                m_positions.emplace(std::hash<std::string>{}(m_members[i].first), i);
            m_indexed = true;
        }
        const std::size_t hash = std::hash<std::string>{}(name);
        for (auto [at, end] = m_positions.equal_range(hash); at != end; ++at) {
            auto &member = m_members[at->second];
            ++t_builderComparisons;
            if (member.first == name) {
                member.second = std::move(value);
                return;
            }
        }
        m_positions.emplace(hash, m_members.size());
    }
    m_hasIndexNames = m_hasIndexNames || isArrayIndexName(name);
    m_members.emplace_back(std::move(name), std::move(value));
}

Value ObjectBuilder::build() &&
{
    // Index-like names first, ascending; the others keep insertion order. Names are unique here,
    // so an unstable sort of the index part is enough.
    if (m_hasIndexNames) {
        const auto indexEnd
            = std::stable_partition(m_members.begin(), m_members.end(), [](const auto &member) {
                  return isArrayIndexName(member.first);
              });
        std::sort(m_members.begin(), indexEnd, [](const auto &a, const auto &b) {
            return indexLess(a.first, b.first);
        });
    }
    return Value::object(std::move(m_members));
}

void CollectionBuilder::addEntry(Value key, Value value)
{
    const std::size_t at = findOrRecord(
        m_entries, m_positions, m_indexed, key, [](const auto &entry) -> const Value & {
            return entry.first;
        });
    if (at != kNotFound) {
        m_entries[at].second = std::move(value);
        return;
    }
    // JavaScript's Map normalises a -0 key to +0.
    if (key.isNumber() && key.asNumber() == 0)
        key = Value(0.0);
    m_entries.emplace_back(std::move(key), std::move(value));
}

void CollectionBuilder::addItem(Value item)
{
    const std::size_t at = findOrRecord(
        m_items, m_positions, m_indexed, item, [](const Value &existing) -> const Value & {
            return existing;
        });
    if (at != kNotFound)
        return;
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
