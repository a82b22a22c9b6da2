#pragma once

#include <cstdint>
#include <string>

// The baseline of an aggregation on PostgreSQL: one bare SELECT count(*), sum(octet_length(value))
// over a kv table, what the server-side key-space analysis is held against (issue 39: at most 8x).
namespace kvs::bench {

struct CountSum
{
    std::int64_t rows = 0;
    std::int64_t valueBytes = 0;
};

// Runs the statement over table (its SQL name, schema-qualified and quoted as needed) on a
// connection of its own to url (kvs's own parameters taken out). Throws ConnectionError or
// DatabaseError "kvs: bench: ...".
[[nodiscard]] CountSum pgCountSum(const std::string &url, const std::string &table);

} // namespace kvs::bench
