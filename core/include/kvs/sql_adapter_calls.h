// No include guard: this file is a list, read once for each thing made from it.
//
/// The calls of the SqlAdapter contract (kvs/sql_adapter.h) that every backend answers with a
/// statement (or a few) of its own, one entry each:
///
///     KVS_SQL_CALL(Kind, Access, Answer, name, (Type, parameter)...)
///
/// The one place a call is declared: kvs/sql_adapter.h makes SqlAdapter's virtual of it,
/// kvs/engine_adapter.h the built-in adapters' forwarder (core/src/adapter/
/// engine_adapter_impl.h), core/src/sqlite/sqlite_engine.h and core/src/postgres/pg_calls.h the
/// declaration each backend implements. Whoever includes this file defines KVS_SQL_CALL first; the
/// file undefines it at its end.
///
/// Kind says what SqlAdapter does when an adapter does not override the call:
///   Required   nothing: a pure virtual.
///   Defaulted  answers it through other calls (core/src/adapter/sql_adapter.cpp).
///   Optional   fails with Error "kvs: this adapter has no <name>()" (not in the reference).
///   Extra      as Optional, and only some built-in backends have it: EngineAdapter forwards it
///              when Backend::Ops declares it (by hand; the list does not).
///   RowLock    as Extra, forwarded where Backend::kRowLocks (a concurrent backend's
///              transaction: reference gotcha 17).
/// Access (Read or Write) is what the call does to the database (a backend may run consecutive
/// reads in one snapshot). Answer is what the call's future carries. A parameter is (Type, name):
/// Type as SqlAdapter takes it, by value; a backend that runs on its caller's thread takes it by
/// view (SqliteEngine: std::string_view for std::string, a const reference for a container). A
/// Type holds no comma.
///
/// Keys, values and payloads are their stored bytes (std::string holding bytes, never text);
/// times are ms since the epoch.

// --- Key-value rows ---

/// The live row at key, or nullopt.
KVS_SQL_CALL(Required, Read, std::optional<KvRow>, get, (std::string, key), (std::int64_t, now))
/// get()'s answer as AsyncKVStore::get returns it: entryOf(entryKey, row). The default attaches
/// entryOf to get()'s future; an adapter with a thread of its own calls it there, straight after
/// the read, so a call makes one future instead of two (a future and its continuation cost more
/// than a point read). A value that does not decode fails the future.
KVS_SQL_CALL(Defaulted,
             Read,
             std::optional<Entry>,
             getEntry,
             (std::string, key),
             (std::int64_t, now),
             (Key, entryKey))
/// The live rows among keys (deduplicated by the store), in any order, in one statement. The
/// default reads key by key with get() (no snapshot guarantee), as the reference's optional
/// getMany.
KVS_SQL_CALL(Defaulted,
             Read,
             std::vector<KvRow>,
             getMany,
             (std::vector<std::string>, keys),
             (std::int64_t, now))
/// Upserts the row. Without version it takes the next versionstamp; with it, it writes that one
/// (atomic() commits). Returns the version written.
KVS_SQL_CALL(Required,
             Write,
             std::int64_t,
             set,
             (std::string, key),
             (std::string, value),
             (std::optional<std::int64_t>, expiresAt),
             (std::optional<std::int64_t>, version))
/// A versionstamp no write of this store ever got.
KVS_SQL_CALL(Required, Write, std::int64_t, nextVersion)
/// The reference's delete(key): whether a row was deleted.
KVS_SQL_CALL(Required, Write, bool, remove, (std::string, key))
/// The version of the live row at key, or nullopt.
KVS_SQL_CALL(Required,
             Read,
             std::optional<std::int64_t>,
             getVersion,
             (std::string, key),
             (std::int64_t, now))
