#pragma once

#include <kvs/types.h>

#include <QFuture>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

/// The SqlAdapter contract (reference "Adapters"): what AsyncKVStore needs of a SQL backend, in
/// C++ form. AsyncKVStore is built on this contract only, so a third backend is one more
/// subclass. Keys, values and payloads cross it as their stored bytes (std::string holding
/// bytes, never text); times are ms since the epoch; numeric columns come back as numbers.
///
/// Results are QFuture<T>: every call returns at once and never blocks its caller; a failure
/// carries the core's exception (QPromise::setException), e.g. DatabaseError with SQLSTATE or
/// ConnectionError. Why QFuture and not a result type of our own: it is Qt Core's, it composes
/// (then, onFailed, unwrap, whenAll), a GUI consumes it on its own thread with
/// future.then(context, ...) or a QFutureWatcher without ever waiting, and exceptions travel in
/// it without crossing a thread by hand (STYLE.md 9).
///
/// Thread rule: every method is safe from any thread. An adapter runs its work on threads of
/// its own; a continuation attached with QtFuture::Launch::Sync runs on that thread and must be
/// short.
namespace kvs {

/// A kv row as stored (the reference's KvRow, with its expiry).
struct KvRow
{
    std::string key;
    std::string value;
    std::int64_t version = 0;
    std::optional<std::int64_t> expiresAt;
};

/// Not in the reference: a key with what listChildren() shows of its value (listKeyRows()).
struct KeyRow
{
    std::string key;
    std::string valueHead; // the first kKeyRowHeadBytes bytes of the stored value (or all)
    std::int64_t valueSize = 0;
    std::optional<std::int64_t> expiresAt;
};
inline constexpr int kKeyRowHeadBytes = 16;

/// A queue row (the reference's QueueRow); finishedAt is read by listDead().
struct QueueRow
{
    std::int64_t id = 0;
    std::string topic;
    std::string payload;
    std::int64_t enqueuedAt = 0;
    std::int64_t deliverAt = 0;
    std::int64_t attempts = 0;
    std::int64_t maxAttempts = 0;
    std::optional<std::int64_t> lockedUntil;
    std::optional<std::string> lastError;
    std::optional<std::int64_t> finishedAt;
};

/// The attempts of a live lease (getLease()).
struct LeaseRow
{
    std::int64_t attempts = 0;
    std::int64_t maxAttempts = 0;
};

/// One step of listChildren()'s skip-scan read on the server (SqlAdapter::skipScanSteps): the
/// lower bound the step read from and the first (at most two) live keys from there, with what
/// listKeyRows() tells of their values.
struct SkipScanStep
{
    std::string lower;
    std::vector<KeyRow> rows;
};

/// Not in the reference (kvs find, kvs/value_search.h): the rows scanValues() returns, decided on
/// the value's stored bytes (a BLOB or bytea, never read as text, so no byte sequence can make
/// the statement fail). A live row is a candidate when its bytes contain needle (or, with
/// asciiCaseInsensitive, contain it ignoring the case of ASCII letters; needle is then lower-case
/// ASCII), or hold the escape "\u" or "\/" (which other JSON writers use where JSON.stringify
/// writes the character itself), or, with alsoTyped, start with 0x03 (typed JSON), or, with
/// alsoSentinels, are one byte long (null, true, false), or, with alsoNumbers, hold a digit
/// followed by '.', 'e' or 'E', or sixteen digits in a row (numbers another JSON writer may
/// write otherwise than JSON.stringify: 1.50, 1e21, 12345678901234567890). An empty needle
/// admits every live row.
struct ValuePrefilter
{
    std::string needle;
    bool asciiCaseInsensitive = false;
    bool alsoTyped = false;
    bool alsoSentinels = false;
    bool alsoNumbers = false;

    /// Whether a live row whose value is storedValue is a candidate (the rule above, for
    /// adapters that filter rows they read).
    [[nodiscard]] bool admits(std::string_view storedValue) const;
};

/// scanValues()'s answer.
struct ValueScanPage
{
    std::vector<KvRow> rows;  // the candidates, in key order
    std::int64_t scanned = 0; // the rows read past, live or not, candidates or not
    /// The lower bound the scan goes on from; nullopt when the range is done.
    std::optional<std::string> resumeAt;
};

/// increment()'s answer: the new number and the version the row now carries.
struct IncrementResult
{
    double value = 0;
    std::int64_t version = 0;
};

class SqlAdapter
{
public:
    virtual ~SqlAdapter();

