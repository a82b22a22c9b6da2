#include <kvs/json_line.h>
#include <kvs/value_codec.h>

namespace kvs {

void JsonLine::addName(std::string_view name)
{
    if (m_text.size() > 1)
        m_text += ", ";
    appendJsonString(name, m_text);
    m_text += ": ";
}

JsonLine &JsonLine::string(std::string_view name, std::string_view value)
{
    addName(name);
    appendJsonString(value, m_text);
    return *this;
}

JsonLine &JsonLine::raw(std::string_view name, std::string_view json)
{
    addName(name);
    m_text += json;
    return *this;
}

JsonLine &JsonLine::integer(std::string_view name, std::int64_t value)
{
    return raw(name, std::to_string(value));
}

std::string jsonQuoted(std::string_view text)
{
    std::string out;
    appendJsonString(text, out);
    return out;
}

} // namespace kvs
