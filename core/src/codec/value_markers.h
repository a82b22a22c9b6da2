#pragma once

#include <kvs/value.h>

#include <string>

// What the reader needs to know about typed JSON's marker objects and JavaScript objects,
// implemented in value_codec.cpp next to the encoder's rules, so the two sides of the format
// live in one file.
namespace kvs {

/// The members of a marker object as read: {"~": tag, "v": v}.
struct MarkerParts
{
    Value tag;
    Value v;
    bool hasV = false;
};

/// Sets out to the value a marker stands for: D Date, B bigint, U bytes, M Map, S Set,
/// u undefined, N NaN/+-Infinity, O an object with its own "~" member. Map, Set and object
/// members get JavaScript's semantics (a repeated key keeps its first position, the last value).
/// Returns false with why set ("unknown marker \"Z\"", ...) for a marker the JS writer would not
/// write. Consumes parts.
[[nodiscard]] bool decodeMarker(MarkerParts &parts, Value &out, std::string &why);

/// The object JSON.parse builds from members in text order: index-like names first in
/// ascending order, and a repeated name keeps its first position with the last value.
[[nodiscard]] Value buildObject(Value::Members members);

} // namespace kvs
