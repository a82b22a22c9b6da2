// No include guard: this file is a list, read once for each thing made from it.
//
// Every statement PostgresAdapter prepares, one entry each, its member, name and SQL together:
//
//     KVS_PG_SQL(member, name, sql)
//
// postgres/pg_statements.h makes PgStatements' member of it (a PqStatement), pg_statements.cpp
// sets it to the statement "kvs_<name>" with that SQL, built once per adapter from its names; a
// connection prepares a statement the first time it runs it. Whoever includes this file defines
// KVS_PG_SQL first; the file undefines it at its end.
//
// sql is a std::string expression over what PgStatements' constructor defines: kv and q (the kv
// and queue tables as written in SQL), live (" AND (expires_at IS NULL OR expires_at > ", closed
// by the time parameter and ")"), nextval (the next versionstamp), upsert and replace (an INSERT
// into kv up to its VALUES, and its ON CONFLICT update), expired (kv's row expired at $3), list,
// keys and keyRows (a range's rows, keys, and keys with their value's head, up to "ORDER BY key
// "), leased (the WHERE of a message leased by $1 id and $2 token), clear (a lease's columns
// cleared), kMessageColumns and qualifiedColumns (q.id, q.topic, ...), counts, peek(condition),
// projected(topic), countsOfTopics(q, topic), skipScanStepsSql(kv, live) and scanValuesSql(kv).
// Parameters are listed by each entry's comment. Message columns: id, topic, payload,
// enqueued_at, deliver_at, attempts, max_attempts, locked_until, last_error.

// --- Key-value rows ---

// $1 key, $2 now -> value, version, expires_at (live)
KVS_PG_SQL(get,
           "get",
           "SELECT value, version, expires_at FROM " + kv + " WHERE key = $1" + live + "$2)")
// $1 key, $2 now -> version (live)
KVS_PG_SQL(getVersion,
           "get_version",
           "SELECT version FROM " + kv + " WHERE key = $1" + live + "$2)")
// $1 key -> version, expires_at (row locked)
KVS_PG_SQL(getVersionForUpdate,
           "get_version_for_update",
           "SELECT version, expires_at FROM " + kv + " WHERE key = $1 FOR UPDATE")
// $1 key, $2 value, $3 expires_at, $4 version -> version
KVS_PG_SQL(setVersion, "set_version", upsert + "($1, $2, $4, $3)" + replace + " RETURNING version")
// $1 key, $2 value, $3 expires_at -> version (nextval). The versionstamp comes from the sequence
// inside the upsert: one round trip per set.
KVS_PG_SQL(setNextVersion,
           "set_next_version",
           upsert + "($1, $2, " + nextval + ", $3)" + replace + " RETURNING version")
// $1 key, $2 value, $3 expires_at, $4 now, $5 version. version: null checks (reference gotcha
// 16): only an absent or expired row is written.
KVS_PG_SQL(insertIfAbsent,
           "insert_if_absent",
           upsert + "($1, $2, $5, $3)" + replace + " WHERE " + kv + ".expires_at IS NOT NULL AND "
               + kv + ".expires_at <= $4 RETURNING version")
// -> nextval
KVS_PG_SQL(nextVersion, "next_version", "SELECT " + nextval)
// $1 key
KVS_PG_SQL(remove, "delete", "DELETE FROM " + kv + " WHERE key = $1")
// $1 key, $2 delta (text), $3 now, $4 version|null. increment() and atomic().sum(): one upsert
// with NUMERIC arithmetic on the JSON text, so a concurrent increment of a new key waits on the
// row lock and never loses an update. An expired row starts over at delta without a TTL. A value
// that is not a JSON number fails the cast (22P02, or 22021 for a sentinel byte) and becomes the
// kvs TypeError.
KVS_PG_SQL(increment,
           "increment",
           upsert + "($1, convert_to(($2::numeric)::text, 'UTF8'), COALESCE($4::int8, " + nextval
               + "), NULL) ON CONFLICT (key) DO UPDATE SET value = CASE WHEN " + expired
               + " THEN EXCLUDED.value ELSE convert_to((convert_from(" + kv
               + ".value, 'UTF8')::numeric + $2::numeric)::text, 'UTF8') END, version = "
                 "EXCLUDED.version, expires_at = CASE WHEN "
               + expired + " THEN NULL ELSE " + kv
               + ".expires_at END RETURNING convert_from(value, 'UTF8')::numeric::float8, "
                 "version")
