#pragma once

#include <kvs/atomic_operation.h>
#include <kvs/clock.h>
#include <kvs/key_tree.h>
#include <kvs/queue_listener.h>
#include <kvs/sql_adapter.h>
#include <kvs/types.h>
#include <kvs/watch.h>

#include <QFuture>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kvs {

class AsyncAtomicOperation;

/// Whether a connection string names a PostgreSQL server: a "postgres://" or "postgresql://"
/// URL, or libpq's key=value form (kvs::isPostgresConnection in kvs/connection_string.h): the
/// one rule AsyncKVStore, ChangeFeed and the CLI choose their backend by.
[[nodiscard]] bool isPostgresUrl(std::string_view connection) noexcept;

/// Settings of AsyncKVStore (the reference's AsyncKVStoreSettings, plus the read-only open and
/// the consent to migrate that an inspector needs). Unset fields take the backend's defaults.
struct AsyncKVStoreSettings
{
    std::optional<std::string> tablePrefix; // both backends; not with an adapter
    std::optional<std::string> schema;      // PostgreSQL only; not with an adapter
    std::optional<std::string> durability;  // SQLite only ("normal" | "full"); not with an adapter
    QueueConfig queue;
    long long maxKeySize = 2048;
    bool readOnly = false; // connection strings only: the adapter opens read-only
    bool migrate = true;   // connection strings only: false refuses an older schema
    /// PostgreSQL connection strings only: how long a call may wait for the server before it is
    /// cancelled and fails with ConnectionError (Timeout); zero: no deadline (the default). The
    /// connection string's timeout_ms parameter wins.
    std::chrono::milliseconds callTimeout{0};
    /// The maintenance timer's period (the reference's 60 s); zero turns it off.
    std::chrono::milliseconds maintenanceInterval{60000};
    /// The time the store reads and its timers run on (kvs/clock.h); null: the system's.
    std::shared_ptr<Clock> clock;
};

/// The async store (the reference's AsyncKVStore) on any SqlAdapter: SQLite (SQLiteAsyncAdapter)
/// or PostgreSQL (PostgresAdapter), chosen by the connection string. Every call returns at once
/// with a QFuture and never blocks its caller, so the GUI thread may call it; consume results with
/// future.then(context, ...) or a QFutureWatcher. Failures, validation errors included, arrive in
/// the future (QFuture::result() rethrows them) with the reference's kinds and messages.
///
/// The schema is migrated lazily by the first call (the reference's ensureInit()); a failed
/// migration fails that call and the next call tries again. The maintenance timer starts after
/// it. watch(), addQueueListener() and getAsync() behave as on KVStore; watch callbacks run on
/// the store's own background thread, one at a time in the order writes completed.
///
/// Thread rule: safe from any thread.
class AsyncKVStore
{
public:
    /// "postgres://..." or "postgresql://..." opens PostgreSQL (pool size as the URL's pool_max
    /// parameter); anything else SQLite: "sqlite://PATH", "file://PATH", ":memory:" or a plain
    /// path (unlike the reference's runtime, a plain path is a file, not a PostgreSQL URL).
    /// TypeError "kvs: schema is a PostgreSQL setting; this store is SQLite" and
    /// "kvs: durability is a SQLite setting; PostgreSQL's synchronous_commit decides", and the
    /// option errors of KVStore. Opens nothing yet.
    explicit AsyncKVStore(const std::string &connection, AsyncKVStoreSettings settings = {});
    /// A store on an adapter of the caller's. TypeError "kvs: with an adapter, set tablePrefix
    /// on the adapter" (likewise schema, durability).
    explicit AsyncKVStore(std::shared_ptr<SqlAdapter> adapter, AsyncKVStoreSettings settings = {});
    /// Closes the store if needed and waits for its background work and the calls in flight to
    /// end (their continuations hold the store's state). Requires: not called from inside a
    /// continuation of one of its own futures.
    ~AsyncKVStore();
    AsyncKVStore(const AsyncKVStore &) = delete;
    AsyncKVStore &operator=(const AsyncKVStore &) = delete;

    [[nodiscard]] QFuture<std::optional<Entry>> get(const Key &key);
    [[nodiscard]] QFuture<std::vector<std::optional<Entry>>> getMany(const std::vector<Key> &keys);
    QFuture<CommitResult> set(const Key &key, const Value &value, const SetOptions &options = {});
    QFuture<void> remove(const Key &key);
    QFuture<double> increment(const Key &key, double delta = 1);
    [[nodiscard]] QFuture<ListResult> list(const ListSelector &selector,
                                           const ListOptions &options = {});
    [[nodiscard]] AsyncAtomicOperation atomic();

