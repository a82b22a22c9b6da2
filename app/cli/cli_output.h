#pragma once

#include <kvs/types.h>

#include <cstdint>
#include <string>
#include <string_view>

// Text formats of the kvs command line, shared by the commands and the benchmark.
namespace kvs::cli {

// Builds one line of JSON object text in the CLI's spacing: {"a": 1, "b": "x"}. Members keep
// the order they are added in. A value type.
class JsonObjectLine
{
public:
    // Adds a member whose value is a JSON string (quoted with kvs::appendJsonString).
    JsonObjectLine &string(std::string_view name, std::string_view value);
    // Adds a member whose value is already JSON text (a number, true, null).
    JsonObjectLine &raw(std::string_view name, std::string_view json);
    JsonObjectLine &integer(std::string_view name, std::int64_t value);
    // The finished object text, without a newline.
    [[nodiscard]] std::string text() const { return m_text + '}'; }

private:
    void addName(std::string_view name);

    std::string m_text = "{";
};

// text as a JSON string, quotes included, for messages: "a.db".
[[nodiscard]] std::string jsonQuoted(std::string_view text);

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
