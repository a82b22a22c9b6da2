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
    Remove,       // ?1 key
    ListAsc,      // ?1 lower, ?2 upper, ?3 now, ?4 limit -> key, value, version, expires_at
    ListDesc,     // same, descending
    ListKeysAsc,  // ?1 lower, ?2 upper, ?3 now, ?4 limit -> key (listChildren's seeks)
    ListKeysDesc, // same, descending
    // ?1 lower, ?2 upper, ?3 now, ?4 limit -> key, value head, value size, expires_at
    ListKeyRowsAsc,
    ListKeyRowsDesc, // same, descending
    // ?1 lower, ?2 upper, ?3 rows to read -> key, value, version, expires_at of every row, in
    // key order (SqlAdapter::scanValues)
    ScanValues,
    CleanExpired, // ?1 now -> key of every deleted row
    Enqueue,      // ?1 topic, ?2 payload, ?3 enqueued_at, ?4 deliver_at, ?5 max_attempts -> id
    // Queue v2 (sqlite_queue_sql.cpp). Message columns: id, topic, payload, enqueued_at,
    // deliver_at, attempts, max_attempts, locked_until, last_error.
    QueueReclaimLeases,  // ?1 now: expired leases with attempts left -> pending
    QueueDequeue,        // ?1 topic, ?2 now, ?3 limit, ?4 locked_until, ?5 token -> message columns
    QueueAckDelete,      // ?1 id, ?2 token
    QueueAckDone,        // ?1 id, ?2 token, ?3 now
    QueueGetLease,       // ?1 id, ?2 token -> attempts, max_attempts
    QueueNackRetry,      // ?1 id, ?2 token, ?3 deliver_at, ?4 last_error
    QueueNackDead,       // ?1 id, ?2 token, ?3 now, ?4 last_error
    QueueExtendLease,    // ?1 id, ?2 token, ?3 locked_until
    QueueExpireLeases,   // ?1 now: expired leases on their last attempt -> dead
    QueuePurgeDone,      // ?1 finished before (inclusive)
    QueuePurgeDead,      // ?1 finished before (inclusive)
    QueueListDead,       // ?1 topic, ?2 after id, ?3 limit -> message columns, finished_at
    QueueRetryDead,      // ?1 topic, ?2 now, ?3 id or NULL for all
    QueueDeleteDead,     // ?1 topic, ?2 id or NULL for all
    QueueStatsAll,       // ?1 now -> topic, due, delayed, processing, dead, done, oldest due
    QueueStatsTopic,     // ?1 now, ?2 topic -> same, one row
    QueuePeekPending,    // ?1 topic, ?2 now, ?3 after id, ?4 limit -> message columns
    QueuePeekDelayed,    // same
    QueuePeekProcessing, // same
    QueuePeekDone,       // same
    QueueRetryDeadIds,   // ?1 topic, ?2 now, ?3 ids as a JSON array
    QueueDeleteMessages, // ?1 topic, ?2 ids as a JSON array (any status)
    QueueDeleteDeadMessages, // ?1 topic, ?2 ids as a JSON array (dead only)
    QueueLeaseCounts,      // ?1 now, ?2 ending by, ?3 topic or NULL -> topic, expired with attempts
                           // left, their min deliver_at, expired on their last attempt, ending
    QueuePeekExpiredRetry, // ?1 topic, ?2 now, ?3 after id, ?4 limit -> message columns
    QueuePeekExpiredLast,  // same, with finished_at
    QueueMaxId,            // -> max(id) or 0
    QueueHasSequence,      // -> 1 when sqlite_sequence exists (AUTOINCREMENT tables)
    QueueSequence,         // ?1 table name -> its AUTOINCREMENT counter, no row before an insert
    ResetKv,
    ResetQueue,
    Count
};

std::string buildSql(SqlId id, const TableNames &names);
// The Queue* statements (sqlite_queue_sql.cpp).
std::string buildQueueSql(SqlId id, const TableNames &names);

} // namespace kvs::detail
