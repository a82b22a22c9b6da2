#include "rules/validation.h"
#include "store/async_kvstore_state.h"
#include "store/get_async.h"
#include "store/store_queue_backend.h"

#include <kvs/connection_string.h>
#include <kvs/postgres_adapter.h>
#include <kvs/sqlite_async_adapter.h>
#include <kvs/value_codec.h>

namespace kvs {

bool isPostgresUrl(std::string_view connection) noexcept
{
    return isPostgresConnection(connection);
}

namespace {

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
        options.callTimeout = settings.callTimeout;
        return std::make_shared<PostgresAdapter>(connection, options);
    }
    if (settings.schema)
        throw TypeError("kvs: schema is a PostgreSQL setting; this store is SQLite");
    SQLiteAdapterOptions options;
    options.tablePrefix = settings.tablePrefix.value_or("");
    options.durability = settings.durability.value_or("normal");
    options.readOnly = settings.readOnly;
    options.migrate = settings.migrate;
    detail::validateSqliteOptions(options.tablePrefix, options.durability);
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
    , queueBackend(std::make_unique<detail::StoreQueueBackend<AsyncKVStore>>(owner))
    , runtime(
          detail::checkedRules(this->settings.maxKeySize, this->settings.queue, readOnly),
          this->settings.clock,
          *queueBackend,
          [&owner](const std::vector<Key> &keys) { return owner.getMany(keys).result(); },
          "kvs-async-store")
{}

void AsyncKVStore::State::requireOpen() const
{
    if (closed.load())
        throw ClosedError("kvs: the store is closed");
}

void AsyncKVStore::State::requireWritable(const char *operation) const
{
    if (readOnly) {
        throw ReadOnlyError(std::string("kvs: the store is open read-only; ") + operation
                            + " needs write access");
    }
}

void AsyncKVStore::State::deliver(const detail::OpContext &ctx)
{
    if (ctx.published())
        runtime.dispatcher.post([hub = runtime.watch] { hub->deliver(); });
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
    runtime.dispatcher.startTimer(settings.maintenanceInterval, [weak] {
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
        runtime.watch->countDispatchError();
    }
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
    m_state->runtime.queue.waitForHandlers();
    m_state->runtime.computePool.waitForDone();
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

QFuture<void> AsyncKVStore::close()
{
    if (m_state->closed.exchange(true))
        return detail::readyFuture();
    m_state->runtime.close();
    return m_state->adapter->close();
}

WatchHandle AsyncKVStore::watch(std::vector<Key> keys, WatchCallback callback)
{
    m_state->requireOpen();
    std::vector<std::string> encoded;
    encoded.reserve(keys.size());
    for (const Key &key : keys)
        encoded.push_back(m_state->runtime.encodeChecked(key));
    // The initial entries are read on the background thread when the initial call is delivered
    // (the reference: "initial snapshot delivered async"); watch() itself never waits.
    WatchHandle handle = m_state->runtime.watch->add(
        std::move(keys), std::move(encoded), std::move(callback), std::nullopt);
    m_state->runtime.dispatcher.post([hub = m_state->runtime.watch] { hub->deliver(); });
    return handle;
}

WatchDiagnostics AsyncKVStore::getWatchDiagnostics() const
{
    return m_state->runtime.watch->diagnostics();
}

QueueListenerHandle AsyncKVStore::addQueueListener(const std::string &topic,
                                                   QueueHandler handler,
                                                   const QueueListenerOptions &options)
{
    m_state->requireOpen();
    m_state->requireWritable("addQueueListener()");
    return m_state->runtime.queue.add(topic, std::move(handler), options);
}

QueueDiagnostics AsyncKVStore::getQueueDiagnostics() const
{
    return m_state->runtime.queue.diagnostics();
}

QFuture<Value>
AsyncKVStore::getAsync(const Key &key, std::function<Value()> compute, std::optional<double> ttl)
{
    try {
        const SetOptions options{ttl};
        (void)detail::expiryFor(options, 0); // a bad ttl fails before compute() runs
        (void)m_state->runtime.encodeChecked(key);
        return kvs::thenUnwrap(get(key),
                               [this, state = m_state, key, compute = std::move(compute), options](
                                   const std::optional<Entry> &hit) -> QFuture<Value> {
                                   if (hit)
                                       return detail::readyFuture<Value>(hit->value);
                                   return detail::getAsyncFill(
                                       *this, state->runtime, key, compute, options);
                               });
    } catch (...) {
        return detail::failedFuture<Value>(std::current_exception());
    }
}

} // namespace kvs
