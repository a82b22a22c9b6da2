#pragma once

#include <kvs/value.h>

#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace kvs {

/// A path into a payload (the dead-letter filter's "a key path equals a literal"): member names
/// of objects, indexes of arrays, keys of Maps. Written with dots, `customer.id` (each part a
/// name; a part that is an index name like `0` also indexes an array), or as an array literal,
/// `["customer", "id"]` or `["items", 0]` (strings and integers >= 0, so names holding dots
/// can be given). A value type; safe from any thread as long as one instance is not written.
class PayloadPath
{
public:
    using Part = std::variant<std::string, double>;

    /// Parses text in either form; spaces and tabs around it are ignored. Throws TypeError "kvs:
    /// invalid payload path TEXT: REASON" for an empty path, an empty dotted part, or an array
    /// literal that does not parse or holds something other than strings and integers >= 0.
    [[nodiscard]] static PayloadPath parse(std::string_view text);

    /// The value at this path inside payload, or nullptr when a step finds nothing (a missing
    /// member, an index past the end, a Map without the key, or a step into a value that has
    /// no parts). The pointer lives as long as payload.
    [[nodiscard]] const Value *find(const Value &payload) const;

    [[nodiscard]] const std::vector<Part> &parts() const noexcept { return m_parts; }
    /// The text it was parsed from.
    [[nodiscard]] const std::string &text() const noexcept { return m_text; }

private:
    std::vector<Part> m_parts;
    std::string m_text;
};

} // namespace kvs
