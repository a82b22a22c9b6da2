#pragma once

#include <kvs/json_line.h>
#include <kvs/types.h>

#include <cstdint>
#include <string>
#include <string_view>

// Text formats of the kvs command line, shared by the commands and the benchmark.
namespace kvs::cli {

// ms since the epoch in ISO 8601 UTC with milliseconds, as JavaScript's toISOString() writes it.
[[nodiscard]] std::string isoTime(std::int64_t ms);

// Lower-case hex digits of bytes.
[[nodiscard]] std::string toHex(std::string_view bytes);
// The bytes of a hex string (either case, even length, no separators). Throws kvs::Error
// "kvs: HEX is not hex bytes: ..." otherwise.
[[nodiscard]] std::string fromHex(std::string_view hex);

// {"key": LITERAL, "value": LITERAL, "version": N, "expiresAt": MS|null}, literals as JSON strings.
[[nodiscard]] std::string entryJson(const Entry &entry);
// KEYLITERAL = VALUELITERAL, e.g. ["users", "alice"] = {"name": "Alice"}.
[[nodiscard]] std::string entryLine(const Entry &entry);

// The one-line error text: message with "kvs: " in front unless it already starts with it, line
// breaks folded into spaces.
[[nodiscard]] std::string errorLine(std::string_view message);

} // namespace kvs::cli
