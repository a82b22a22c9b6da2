#pragma once

#include <kvs/key.h>

#include <cstdint>
#include <functional>
#include <string>

// The SQLite databases of kvs-gui-bench's tree ops, filled in bulk.
namespace kvs::bench {

// Creates a kvs database at path (schema by KVStore) holding count keys key(0) ... key(count - 1),
// each with a short string value. The rows go in through sqlite3, in one transaction: a million
// set() calls would make the set-up, not what is measured, the slow part. Throws kvs::Error
// "kvs: bench: ..." when the file cannot be opened or written.
void fillSqliteKeys(const std::string &path,
                    std::int64_t count,
                    const std::function<Key(std::int64_t)> &key);

} // namespace kvs::bench
