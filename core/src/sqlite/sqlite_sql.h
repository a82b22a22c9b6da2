#pragma once

#include "sqlite/table_names.h"

#include <string>

namespace kvs::detail {

// The store's statements, prepared lazily by SqliteStore (a read-only open of an older schema
// never prepares what its tables cannot answer).
enum class SqlId {
    Get,          // ?1 key, ?2 now -> value, version, expires_at (live rows only)
    GetRaw,       // ?1 key -> value, version, expires_at (expired rows included)
    GetVersion,   // ?1 key, ?2 now -> version (live rows only)
    Upsert,       // ?1 key, ?2 value, ?3 version, ?4 expires_at
    Delete,       // ?1 key
    ListAsc,      // ?1 lower, ?2 upper, ?3 now, ?4 limit -> key, value, version, expires_at
    ListDesc,     // same, descending
    CleanExpired, // ?1 now -> key of every deleted row
    Enqueue,      // ?1 topic, ?2 payload, ?3 enqueued_at, ?4 deliver_at, ?5 max_attempts -> id
    ResetKv,
    ResetQueue,
    Count
};

std::string buildSql(SqlId id, const TableNames &names);

} // namespace kvs::detail
