#pragma once

#include <kvs/atomic_operation.h>
#include <kvs/key_tree.h>
#include <kvs/kvstore_options.h>
#include <kvs/queue_listener.h>
#include <kvs/types.h>
#include <kvs/watch.h>

#include <QFuture>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kvs {

/// The sync store on SQLite (the reference's KVStore). Every call blocks until SQLite answers, so
/// a GUI uses it from a worker thread only (or uses AsyncKVStore).
///
/// Thread rule: safe from any thread; calls are serialized by an internal lock. Besides the
/// caller's threads a store runs one background thread of its own (created on first need): it
/// carries the 60 s maintenance timer, the 1 s queue poll, lease renewal and the queue
/// listeners' dispatch; listener handlers run on each listener's own thread pool. Watch
/// callbacks run on the thread that committed, after the commit and outside the lock (see
/// watch()). No timer keeps a process alive: close() and the destructor stop them at once.
///
/// Errors: validation errors are TypeError / RangeError with the reference's messages, thrown
/// before anything is written; engine failures are DatabaseError (BusyError when locked past
/// busy_timeout); ReadOnlyError for a write on a read-only open; ClosedError after close().
class KVStore
{
public:
    /// Opens or creates the SQLite database at path (":memory:" for a private in-memory one),
    /// sets the pragmas and migrates the schema in one BEGIN IMMEDIATE (see the reference's
    /// "Schema versions"). Throws TypeError / RangeError for invalid options,
    /// SchemaTooNewError "kvs: the database schema is version N, newer than this kvs release
    /// supports (3). Upgrade @coderbuzz/kvs" (the file left untouched), ForeignTableError for a
    /// table of the same name that is not a kvs table, SchemaOutdatedError when options.migrate
    /// is false and the schema is older, NotKvsDatabaseError for a read-only open of a file
    /// without kvs tables, DatabaseError when SQLite cannot open the file.
    explicit KVStore(const std::string &path = "kv.db", const KVStoreOptions &options = {});
    ~KVStore();
    KVStore(const KVStore &) = delete;
    KVStore &operator=(const KVStore &) = delete;

    /// The live entry at key, or nullopt when missing or expired.
    [[nodiscard]] std::optional<Entry> get(const Key &key);
    /// One slot per key, in input order, read in one snapshot. At most 1000 keys: RangeError
    /// "kvs: getMany() reads at most 1000 keys, got N". Every key is checked before any read.
    [[nodiscard]] std::vector<std::optional<Entry>> getMany(const std::vector<Key> &keys);
    /// Writes value at key with a new versionstamp. ttl must be finite >= 0 (RangeError).
    CommitResult set(const Key &key, const Value &value, const SetOptions &options = {});
    /// Deletes key (the reference's delete(); `delete` is a C++ keyword).
    void remove(const Key &key);
    /// Adds delta (finite, default 1) to the number at key and returns the new value; a missing
    /// or expired key starts at delta with no TTL, a live one keeps its TTL. TypeError
    /// "kvs: increment() needs a number, but the key holds <kind>" for a non-number.
    double increment(const Key &key, double delta = 1);
    /// Reads a page of live entries by prefix and/or range (see the reference's list()).
    [[nodiscard]] ListResult list(const ListSelector &selector, const ListOptions &options = {});
    /// A version-checked transaction builder bound to this store. Requires: the store outlives it.
    [[nodiscard]] AtomicOperation atomic();

    /// Not in the reference (kvs/key_tree.h): AsyncKVStore::listChildren's page, read here.
    [[nodiscard]] ChildrenPage listChildren(const ChildrenSelector &selector,
                                            const ChildrenOptions &options = {});
    /// Not in the reference (kvs/key_tree.h): the row stored at the encoded key, expired or not.
    [[nodiscard]] std::optional<RawEntry> inspect(const std::string &encodedKey);
    /// Not in the reference: deletes the row stored at the encoded key, whose bytes need not
    /// decode (a row inspect() shows; a key a JavaScript writer stored with bytes that print as
    /// another key). Watchers of it get a tombstone. RangeError over maxKeySize.
    void removeRaw(const std::string &encodedKey);

    // Queue v2 (reference "Queue model (0.4)"). Messages are at-least-once: a lease that expires
    // before acknowledge() is redelivered, and the late acknowledge() then returns false. The
    // message-taking calls (acknowledge, nack, extendLease) throw TypeError
    // "kvs: <op>() needs an integer message id, got X" for an id that is not an integer and
    // TypeError "kvs: <op>() needs the message's lease token" for an empty token. Every call
    // below except peek(), queueStats() and listDead() throws ReadOnlyError on a read-only
    // store; those two then read without their lease expiry (a write), so a lease that expired
    // on its last attempt still counts as processing there.

