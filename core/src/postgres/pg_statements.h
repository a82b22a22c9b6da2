#pragma once

#include "postgres/pg_names.h"
#include "postgres/pq_connection.h"

#include <map>
#include <memory>
#include <mutex>

namespace kvs::detail {

// Every statement PostgresAdapter prepares, built once per adapter from its names. Parameters
// are listed by each statement's comment. Message columns: id, topic, payload, enqueued_at,
// deliver_at, attempts, max_attempts, locked_until, last_error. Thread rule: safe from any thread
// (getMany() builds its per-count statements under a lock).
struct PgStatements
{
    explicit PgStatements(const PgNames &names);

    PqStatement get;                 // $1 key, $2 now -> value, version, expires_at (live)
    PqStatement getVersion;          // $1 key, $2 now -> version (live)
    PqStatement getVersionForUpdate; // $1 key -> version, expires_at (row locked)
    PqStatement setVersion;          // $1 key, $2 value, $3 expires_at, $4 version -> version
    PqStatement setNextVersion;      // $1 key, $2 value, $3 expires_at -> version (nextval)
    PqStatement insertIfAbsent;      // $1 key, $2 value, $3 expires_at, $4 now, $5 version
    PqStatement nextVersion;         // -> nextval
    PqStatement remove;              // $1 key
    PqStatement increment;           // $1 key, $2 delta (text), $3 now, $4 version|null
    PqStatement listAsc;             // $1 lower, $2 upper, $3 now, $4 limit -> key, value, ...
    PqStatement listDesc;
    PqStatement listKeysAsc; // $1 lower, $2 upper, $3 now, $4 limit -> key (listChildren)
    PqStatement listKeysDesc;
    PqStatement listKeyRowsAsc; // as listKeysAsc -> key, value head, value size, expires_at
    PqStatement listKeyRowsDesc;
    // $1 prefix length, $2 lower, $3 upper, $4 now, $5 steps -> step, lower, key|null, value
    // head, value size, expires_at
    // (SqlAdapter::skipScanSteps; one row per key, a step without keys as one row with null)
    PqStatement skipScanSteps;
    // $1 lower, $2 upper, $3 now, $4 needle, $5 needle as lower-case text, $6 1: ignore ASCII
    // case, $7 1: typed rows too, $8 1: one-byte rows too, $9 rows to read, $10 rows to return,
    // $11 1: rows with numbers in other forms too
    // -> key, value (null unless a live candidate), version, expires_at, n (the row's place in
    // the scan), candidate, last (the last row the scan reads); rows: the candidates and the
    // last one read (SqlAdapter::scanValues)
    PqStatement scanValues;
    PqStatement getRaw;             // $1 key -> value, version, expires_at (expired rows too)
    PqStatement cleanExpired;       // $1 now -> key of every deleted row
    PqStatement enqueue;            // $1 topic, $2 payload, $3 now, $4 deliver_at, $5 max -> id
    PqStatement reclaimLeases;      // $1 now
    PqStatement dequeue;            // $1 topic, $2 now, $3 limit, $4 locked_until, $5 token
    PqStatement ackDelete;          // $1 id, $2 token
    PqStatement ackDone;            // $1 id, $2 token, $3 now
    PqStatement getLease;           // $1 id, $2 token -> attempts, max_attempts
    PqStatement nackRetry;          // $1 id, $2 token, $3 deliver_at, $4 error
    PqStatement nackDead;           // $1 id, $2 token, $3 now, $4 error
    PqStatement extendLease;        // $1 id, $2 token, $3 locked_until
    PqStatement expireLeases;       // $1 now
    PqStatement purgeDone;          // $1 finished before
    PqStatement purgeDead;          // $1 finished before
    PqStatement listDead;           // $1 topic, $2 after, $3 limit -> message columns, finished_at
    PqStatement retryDead;          // $1 topic, $2 now, $3 id|null
    PqStatement deleteDead;         // $1 topic, $2 id|null
    PqStatement retryDeadIds;       // $1 topic, $2 now, $3 ids (an int8[] literal)
    PqStatement deleteMessages;     // $1 topic, $2 ids (any status)
    PqStatement deleteDeadMessages; // $1 topic, $2 ids (dead only)
    PqStatement queueStatsAll;      // $1 now -> topic, pending, delayed, processing, dead, done,
                                    // oldest
    PqStatement queueStatsTopic;    // $1 now, $2 topic
    PqStatement peekPending;        // $1 topic, $2 now, $3 after, $4 limit
    PqStatement peekDelayed;
    PqStatement peekProcessing;
    PqStatement peekDone;
    PqStatement advisoryLock; // $1 lock id
    // Dashboards: expired leases read as settling them would leave them, without writing.
    PqStatement queueStatsProjectedAll;   // as queueStatsAll
    PqStatement queueStatsProjectedTopic; // as queueStatsTopic
    PqStatement peekExpiredRetry;         // as peekPending
    PqStatement peekExpiredLast;          // same, with finished_at (the lease's end)
    PqStatement queueLastId;              // $1 the queue table's name -> int8 id counter

    // SELECT ... WHERE key IN ($1 .. $count) AND live($count + 1), one per key count.
    const PqStatement &getMany(std::size_t count);

private:
    void prepareQueueProjections(const std::string &queue);

    std::string m_kv;
    std::mutex m_mutex;
    std::map<std::size_t, std::unique_ptr<PqStatement>> m_getMany; // Guarded by m_mutex.
};

} // namespace kvs::detail