    /// Creates or upgrades the schema as the reference's "Schema versions" says (one transaction,
    /// foreign tables refused untouched, a newer version refused with SchemaTooNewError).
    virtual QFuture<void> migrate() = 0;
    /// The schema version the last successful migrate() found: kSchemaVersion once migrated;
    /// read-only, the version of the tables as they are (1 for kvs <= 0.3 tables without a meta
    /// row), so an inspector can say the database is older without changing it. 0 before
    /// migrate() succeeded. The default (an adapter that does not say) is 0.
    virtual long long schemaVersion() const noexcept { return 0; }

    /// The live row at key, or nullopt.
    virtual QFuture<std::optional<KvRow>> get(std::string key, std::int64_t now) = 0;
    /// get()'s answer as AsyncKVStore::get returns it: entryOf(entryKey, row). The default
    /// attaches entryOf to get()'s future; an adapter with a thread of its own calls it there,
    /// straight after the read, so a call makes one future instead of two (a future and its
    /// continuation cost more than a point read). A value that does not decode fails the future.
    virtual QFuture<std::optional<Entry>> getEntry(std::string key, std::int64_t now, Key entryKey);
    /// The live rows among keys (deduplicated by the store), in any order, in one statement.
    /// The default reads key by key with get() (no snapshot guarantee), as the reference's
    /// optional getMany.
    virtual QFuture<std::vector<KvRow>> getMany(std::vector<std::string> keys, std::int64_t now);
    /// Upserts the row. Without version it takes the next versionstamp; with it, it writes that
    /// one (atomic() commits). Returns the version written.
    virtual QFuture<std::int64_t> set(std::string key,
                                      std::string value,
                                      std::optional<std::int64_t> expiresAt,
                                      std::optional<std::int64_t> version)
        = 0;
    /// A versionstamp no write of this store ever got.
    virtual QFuture<std::int64_t> nextVersion() = 0;
    /// The reference's delete(key): whether a row was deleted.
    virtual QFuture<bool> remove(std::string key) = 0;
    /// The version of the live row at key, or nullopt.
    virtual QFuture<std::optional<std::int64_t>> getVersion(std::string key, std::int64_t now) = 0;
    /// Adds delta to the number at key: a missing or expired key starts at delta without TTL, a
    /// live one keeps its TTL; a non-number fails with TypeError "kvs: increment() needs a
    /// number, but the key holds <kind>" (PostgreSQL: "... holds a non-numeric value"), and a
    /// result that is not finite with RangeError "kvs: increment() result is not a finite
    /// number" where the backend checks it. version as for set().
    virtual QFuture<IncrementResult>
    increment(std::string key, double delta, std::int64_t now, std::optional<std::int64_t> version)
        = 0;
    /// Live rows with start <= key < end, ascending or descending, at most limit.
    virtual QFuture<std::vector<KvRow>>
    listAsc(std::string start, std::string end, std::int64_t now, std::int64_t limit) = 0;
    virtual QFuture<std::vector<KvRow>>
    listDesc(std::string start, std::string end, std::int64_t now, std::int64_t limit) = 0;
    /// Not in the reference: the keys of the live rows with start <= key < end, ascending or
    /// descending, at most limit (listChildren()'s skip-scan seeks; no value bytes travel). The
    /// default reads whole rows with listAsc() / listDesc().
    virtual QFuture<std::vector<std::string>> listKeys(
        std::string start, std::string end, std::int64_t now, std::int64_t limit, bool descending);
    /// Not in the reference: listKeys() with each key's value head, size and expiry
    /// (listChildren()'s seeks: the tree's columns without a read per row). The default reads
    /// whole rows with listAsc() / listDesc().
    virtual QFuture<std::vector<KeyRow>> listKeyRows(
        std::string start, std::string end, std::int64_t now, std::int64_t limit, bool descending);
    /// Optional, not in the reference: up to steps ascending skip-scan steps of listChildren()
    /// under a prefix of prefixLength bytes in one statement. The first step reads the keys from
    /// lower (below upper, at most two); each next step starts after the subtree of the child
    /// the previous step's first key lies in, the bound the store's skip-scan would ask for,
    /// computed on the server from the key encoding. Stops after a step without keys or whose
    /// next bound reaches upper. The store checks every step's bound against its own and seeks
    /// one step at a time where they differ. An adapter that has it overrides
    /// hasSkipScanSteps() too; the default fails.
    virtual bool hasSkipScanSteps() const { return false; }
    virtual QFuture<std::vector<SkipScanStep>> skipScanSteps(std::int64_t prefixLength,
                                                             std::string lower,
                                                             std::string upper,
                                                             std::int64_t now,
                                                             std::int64_t steps);
    /// Not in the reference (kvs find): reads the rows of [start, end) in key order from start,
    /// at most scanLimit of them (live or expired), and returns the candidates among them
    /// (ValuePrefilter), at most limit: the scan ends after the limit-th. Only candidates leave
    /// the database. One statement. The default reads listAsc() pages of at most 1000 live rows
    /// (scanned counts those) and filters them with ValuePrefilter::admits().
    virtual QFuture<ValueScanPage> scanValues(std::string start,
                                              std::string end,
                                              std::int64_t now,
                                              ValuePrefilter prefilter,
                                              std::int64_t limit,
                                              std::int64_t scanLimit);
    /// Not in the reference: the row at key as stored, expired or not (inspect()). The default
    /// is get() at the earliest time, which every expiry passes.
    virtual QFuture<std::optional<KvRow>> getRaw(std::string key);
    /// Deletes the rows expired at now; returns how many.
    virtual QFuture<std::int64_t> cleanExpired(std::int64_t now) = 0;
    /// Optional: deletes them and returns their keys (expiry tombstones for watchers). An adapter
    /// that has it overrides hasCleanExpiredKeys() too; the default fails.
    virtual bool hasCleanExpiredKeys() const { return false; }
    virtual QFuture<std::vector<std::string>> cleanExpiredKeys(std::int64_t now);