/// Adds delta to the number at key: a missing or expired key starts at delta without TTL, a live
/// one keeps its TTL; a non-number fails with TypeError "kvs: increment() needs a number, but the
/// key holds <kind>" (PostgreSQL: "... holds a non-numeric value"), and a result that is not
/// finite with RangeError "kvs: increment() result is not a finite number" where the backend
/// checks it. version as for set().
KVS_SQL_CALL(Required,
             Write,
             IncrementResult,
             increment,
             (std::string, key),
             (double, delta),
             (std::int64_t, now),
             (std::optional<std::int64_t>, version))
/// Live rows with start <= key < end, ascending, at most limit.
KVS_SQL_CALL(Required,
             Read,
             std::vector<KvRow>,
             listAsc,
             (std::string, start),
             (std::string, end),
             (std::int64_t, now),
             (std::int64_t, limit))
/// As listAsc(), descending.
KVS_SQL_CALL(Required,
             Read,
             std::vector<KvRow>,
             listDesc,
             (std::string, start),
             (std::string, end),
             (std::int64_t, now),
             (std::int64_t, limit))
/// Not in the reference: the keys of the live rows with start <= key < end, ascending or
/// descending, at most limit (listChildren()'s skip-scan seeks; no value bytes travel). The
/// default reads whole rows with listAsc() / listDesc().
KVS_SQL_CALL(Defaulted,
             Read,
             std::vector<std::string>,
             listKeys,
             (std::string, start),
             (std::string, end),
             (std::int64_t, now),
             (std::int64_t, limit),
             (bool, descending))
/// Not in the reference: listKeys() with each key's value head, size and expiry (listChildren()'s
/// seeks: the tree's columns without a read per row). The default reads whole rows with
/// listAsc() / listDesc().
KVS_SQL_CALL(Defaulted,
             Read,
             std::vector<KeyRow>,
             listKeyRows,
             (std::string, start),
             (std::string, end),
             (std::int64_t, now),
             (std::int64_t, limit),
             (bool, descending))
/// Not in the reference: up to steps ascending skip-scan steps of listChildren() under a prefix
/// of prefixLength bytes in one statement. The first step reads the keys from lower (below upper,
/// at most two); each next step starts after the subtree of the child the previous step's first
/// key lies in, the bound the store's skip-scan would ask for, computed on the server from the
/// key encoding. Stops after a step without keys or whose next bound reaches upper. The store
/// checks every step's bound against its own and seeks one step at a time where they differ. An
/// adapter that has it overrides hasSkipScanSteps() too.
KVS_SQL_CALL(Extra,
             Read,
             std::vector<SkipScanStep>,
             skipScanSteps,
             (std::int64_t, prefixLength),
             (std::string, lower),
             (std::string, upper),
             (std::int64_t, now),
             (std::int64_t, steps))
/// Not in the reference (kvs find): reads the rows of [start, end) in key order from start, at
/// most scanLimit of them (live or expired), and returns the candidates among them
/// (ValuePrefilter), at most limit: the scan ends after the limit-th. Only candidates leave the
/// database. One statement. The default reads listAsc() pages of at most 1000 live rows (scanned
/// counts those) and filters them with ValuePrefilter::admits().
KVS_SQL_CALL(Defaulted,
             Read,
             ValueScanPage,
             scanValues,
             (std::string, start),
             (std::string, end),
             (std::int64_t, now),
             (ValuePrefilter, prefilter),
             (std::int64_t, limit),
             (std::int64_t, scanLimit))
/// Not in the reference: the row at key as stored, expired or not (inspect()). The default is
/// get() at the earliest time, which every expiry passes.
KVS_SQL_CALL(Defaulted, Read, std::optional<KvRow>, getRaw, (std::string, key))
/// Deletes the rows expired at now; returns how many.
KVS_SQL_CALL(Required, Write, std::int64_t, cleanExpired, (std::int64_t, now))
/// Optional in the reference: deletes them and returns their keys (expiry tombstones for
/// watchers). An adapter that has it overrides hasCleanExpiredKeys() too.
KVS_SQL_CALL(Optional, Write, std::vector<std::string>, cleanExpiredKeys, (std::int64_t, now))