// $1 lower, $2 upper, $3 now, $4 limit -> key, value, version, expires_at
KVS_PG_SQL(listAsc, "list_asc", list + "ASC LIMIT $4")
KVS_PG_SQL(listDesc, "list_desc", list + "DESC LIMIT $4")
// $1 lower, $2 upper, $3 now, $4 limit -> key (listChildren)
KVS_PG_SQL(listKeysAsc, "keys_asc", keys + "ASC LIMIT $4")
KVS_PG_SQL(listKeysDesc, "keys_desc", keys + "DESC LIMIT $4")
// as listKeysAsc -> key, value head, value size, expires_at
KVS_PG_SQL(listKeyRowsAsc, "key_rows_asc", keyRows + "ASC LIMIT $4")
KVS_PG_SQL(listKeyRowsDesc, "key_rows_desc", keyRows + "DESC LIMIT $4")
// $1 prefix length, $2 lower, $3 upper, $4 now, $5 steps -> step, lower, key|null, value head,
// value size, expires_at (SqlAdapter::skipScanSteps; one row per key, a step without keys as one
// row with null)
KVS_PG_SQL(skipScanSteps, "skip_scan_steps", skipScanStepsSql(kv, live))
// $1 lower, $2 upper, $3 now, $4 needle, $5 needle as lower-case text, $6 1: ignore ASCII case,
// $7 1: typed rows too, $8 1: one-byte rows too, $9 rows to read, $10 rows to return, $11 1: rows
// with numbers in other forms too -> key, value (null unless a live candidate), version,
// expires_at, n (the row's place in the scan), candidate, last (the last row the scan reads);
// rows: the candidates and the last one read (SqlAdapter::scanValues)
KVS_PG_SQL(scanValues, "scan_values", scanValuesSql(kv))
// $1 key -> value, version, expires_at (expired rows too)
KVS_PG_SQL(getRaw, "get_raw", "SELECT value, version, expires_at FROM " + kv + " WHERE key = $1")
// $1 now -> key of every deleted row
KVS_PG_SQL(cleanExpired,
           "clean_expired",
           "DELETE FROM " + kv + " WHERE expires_at IS NOT NULL AND expires_at <= $1 RETURNING key")

// --- The queue ---

// $1 topic, $2 payload, $3 now, $4 deliver_at, $5 max -> id
KVS_PG_SQL(enqueue,
           "enqueue",
           "INSERT INTO " + q
               + " (topic, payload, status, enqueued_at, deliver_at, attempts, max_attempts) "
                 "VALUES ($1, $2, 'pending', $3, $4, 0, $5) RETURNING id")
// $1 now. Both pickers (this and dequeue) stay inside a MATERIALIZED CTE with FOR UPDATE SKIP
// LOCKED (gotcha 10): a sublink could be rescanned per outer row and lease a whole backlog.
KVS_PG_SQL(reclaimLeases,
           "reclaim",
           "WITH picked AS MATERIALIZED (SELECT id FROM " + q
               + " WHERE status = 'processing' AND locked_until <= $1 AND attempts < max_attempts "
                 "FOR UPDATE SKIP LOCKED) UPDATE "
               + q + " AS q SET status = 'pending'" + clear + " FROM picked WHERE q.id = picked.id")
// $1 topic, $2 now, $3 limit, $4 locked_until, $5 token -> message columns
KVS_PG_SQL(dequeue,
           "dequeue",
           "WITH picked AS MATERIALIZED (SELECT id FROM " + q
               + " WHERE topic = $1 AND status = 'pending' AND deliver_at <= $2 ORDER BY "
                 "deliver_at, id LIMIT $3 FOR UPDATE SKIP LOCKED) UPDATE "
               + q
               + " AS q SET status = 'processing', attempts = q.attempts + 1, locked_until = $4, "
                 "lease_token = $5 FROM picked WHERE q.id = picked.id RETURNING "
               + qualifiedColumns)
// $1 id, $2 token
KVS_PG_SQL(ackDelete, "ack_delete", "DELETE FROM " + q + leased)
// $1 id, $2 token, $3 now
KVS_PG_SQL(ackDone,
           "ack_done",
           "UPDATE " + q + " SET status = 'done', finished_at = $3" + clear + leased)
// $1 id, $2 token -> attempts, max_attempts
KVS_PG_SQL(getLease, "get_lease", "SELECT attempts::int8, max_attempts::int8 FROM " + q + leased)
// $1 id, $2 token, $3 deliver_at, $4 error
KVS_PG_SQL(nackRetry,
           "nack_retry",
           "UPDATE " + q + " SET status = 'pending', deliver_at = $3, last_error = $4" + clear
               + leased)
