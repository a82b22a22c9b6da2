#include "rules/validation.h"
#include "runtime/future_util.h"
#include "store/get_async.h"
#include "store/kv_ops.h"
#include "store/kvstore_state.h"
#include "store/queue_ops.h"
#include "store/store_queue_backend.h"

#include <kvs/errors.h>
#include <kvs/future.h>
#include <kvs/value_codec.h>

namespace kvs {

namespace {

// The options checked, before anything is opened.
detail::StoreRules checkedRules(const KVStoreOptions &options)
{
    detail::validateSqliteOptions(options.tablePrefix, options.durability);
    return detail::checkedRules(options.maxKeySize, options.queue, options.readOnly);
}

// Opens the file and migrates it (read-only: checks it).
std::unique_ptr<detail::SqliteEngine>
openEngine(const std::string &path, const KVStoreOptions &options, std::int64_t now)
{
    auto engine = std::make_unique<detail::SqliteEngine>(detail::SqliteEngine::Settings{
        path, options.tablePrefix, options.durability, options.readOnly, options.migrate});
    engine->migrate(now);
    return engine;
}

} // namespace

KVStore::State::State(KVStore &owner, const std::string &path, const KVStoreOptions &options)
    : State(owner, path, options, checkedRules(options))
{}

KVStore::State::State(KVStore &owner,
                      const std::string &path,
                      const KVStoreOptions &options,
                      detail::StoreRules rules)
    : engine(openEngine(path, options, (options.clock ? options.clock : systemClock())->now()))
    , queueBackend(std::make_unique<detail::StoreQueueBackend<KVStore>>(owner))
    , runtime(
          std::move(rules),
          options.clock,
          *queueBackend,
          [&owner](const std::vector<Key> &keys) { return owner.getMany(keys); },
          "kvs-store")
    , options(options)
{
    if (!options.readOnly && options.maintenanceInterval.count() > 0)
        runtime.dispatcher.startTimer(options.maintenanceInterval, [this] { runMaintenance(); });
}

void KVStore::State::requireOpen() const
{
    if (engine->isClosed())
        throw ClosedError("kvs: the store is closed");
}

void KVStore::State::requireWritable(const char *operation) const
{
    if (options.readOnly) {
        throw ReadOnlyError(std::string("kvs: the store is open read-only; ") + operation
                            + " needs write access");
    }
}

void KVStore::State::deliver(const detail::OpContext &ctx)
{
    // On the committing thread, after the lock is released (see detail::WatchHub).
    if (ctx.published())
        runtime.watch->deliver();
}

void KVStore::State::runMaintenance()
{
    // TTL cleanup (with tombstones) and queue maintenance; failures are counted, never thrown
    // (reference "Timers": errors are counted in watchDiagnostics.dispatchErrors).
    try {
        run<detail::CleanExpiredOp>();
        run<detail::CleanQueueOp>();
    } catch (...) {
        runtime.watch->countDispatchError();
    }
}

KVStore::KVStore(const std::string &path, const KVStoreOptions &options)
    : m_state(std::make_unique<State>(*this, path, options))
{}

KVStore::~KVStore()
{
    close();
    // Handlers and computes still running call into the store (and fail with ClosedError);
    // they must finish before it goes.
    m_state->runtime.queue.waitForHandlers();
    m_state->runtime.computePool.waitForDone();
}

AtomicOperation KVStore::atomic()
{
    return AtomicOperation(this);
}

void KVStore::close()
{
    // Listeners first (no new handler starts), then watchers (no callback starts; a delivery on
    // another thread finishes its callback), then the timers, then the database.
    m_state->runtime.close();
    std::lock_guard lock(m_state->mutex);
    m_state->engine->close();
}

WatchHandle KVStore::watch(std::vector<Key> keys, WatchCallback callback)
{
    WatchHandle handle;
    {
        std::lock_guard lock(m_state->mutex);
        m_state->requireOpen();
        std::vector<std::string> encoded;
        encoded.reserve(keys.size());
        for (const Key &key : keys)
            encoded.push_back(encodeKey(key));
        // Read and registered under one lock: no commit falls between the initial values and
        // the first batch this watcher sees.
        const std::int64_t now = m_state->runtime.clock->now();
        std::vector<std::optional<Entry>> initial;
        initial.reserve(keys.size());
        for (std::size_t i = 0; i < keys.size(); ++i) {
            checkKeySize(encoded[i].size(), m_state->runtime.rules.maxKeySize);
            initial.push_back(m_state->engine->getEntry(encoded[i], now, keys[i]));
        }
        handle = m_state->runtime.watch->add(
            std::move(keys), std::move(encoded), std::move(callback), std::move(initial));
    }
    m_state->runtime.watch->deliver();
    return handle;
}

WatchDiagnostics KVStore::getWatchDiagnostics() const
{
    return m_state->runtime.watch->diagnostics();
}

QueueListenerHandle KVStore::addQueueListener(const std::string &topic,
                                              QueueHandler handler,
                                              const QueueListenerOptions &options)
{
    {
        std::lock_guard lock(m_state->mutex);
        m_state->requireOpen();
        m_state->requireWritable("addQueueListener()");
    }
    return m_state->runtime.queue.add(topic, std::move(handler), options);
}

QueueDiagnostics KVStore::getQueueDiagnostics() const
{
    return m_state->runtime.queue.diagnostics();
}

QFuture<Value>
KVStore::getAsync(const Key &key, std::function<Value()> compute, std::optional<double> ttl)
{
    try {
        const SetOptions options{ttl};
        (void)detail::expiryFor(options, 0); // a bad ttl fails before compute() runs
        if (std::optional<Entry> hit = get(key))
            return detail::readyFuture(std::move(hit->value));
        return detail::getAsyncFill(*this, m_state->runtime, key, std::move(compute), options);
    } catch (...) {
        return detail::failedFuture<Value>(std::current_exception());
    }
}

bool KVStore::isReadOnly() const noexcept
{
    return m_state->options.readOnly;
}

bool KVStore::isClosed() const noexcept
{
    return m_state->engine->isClosed();
}

long long KVStore::schemaVersion() const noexcept
{
    return m_state->engine->schemaVersion();
}

const std::string &KVStore::path() const noexcept
{
    return m_state->engine->settings().path;
}

const KVStoreOptions &KVStore::options() const noexcept
{
    return m_state->options;
}

} // namespace kvs
