#pragma once

#include <kvs/sql_adapter.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

// What a batch of the recycle bin (a restore, the delete after a keep) reads in its transaction
// before it decides which keys to change.
namespace kvs::detail {

// The live rows among keys, by key, read in tx after locking the keys where the backend has row
// locks: no other writer changes them before tx ends, so what the batch decides from them still
// holds when it writes (a backend without row locks runs one transaction at a time).
inline std::unordered_map<std::string, KvRow>
lockedLiveRows(SqlAdapter &tx, const std::vector<std::string> &keys, std::int64_t now)
{
    if (tx.supportsRowLocks())
        tx.lockKeys(keys).waitForFinished();
    std::unordered_map<std::string, KvRow> rows;
    for (KvRow &row : tx.getMany(keys, now).result())
        rows.emplace(row.key, std::move(row));
    return rows;
}

} // namespace kvs::detail
