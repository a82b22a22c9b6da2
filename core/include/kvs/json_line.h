#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace kvs {

/// Builds one line of JSON object text in the spacing of the kvs command line's JSON output and
/// of `kvs bench`: {"a": 1, "b": "x"}. Members keep the order they are added in; names and
/// string values are quoted as JSON.stringify quotes them (kvs::appendJsonString). A value type.
class JsonLine
{
public:
    /// Adds a member whose value is a JSON string.
    JsonLine &string(std::string_view name, std::string_view value);
    /// Adds a member whose value is already JSON text (a number, true, null, an object).
    JsonLine &raw(std::string_view name, std::string_view json);
    /// Adds a member whose value is an integer.
    JsonLine &integer(std::string_view name, std::int64_t value);
    /// The finished object text, without a newline.
    [[nodiscard]] std::string text() const { return m_text + '}'; }

private:
    void addName(std::string_view name);

    std::string m_text = "{";
};

/// text as a JSON string, quotes included, for messages: "a.db".
[[nodiscard]] std::string jsonQuoted(std::string_view text);

} // namespace kvs
