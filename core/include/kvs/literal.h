#pragma once

#include <kvs/key.h>
#include <kvs/value.h>

#include <string>
#include <string_view>

/// The literal syntax for keys and values, the way a JavaScript developer writes them; shared by
/// the GUI editors and the CLI. Grammar: JSON, plus undefined, NaN, Infinity, -Infinity, -0,
/// bigints (123n), new Date(ms) / new Date("ISO 8601 with Z or offset") / new Date(NaN),
/// new Uint8Array([0..255, ...]), new Map([[k, v], ...]), new Set([...]), unquoted identifier
/// member names and single-quoted strings; whitespace anywhere (see interpretation notes).
/// Details: white space is JavaScript's (also U+00A0, U+2028, U+FEFF...); strings take JSON's
/// escapes plus \' and hold UTF-8 (a lone surrogate escape as WTF-8); member names may also be
/// non-negative number literals, named as JavaScript names them ({1e3: x} is "1000"); objects
/// get JavaScript's member order (ObjectBuilder) and Maps and Sets drop repeats
/// (CollectionBuilder); new Uint8Array(), new Map() and new Set() are empty; a number beyond
/// the double range is +-Infinity (1e400), or 0 below it; new Date() (the current time) and
/// dates without Z or an offset are refused.
namespace kvs {

/// The deepest nesting parseLiteral accepts: arrays, objects and new Date/Uint8Array/Map/Set
/// each open one level. The value reader's limit (decodeValue), so that every stored value's
/// printed literal parses back; the parser keeps its own stack, so this costs heap, not call
/// stack, and deeper input gets an error instead of a stack overflow.
inline constexpr int kMaxLiteralDepth = 5000;

/// Parses one value literal. Throws LiteralSyntaxError naming the 0-based byte position and what
/// was expected, e.g. "kvs: expected ',' or ']' at position 7", "kvs: trailing commas are not
/// allowed, expected a value at position 4", "kvs: byte values must be integers 0..255, got 256
/// at position 17". Runs in time linear in the text. Safe from any thread.
[[nodiscard]] Value parseLiteral(std::string_view text);

/// Parses a key literal: an array of key parts. Throws LiteralSyntaxError on bad syntax and the
/// TypeError of keyFromValue on a value that is not a key ("kvs: key part 0 is null; ...").
[[nodiscard]] Key parseKeyLiteral(std::string_view text);

/// The canonical one-line literal of a value (the vectors' "literal" field): arrays "[a, b]",
/// objects {"name": v}, strings as JSON.stringify writes them, -0, NaN, 12n, new Date(ms),
/// new Uint8Array([1, 2]), new Map([[k, v]]), new Set([v]), undefined. Never a raw control char.
/// Renders LiteralTokenStream (kvs/literal_tokens.h), without recursion.
[[nodiscard]] std::string printLiteral(const Value &value);
void printLiteral(const Value &value, std::string &out);

/// The canonical literal of a key, e.g. ["users", 42, 1n].
[[nodiscard]] std::string printKeyLiteral(const Key &key);

} // namespace kvs
