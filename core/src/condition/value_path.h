#pragma once

#include <kvs/value.h>

#include <cstdint>
#include <string>
#include <vector>

// The paths of the condition language (kvs/condition.h), private to the core: the steps from a
// root into a value. kvs/payload_path.h resolves its paths with them too.
namespace kvs::detail {

// One step: `.name` (Name) or `[literal]` (Literal).
struct PathStep
{
    enum class Kind : std::uint8_t { Name, Literal };

    Kind kind = Kind::Name;
    std::string name; // Name
    Value literal;    // Literal

    static PathStep member(std::string name);
    static PathStep at(Value literal);
};

// Where a path starts.
enum class PathRoot : std::uint8_t { Value, Key, Version, ExpiresAt, Size };

struct ValuePath
{
    PathRoot root = PathRoot::Value;
    std::vector<PathStep> steps;
};

// What one step finds inside value, or nullptr:
// - an object: the member named by a Name, by a string literal, or by a number or bigint
//   literal as JavaScript names it (obj[1] is obj["1"]);
// - an array: the item at a Name or string that is an index name ("3"), or at an integer
//   number or bigint literal >= 0;
// - a Map: the entry whose key is a Name's string, or is the literal (primitives by
//   SameValueZero, so 1 and 1n are different keys; Dates by time, bytes by bytes, other
//   objects by their contents);
// - anything else: nothing.
// The pointer lives as long as value.
[[nodiscard]] const Value *stepInto(const Value &value, const PathStep &step);
// The same for a Name step, and for a Literal step, without making a PathStep.
[[nodiscard]] const Value *stepByName(const Value &value, std::string_view name);
[[nodiscard]] const Value *stepByLiteral(const Value &value, const Value &literal);

// Follows steps from value. fromKey: value is a key as an array of its parts, where a negative
// integer first step counts from the end (key[-1] is the last part).
[[nodiscard]] const Value *
followSteps(const Value &value, const std::vector<PathStep> &steps, bool fromKey);

// Whether two Map keys are the same key (see stepInto).
[[nodiscard]] bool sameMapKey(const Value &a, const Value &b);

} // namespace kvs::detail