    // Queue v2. Rows come back with numbers as numbers (PostgreSQL int8 read as int64).
    virtual QFuture<std::int64_t> enqueue(std::string topic,
                                          std::string payload,
                                          std::int64_t now,
                                          std::int64_t deliverAt,
                                          std::int64_t maxAttempts)
        = 0;
    /// Expired leases with attempts left -> pending, token cleared; returns how many.
    virtual QFuture<std::int64_t> reclaimLeases(std::int64_t now) = 0;
    /// Leases up to limit due pending rows of topic, ordered by (deliver_at, id) in the picker
    /// (a MATERIALIZED CTE that stops at the LIMIT; PostgreSQL adds FOR UPDATE SKIP LOCKED).
    virtual QFuture<std::vector<QueueRow>> dequeue(std::string topic,
                                                   std::int64_t now,
                                                   std::int64_t limit,
                                                   std::int64_t lockedUntil,
                                                   std::string token)
        = 0;
    /// Deletes the leased row, or marks it done when retain. False for a stale token.
    virtual QFuture<bool> ack(std::int64_t id, std::string token, std::int64_t now, bool retain)
        = 0;
    virtual QFuture<std::optional<LeaseRow>> getLease(std::int64_t id, std::string token) = 0;
    /// retryAt set: pending again at retryAt; nullopt: dead (finished_at = now). Stores error.
    virtual QFuture<bool> nack(std::int64_t id,
                               std::string token,
                               std::int64_t now,
                               std::optional<std::int64_t> retryAt,
                               std::optional<std::string> error)
        = 0;
    virtual QFuture<bool> extendLease(std::int64_t id, std::string token, std::int64_t lockedUntil)
        = 0;
    /// Expired leases on their last attempt -> dead, last_error 'lease expired'.
    virtual QFuture<std::int64_t> expireLeases(std::int64_t now) = 0;
    /// Deletes done rows finished at or before doneBefore, and dead ones at or before deadBefore
    /// when given.
    virtual QFuture<std::int64_t> purgeFinished(std::int64_t doneBefore,
                                                std::optional<std::int64_t> deadBefore)
        = 0;
    virtual QFuture<std::vector<QueueRow>>
    listDead(std::string topic, std::int64_t limit, std::int64_t afterId) = 0;
    virtual QFuture<std::int64_t>
    retryDead(std::string topic, std::optional<std::int64_t> id, std::int64_t now) = 0;
    virtual QFuture<std::int64_t> deleteDead(std::string topic, std::optional<std::int64_t> id) = 0;
    /// Not in the reference (dashboards, bulk triage): retryDead() of each of ids (at most 1000)
    /// that is a dead message of topic, in one statement; returns how many. The default fails
    /// with Error "kvs: this adapter has no retryDeadIds()".
    virtual QFuture<std::int64_t>
    retryDeadIds(std::string topic, std::vector<std::int64_t> ids, std::int64_t now);
    /// Not in the reference: deletes each of ids (at most 1000) that is a message of topic, of
    /// any status, or dead only when deadOnly; returns how many. The default fails with Error
    /// "kvs: this adapter has no deleteMessages()".
    virtual QFuture<std::int64_t>
    deleteMessages(std::string topic, std::vector<std::int64_t> ids, bool deadOnly);
    virtual QFuture<std::vector<QueueStats>> queueStats(std::optional<std::string> topic,
                                                        std::int64_t now)
        = 0;
    /// Not in the reference: a read-only page of a topic's messages of one status, by id
    /// (KVStore::peek()).
    virtual QFuture<std::vector<QueueRow>> peek(std::string topic,
                                                PeekStatus status,
                                                std::int64_t afterId,
                                                std::int64_t limit,
                                                std::int64_t now)
        = 0;
    /// Not in the reference (dashboards): queueStats() as it would read after the expired leases
    /// were settled, without writing (ExpiredLeases::Project): a processing message whose
    /// lease ended at or before now counts as dead on its last attempt, as pending (due)
    /// otherwise; QueueStats::leasesEnding counts the leases ending after now and at or before
    /// leasesEndingBy (>= now). The default fails with Error
    /// "kvs: this adapter has no queueStatsProjected()".
    virtual QFuture<std::vector<QueueStats>> queueStatsProjected(std::optional<std::string> topic,
                                                                 std::int64_t now,
                                                                 std::int64_t leasesEndingBy);
    /// Not in the reference (dashboards): a page by id of topic's processing messages whose
    /// lease ended at or before now, on their last attempt (attempts >= max_attempts) or not;
    /// nothing is written. The default fails with Error
    /// "kvs: this adapter has no peekExpiredLeases()".
    virtual QFuture<std::vector<QueueRow>> peekExpiredLeases(std::string topic,
                                                             bool lastAttempt,
                                                             std::int64_t afterId,
                                                             std::int64_t limit,
                                                             std::int64_t now);
    /// Not in the reference (dashboards): the highest id the queue has handed out (its
    /// AUTOINCREMENT counter or sequence, at least max(id); 0 before the first enqueue); a
    /// read. The default fails with Error "kvs: this adapter has no queueLastId()".
    virtual QFuture<std::int64_t> queueLastId();