    /// Not in the reference (kvs/key_tree.h): a page of the distinct next key parts under
    /// selector.prefix, found by skip-scan (one index seek per child, so the cost grows with the
    /// number of children, not of keys). RangeError "kvs: listChildren() limit must be an integer
    /// >= 1, got X", RangeError "kvs: list cursor is outside the selector range", the key size
    /// limits. Works on a read-only store.
    [[nodiscard]] QFuture<ChildrenPage> listChildren(const ChildrenSelector &selector,
                                                     const ChildrenOptions &options = {});
    /// Not in the reference (kvs/key_tree.h): the row stored at the encoded key, expired or not
    /// (nullopt when there is none). The key need not decode. Works on a read-only store.
    [[nodiscard]] QFuture<std::optional<RawEntry>> inspect(const std::string &encodedKey);
    /// Not in the reference: KVStore::removeRaw().
    QFuture<void> removeRaw(const std::string &encodedKey);

    QFuture<EnqueueResult> enqueue(const Value &payload, const QueueOptions &options = {});
    [[nodiscard]] QFuture<std::vector<QueueMessage>> dequeue(const std::string &topic = "default",
                                                             double limit = 1,
                                                             const DequeueOptions &options = {});
    QFuture<bool> acknowledge(double id, const std::string &token);
    QFuture<bool> nack(double id, const std::string &token, const NackOptions &options = {});
    QFuture<bool> extendLease(double id,
                              const std::string &token,
                              std::optional<double> visibilityTimeout = std::nullopt);
    [[nodiscard]] QFuture<std::vector<QueueDeadMessage>>
    listDead(const std::string &topic = "default", const ListDeadOptions &options = {});
    QFuture<std::int64_t> retryDead(const std::string &topic = "default",
                                    std::optional<double> id = std::nullopt);
    QFuture<std::int64_t> deleteDead(const std::string &topic = "default",
                                     std::optional<double> id = std::nullopt);
    [[nodiscard]] QFuture<std::vector<QueueStats>>
    queueStats(const std::optional<std::string> &topic = std::nullopt,
               const QueueStatsOptions &options = {});
    QFuture<std::int64_t> cleanQueue();
    [[nodiscard]] QFuture<std::int64_t> queueLastId();
    [[nodiscard]] QFuture<std::vector<QueuePeekMessage>> peek(const std::string &topic,
                                                              const PeekOptions &options = {});
    // Operator actions, as KVStore's (see there).
    QFuture<std::int64_t> retryDeadMessages(const std::string &topic,
                                            const std::vector<double> &ids);
    QFuture<std::int64_t> deleteDeadMessages(const std::string &topic,
                                             const std::vector<double> &ids);
    QFuture<std::int64_t> deleteMessages(const std::string &topic, const std::vector<double> &ids);
    QFuture<std::optional<EnqueueResult>>
    moveMessage(double id, const Value &payload, const QueueOptions &options = {});

    QFuture<std::int64_t> cleanExpired();
    QFuture<void> reset();
    /// Stops the timers, cancels watchers and listeners, and closes the adapter. Later calls
    /// fail with ClosedError "kvs: the store is closed".
    QFuture<void> close();

    WatchHandle watch(std::vector<Key> keys, WatchCallback callback);
    [[nodiscard]] WatchDiagnostics getWatchDiagnostics() const;
    QueueListenerHandle addQueueListener(const std::string &topic,
                                         QueueHandler handler,
                                         const QueueListenerOptions &options = {});
    [[nodiscard]] QueueDiagnostics getQueueDiagnostics() const;
    [[nodiscard]] QFuture<Value>
    getAsync(const Key &key, std::function<Value()> compute, std::optional<double> ttl = {});

    /// The adapter the store runs on.
    SqlAdapter &adapter() const noexcept;
    bool isReadOnly() const noexcept;
    /// The schema version the store's first operation found (it runs the migration or, read-only,
    /// the check): kSchemaVersion once migrated; read-only, the tables' own version, so a reader
    /// can say the database is older without changing it. 0 until an operation has succeeded.
    long long schemaVersion() const noexcept;

private:
    friend class AsyncAtomicOperation;

    struct State;
    QFuture<CommitResult> commit(const std::vector<Check> &checks,
                                 const std::vector<Mutation> &mutations);

    std::shared_ptr<State> m_state;
};

/// The builder of AsyncKVStore::atomic() (the reference's AsyncAtomicOperation): the same as
/// AtomicOperation, with commit() returning a future. Thread rule: one thread at a time.
class AsyncAtomicOperation
{
public:
    AsyncAtomicOperation &check(Check check);
    AsyncAtomicOperation &set(Key key, Value value, SetOptions options = {});
    AsyncAtomicOperation &remove(Key key);
    AsyncAtomicOperation &sum(Key key, double delta);
    AsyncAtomicOperation &enqueue(Value payload, QueueOptions options = {});
    /// As AtomicOperation::commit(), in one adapter transaction; on PostgreSQL the keys are
    /// locked first (advisory locks in ascending order) and checks read with FOR UPDATE.
    QFuture<CommitResult> commit();

private:
    friend class AsyncKVStore;
    explicit AsyncAtomicOperation(AsyncKVStore *store);

    AsyncKVStore *m_store; // Not owned.
    std::vector<Check> m_checks;
    std::vector<Mutation> m_mutations;
    bool m_committed = false;
};

} // namespace kvs