// --- Queue v2: rows come back with numbers as numbers (PostgreSQL int8 read as int64) ---

/// Inserts a pending message; returns its id.
KVS_SQL_CALL(Required,
             Write,
             std::int64_t,
             enqueue,
             (std::string, topic),
             (std::string, payload),
             (std::int64_t, now),
             (std::int64_t, deliverAt),
             (std::int64_t, maxAttempts))
/// Expired leases with attempts left -> pending, token cleared; returns how many.
KVS_SQL_CALL(Required, Write, std::int64_t, reclaimLeases, (std::int64_t, now))
/// Leases up to limit due pending rows of topic, ordered by (deliver_at, id) in the picker (a
/// MATERIALIZED CTE that stops at the LIMIT; PostgreSQL adds FOR UPDATE SKIP LOCKED).
KVS_SQL_CALL(Required,
             Write,
             std::vector<QueueRow>,
             dequeue,
             (std::string, topic),
             (std::int64_t, now),
             (std::int64_t, limit),
             (std::int64_t, lockedUntil),
             (std::string, token))
/// The reference's acknowledge(): deletes the leased row, or marks it done when retain. False
/// for a stale token.
KVS_SQL_CALL(Required,
             Write,
             bool,
             ack,
             (std::int64_t, id),
             (std::string, token),
             (std::int64_t, now),
             (bool, retain))
/// The attempts of the live lease of id under token, or nullopt.
KVS_SQL_CALL(
    Required, Read, std::optional<LeaseRow>, getLease, (std::int64_t, id), (std::string, token))
/// retryAt set: pending again at retryAt; nullopt: dead (finished_at = now). Stores error.
KVS_SQL_CALL(Required,
             Write,
             bool,
             nack,
             (std::int64_t, id),
             (std::string, token),
             (std::int64_t, now),
             (std::optional<std::int64_t>, retryAt),
             (std::optional<std::string>, error))
/// Moves the lease of id under token to lockedUntil; false for a stale token.
KVS_SQL_CALL(Required,
             Write,
             bool,
             extendLease,
             (std::int64_t, id),
             (std::string, token),
             (std::int64_t, lockedUntil))
/// Expired leases on their last attempt -> dead, last_error 'lease expired'.
KVS_SQL_CALL(Required, Write, std::int64_t, expireLeases, (std::int64_t, now))
/// Deletes done rows finished at or before doneBefore, and dead ones at or before deadBefore
/// when given.
KVS_SQL_CALL(Required,
             Write,
             std::int64_t,
             purgeFinished,
             (std::int64_t, doneBefore),
             (std::optional<std::int64_t>, deadBefore))
/// A page by id (after afterId) of topic's dead messages, with finishedAt.
KVS_SQL_CALL(Required,
             Read,
             std::vector<QueueRow>,
             listDead,
             (std::string, topic),
             (std::int64_t, limit),
             (std::int64_t, afterId))
/// Dead message id of topic (every dead one without id) -> pending at now; returns how many.
KVS_SQL_CALL(Required,
             Write,
             std::int64_t,
             retryDead,
             (std::string, topic),
             (std::optional<std::int64_t>, id),
             (std::int64_t, now))
/// Deletes dead message id of topic (every dead one without id); returns how many.
KVS_SQL_CALL(Required,
             Write,
             std::int64_t,
             deleteDead,
             (std::string, topic),
             (std::optional<std::int64_t>, id))
/// Not in the reference (dashboards, bulk triage; the stores' retryDeadMessages()): retryDead()
/// of each of ids (at most 1000) that is a dead message of topic, in one statement; returns how
/// many.
KVS_SQL_CALL(Optional,
             Write,
             std::int64_t,
             retryDeadIds,
             (std::string, topic),
             (std::vector<std::int64_t>, ids),
             (std::int64_t, now))
