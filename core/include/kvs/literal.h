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
namespace kvs {

/// Parses one value literal. Throws LiteralSyntaxError naming the byte position and what was
/// expected (e.g. "kvs: expected ']' or ',' at position 7").
[[nodiscard]] Value parseLiteral(std::string_view text);

/// Parses a key literal: an array of key parts. Throws LiteralSyntaxError on bad syntax and the
/// TypeError of keyFromValue on a value that is not a key.
[[nodiscard]] Key parseKeyLiteral(std::string_view text);

/// The canonical one-line literal of a value (the vectors' "literal" field): arrays "[a, b]",
/// objects {"name": v}, strings as JSON.stringify writes them, -0, NaN, 12n, new Date(ms),
/// new Uint8Array([1, 2]), new Map([[k, v]]), new Set([v]), undefined. Never a raw control char.
[[nodiscard]] std::string printLiteral(const Value &value);
void printLiteral(const Value &value, std::string &out);

/// The canonical literal of a key, e.g. ["users", 42, 1n].
[[nodiscard]] std::string printKeyLiteral(const Key &key);

} // namespace kvs
