#include <kvs/key_tree.h>

namespace kvs {

namespace {

bool isJsonSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

class HeadReader
{
public:
    explicit HeadReader(std::string_view head)
        : m_head(head)
    {}
    // The next character that is not JSON white space, consumed; '\0' at the end.
    char next()
    {
        while (m_pos < m_head.size() && isJsonSpace(m_head[m_pos]))
            ++m_pos;
        return m_pos < m_head.size() ? m_head[m_pos++] : '\0';
    }
    bool take(std::string_view text)
    {
        for (const char c : text) {
            if (next() != c)
                return false;
        }
        return true;
    }
    char raw() { return m_pos < m_head.size() ? m_head[m_pos++] : '\0'; }

private:
    std::string_view m_head;
    std::size_t m_pos = 0;
};

std::optional<Value::Type> plainJsonKind(char first)
{
    switch (first) {
    case '"':
        return Value::Type::String;
    case '[':
        return Value::Type::Array;
    case '{':
        return Value::Type::Object;
    case 't':
    case 'f':
        return Value::Type::Boolean;
    case 'n':
        return Value::Type::Null;
    case '-':
        return Value::Type::Number;
    default:
        if (first >= '0' && first <= '9')
            return Value::Type::Number;
        return std::nullopt;
    }
}

std::optional<Value::Type> markerKind(char tag)
{
    switch (tag) {
    case 'D':
        return Value::Type::Date;
    case 'B':
        return Value::Type::BigInt;
    case 'U':
        return Value::Type::Bytes;
    case 'M':
        return Value::Type::Map;
    case 'S':
        return Value::Type::Set;
    case 'u':
        return Value::Type::Undefined;
    case 'N':
        return Value::Type::Number;
    case 'O':
        return Value::Type::Object;
    default:
        return std::nullopt;
    }
}

// Typed JSON: a marker object {"~": T, ...} at the top stands for T's kind; any other object or
// array is itself (the specials sit inside it).
std::optional<Value::Type> typedJsonKind(std::string_view json)
{
    HeadReader reader(json);
    const char first = reader.next();
    if (first != '{')
        return plainJsonKind(first);
    HeadReader marker(json);
    if (!marker.take("{\"~\":\""))
        return Value::Type::Object;
    const char tag = marker.raw();
    if (marker.raw() != '"')
        return Value::Type::Object;
    return markerKind(tag);
}

} // namespace

std::optional<Value::Type> storedValueKind(std::string_view head)
{
    if (head.empty())
        return std::nullopt;
    switch (head.front()) {
    case '\x00':
        return Value::Type::Null;
    case '\x01':
    case '\x02':
        return Value::Type::Boolean;
    case '\x03':
        return typedJsonKind(head.substr(1));
    default:
        return plainJsonKind(HeadReader(head).next());
    }
}

} // namespace kvs
