#pragma once

#include <kvs/bigint.h>

#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

namespace kvs {

class Value;

/// Raw bytes, JavaScript's Uint8Array. Distinct from a string so the two never mix.
struct Bytes
{
    std::string data;
    friend bool operator==(const Bytes &, const Bytes &) = default;
};

/// A JavaScript Date: milliseconds since the epoch, NaN for an invalid date. Construction applies
/// JavaScript's TimeClip (truncate toward zero; beyond +-8.64e15 ms the date is invalid).
struct Date
{
    double ms;
    explicit Date(double milliseconds);
    bool isValid() const noexcept { return ms == ms; }
};

/// Every value kvs stores: JSON values plus undefined, NaN and +-Infinity (as numbers), -0,
/// bigint, Uint8Array, Date (valid or not), Map with any keys, Set, nested anywhere. Objects keep
/// their member order as JavaScript does; Map and Set keep insertion order. A value type: copies
/// are deep; safe from any thread as long as one instance is not written while read.
class Value
{
public:
    enum class Type {
        Undefined,
        Null,
        Boolean,
        Number,
        String,
        BigInt,
        Bytes,
        Date,
        Array,
        Object,
        Map,
        Set
    };

    using Items = std::vector<Value>;                           // Array and Set
    using Members = std::vector<std::pair<std::string, Value>>; // Object
    using Entries = std::vector<std::pair<Value, Value>>;       // Map

    Value() = default; // undefined
    Value(std::nullptr_t)
        : m_data(NullTag{})
    {}
    Value(bool b)
        : m_data(b)
    {}
    Value(double n)
        : m_data(n)
    {}
    Value(int n)
        : m_data(static_cast<double>(n))
    {}
    Value(std::string s)
        : m_data(std::move(s))
    {}
    Value(const char *s)
        : m_data(std::string(s))
    {}
    Value(BigInt b)
        : m_data(std::move(b))
    {}
    Value(Bytes b)
        : m_data(std::move(b))
    {}
    Value(Date d)
        : m_data(d)
    {}

    static Value undefined() { return Value(); }
    static Value null() { return Value(nullptr); }
    static Value array(Items items);
    /// Members exactly in the given order; use ObjectBuilder for JavaScript's ordering rules.
    static Value object(Members members);
    /// Entries exactly as given; use MapBuilder for JavaScript's de-duplication.
    static Value map(Entries entries);
    static Value set(Items items);

    Type type() const noexcept { return static_cast<Type>(m_data.index()); }
    bool isUndefined() const noexcept { return type() == Type::Undefined; }
    bool isNull() const noexcept { return type() == Type::Null; }
    bool isNumber() const noexcept { return type() == Type::Number; }
    /// Whether the value is a JavaScript primitive (undefined, null, boolean, number, string,
    /// bigint): compared by SameValueZero as a Map key or Set item, where every other kind is an
    /// object with an identity of its own.
    bool isPrimitive() const noexcept;

    // Accessors. Requires: type() is the accessor's type (std::bad_variant_access otherwise).
    bool asBoolean() const { return std::get<bool>(m_data); }
    double asNumber() const { return std::get<double>(m_data); }
    const std::string &asString() const { return std::get<std::string>(m_data); }
    const BigInt &asBigInt() const { return std::get<BigInt>(m_data); }
    const Bytes &asBytes() const { return std::get<Bytes>(m_data); }
    const Date &asDate() const { return std::get<Date>(m_data); }
    const Items &items() const; // Array or Set
    Items &items();
    const Members &members() const { return std::get<ObjectData>(m_data).members; }
    Members &members() { return std::get<ObjectData>(m_data).members; }
    const Entries &entries() const { return std::get<MapData>(m_data).entries; }
    Entries &entries() { return std::get<MapData>(m_data).entries; }

    /// Structural equality with JavaScript's SameValue for numbers (NaN equals NaN, -0 differs
    /// from 0) and Date milliseconds. Order of members, entries and items matters.
    friend bool operator==(const Value &a, const Value &b);

private:
    struct NullTag
    {
        friend bool operator==(NullTag, NullTag) { return true; }
    };
    struct ArrayData
    {
        Items items;
    };
    struct ObjectData
    {
        Members members;
    };
    struct MapData
    {
        Entries entries;
    };
    struct SetData
    {
        Items items;
    };
    // The order of alternatives is Type's order.
    std::variant<std::monostate,
                 NullTag,
                 bool,
                 double,
                 std::string,
                 BigInt,
                 Bytes,
                 Date,
                 ArrayData,
                 ObjectData,
                 MapData,
                 SetData>
        m_data;
};

/// Returns the reference's <kind> word for a value: "null", "a boolean", "a number", "a string",
/// "an array", "an object", "a Date", "a bigint", "bytes", "a Map", "a Set", "undefined".
const char *describeKind(const Value &value) noexcept;

/// True for a canonical array index name ("0", "42", not "01" or "4294967295"): JavaScript
/// orders such member names first, ascending, ahead of all others.
bool isArrayIndexName(std::string_view name) noexcept;

/// JavaScript's SameValueZero on primitives (NaN equals NaN, 0 equals -0); objects (arrays,
/// objects, Maps, Sets, Dates, bytes) are never equal, as two distinct JavaScript objects are not.
bool sameValueZero(const Value &a, const Value &b) noexcept;

/// Builds an object the way JavaScript does: index-like names first in ascending order, other
/// names in insertion order, and a repeated name keeps its first position with the last value.
/// Amortised O(1) per add (a parser builds objects of any size with it), O(n log n) build.
class ObjectBuilder
{
public:
    void add(std::string name, Value value);
    Value build() &&;

private:
    Value::Members m_members; // Insertion order; build() moves index-like names first.
    // Once the object is large: name hash -> position in m_members, to find a repeated name
    // without a scan (a scan made an n-member object cost O(n^2)).
    std::unordered_multimap<std::size_t, std::size_t> m_positions;
    bool m_indexed = false;
    bool m_hasIndexNames = false;
};

/// Builds a Map (a repeated key keeps its first position with the last value) or a Set (a
/// repeated item is dropped), comparing keys with sameValueZero. Amortised O(1) per add.
/// Requires: one builder builds either a Map or a Set, not both.
class CollectionBuilder
{
public:
    void addEntry(Value key, Value value); // Map
    void addItem(Value item);              // Set
    Value buildMap() &&;
    Value buildSet() &&;

private:
    Value::Entries m_entries;
    Value::Items m_items;
    // Once the collection is large: hash of a primitive key -> its position (objects never
    // repeat, as SameValueZero compares them by identity).
    std::unordered_multimap<std::size_t, std::size_t> m_positions;
    bool m_indexed = false;
};

} // namespace kvs
