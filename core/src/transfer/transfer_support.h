#pragma once

#include <kvs/entry_transfer.h>
#include <kvs/sql_adapter.h>

#include <cstdint>

// What the bulk calls of kvs/entry_transfer.h share: the store's adapter, ready for direct calls,
// and the time they read.
namespace kvs::detail {

// The adapter of store, after the store's first call opened it (migrated, or checked read-only):
// the bulk calls read and write rows as stored bytes, which the store's own calls decode.
// Throws what opening throws (NotKvsDatabaseError, SchemaOutdatedError, ...).
SqlAdapter &openedAdapter(AsyncKVStore &store);

// Throws ReadOnlyError "kvs: the store is open read-only; OPERATION needs write access".
void requireWritable(const AsyncKVStore &store, const char *operation);

// options.clock's time, or the system's.
std::int64_t nowOf(const TransferOptions &options);

// options.batchSize, validated: RangeError "kvs: batch size must be an integer >= 1, got N".
std::int64_t batchSizeOf(const TransferOptions &options);

// Calls options.onProgress (when set) with progress; false when it asked to stop.
bool reportProgress(const TransferOptions &options, const TransferProgress &progress);

// The smallest key after key: where the next page starts.
inline std::string keyAfter(const std::string &key)
{
    return key + '\0';
}

} // namespace kvs::detail
