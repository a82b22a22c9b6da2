#include <kvs/table_names.h>

namespace kvs {

TableNames::TableNames(std::string tablePrefix, std::string schemaName)
    : prefix(std::move(tablePrefix))
    , schema(std::move(schemaName))
    , meta(name("meta"))
    , kv(name("kv"))
    , queue(name("queue"))
    , versionstamp(name("kv_versionstamp"))
{}

std::string TableNames::quoted(std::string_view identifier)
{
    std::string text = "\"";
    for (const char c : identifier) {
        if (c == '"')
            text += '"';
        text += c;
    }
    text += '"';
    return text;
}

std::string TableNames::name(std::string_view label) const
{
    return prefix + std::string(label);
}

std::string TableNames::sqlName(std::string_view label) const
{
    const std::string unqualified = quoted(name(label));
    return schema.empty() ? unqualified : quoted(schema) + "." + unqualified;
}

std::string TableNames::index(std::string_view label) const
{
    return quoted("idx_" + name(label));
}

} // namespace kvs