// $1 id, $2 token, $3 now, $4 error
KVS_PG_SQL(nackDead,
           "nack_dead",
           "UPDATE " + q + " SET status = 'dead', finished_at = $3, last_error = $4" + clear
               + leased)
// $1 id, $2 token, $3 locked_until
KVS_PG_SQL(extendLease, "extend_lease", "UPDATE " + q + " SET locked_until = $3" + leased)
// $1 now
KVS_PG_SQL(expireLeases,
           "expire_leases",
           "UPDATE " + q + " SET status = 'dead', finished_at = $1, last_error = 'lease expired'"
               + clear
               + " WHERE status = 'processing' AND locked_until <= $1 AND attempts >= "
                 "max_attempts")
// $1 finished before
KVS_PG_SQL(purgeDone,
           "purge_done",
           "DELETE FROM " + q + " WHERE status = 'done' AND finished_at <= $1")
// $1 finished before
KVS_PG_SQL(purgeDead,
           "purge_dead",
           "DELETE FROM " + q + " WHERE status = 'dead' AND finished_at <= $1")
// $1 topic, $2 after, $3 limit -> message columns, finished_at
KVS_PG_SQL(listDead,
           "list_dead",
           "SELECT " + std::string(kMessageColumns) + ", finished_at FROM " + q
               + " WHERE topic = $1 AND status = 'dead' AND id > $2 ORDER BY id LIMIT $3")
// $1 topic, $2 now, $3 id|null
KVS_PG_SQL(retryDead,
           "retry_dead",
           "UPDATE " + q
               + " SET status = 'pending', attempts = 0, deliver_at = $2, finished_at = NULL "
                 "WHERE topic = $1 AND status = 'dead' AND ($3::int8 IS NULL OR id = $3)")
// $1 topic, $2 id|null
KVS_PG_SQL(deleteDead,
           "delete_dead",
           "DELETE FROM " + q
               + " WHERE topic = $1 AND status = 'dead' AND ($2::int8 IS NULL OR id = $2)")
// $1 topic, $2 now, $3 ids (an int8[] literal)
KVS_PG_SQL(retryDeadIds,
           "retry_dead_ids",
           "UPDATE " + q
               + " SET status = 'pending', attempts = 0, deliver_at = $2, finished_at = NULL "
                 "WHERE topic = $1 AND status = 'dead' AND id = ANY($3::int8[])")
// $1 topic, $2 ids (any status)
KVS_PG_SQL(deleteMessages,
           "delete_ids",
           "DELETE FROM " + q + " WHERE topic = $1 AND id = ANY($2::int8[])")
// $1 topic, $2 ids (dead only)
KVS_PG_SQL(deleteDeadMessages,
           "delete_dead_ids",
           "DELETE FROM " + q + " WHERE topic = $1 AND status = 'dead' AND id = ANY($2::int8[])")
// $1 now -> topic, pending, delayed, processing, dead, done, oldest
KVS_PG_SQL(queueStatsAll, "stats_all", countsOfTopics(q, nullptr) + counts)
// $1 now, $2 topic
KVS_PG_SQL(queueStatsTopic, "stats_topic", countsOfTopics(q, "$2") + counts)
// $1 topic, $2 now, $3 after, $4 limit -> message columns
KVS_PG_SQL(peekPending, "peek_pending", peek("status = 'pending' AND deliver_at <= $2"))
KVS_PG_SQL(peekDelayed, "peek_delayed", peek("status = 'pending' AND deliver_at > $2"))
KVS_PG_SQL(peekProcessing,
           "peek_processing",
           peek("status = 'processing' AND $2::int8 IS NOT NULL"))
KVS_PG_SQL(peekDone, "peek_done", peek("status = 'done' AND $2::int8 IS NOT NULL"))
// $1 lock id
KVS_PG_SQL(advisoryLock, "advisory_lock", std::string("SELECT pg_advisory_xact_lock($1)"))

// --- Dashboards: expired leases read as settling them would leave them, without writing ---

// as queueStatsAll
KVS_PG_SQL(queueStatsProjectedAll, "stats_projected_all", projected(nullptr))
// as queueStatsTopic
KVS_PG_SQL(queueStatsProjectedTopic, "stats_projected_topic", projected("$3"))
// as peekPending
KVS_PG_SQL(peekExpiredRetry,
           "peek_expired_retry",
           "SELECT " + std::string(kMessageColumns) + " FROM " + q
               + " WHERE topic = $1 AND status = 'processing' AND locked_until <= $2 AND attempts "
                 "< max_attempts AND id > $3 ORDER BY id LIMIT $4")