    /// Deletes all rows of kv and queue (prefix-aware); keeps meta and the version counter.
    virtual QFuture<void> reset() = 0;

    /// Runs work in one transaction on one connection of the adapter's, on a thread of the
    /// adapter's. work gets the transaction's adapter, whose calls run on that connection and
    /// return futures that are finished when they return (call result() on them). The
    /// transaction commits when work returns and rolls back when it throws; the returned
    /// future carries the exception then. Requires: work never calls this adapter itself, only
    /// tx (the outer adapter waits for the transaction: gotcha 18).
    virtual QFuture<void> transaction(std::function<void(SqlAdapter &tx)> work) = 0;
    /// Not in the reference: runs work with one connection of the adapter's to itself, outside
    /// any transaction, on a thread of the adapter's: work gets an adapter whose calls run at
    /// once on that connection and return finished futures (as transaction()'s does). The
    /// stores run their operations of several statements this way (a nack reads the lease, then
    /// writes), so each is written once for KVStore and AsyncKVStore, and costs one trip to the
    /// adapter's thread. The returned future carries what work throws. The default, for an
    /// adapter of the user's, runs work(*this) on a thread of kvs's own pool, which waits there
    /// for each call's future. Requires: as transaction().
    virtual QFuture<void> session(std::function<void(SqlAdapter &s)> work);

    /// Optional, on the transaction's adapter of a backend that runs transactions concurrently
    /// (reference gotcha 17); supportsRowLocks() says whether they exist. lockKeys takes
    /// per-key locks held until the transaction ends; getVersionForUpdate reads a version and
    /// locks the row; insertIfAbsent inserts only when no live row exists (nullopt otherwise).
    virtual bool supportsRowLocks() const { return false; }
    virtual QFuture<void> lockKeys(std::vector<std::string> keys);
    virtual QFuture<std::optional<std::int64_t>> getVersionForUpdate(std::string key,
                                                                     std::int64_t now);
    virtual QFuture<std::optional<std::int64_t>>
    insertIfAbsent(std::string key,
                   std::string value,
                   std::optional<std::int64_t> expiresAt,
                   std::int64_t now,
                   std::int64_t version);

    /// Closes the connections; later calls fail with ClosedError.
    virtual QFuture<void> close() = 0;
    /// Runs sql as is (table names depend on tablePrefix and schema).
    virtual QFuture<void> raw(std::string sql) = 0;

    /// "sqlite" or "postgres": where the reference's wording differs by backend.
    virtual const char *backendName() const = 0;
};

/// The entry of a read row (nullopt for none): entryKey, the row's value decoded (decodeValue's
/// Error for bytes that are not a value), version and expiry.
std::optional<Entry> entryOf(Key entryKey, std::optional<KvRow> row);

} // namespace kvs
