#include "rules/validation.h"
#include "store/async_kvstore_state.h"
#include "store/children_op.h"
#include "store/get_async.h"
#include "store/kv_ops.h"
#include "store/queue_admin_ops.h"
#include "store/queue_ops.h"

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
    bool ack(std::int64_t id, const std::string &token) override
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

detail::StoreRules rulesOf(const AsyncKVStoreSettings &settings, bool readOnly)
{
    detail::validateMaxKeySize(settings.maxKeySize);
    validateQueueConfig(settings.queue);
    return {settings.maxKeySize, settings.queue, readOnly};
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
    , queueBackend(std::make_unique<AsyncQueueBackend>(owner))
    , runtime(
          rulesOf(this->settings, readOnly),
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

QFuture<std::optional<Entry>> AsyncKVStore::get(const Key &key)
{
    return m_state->run<detail::GetOp>(key);
}

QFuture<std::vector<std::optional<Entry>>> AsyncKVStore::getMany(const std::vector<Key> &keys)
{
    if (keys.empty() && !m_state->closed.load())
        return detail::readyFuture<std::vector<std::optional<Entry>>>({});
    return m_state->run<detail::GetManyOp>(keys);
}

QFuture<CommitResult>
AsyncKVStore::set(const Key &key, const Value &value, const SetOptions &options)
{
    return m_state->run<detail::SetOp>(key, value, options);
}

QFuture<void> AsyncKVStore::remove(const Key &key)
{
    return m_state->run<detail::RemoveOp>(key);
}

QFuture<double> AsyncKVStore::increment(const Key &key, double delta)
{
    return m_state->run<detail::IncrementOp>(key, delta);
}

QFuture<ListResult> AsyncKVStore::list(const ListSelector &selector, const ListOptions &options)
{
    try {
        m_state->requireOpen();
        // An empty range answers with no read (and before any migration).
        if (detail::ListOp(m_state->runtime.rules, selector, options).isEmpty())
            return detail::readyFuture<ListResult>({});
    } catch (...) {
        return detail::failedFuture<ListResult>(std::current_exception());
    }
    return m_state->run<detail::ListOp>(selector, options);
}

QFuture<ChildrenPage> AsyncKVStore::listChildren(const ChildrenSelector &selector,
                                                 const ChildrenOptions &options)
{
    return m_state->run<detail::ListChildrenOp>(selector, options);
}

QFuture<std::optional<RawEntry>> AsyncKVStore::inspect(const std::string &encodedKey)
{
    return m_state->run<detail::GetRawOp>(encodedKey);
}

QFuture<void> AsyncKVStore::removeRaw(const std::string &encodedKey)
{
    return m_state->run<detail::RemoveOp>(encodedKey);
}

QFuture<EnqueueResult> AsyncKVStore::enqueue(const Value &payload, const QueueOptions &options)
{
    return m_state->run<detail::EnqueueOp>(payload, options);
}

QFuture<std::vector<QueueMessage>>
AsyncKVStore::dequeue(const std::string &topic, double limit, const DequeueOptions &options)
{
    return m_state->run<detail::DequeueOp>(topic, limit, options);
}

QFuture<bool> AsyncKVStore::acknowledge(double id, const std::string &token)
{
    return m_state->run<detail::AckOp>(id, token);
}

QFuture<bool> AsyncKVStore::nack(double id, const std::string &token, const NackOptions &options)
{
    return m_state->run<detail::NackOp>(id, token, options);
}

QFuture<bool> AsyncKVStore::extendLease(double id,
                                        const std::string &token,
                                        std::optional<double> visibilityTimeout)
{
    return m_state->run<detail::ExtendLeaseOp>(id, token, visibilityTimeout);
}

QFuture<std::vector<QueueDeadMessage>> AsyncKVStore::listDead(const std::string &topic,
                                                              const ListDeadOptions &options)
{
    return m_state->run<detail::ListDeadOp>(topic, options);
}

QFuture<std::int64_t> AsyncKVStore::retryDead(const std::string &topic, std::optional<double> id)
{
    return m_state->run<detail::RetryDeadOp>(topic, id);
}

QFuture<std::int64_t> AsyncKVStore::deleteDead(const std::string &topic, std::optional<double> id)
{
    return m_state->run<detail::DeleteDeadOp>(topic, id);
}

QFuture<std::vector<QueueStats>> AsyncKVStore::queueStats(const std::optional<std::string> &topic,
                                                          const QueueStatsOptions &options)
{
    return m_state->run<detail::QueueStatsOp>(topic, options);
}

QFuture<std::int64_t> AsyncKVStore::cleanQueue()
{
    return m_state->run<detail::CleanQueueOp>();
}

QFuture<std::int64_t> AsyncKVStore::queueLastId()
{
    return m_state->run<detail::QueueLastIdOp>();
}

QFuture<std::vector<QueuePeekMessage>> AsyncKVStore::peek(const std::string &topic,
                                                          const PeekOptions &options)
{
    return m_state->run<detail::PeekOp>(topic, options);
}

QFuture<std::int64_t> AsyncKVStore::retryDeadMessages(const std::string &topic,
                                                      const std::vector<double> &ids)
{
    return m_state->run<detail::RetryDeadIdsOp>(topic, ids);
}

QFuture<std::int64_t> AsyncKVStore::deleteDeadMessages(const std::string &topic,
                                                       const std::vector<double> &ids)
{
    return m_state->run<detail::DeleteMessagesOp>(topic, ids, true);
}

QFuture<std::int64_t> AsyncKVStore::deleteMessages(const std::string &topic,
                                                   const std::vector<double> &ids)
{
    return m_state->run<detail::DeleteMessagesOp>(topic, ids, false);
}

QFuture<std::optional<EnqueueResult>>
AsyncKVStore::moveMessage(double id, const Value &payload, const QueueOptions &options)
{
    return m_state->run<detail::MoveMessageOp>(id, payload, options);
}

QFuture<std::int64_t> AsyncKVStore::cleanExpired()
{
    return m_state->run<detail::CleanExpiredOp>();
}

QFuture<void> AsyncKVStore::reset()
{
    return m_state->run<detail::ResetOp>();
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