    /// Adds a message: pending, due at now + options.delay. Returns { ok: true, id }. RangeError
    /// "kvs: enqueue() delay must be a finite number, got X" and "kvs: enqueue() maxAttempts must
    /// be an integer from 1 to 9007199254740991, got X"; TypeError for a payload kvs cannot store.
    EnqueueResult enqueue(const Value &payload, const QueueOptions &options = {});
    /// Leases up to limit due pending messages of topic (FIFO by deliver_at, ties by id), all
    /// under one new lease token, for visibilityTimeout ms. At most once a second it first
    /// returns expired leases with attempts left to pending (every topic). Limit is capped at
    /// 1000. RangeError "kvs: dequeue() limit must be an integer >= 1, got X" and
    /// "kvs: dequeue() visibilityTimeout must be a finite number > 0, got X".
    [[nodiscard]] std::vector<QueueMessage> dequeue(const std::string &topic = "default",
                                                    double limit = 1,
                                                    const DequeueOptions &options = {});
    /// Finishes a delivery: deletes the message (doneRetention 0) or marks it done. Returns false
    /// when the message is not leased under token any more.
    bool acknowledge(double id, const std::string &token);
    /// Fails a delivery: on its last attempt the message goes dead, otherwise pending again at
    /// now + (options.delay or the backoff of its attempts). options.error is stored as
    /// last_error, truncated to 2000 UTF-16 code units. Returns false for a stale token.
    /// RangeError "kvs: nack() delay must be a finite number >= 0, got X", and
    /// "kvs: queue.backoff(N) must return a finite number >= 0, got X" for a backoff function.
    bool nack(double id, const std::string &token, const NackOptions &options = {});
    /// Moves the lease end to now + visibilityTimeout (default queue.visibilityTimeout); 0
    /// releases the message at once, and this store's next dequeue() reclaims it. Returns false
    /// for a stale token. RangeError "kvs: extendLease() visibilityTimeout must be a finite
    /// number >= 0, got X".
    bool extendLease(double id,
                     const std::string &token,
                     std::optional<double> visibilityTimeout = std::nullopt);
    /// Dead messages of topic with id > options.after, by id. First dead-letters leases that
    /// expired on their last attempt (last_error "lease expired"), unless
    /// options.expiredLeases is Project (see ExpiredLeases: then it never writes). RangeError
    /// "kvs: listDead() limit must be an integer >= 1, got X" and "kvs: listDead() after must be
    /// an integer >= 0, got X".
    [[nodiscard]] std::vector<QueueDeadMessage> listDead(const std::string &topic = "default",
                                                         const ListDeadOptions &options = {});
    /// Returns one dead message of topic (id), or all of them, to pending with attempts 0, due
    /// now; last_error is kept. Returns the number of messages. TypeError
    /// "kvs: retryDead() needs an integer message id, got X".
    std::int64_t retryDead(const std::string &topic = "default",
                           std::optional<double> id = std::nullopt);
    /// Deletes one dead message of topic (id), or all of them; returns how many.
    std::int64_t deleteDead(const std::string &topic = "default",
                            std::optional<double> id = std::nullopt);
    /// One entry per topic that has messages, ordered by topic; for a named topic without
    /// messages one all-zero entry. First dead-letters expired last-attempt leases, unless
    /// options.expiredLeases is Project (see ExpiredLeases: then it never writes).
    [[nodiscard]] std::vector<QueueStats> queueStats(const std::optional<std::string> &topic
                                                     = std::nullopt,
                                                     const QueueStatsOptions &options = {});
    /// Maintenance: dead-letters expired last-attempt leases, deletes done messages older than
    /// doneRetention and dead ones older than deadRetention (when finite). Returns rows changed.
    std::int64_t cleanQueue();
    /// Not in the reference (dashboards): the highest message id the queue has handed out, of
    /// any topic (its AUTOINCREMENT counter; 0 before the first enqueue). No delete lowers it,
    /// so its growth over time is the enqueue rate. Never writes; works on a read-only store.
    [[nodiscard]] std::int64_t queueLastId();
    /// Read-only look at a topic for dashboards: a page of its messages of options.status, by
    /// id, without leasing or changing anything. Works on a read-only store. With
    /// options.expiredLeases Project, expired leases show as due (Pending) or dead (not listed
    /// here: see listDead()) instead of Processing. RangeError
    /// "kvs: peek() limit must be an integer >= 1, got X" (capped at 1000).
    [[nodiscard]] std::vector<QueuePeekMessage> peek(const std::string &topic,
                                                     const PeekOptions &options = {});
    // Operator actions on many messages, not in the reference (dashboards, `kvs queue`). Each
    // takes at most 1000 ids (RangeError "kvs: OP takes at most 1000 ids, got N"; TypeError
    // "kvs: OP needs an integer message id, got X") and runs as one statement; ids that are not
    // (or no longer) messages of topic in the status named are skipped. Return how many changed.
    /// retryDead() of each of ids: pending again, due now, attempts 0.
    std::int64_t retryDeadMessages(const std::string &topic, const std::vector<double> &ids);
    /// deleteDead() of each of ids.
    std::int64_t deleteDeadMessages(const std::string &topic, const std::vector<double> &ids);
    /// Deletes each of ids, whatever its status (a leased one's acknowledge() then fails).
    std::int64_t deleteMessages(const std::string &topic, const std::vector<double> &ids);
    /// In one transaction: deletes dead message id of options.topic and enqueues payload in its
    /// place; nothing is written when it is gone (nullopt) or no longer dead (MessageNotDeadError,
    /// kvs/queue_errors.h). Expired last-attempt leases count as dead. Validates as enqueue().
    std::optional<EnqueueResult>
    moveMessage(double id, const Value &payload, const QueueOptions &options = {});

