#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace kvs::detail {

// The PostgreSQL names of one store: tables qualified by the schema when one is set, quoted as
// written in SQL, and the namespaces of its advisory locks (interpretation notes, "Concurrency
// with JavaScript processes"). schema and prefix are validated identifiers.
struct PgNames
{
    PgNames(std::string schema, std::string prefix);

    static std::string quoted(std::string_view identifier);
    // "schema"."<prefix>name", or "<prefix>name" without a schema.
    std::string table(std::string_view name) const;
    // "idx_<prefix>name" (an index lives in its table's schema, so it is never qualified).
    std::string index(std::string_view name) const;
    // The schema to look tables up in: the one set, or current_schema() in SQL.
    std::string schemaExpression() const;

    std::string schema;
    std::string prefix;
    std::string meta;
    std::string kv;
    std::string queue;
    std::string versionstamp; // the sequence
};

// FNV-1a 64 over bytes, read as a signed 64-bit integer: the advisory lock ids a JavaScript kvs
// process on the same database computes too (offset basis 0xcbf29ce484222325, prime
// 0x100000001b3).
std::int64_t fnv1a64(std::string_view bytes);

// The lock id of an encoded key: FNV-1a 64 of the namespace ("kvs:" for the default tables,
// "kvs:<schema>.<prefix>:" otherwise) followed by the key bytes.
std::int64_t keyLockId(const PgNames &names, std::string_view encodedKey);
// The migration lock: "migrate:" followed by the meta table name as written in SQL.
std::int64_t migrationLockId(const PgNames &names);

} // namespace kvs::detail
