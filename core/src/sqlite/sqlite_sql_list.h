// No include guard: this file is a list, read once for each thing made from it.
//
// Every statement of the SQLite backend, one entry each, its id and its SQL together:
//
//     KVS_SQLITE_SQL(Id, sql)
//
// sqlite/sqlite_sql.h makes the enum SqlId of it, sqlite/sqlite_sql.cpp buildSql()'s text of each
// id; SqliteEngine prepares a statement the first time it is used (a read-only open of an older
// schema never prepares what its tables cannot answer). Whoever includes this file defines
// KVS_SQLITE_SQL first; the file undefines it at its end.
//
// sql is a std::string expression over what buildSql() defines: kv and q (the kv and queue
// tables, quoted), live (" AND (expires_at IS NULL OR expires_at > ?", closed by the number of
// the time parameter and ")"), list, keys and keyRows (a range's rows, keys, and keys with their
// value's head, up to "ORDER BY key "), leased (the WHERE of a message leased by ?1 id and
// ?2 token), kMessageColumns, peekSql(q, condition) and countsSql(q, oneTopic). Message columns:
// id, topic, payload, enqueued_at, deliver_at, attempts, max_attempts, locked_until, last_error.

// --- Key-value rows ---

// ?1 key, ?2 now -> value, version, expires_at (live rows only)
KVS_SQLITE_SQL(Get,
               "SELECT value, version, expires_at FROM " + kv + " WHERE key = ?1" + live + "2)")
// ?1 key -> value, version, expires_at (expired rows included)
KVS_SQLITE_SQL(GetRaw, "SELECT value, version, expires_at FROM " + kv + " WHERE key = ?1")
// ?1 key, ?2 now -> version (live rows only)
KVS_SQLITE_SQL(GetVersion, "SELECT version FROM " + kv + " WHERE key = ?1" + live + "2)")
// ?1 key, ?2 value, ?3 version, ?4 expires_at
KVS_SQLITE_SQL(Upsert,
               "INSERT INTO " + kv
                   + " (key, value, version, expires_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT(key) "
                     "DO UPDATE SET value = excluded.value, version = excluded.version, "
                     "expires_at = excluded.expires_at")
// ?1 key
KVS_SQLITE_SQL(Remove, "DELETE FROM " + kv + " WHERE key = ?1")
// ?1 lower, ?2 upper, ?3 now, ?4 limit -> key, value, version, expires_at
KVS_SQLITE_SQL(ListAsc, list + "ASC LIMIT ?4")
KVS_SQLITE_SQL(ListDesc, list + "DESC LIMIT ?4")
// ?1 lower, ?2 upper, ?3 now, ?4 limit -> key (listChildren's seeks)
KVS_SQLITE_SQL(ListKeysAsc, keys + "ASC LIMIT ?4")
KVS_SQLITE_SQL(ListKeysDesc, keys + "DESC LIMIT ?4")
// ?1 lower, ?2 upper, ?3 now, ?4 limit -> key, value head, value size, expires_at
KVS_SQLITE_SQL(ListKeyRowsAsc, keyRows + "ASC LIMIT ?4")
KVS_SQLITE_SQL(ListKeyRowsDesc, keyRows + "DESC LIMIT ?4")
// ?1 lower, ?2 upper, ?3 rows to read -> key, value, version, expires_at of every row, in key
// order (SqlAdapter::scanValues). Every row of the range, expired ones too: the engine applies
// ValuePrefilter to each value as it steps (SqliteEngine::scanValues).
KVS_SQLITE_SQL(ScanValues,
               "SELECT key, value, version, expires_at FROM " + kv
                   + " WHERE key >= ?1 AND key < ?2 ORDER BY key LIMIT ?3")
// ?1 now -> key of every deleted row
KVS_SQLITE_SQL(CleanExpired,
               "DELETE FROM " + kv
                   + " WHERE expires_at IS NOT NULL AND expires_at <= ?1 RETURNING key")

// --- The queue ---

// ?1 topic, ?2 payload, ?3 enqueued_at, ?4 deliver_at, ?5 max_attempts -> id
KVS_SQLITE_SQL(Enqueue,
               "INSERT INTO " + q
                   + " (topic, payload, status, enqueued_at, deliver_at, attempts, max_attempts) "
                     "VALUES (?1, ?2, 'pending', ?3, ?4, 0, ?5) RETURNING id")