    /// Deletes expired entries; returns how many. Each deleted key is a null tombstone for its
    /// watchers.
    std::int64_t cleanExpired();
    /// Deletes all data of the kv and queue tables (meta and the versionstamp counter stay).
    /// Watchers stay registered; every watched key gets a null tombstone in one batch with
    /// event.reset set. Listeners stay registered.
    void reset();
    /// Stops the timers, cancels every watcher and listener (without waiting for running
    /// handlers), and closes the database. No callback or timer starts after it returns (a watch
    /// callback running on another thread is waited for). Later calls throw ClosedError
    /// "kvs: the store is closed". Safe to call twice.
    void close();

    /// Calls callback at once (event.initial) with the current entries of keys, then once per
    /// committed batch that changes any of them: set, delete of an existing key, increment,
    /// atomic() commits (repeated keys collapse to their final state), getAsync() fills, expiry
    /// cleanup (null tombstones) and reset(). Entries of changed keys come from the bytes the
    /// commit wrote, never re-read; unchanged keys of the watcher are read once per batch and
    /// shared. Callbacks run one at a time in commit order: on the committing thread when it is
    /// the only one, and a callback that writes to this store sees its own batch delivered after
    /// it returns (not nested). Works on a read-only store (only the initial call then, as no
    /// commit happens here). RangeError / TypeError for a key kvs refuses; ClosedError.
    WatchHandle watch(std::vector<Key> keys, WatchCallback callback);
    [[nodiscard]] WatchDiagnostics getWatchDiagnostics() const;

    /// Starts a listener of topic (reference "addQueueListener" and "Queue dispatch internals"):
    /// handlers run on the listener's pool, up to options.concurrency at once; the listener wakes
    /// on this store's enqueues of a due message, retryDead(), a finished handler, and a 1 s poll
    /// (delayed messages, reclaimed leases, other processes' enqueues). With autoAck the lease is
    /// renewed every visibilityTimeout / 2 (at least every 10 ms) while the handler runs.
    /// RangeError for concurrency or visibilityTimeout (see QueueListenerOptions), ReadOnlyError
    /// on a read-only store, ClosedError.
    QueueListenerHandle addQueueListener(const std::string &topic,
                                         QueueHandler handler,
                                         const QueueListenerOptions &options = {});
    [[nodiscard]] QueueDiagnostics getQueueDiagnostics() const;

    /// Cache-with-compute: the live value at key, or else compute()'s result, stored with ttl
    /// (ms; none: no expiry) and returned. Concurrent callers of one key (by its encoded bytes)
    /// share one compute() (in-process singleflight). compute runs on a thread of the store's
    /// own pool, never on the caller's. Never throws: every failure (RangeError for ttl, a key
    /// kvs refuses, compute()'s exception, ClosedError) fails the future, and nothing is stored.
    [[nodiscard]] QFuture<Value>
    getAsync(const Key &key, std::function<Value()> compute, std::optional<double> ttl = {});

    bool isReadOnly() const noexcept;
    bool isClosed() const noexcept;
    /// The schema version found at open (kSchemaVersion after a migration; 0 for a new file).
    long long schemaVersion() const noexcept;
    const std::string &path() const noexcept;
    const KVStoreOptions &options() const noexcept;

private:
    friend class AtomicOperation;
    struct State;
    CommitResult commit(const std::vector<Check> &checks, const std::vector<Mutation> &mutations);

    std::unique_ptr<State> m_state; // Owned.
};

} // namespace kvs