// same, with finished_at (the lease's end)
KVS_PG_SQL(peekExpiredLast,
           "peek_expired_last",
           "SELECT " + std::string(kMessageColumns) + ", locked_until FROM " + q
               + " WHERE topic = $1 AND status = 'processing' AND locked_until <= $2 AND attempts "
                 ">= max_attempts AND id > $3 ORDER BY id LIMIT $4")
// $1 the queue table's name -> int8 id counter. The id sequence's last value (rolled-back
// enqueues included: a sequence is not transactional), bounded below by max(id). A role that may
// read the table but not the sequence gets max(id) rather than a permission error.
KVS_PG_SQL(queueLastId,
           "queue_last_id",
           "SELECT GREATEST(coalesce((SELECT CASE WHEN has_sequence_privilege(s, 'SELECT, USAGE') "
           "THEN pg_sequence_last_value(s) END FROM (SELECT pg_get_serial_sequence($1, "
           "'id')::regclass AS s) seq), 0), coalesce((SELECT max(id) FROM "
               + q + "), 0))::int8")

// --- Analysis (kvs analyze's queue and storage sections): reads only, also on a standby ---

// $1 the queue table as written in SQL -> 1 when it exists, 1 when it has finished_at (a
// read-only open may find no queue table, or one of kvs <= 0.3 without finished_at)
KVS_PG_SQL(analysisQueueProbe,
           "analysis_queue_probe",
           "SELECT (to_regclass($1) IS NOT NULL)::int::int8, (EXISTS (SELECT 1 FROM pg_attribute "
           "WHERE attrelid = to_regclass($1) AND attname = 'finished_at' AND NOT "
           "attisdropped))::int::int8")
// $1 now -> topic, status (pending due, delayed, processing, dead, done), messages, payload
// bytes, min(enqueued_at), min(finished_at): aggregated on the server, one row per topic and
// status, in byte order (as SQLite orders them)
KVS_PG_SQL(analysisQueue,
           "analysis_queue",
           "SELECT topic, state, count(*)::int8, coalesce(sum(octet_length(payload)), 0)::int8, "
           "min(enqueued_at)::int8, min(finished_at)::int8 FROM (SELECT topic, CASE WHEN status "
           "= 'pending' AND deliver_at > $1 THEN 'delayed' ELSE status END AS state, payload, "
           "enqueued_at, finished_at FROM "
               + q + ") m GROUP BY topic, state ORDER BY topic COLLATE \"C\", state COLLATE \"C\"")
// same, for a queue table without finished_at
KVS_PG_SQL(analysisQueueV1,
           "analysis_queue_v1",
           "SELECT topic, state, count(*)::int8, coalesce(sum(octet_length(payload)), 0)::int8, "
           "min(enqueued_at)::int8, NULL::int8 FROM (SELECT topic, CASE WHEN status = 'pending' "
           "AND deliver_at > $1 THEN 'delayed' ELSE status END AS state, payload, enqueued_at "
           "FROM "
               + q + ") m GROUP BY topic, state ORDER BY topic COLLATE \"C\", state COLLATE \"C\"")
// $1..$4 the store's relations as written in SQL (kv, queue, meta, the versionstamp sequence)
// -> the position of each that exists (1..4), its main fork, index and TOAST bytes (the TOAST
// table with its index), its total bytes, live and dead tuples, and its last vacuum,
// autovacuum, analyze and autoanalyze in ms (NULL: never; a sequence has no statistics row)
KVS_PG_SQL(analysisStorage,
           "analysis_storage",
           "SELECT t.ord::int8, pg_relation_size(c.oid)::int8, pg_indexes_size(c.oid)::int8, "
           "coalesce(pg_total_relation_size(NULLIF(c.reltoastrelid, 0::oid)), 0)::int8, "
           "pg_total_relation_size(c.oid)::int8, s.n_live_tup::int8, s.n_dead_tup::int8, "
           "(extract(epoch FROM s.last_vacuum) * 1000)::int8, (extract(epoch FROM "
           "s.last_autovacuum) * 1000)::int8, (extract(epoch FROM s.last_analyze) * 1000)::int8, "
           "(extract(epoch FROM s.last_autoanalyze) * 1000)::int8 FROM unnest(ARRAY[$1, $2, $3, "
           "$4]::text[]) WITH ORDINALITY AS t(name, ord) JOIN pg_class c ON c.oid = "
           "to_regclass(t.name) LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid ORDER BY t.ord")

#undef KVS_PG_SQL