/// Not in the reference (the stores' deleteMessages() and deleteDeadMessages()): deletes each of
/// ids (at most 1000) that is a message of topic, of any status, or dead only when deadOnly;
/// returns how many.
KVS_SQL_CALL(Optional,
             Write,
             std::int64_t,
             deleteMessages,
             (std::string, topic),
             (std::vector<std::int64_t>, ids),
             (bool, deadOnly))
/// The counts of every topic, or of topic.
KVS_SQL_CALL(Required,
             Read,
             std::vector<QueueStats>,
             queueStats,
             (std::optional<std::string>, topic),
             (std::int64_t, now))
/// Not in the reference: a read-only page of a topic's messages of one status, by id
/// (KVStore::peek()).
KVS_SQL_CALL(Required,
             Read,
             std::vector<QueueRow>,
             peek,
             (std::string, topic),
             (PeekStatus, status),
             (std::int64_t, afterId),
             (std::int64_t, limit),
             (std::int64_t, now))
/// Not in the reference (dashboards): queueStats() as it would read after the expired leases
/// were settled, without writing (ExpiredLeases::Project): a processing message whose lease ended
/// at or before now counts as dead on its last attempt, as pending (due) otherwise;
/// QueueStats::leasesEnding counts the leases ending after now and at or before leasesEndingBy
/// (>= now).
KVS_SQL_CALL(Optional,
             Read,
             std::vector<QueueStats>,
             queueStatsProjected,
             (std::optional<std::string>, topic),
             (std::int64_t, now),
             (std::int64_t, leasesEndingBy))
/// Not in the reference (dashboards): a page by id of topic's processing messages whose lease
/// ended at or before now, on their last attempt (attempts >= max_attempts) or not; nothing is
/// written.
KVS_SQL_CALL(Optional,
             Read,
             std::vector<QueueRow>,
             peekExpiredLeases,
             (std::string, topic),
             (bool, lastAttempt),
             (std::int64_t, afterId),
             (std::int64_t, limit),
             (std::int64_t, now))
/// Not in the reference (dashboards): the highest id the queue has handed out (its AUTOINCREMENT
/// counter or sequence, at least max(id); 0 before the first enqueue); a read.
KVS_SQL_CALL(Optional, Read, std::int64_t, queueLastId)

// --- The whole store ---

/// Deletes all rows of kv and queue (prefix-aware); keeps meta and the version counter.
KVS_SQL_CALL(Required, Write, void, reset)
/// Runs sql as is (table names depend on tablePrefix and schema).
KVS_SQL_CALL(Required, Write, void, raw, (std::string, sql))

// --- A transaction's row locks (supportsRowLocks()) ---

/// Takes per-key locks held until the transaction ends.
KVS_SQL_CALL(RowLock, Write, void, lockKeys, (std::vector<std::string>, keys))
/// Reads the version of the live row at key and locks the row.
KVS_SQL_CALL(RowLock,
             Write,
             std::optional<std::int64_t>,
             getVersionForUpdate,
             (std::string, key),
             (std::int64_t, now))
/// Inserts the row only when no live row exists at key; nullopt otherwise.
KVS_SQL_CALL(RowLock,
             Write,
             std::optional<std::int64_t>,
             insertIfAbsent,
             (std::string, key),
             (std::string, value),
             (std::optional<std::int64_t>, expiresAt),
             (std::int64_t, now),
             (std::int64_t, version))

// --- Analysis (kvs analyze's queue and storage sections, kvs/store_figures.h) ---

/// Not in the reference: the messages and payload bytes of each topic and status, with the
/// oldest message's times, aggregated in the database in one statement, ordered by topic and
/// status. now decides pending (due) from delayed. Reads only (expired leases are not settled).
KVS_SQL_CALL(Optional, Read, std::vector<QueueStatusFigures>, queueFigures, (std::int64_t, now))
/// Not in the reference: the sizes of the store's files (SQLite) or relations (PostgreSQL) and
/// what a VACUUM would reclaim; reads only, on a read-only file and on a standby too.
KVS_SQL_CALL(Optional, Read, StorageFigures, storageFigures)

#undef KVS_SQL_CALL
