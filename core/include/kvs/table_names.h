#pragma once

#include <array>
#include <string>
#include <string_view>

namespace kvs {

/// One table of a kvs store (reference "Schema"): its name without the table prefix, and the
/// column that keys and orders its rows.
struct StoreTable
{
    std::string_view label;     // "kv"
    std::string_view keyColumn; // "key"
};

/// A store's tables in the order tools list them. kv_versionstamp is a one-row table on SQLite
/// and a sequence on PostgreSQL.
inline constexpr std::array<StoreTable, 4> kStoreTables{{
    {"kv", "key"},
    {"queue", "id"},
    {"meta", "key"},
    {"kv_versionstamp", "id"},
}};

/// The names of one store's tables and indexes, for its tablePrefix and (PostgreSQL) schema: the
/// one place both backends and the Tables view (rawsql) get them from. A value type.
/// Requires: prefix and schema are what the store's options accept (identifier characters; the
/// store validates them), or, for a tool that only reads, any text (quoted() doubles a quote).
struct TableNames
{
    /// schema "" is no schema: SQLite, or PostgreSQL's search path.
    explicit TableNames(std::string prefix, std::string schema = {});

    /// identifier in double quotes, a quote inside it doubled: kv -> "kv".
    static std::string quoted(std::string_view identifier);
    /// "<prefix>label" unquoted, as catalogs and messages show it.
    std::string name(std::string_view label) const;
    /// name(label) quoted and, when a schema is set, qualified by it: "schema"."<prefix>label".
    std::string sqlName(std::string_view label) const;
    /// The quoted name of the store's index "idx_<prefix>label" (an index lives in its table's
    /// schema, so it is never qualified).
    std::string index(std::string_view label) const;

    std::string prefix;
    std::string schema;
    std::string meta; // unquoted: name("meta")
    std::string kv;
    std::string queue;
    std::string versionstamp; // name("kv_versionstamp")
};

} // namespace kvs