// ?1 now: expired leases with attempts left -> pending
KVS_SQLITE_SQL(QueueReclaimLeases,
               "UPDATE " + q
                   + " SET status = 'pending', locked_until = NULL, lease_token = NULL WHERE "
                     "status = 'processing' AND locked_until <= ?1 AND attempts < max_attempts")
// ?1 topic, ?2 now, ?3 limit, ?4 locked_until, ?5 token -> message columns. Pending only,
// inside a MATERIALIZED CTE (reference dequeue() and gotcha 10): the picker walks
// idx_<p>queue_pending (topic, status, deliver_at) and stops at the LIMIT; an OR with expired
// leases would sort the whole backlog in a temp B-tree.
KVS_SQLITE_SQL(QueueDequeue,
               "WITH picked AS MATERIALIZED (SELECT id FROM " + q
                   + " WHERE topic = ?1 AND status = 'pending' AND deliver_at <= ?2 ORDER BY "
                     "deliver_at, id LIMIT ?3) UPDATE "
                   + q
                   + " SET status = 'processing', attempts = attempts + 1, locked_until = ?4, "
                     "lease_token = ?5 WHERE id IN (SELECT id FROM picked) RETURNING "
                   + kMessageColumns)
// ?1 id, ?2 token
KVS_SQLITE_SQL(QueueAckDelete, "DELETE FROM " + q + leased)
// ?1 id, ?2 token, ?3 now
KVS_SQLITE_SQL(QueueAckDone,
               "UPDATE " + q
                   + " SET status = 'done', finished_at = ?3, locked_until = NULL, lease_token = "
                     "NULL"
                   + leased)
// ?1 id, ?2 token -> attempts, max_attempts
KVS_SQLITE_SQL(QueueGetLease, "SELECT attempts, max_attempts FROM " + q + leased)
// ?1 id, ?2 token, ?3 deliver_at, ?4 last_error
KVS_SQLITE_SQL(QueueNackRetry,
               "UPDATE " + q
                   + " SET status = 'pending', deliver_at = ?3, last_error = ?4, locked_until = "
                     "NULL, lease_token = NULL"
                   + leased)
// ?1 id, ?2 token, ?3 now, ?4 last_error
KVS_SQLITE_SQL(QueueNackDead,
               "UPDATE " + q
                   + " SET status = 'dead', finished_at = ?3, last_error = ?4, locked_until = "
                     "NULL, lease_token = NULL"
                   + leased)
// ?1 id, ?2 token, ?3 locked_until
KVS_SQLITE_SQL(QueueExtendLease, "UPDATE " + q + " SET locked_until = ?3" + leased)
// ?1 now: expired leases on their last attempt -> dead
KVS_SQLITE_SQL(QueueExpireLeases,
               "UPDATE " + q
                   + " SET status = 'dead', finished_at = ?1, last_error = 'lease expired', "
                     "locked_until = NULL, lease_token = NULL WHERE status = 'processing' AND "
                     "locked_until <= ?1 AND attempts >= max_attempts")
// ?1 finished before (inclusive)
KVS_SQLITE_SQL(QueuePurgeDone,
               "DELETE FROM " + q
                   + " WHERE status = 'done' AND finished_at IS NOT NULL AND finished_at <= ?1")
// ?1 finished before (inclusive)
KVS_SQLITE_SQL(QueuePurgeDead,
               "DELETE FROM " + q
                   + " WHERE status = 'dead' AND finished_at IS NOT NULL AND finished_at <= ?1")
// ?1 topic, ?2 after id, ?3 limit -> message columns, finished_at. The page's ids first, from
// the covering index (topic, status, deliver_at, rowid): the sort then holds ids only, and only
// the page's rows are read whole. Sorting whole rows (payloads included) of every dead message
// per page made a page of a large dead-letter queue cost as much as reading all of it.
KVS_SQLITE_SQL(QueueListDead,
               "SELECT " + std::string(kMessageColumns) + ", finished_at FROM " + q
                   + " WHERE id IN (SELECT id FROM " + q
                   + " WHERE topic = ?1 AND status = 'dead' AND id > ?2 ORDER BY id LIMIT ?3) "
                     "ORDER BY id")
