#pragma once

#include <kvs/types.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

/// The condition language of `kvs find --where`, `kvs queue retry|delete-dead --where` and the
/// GUI's value search: conditions on typed paths of an entry, written with the literal syntax
/// (kvs/literal.h) for its constants. The grammar, with examples, is in the README ("Searching
/// inside values"):
///
///   condition  = or
///   or         = and { "||" and }
///   and        = unary { "&&" unary }
///   unary      = "!" unary | "(" condition ")" | test
///   test       = operand op LITERAL | LITERAL op operand
///              | "exists" "(" path ")" | "contains" "(" path "," LITERAL ")"
///              | "matches" "(" path "," STRING ")"
///   operand    = path | "kind" "(" path ")" | "length" "(" path ")"
///   op         = "==" | "!=" | "<" | "<=" | ">" | ">="
///   path       = ("value" | "key" | "version" | "expiresAt" | "size") { step }
///   step       = "." NAME | "." DIGITS | "[" LITERAL "]"
///
/// Paths: a member of an object by name, an item of an array by index (a number or an index
/// name), a Map entry by its key (any literal: 1n, new Date(0), "a"); key[-1] is the key's last
/// part. version is a number, expiresAt a Date or null, size the stored bytes of the value. A
/// path that does not exist has no value, and every comparison with it is false (!= too).
///
/// Comparisons: numbers and bigints by value (1 == 1n, Infinity above every bigint, -0 == 0,
/// NaN equal to nothing), strings by code point, Dates by time (an invalid Date as NaN),
/// booleans false < true, bytes by their bytes; null and undefined equal themselves; arrays are
/// equal item by item, objects member by member, Maps entry by entry and Sets item by item
/// (objects, Maps and Sets in any order), and have no order. Values of different kinds (other
/// than number and bigint) are never equal, and != is false for them too: !(a == b) is the
/// negation of a whole condition.
namespace kvs {

namespace detail {
struct ConditionNode;
}

/// What a condition is evaluated on. The pointers are views: what they point to must outlive
/// the evaluation. A root that the subject does not have (a queue payload has no key, version
/// or expiry) has no value.
struct ConditionSubject
{
    const Value *value = nullptr;     // `value`
    const Key *key = nullptr;         // `key`
    const Entry *entry = nullptr;     // `version` and `expiresAt`
    std::optional<std::int64_t> size; // `size`: the stored bytes of the value

    /// An entry read from the store, whose value took storedSize bytes.
    static ConditionSubject ofEntry(const Entry &entry, std::int64_t storedSize);
    /// A queue message's payload as `value`; the other roots have no value.
    static ConditionSubject ofPayload(const Value &payload);
};

/// A parsed condition. A value type: copies share the parsed tree, which never changes, so one
/// condition may be evaluated from several threads at once (its regular expressions are
/// compiled when it is parsed).
class Condition
{
public:
    /// Parses text. Throws LiteralSyntaxError naming the 0-based byte position and what was
    /// expected there, e.g. "kvs: expected ==, !=, <, <=, > or >= at position 11", "kvs: unknown
    /// kind \"date\" (kinds are undefined, null, boolean, ...) at position 20", "kvs: invalid
    /// regular expression: missing closing parenthesis at offset 3 at position 20"; literals
    /// inside it fail as parseLiteral does, at their position in text.
    [[nodiscard]] static Condition parse(std::string_view text);

    /// Whether the condition holds for subject.
    [[nodiscard]] bool matches(const ConditionSubject &subject) const;

    /// The text it was parsed from.
    [[nodiscard]] const std::string &text() const noexcept { return m_text; }

private:
    std::shared_ptr<const detail::ConditionNode> m_root;
    std::string m_text;
};

/// The kind names of kind(path), fixed and never translated: "undefined", "null", "boolean",
/// "number", "string", "bigint", "bytes", "Date", "array", "object", "Map", "Set".
[[nodiscard]] const char *conditionKindName(Value::Type type) noexcept;

} // namespace kvs
