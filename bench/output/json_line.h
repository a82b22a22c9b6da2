#pragma once

#include <string>
#include <string_view>

// The JSON lines the benchmarks print, one object per result.
namespace kvs::bench {

// Builds one line of JSON object text in the spacing of the kvs command line's JSON output:
// {"a": 1, "b": "x"}. Members keep the order they are added in. A value type. (The CLI has its
// own builder; this one keeps the benchmark library free of app/.)
class JsonLine
{
public:
    // Adds a member whose value is a JSON string.
    JsonLine &string(std::string_view name, std::string_view value);
    // Adds a member whose value is already JSON text (a number, true, null).
    JsonLine &raw(std::string_view name, std::string_view json);
    // The finished object text, without a newline.
    [[nodiscard]] std::string text() const { return m_text + '}'; }

private:
    void addName(std::string_view name);

    std::string m_text = "{";
};

// text as a JSON string, quotes included, for messages: "a.db".
[[nodiscard]] std::string jsonQuoted(std::string_view text);

} // namespace kvs::bench
