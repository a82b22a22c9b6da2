#pragma once

#include <kvs/table_names.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace kvs::detail {

// The PostgreSQL names of one store: its tables' names (kvs/table_names.h, which the SQLite
// backend and the Tables view use too) as written in SQL, qualified by the schema when one is set,
// and the namespaces of its advisory locks (interpretation notes, "Concurrency with JavaScript
// processes"). schema and prefix are validated identifiers.
struct PgNames
{
    PgNames(std::string schema, std::string prefix);

    // The schema to look tables up in: the one set, or current_schema() in SQL.
    std::string schemaExpression() const;

    TableNames tables; // unquoted names, the prefix and the schema
    // The tables as written in SQL: tables.sqlName(...).
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
