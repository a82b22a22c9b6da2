#include "runtime/clock.h"
#include "store/async_kvstore_state.h"
#include "store/list_range.h"
#include "store/validation.h"

#include <kvs/postgres_adapter.h>
#include <kvs/sqlite_async_adapter.h>
#include <kvs/value_codec.h>

#include <unordered_map>

namespace kvs {

bool isPostgresUrl(std::string_view connection) noexcept
{
    return connection.starts_with("postgres://") || connection.starts_with("postgresql://");
}

namespace {

constexpr std::size_t kMaxGetMany = 1000;
constexpr int kComputeThreads = 8;

// The listeners' queue calls, made on the store's background threads: waiting there for the
// adapter is what those threads are for (never a caller's thread).
class AsyncQueueBackend : public detail::QueueBackend
{
public:
    explicit AsyncQueueBackend(AsyncKVStore &store)
        : m_store(store)
    {}
    std::vector<QueueMessage>
    dequeue(const std::string &topic, int limit, double visibilityTimeout) override
    {
        return m_store.dequeue(topic, limit, DequeueOptions{visibilityTimeout}).result();
    }
    bool acknowledge(std::int64_t id, const std::string &token) override
    {
        return m_store.acknowledge(static_cast<double>(id), token).result();
    }
    bool nack(std::int64_t id, const std::string &token, const NackOptions &options) override
    {
        return m_store.nack(static_cast<double>(id), token, options).result();
    }
    bool extendLease(std::int64_t id, const std::string &token, double visibility) override
    {
        return m_store.extendLease(static_cast<double>(id), token, visibility).result();
    }

private:
    AsyncKVStore &m_store;
};

std::shared_ptr<SqlAdapter> adapterFor(const std::string &connection,
                                       const AsyncKVStoreSettings &settings)
{
    if (isPostgresUrl(connection)) {
        if (settings.durability) {
            throw TypeError("kvs: durability is a SQLite setting; PostgreSQL's synchronous_commit "
                            "decides");
        }
        PostgresAdapterOptions options;
        options.tablePrefix = settings.tablePrefix.value_or("");
        options.schema = settings.schema.value_or("");
        options.readOnly = settings.readOnly;
        options.migrate = settings.migrate;
        return std::make_shared<PostgresAdapter>(connection, options);
    }
    if (settings.schema)
        throw TypeError("kvs: schema is a PostgreSQL setting; this store is SQLite");
    SQLiteAdapterOptions options;
    options.tablePrefix = settings.tablePrefix.value_or("");
    options.durability = settings.durability.value_or("normal");
    options.readOnly = settings.readOnly;
    options.migrate = settings.migrate;
    detail::validateTablePrefix(options.tablePrefix);
    detail::validateDurability(options.durability);
    return std::make_shared<SQLiteAsyncAdapter>(connection, options);
}

const AsyncKVStoreSettings &checkedForAdapter(const AsyncKVStoreSettings &settings)
{
    for (const auto &[name, set] : {std::pair{"tablePrefix", settings.tablePrefix.has_value()},
                                    std::pair{"schema", settings.schema.has_value()},
                                    std::pair{"durability", settings.durability.has_value()}}) {
        if (set) {
            throw TypeError(std::string("kvs: with an adapter, set ") + name
                            + " on the adapter, not in the store's settings");
        }
    }
    return settings;
}

} // namespace

AsyncKVStore::State::State(AsyncKVStore &owner,
                           std::shared_ptr<SqlAdapter> adapter,
                           AsyncKVStoreSettings settings,
                           bool readOnly)
    : owner(owner)
    , adapter(std::move(adapter))
    , settings(std::move(settings))
    , readOnly(readOnly)
    , watch(std::make_shared<detail::WatchHub>(
          [&owner](const std::vector<Key> &keys) { return owner.getMany(keys).result(); }))
    , queueBackend(std::make_unique<AsyncQueueBackend>(owner))
    , queue(std::make_unique<detail::QueueDispatch>(
          *queueBackend, dispatcher, this->settings.queue.visibilityTimeout))
{
    detail::validateMaxKeySize(this->settings.maxKeySize);
    validateQueueConfig(this->settings.queue);
    computePool.setMaxThreadCount(kComputeThreads);
}

std::string AsyncKVStore::State::encodeChecked(const Key &key) const
{
    std::string encoded = encodeKey(key);
    checkKeySize(encoded.size(), settings.maxKeySize);
    return encoded;
}

void AsyncKVStore::State::requireOpen() const
{
    if (closed.load())
        throw ClosedError("kvs: the store is closed");
}

void AsyncKVStore::State::requireWritable(const char *operation) const
{
    requireOpen();
    if (readOnly) {
        throw ReadOnlyError(std::string("kvs: the store is open read-only; ") + operation
                            + " needs write access");
    }
}

QFuture<void> AsyncKVStore::State::ensureInit()
{
    auto waiter = std::make_shared<QPromise<void>>();
    waiter->start();
    QFuture<void> ready = waiter->future();
    std::lock_guard lock(initMutex);
    if (this->ready.load()) {
        kvs::finish(*waiter);
        return ready;
    }
    initWaiters.push_back(std::move(waiter));
    if (migrating)
        return ready;
    migrating = true;
    adapter->migrate().then(
        QtFuture::Launch::Sync, [self = shared_from_this()](QFuture<void> done) {
            std::exception_ptr failure;
            try {
                done.waitForFinished(); // rethrows the migration's failure
            } catch (...) {
                failure = std::current_exception();
            }
            std::vector<std::shared_ptr<QPromise<void>>> waiters;
            {
                std::lock_guard lock(self->initMutex);
                waiters.swap(self->initWaiters);
                self->migrating = false; // a failure is not cached: the next call migrates again
                if (!failure)
                    self->ready.store(true, std::memory_order_release);
            }
            if (!failure)
                self->startMaintenance();
            for (const auto &waiter : waiters) {
                if (failure)
                    waiter->setException(failure);
                kvs::finish(*waiter);
            }
        });
    return ready;
}

void AsyncKVStore::State::startMaintenance()
{
    // The reference starts the 60 s timer after the first operation ran migrate().
    {
        std::lock_guard lock(initMutex);
        if (maintenanceStarted || readOnly || settings.maintenanceInterval.count() <= 0)
            return;
        maintenanceStarted = true;
    }
    std::weak_ptr<State> weak = weak_from_this();
    dispatcher.startTimer(settings.maintenanceInterval, [weak] {
        if (const auto self = weak.lock())
            self->runMaintenance();
    });
}

void AsyncKVStore::State::runMaintenance()
{
    // On the background thread, through the store's own calls (the same tombstones and
    // retention rules a caller gets): TTL cleanup, then queue maintenance. Errors are counted in
    // the watch diagnostics, never thrown.
    try {
        owner.cleanExpired().waitForFinished();
        owner.cleanQueue().waitForFinished();
    } catch (...) {
        watch->countDispatchError();
    }
}

void AsyncKVStore::State::publish(detail::CommittedChanges changes)
{
    if (changes.empty())
        return;
    if (!watch->hasWatchers()) {
        watch->countBatch();
        return;
    }
    watch->record(std::move(changes));
    dispatcher.post([hub = watch] { hub->deliver(); });
}

AsyncKVStore::AsyncKVStore(const std::string &connection, AsyncKVStoreSettings settings)
{
    std::shared_ptr<SqlAdapter> adapter = adapterFor(connection, settings);
    const bool readOnly = settings.readOnly;
    m_state = std::make_shared<State>(*this, std::move(adapter), std::move(settings), readOnly);
}

AsyncKVStore::AsyncKVStore(std::shared_ptr<SqlAdapter> adapter, AsyncKVStoreSettings settings)
{
    checkedForAdapter(settings);
    if (!adapter)
        throw TypeError("kvs: AsyncKVStore needs an adapter, got null");
    const bool readOnly = settings.readOnly;
    m_state = std::make_shared<State>(*this, std::move(adapter), std::move(settings), readOnly);
}

AsyncKVStore::~AsyncKVStore()
{
    (void)close();
    m_state->queue->waitForHandlers();
    m_state->computePool.waitForDone();
    // Wait until the adapter has run its queue and closed: then no call's continuation (which
    // holds the state) is left, so the state, and with it the adapter and its threads, goes here
    // on this thread, outside futureLock(). Had the last reference gone in a continuation, the
    // adapter's destructor would join its worker threads inside futureLock() while they wait for
    // it to finish their promises. Requires: not destroyed inside a continuation of its own.
    m_state->adapter->close().waitForFinished();
}

SqlAdapter &AsyncKVStore::adapter() const noexcept
{
    return *m_state->adapter;
}

bool AsyncKVStore::isReadOnly() const noexcept
{
    return m_state->readOnly;
}

long long AsyncKVStore::schemaVersion() const noexcept
{
    return m_state->adapter->schemaVersion();
}

QFuture<std::optional<Entry>> AsyncKVStore::get(const Key &key)
{
    using Result = std::optional<Entry>;
    try {
        m_state->requireOpen();
        std::string encoded = m_state->encodeChecked(key);
        // getEntry attaches no continuation of its own to a kvs future (the default goes
        // through kvs::then), so once the schema is ready the call needs no futureLock().
        if (m_state->ready.load(std::memory_order_acquire))
            return m_state->adapter->getEntry(std::move(encoded), detail::nowMs(), key);
        return m_state->whenReady<Result>(
            [key = Key(key), encoded = std::move(encoded)](SqlAdapter &adapter) mutable {
                return adapter.getEntry(std::move(encoded), detail::nowMs(), std::move(key));
            });
    } catch (...) {
        return detail::failedFuture<Result>(std::current_exception());
    }
}

QFuture<std::vector<std::optional<Entry>>> AsyncKVStore::getMany(const std::vector<Key> &keys)
{
    using Result = std::vector<std::optional<Entry>>;
    try {
        m_state->requireOpen();
        if (keys.size() > kMaxGetMany) {
            throw RangeError("kvs: getMany() reads at most 1000 keys, got "
                             + std::to_string(keys.size()));
        }
        std::vector<std::string> encoded;
        encoded.reserve(keys.size());
        for (const Key &key : keys)
            encoded.push_back(m_state->encodeChecked(key));
        if (keys.empty())
            return detail::readyFuture<Result>({});
        // Deduplicated for the adapter, matched back to the entries by key bytes; a duplicate key
        // gets its own slot and its own decoded copy.
        std::vector<std::string> unique = encoded;
        std::sort(unique.begin(), unique.end());
        unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
        return m_state->whenReady<Result>(
            [keys, encoded, unique = std::move(unique)](SqlAdapter &adapter) mutable {
                return adapter.getMany(std::move(unique), detail::nowMs())
                    .then(QtFuture::Launch::Sync, [keys, encoded](const std::vector<KvRow> &rows) {
                        std::unordered_map<std::string_view, const KvRow *> byKey;
                        for (const KvRow &row : rows)
                            byKey.emplace(row.key, &row);
                        Result entries(keys.size());
                        for (std::size_t i = 0; i < keys.size(); ++i) {
                            const auto it = byKey.find(encoded[i]);
                            if (it != byKey.end()) {
                                const KvRow &row = *it->second;
                                entries[i] = Entry{
                                    keys[i], decodeValue(row.value), row.version, row.expiresAt};
                            }
                        }
                        return entries;
                    });
            });
    } catch (...) {
        return detail::failedFuture<Result>(std::current_exception());
    }
}

QFuture<CommitResult>
AsyncKVStore::set(const Key &key, const Value &value, const SetOptions &options)
{
    try {
        m_state->requireWritable("set()");
        (void)detail::expiryFor(options, 0); // validated now, counted from when the set runs
        std::string encodedKey = m_state->encodeChecked(key);
        std::string encodedValue = encodeValue(value);
        return m_state->whenReady<CommitResult>(
            [state = m_state, encodedKey, encodedValue, options](SqlAdapter &adapter) {
                // The TTL counts from when the write runs, not from a call that waited for the
                // first call's migration.
                const std::optional<std::int64_t> expiresAt
                    = detail::expiryFor(options, detail::nowMs());
                return adapter.set(encodedKey, encodedValue, expiresAt, std::nullopt)
                    .then(QtFuture::Launch::Sync,
                          [state, encodedKey, encodedValue, expiresAt](std::int64_t version) {
                              state->publish({{encodedKey, encodedValue, version, expiresAt}});
                              return CommitResult{true, version};
                          });
            });
    } catch (...) {
        return detail::failedFuture<CommitResult>(std::current_exception());
    }
}

QFuture<void> AsyncKVStore::remove(const Key &key)
{
    try {
        m_state->requireWritable("delete()");
        std::string encoded = m_state->encodeChecked(key);
        return m_state->whenReady<void>([state = m_state, encoded](SqlAdapter &adapter) {
            return adapter.remove(encoded).then(QtFuture::Launch::Sync,
                                                [state, encoded](bool deleted) {
                                                    if (deleted)
                                                        state->publish({{encoded, {}, 0, {}}});
                                                });
        });
    } catch (...) {
        return detail::failedFuture<void>(std::current_exception());
    }
}

QFuture<double> AsyncKVStore::increment(const Key &key, double delta)
{
    try {
        m_state->requireWritable("increment()");
        detail::validateDelta("increment()", delta);
        std::string encoded = m_state->encodeChecked(key);
        return m_state->whenReady<double>([state = m_state, encoded, delta](SqlAdapter &adapter) {
            return adapter.increment(encoded, delta, detail::nowMs(), std::nullopt)
                .then(QtFuture::Launch::Sync, [state, encoded](const IncrementResult &result) {
                    state->publish(
                        {{encoded, encodeValue(Value(result.value)), result.version, {}}});
                    return result.value;
                });
        });
    } catch (...) {
        return detail::failedFuture<double>(std::current_exception());
    }
}

QFuture<ListResult> AsyncKVStore::list(const ListSelector &selector, const ListOptions &options)
{
    try {
        m_state->requireOpen();
        const detail::ListRange range
            = detail::resolveListRange(selector, options, m_state->settings.maxKeySize);
        if (range.empty())
            return detail::readyFuture<ListResult>({});
        return m_state->whenReady<ListResult>([range](SqlAdapter &adapter) {
            const std::int64_t now = detail::nowMs();
            auto rows = range.reverse ? adapter.listDesc(range.lower, range.upper, now, range.limit)
                                      : adapter.listAsc(range.lower, range.upper, now, range.limit);
            return rows.then(QtFuture::Launch::Sync,
                             [limit = range.limit](const std::vector<KvRow> &page) {
                                 ListResult result;
                                 result.entries.reserve(page.size());
                                 for (const KvRow &row : page) {
                                     result.entries.push_back(Entry{decodeKey(row.key),
                                                                    decodeValue(row.value),
                                                                    row.version,
                                                                    row.expiresAt});
                                 }
                                 if (static_cast<int>(page.size()) == limit)
                                     result.cursor = encodeCursor(page.back().key);
                                 return result;
                             });
        });
    } catch (...) {
        return detail::failedFuture<ListResult>(std::current_exception());
    }
}

QFuture<std::int64_t> AsyncKVStore::cleanExpired()
{
    try {
        m_state->requireWritable("cleanExpired()");
        return m_state->whenReady<std::int64_t>([state = m_state](SqlAdapter &adapter) {
            const std::int64_t now = detail::nowMs();
            // Tombstones need the deleted keys (the reference's optional cleanExpiredKeys()).
            if (!adapter.hasCleanExpiredKeys())
                return adapter.cleanExpired(now);
            return adapter.cleanExpiredKeys(now).then(
                QtFuture::Launch::Sync, [state](std::vector<std::string> keys) {
                    detail::CommittedChanges changes;
                    for (auto &key : keys)
                        changes.push_back({std::move(key), std::nullopt, 0, std::nullopt});
                    const auto count = static_cast<std::int64_t>(changes.size());
                    state->publish(std::move(changes));
                    return count;
                });
        });
    } catch (...) {
        return detail::failedFuture<std::int64_t>(std::current_exception());
    }
}

QFuture<void> AsyncKVStore::reset()
{
    try {
        m_state->requireWritable("reset()");
        return m_state->whenReady<void>([state = m_state](SqlAdapter &adapter) {
            return adapter.reset().then(QtFuture::Launch::Sync, [state] {
                if (!state->watch->hasWatchers()) {
                    state->watch->countBatch();
                    return;
                }
                state->watch->recordReset();
                state->dispatcher.post([hub = state->watch] { hub->deliver(); });
            });
        });
    } catch (...) {
        return detail::failedFuture<void>(std::current_exception());
    }
}

QFuture<void> AsyncKVStore::close()
{
    if (m_state->closed.exchange(true))
        return detail::readyFuture();
    m_state->queue->close();
    m_state->watch->close();
    m_state->dispatcher.stop();
    return m_state->adapter->close();
}

WatchHandle AsyncKVStore::watch(std::vector<Key> keys, WatchCallback callback)
{
    m_state->requireOpen();
    std::vector<std::string> encoded;
    encoded.reserve(keys.size());
    for (const Key &key : keys)
        encoded.push_back(m_state->encodeChecked(key));
    // The initial entries are read on the background thread when the initial call is delivered
    // (the reference: "initial snapshot delivered async"); watch() itself never waits.
    WatchHandle handle = m_state->watch->add(
        std::move(keys), std::move(encoded), std::move(callback), std::nullopt);
    m_state->dispatcher.post([hub = m_state->watch] { hub->deliver(); });
    return handle;
}

WatchDiagnostics AsyncKVStore::getWatchDiagnostics() const
{
    return m_state->watch->diagnostics();
}

QueueListenerHandle AsyncKVStore::addQueueListener(const std::string &topic,
                                                   QueueHandler handler,
                                                   const QueueListenerOptions &options)
{
    m_state->requireWritable("addQueueListener()");
    return m_state->queue->add(topic, std::move(handler), options);
}

QueueDiagnostics AsyncKVStore::getQueueDiagnostics() const
{
    return m_state->queue->diagnostics();
}

QFuture<Value>
AsyncKVStore::getAsync(const Key &key, std::function<Value()> compute, std::optional<double> ttl)
{
    try {
        const SetOptions options{ttl};
        (void)detail::expiryFor(options, 0); // a bad ttl fails before compute() runs
        const std::string flight
            = QByteArray::fromStdString(m_state->encodeChecked(key)).toHex().toStdString();
        std::lock_guard futures(futureLock()); // attach safely (kvs/future.h)
        return get(key)
            .then(QtFuture::Launch::Sync,
                  [this, state = m_state, key, compute = std::move(compute), options, flight](
                      const std::optional<Entry> &hit) -> QFuture<Value> {
                      if (hit)
                          return detail::readyFuture<Value>(hit->value);
                      return state->flights.run(flight, [this, state, key, compute, options] {
                          auto promise = std::make_shared<QPromise<Value>>();
                          promise->start();
                          state->computePool.start([this, key, compute, options, promise] {
                              detail::settle(*promise, [&] {
                                  // Read again inside the flight: a caller whose read missed
                                  // just before another flight stored the value would compute
                                  // it a second time (fn runs once for concurrent callers).
                                  if (std::optional<Entry> stored = get(key).result())
                                      return std::move(stored->value);
                                  Value value = compute();
                                  set(key, value, options).waitForFinished();
                                  return value;
                              });
                          });
                          return promise->future();
                      });
                  })
            .unwrap();
    } catch (...) {
        return detail::failedFuture<Value>(std::current_exception());
    }
}

} // namespace kvs
