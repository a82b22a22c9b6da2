#pragma once

#include <kvs/value.h>

#include <cstdint>

// How the condition language (kvs/condition.h) compares two values, private to the core.
namespace kvs::detail {

// The outcome of comparing a with b.
enum class ValueOrder : std::uint8_t {
    Less,
    Equal,
    Greater,
    Unordered,    // the same kind, but not equal and without an order (NaN, two different arrays)
    Incomparable, // different kinds (a number and a bigint are one kind here)
};

enum class CompareOp : std::uint8_t { Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual };

// Numbers and bigints by value (Infinity above every bigint, -0 == 0, NaN unordered even with
// itself), strings by code point (their UTF-8 bytes), Dates by time (an invalid one as NaN),
// false < true, bytes by their bytes, null and undefined equal to themselves; arrays item by
// item, objects, Maps and Sets by their members, entries or items in any order: Equal or
// Unordered.
[[nodiscard]] ValueOrder compareValues(const Value &a, const Value &b);

// Whether `a op b` holds when comparing a with b gave order: never for Incomparable, != for
// Less, Greater and Unordered.
[[nodiscard]] bool holds(CompareOp op, ValueOrder order) noexcept;

// The op that says the same with its sides swapped (1 < x is x > 1).
[[nodiscard]] CompareOp swapped(CompareOp op) noexcept;

} // namespace kvs::detail