// ?1 topic, ?2 now, ?3 id or NULL for all
KVS_SQLITE_SQL(QueueRetryDead,
               "UPDATE " + q
                   + " SET status = 'pending', attempts = 0, deliver_at = ?2, finished_at = NULL, "
                     "locked_until = NULL, lease_token = NULL WHERE topic = ?1 AND status = "
                     "'dead' AND (?3 IS NULL OR id = ?3)")
// ?1 topic, ?2 id or NULL for all
KVS_SQLITE_SQL(QueueDeleteDead,
               "DELETE FROM " + q
                   + " WHERE topic = ?1 AND status = 'dead' AND (?2 IS NULL OR id = ?2)")
// ?1 now -> topic, due, delayed, processing, dead, done, oldest due
KVS_SQLITE_SQL(QueueStatsAll, countsSql(q, false))
// ?1 now, ?2 topic -> same, one row
KVS_SQLITE_SQL(QueueStatsTopic, countsSql(q, true))
// ?1 topic, ?2 now, ?3 after id, ?4 limit -> message columns
KVS_SQLITE_SQL(QueuePeekPending, peekSql(q, "status = 'pending' AND deliver_at <= ?2"))
// same
KVS_SQLITE_SQL(QueuePeekDelayed, peekSql(q, "status = 'pending' AND deliver_at > ?2"))
// same. No ?2 (now): expired leases not yet reclaimed still count as processing, as in
// queueStats(). Binding ?2 anyway is fine: SQLite numbers parameters up to ?4.
KVS_SQLITE_SQL(QueuePeekProcessing, peekSql(q, "status = 'processing'"))
// same
KVS_SQLITE_SQL(QueuePeekDone, peekSql(q, "status = 'done'"))
// The ids travel as one JSON array (json_each is built into SQLite): one statement, one prepared
// plan, for any number of ids up to the store's limit. The unary + keeps topic and status off
// the index, so each id is a rowid lookup: through idx_<p>queue_pending (topic, status) every
// statement scanned all the topic's dead letters, however few ids it named.
// ?1 topic, ?2 now, ?3 ids as a JSON array
KVS_SQLITE_SQL(QueueRetryDeadIds,
               "UPDATE " + q
                   + " SET status = 'pending', attempts = 0, deliver_at = ?2, finished_at = NULL, "
                     "locked_until = NULL, lease_token = NULL WHERE id IN (SELECT value FROM "
                     "json_each(?3)) AND +topic = ?1 AND +status = 'dead'")
// ?1 topic, ?2 ids as a JSON array (any status)
KVS_SQLITE_SQL(QueueDeleteMessages,
               "DELETE FROM " + q
                   + " WHERE id IN (SELECT value FROM json_each(?2)) AND +topic = ?1")
// ?1 topic, ?2 ids as a JSON array (dead only)
KVS_SQLITE_SQL(QueueDeleteDeadMessages,
               "DELETE FROM " + q
                   + " WHERE id IN (SELECT value FROM json_each(?2)) AND +topic = ?1 AND +status "
                     "= 'dead'")
// ?1 now, ?2 ending by, ?3 topic or NULL -> topic, expired with attempts left, their min
// deliver_at, expired on their last attempt, ending. The leases that ended (as settling them
// would leave them, read without writing: dashboards) and those ending by ?2 (>= ?1), per topic:
// only those rows are visited, through the partial index idx_<p>queue_lease (status,
// locked_until); the topic filter is an expression so that the planner keeps to that index.
KVS_SQLITE_SQL(QueueLeaseCounts,
               "SELECT topic, count(*) FILTER (WHERE locked_until <= ?1 AND attempts < "
               "max_attempts), min(deliver_at) FILTER (WHERE locked_until <= ?1 AND attempts < "
               "max_attempts), count(*) FILTER (WHERE locked_until <= ?1 AND attempts >= "
               "max_attempts), count(*) FILTER (WHERE locked_until > ?1) FROM "
                   + q
                   + " WHERE status = 'processing' AND locked_until <= ?2 AND (?3 IS NULL OR "
                     "topic = ?3) GROUP BY topic")
