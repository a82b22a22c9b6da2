#pragma once

#include <cstdint>
#include <string>

// The baseline of a scan: every row of a SQLite file's kv table read in key order with nothing
// of kvs around it, what a search or an analysis of all values is compared with.
namespace kvs::bench {

struct RawReadResult
{
    std::int64_t rows = 0;
    std::int64_t bytes = 0; // key and value bytes seen (read, so the reads are not skipped)
};

// Reads every row's key, value and expiry of table in a SQLite file in key order, in pages of
// 1,000 (SELECT ... WHERE key > last ORDER BY key LIMIT 1000, one prepared statement, each page
// its own read), with the store's pragmas (cache_size, mmap_size), on a read-only connection
// of its own. Throws kvs::Error "kvs: bench: ..." when SQLite fails.
[[nodiscard]] RawReadResult rawKeyOrderRead(const std::string &path,
                                            const std::string &table = "kv");

} // namespace kvs::bench
