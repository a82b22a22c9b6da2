#pragma once

#include <algorithm>
#include <iterator>
#include <string_view>

// The words of the literal syntax, private to the core: the parser reads them, the token stream
// writes them and the scanner classifies them, so a constructor or a constant is named here once.
namespace kvs::literal_words {

inline constexpr std::string_view kNew = "new";
inline constexpr std::string_view kDate = "Date";
inline constexpr std::string_view kBytes = "Uint8Array";
inline constexpr std::string_view kMap = "Map";
inline constexpr std::string_view kSet = "Set";
inline constexpr std::string_view kConstructors[] = {kDate, kBytes, kMap, kSet};
// The constructors as the printer writes them, one space after new.
inline constexpr std::string_view kNewDate = "new Date";
inline constexpr std::string_view kNewBytes = "new Uint8Array";
inline constexpr std::string_view kNewMap = "new Map";
inline constexpr std::string_view kNewSet = "new Set";

inline constexpr std::string_view kTrue = "true";
inline constexpr std::string_view kFalse = "false";
inline constexpr std::string_view kNull = "null";
inline constexpr std::string_view kUndefined = "undefined";
inline constexpr std::string_view kNaN = "NaN";
inline constexpr std::string_view kInfinity = "Infinity";
inline constexpr std::string_view kConstants[]
    = {kTrue, kFalse, kNull, kUndefined, kNaN, kInfinity};

// True for a name that may follow `new`.
inline bool isConstructor(std::string_view name) noexcept
{
    return std::find(std::begin(kConstructors), std::end(kConstructors), name)
           != std::end(kConstructors);
}

// True for a word that is a value by itself.
inline bool isConstant(std::string_view word) noexcept
{
    return std::find(std::begin(kConstants), std::end(kConstants), word) != std::end(kConstants);
}

} // namespace kvs::literal_words