// ?1 topic, ?2 now, ?3 after id, ?4 limit -> message columns
KVS_SQLITE_SQL(QueuePeekExpiredRetry,
               peekSql(q,
                       "status = 'processing' AND locked_until <= ?2 AND attempts < max_attempts"))
// same, with finished_at as expireLeases() would set it: when the lease ended
KVS_SQLITE_SQL(QueuePeekExpiredLast,
               "SELECT " + std::string(kMessageColumns) + ", locked_until FROM " + q
                   + " WHERE topic = ?1 AND status = 'processing' AND locked_until <= ?2 AND "
                     "attempts >= max_attempts AND id > ?3 ORDER BY id LIMIT ?4")
// The id counter: AUTOINCREMENT keeps the highest id ever given in sqlite_sequence, which a
// table created without it (by other software) lacks; max(id) is the fallback and bound.
// -> max(id) or 0
KVS_SQLITE_SQL(QueueMaxId, "SELECT coalesce(max(id), 0) FROM " + q)
// -> 1 when sqlite_sequence exists (AUTOINCREMENT tables)
KVS_SQLITE_SQL(QueueHasSequence,
               std::string("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = "
                           "'sqlite_sequence'"))
// ?1 table name -> its AUTOINCREMENT counter, no row before an insert
KVS_SQLITE_SQL(QueueSequence, std::string("SELECT seq FROM sqlite_sequence WHERE name = ?1"))

// --- The whole store ---

KVS_SQLITE_SQL(ResetKv, "DELETE FROM " + kv)
KVS_SQLITE_SQL(ResetQueue, "DELETE FROM " + q)

// --- Analysis (kvs analyze's queue and storage sections): reads only ---

// The messages of each topic and status, aggregated here: one row per pair, from one pass over
// the queue. Payload bytes as in listKeyRows (a TEXT payload counts its UTF-8 bytes).
// ?1 now -> topic, status (pending due, delayed, processing, dead, done), messages, payload
// bytes, min(enqueued_at), min(finished_at)
KVS_SQLITE_SQL(AnalysisQueue,
               "SELECT topic, CASE WHEN status = 'pending' AND deliver_at > ?1 THEN 'delayed' "
               "ELSE status END AS state, count(*), coalesce(sum(CASE typeof(payload) WHEN "
               "'text' THEN length(CAST(payload AS BLOB)) ELSE length(payload) END), 0), "
               "min(enqueued_at), min(finished_at) FROM "
                   + q + " GROUP BY topic, state ORDER BY topic, state")
// ?1 the queue table's name -> 1 when it exists, 1 when it has finished_at (a read-only open
// may find no queue table, or one of kvs <= 0.3 without finished_at)
KVS_SQLITE_SQL(AnalysisQueueProbe,
               std::string("SELECT (SELECT count(*) FROM sqlite_master WHERE type = 'table' AND "
                           "name = ?1), (SELECT count(*) FROM pragma_table_info(?1) WHERE name = "
                           "'finished_at')"))
// same as AnalysisQueue, for a queue table without finished_at
KVS_SQLITE_SQL(AnalysisQueueV1,
               "SELECT topic, CASE WHEN status = 'pending' AND deliver_at > ?1 THEN 'delayed' "
               "ELSE status END AS state, count(*), coalesce(sum(CASE typeof(payload) WHEN "
               "'text' THEN length(CAST(payload AS BLOB)) ELSE length(payload) END), 0), "
               "min(enqueued_at), NULL FROM "
                   + q + " GROUP BY topic, state ORDER BY topic, state")
// -> page size, page count, free pages, the main file's name ('' in memory). The pragmas as
// table-valued functions: one statement, nothing written.
KVS_SQLITE_SQL(AnalysisPages,
               std::string("SELECT (SELECT page_size FROM pragma_page_size()), (SELECT "
                           "page_count FROM pragma_page_count()), (SELECT freelist_count FROM "
                           "pragma_freelist_count()), (SELECT file FROM pragma_database_list "
                           "WHERE name = 'main')"))

#undef KVS_SQLITE_SQL
