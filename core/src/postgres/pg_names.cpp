#include "postgres/pg_names.h"

namespace kvs::detail {

PgNames::PgNames(std::string schemaName, std::string tablePrefix)
    : tables(std::move(tablePrefix), std::move(schemaName))
    , meta(tables.sqlName("meta"))
    , kv(tables.sqlName("kv"))
    , queue(tables.sqlName("queue"))
    , versionstamp(tables.sqlName("kv_versionstamp"))
{}

std::string PgNames::schemaExpression() const
{
    return tables.schema.empty() ? "current_schema()" : "'" + tables.schema + "'";
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
    const TableNames &tables = names.tables;
    std::string input = tables.schema.empty() && tables.prefix.empty()
                            ? std::string("kvs:")
                            : "kvs:" + tables.schema + "." + tables.prefix + ":";
    input.append(encodedKey);
    return fnv1a64(input);
}

std::int64_t migrationLockId(const PgNames &names)
{
    return fnv1a64("migrate:" + names.meta);
}

} // namespace kvs::detail
