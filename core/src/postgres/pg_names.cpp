#include "postgres/pg_names.h"

namespace kvs::detail {

PgNames::PgNames(std::string schemaName, std::string tablePrefix)
    : schema(std::move(schemaName))
    , prefix(std::move(tablePrefix))
    , meta(table("meta"))
    , kv(table("kv"))
    , queue(table("queue"))
    , versionstamp(table("kv_versionstamp"))
{}

std::string PgNames::quoted(std::string_view identifier)
{
    return '"' + std::string(identifier) + '"';
}

std::string PgNames::table(std::string_view name) const
{
    const std::string unqualified = quoted(prefix + std::string(name));
    return schema.empty() ? unqualified : quoted(schema) + "." + unqualified;
}

std::string PgNames::index(std::string_view name) const
{
    return quoted("idx_" + prefix + std::string(name));
}

std::string PgNames::schemaExpression() const
{
    return schema.empty() ? "current_schema()" : "'" + schema + "'";
}

std::int64_t fnv1a64(std::string_view bytes)
{
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (const char c : bytes) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 0x100000001b3ULL;
    }
    return static_cast<std::int64_t>(hash);
}

std::int64_t keyLockId(const PgNames &names, std::string_view encodedKey)
{
    std::string input = names.schema.empty() && names.prefix.empty()
                            ? std::string("kvs:")
                            : "kvs:" + names.schema + "." + names.prefix + ":";
    input.append(encodedKey);
    return fnv1a64(input);
}

std::int64_t migrationLockId(const PgNames &names)
{
    return fnv1a64("migrate:" + names.meta);
}

} // namespace kvs::detail
