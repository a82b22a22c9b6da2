#include "runtime/future_util.h"
#include "store/children_op.h"
#include "store/commit_op.h"
#include "store/get_async.h"
#include "store/kv_ops.h"
#include "store/kvstore_state.h"
#include "store/queue_admin_ops.h"
#include "store/queue_ops.h"

#include <kvs/errors.h>
#include <kvs/future.h>
#include <kvs/value_codec.h>

namespace kvs {

namespace {

// The listeners' queue calls, through the store's public (locking) API.
class StoreQueueBackend : public detail::QueueBackend
{
public:
    explicit StoreQueueBackend(KVStore &store)
        : m_store(store)
    {}

    std::vector<QueueMessage>
    dequeue(const std::string &topic, int limit, double visibilityTimeout) override
    {
        return m_store.dequeue(topic, limit, DequeueOptions{visibilityTimeout});
    }
    bool ack(std::int64_t id, const std::string &token) override
    {
        return m_store.acknowledge(static_cast<double>(id), token);
    }
    bool nack(std::int64_t id, const std::string &token, const NackOptions &options) override
    {
        return m_store.nack(static_cast<double>(id), token, options);
    }
    bool extendLease(std::int64_t id, const std::string &token, double visibility) override
    {
        return m_store.extendLease(static_cast<double>(id), token, visibility);
    }

private:
    KVStore &m_store;
};

// Validates the options, opens the file and migrates it (read-only: checks it).
std::unique_ptr<detail::SqliteEngine>
openEngine(const std::string &path, const KVStoreOptions &options, std::int64_t now)
{
    detail::validateTablePrefix(options.tablePrefix);
    detail::validateDurability(options.durability);
    detail::validateMaxKeySize(options.maxKeySize);
    validateQueueConfig(options.queue);
    auto engine = std::make_unique<detail::SqliteEngine>(detail::SqliteEngine::Settings{
        path, options.tablePrefix, options.durability, options.readOnly, options.migrate});
    engine->migrate(now);
    return engine;
}

detail::StoreRules rulesOf(const KVStoreOptions &options)
{
    return {options.maxKeySize, options.queue, options.readOnly};
}

} // namespace

KVStore::State::State(KVStore &owner, const std::string &path, const KVStoreOptions &options)
    : engine(openEngine(path, options, (options.clock ? options.clock : systemClock())->now()))
    , queueBackend(std::make_unique<StoreQueueBackend>(owner))
    , runtime(
          rulesOf(options),
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

std::optional<Entry> KVStore::get(const Key &key)
{
    return m_state->run<detail::GetOp>(key);
}

std::vector<std::optional<Entry>> KVStore::getMany(const std::vector<Key> &keys)
{
    // KVStore reads key by key in one read transaction with one now, so the slots come from one
    // snapshot (reference getMany(): faster in-process than one IN statement).
    std::lock_guard lock(m_state->mutex);
    m_state->requireOpen();
    // Reused between calls: the encoded keys keep their capacity, so a warm getMany allocates
    // only its result.
    std::vector<std::string> &encoded = m_state->manyKeyBuffers;
    detail::GetManyOp::encodeKeys(m_state->runtime.rules, keys, encoded);
    std::vector<std::optional<Entry>> entries;
    entries.reserve(keys.size());
    const std::int64_t now = m_state->runtime.clock->now();
    const auto readAll = [&] {
        for (std::size_t i = 0; i < keys.size(); ++i)
            entries.push_back(m_state->engine->getEntry(encoded[i], now, keys[i]));
    };
    if (keys.size() > 1)
        m_state->engine->readTransaction(readAll);
    else
        readAll();
    return entries;
}

CommitResult KVStore::set(const Key &key, const Value &value, const SetOptions &options)
{
    return m_state->run<detail::SetOp>(key, value, options);
}

void KVStore::remove(const Key &key)
{
    m_state->run<detail::RemoveOp>(key);
}

double KVStore::increment(const Key &key, double delta)
{
    return m_state->run<detail::IncrementOp>(key, delta);
}

ListResult KVStore::list(const ListSelector &selector, const ListOptions &options)
{
    return m_state->run<detail::ListOp>(selector, options);
}

ChildrenPage KVStore::listChildren(const ChildrenSelector &selector, const ChildrenOptions &options)
{
    return m_state->run<detail::ListChildrenOp>(selector, options);
}

std::optional<RawEntry> KVStore::inspect(const std::string &encodedKey)
{
    return m_state->run<detail::GetRawOp>(encodedKey);
}

void KVStore::removeRaw(const std::string &encodedKey)
{
    m_state->run<detail::RemoveOp>(encodedKey);
}

AtomicOperation KVStore::atomic()
{
    return AtomicOperation(this);
}

CommitResult KVStore::commit(const std::vector<Check> &checks,
                             const std::vector<Mutation> &mutations)
{
    return m_state->run<detail::CommitOp>(checks, mutations);
}

EnqueueResult KVStore::enqueue(const Value &payload, const QueueOptions &options)
{
    return m_state->run<detail::EnqueueOp>(payload, options);
}

std::vector<QueueMessage>
KVStore::dequeue(const std::string &topic, double limit, const DequeueOptions &options)
{
    return m_state->run<detail::DequeueOp>(topic, limit, options);
}

bool KVStore::acknowledge(double id, const std::string &token)
{
    return m_state->run<detail::AckOp>(id, token);
}

bool KVStore::nack(double id, const std::string &token, const NackOptions &options)
{
    return m_state->run<detail::NackOp>(id, token, options);
}

bool KVStore::extendLease(double id,
                          const std::string &token,
                          std::optional<double> visibilityTimeout)
{
    return m_state->run<detail::ExtendLeaseOp>(id, token, visibilityTimeout);
}

std::vector<QueueDeadMessage> KVStore::listDead(const std::string &topic,
                                                const ListDeadOptions &options)
{
    return m_state->run<detail::ListDeadOp>(topic, options);
}

std::int64_t KVStore::retryDead(const std::string &topic, std::optional<double> id)
{
    return m_state->run<detail::RetryDeadOp>(topic, id);
}

std::int64_t KVStore::deleteDead(const std::string &topic, std::optional<double> id)
{
    return m_state->run<detail::DeleteDeadOp>(topic, id);
}

std::vector<QueueStats> KVStore::queueStats(const std::optional<std::string> &topic,
                                            const QueueStatsOptions &options)
{
    return m_state->run<detail::QueueStatsOp>(topic, options);
}

std::int64_t KVStore::cleanQueue()
{
    return m_state->run<detail::CleanQueueOp>();
}

std::int64_t KVStore::queueLastId()
{
    return m_state->run<detail::QueueLastIdOp>();
}

std::vector<QueuePeekMessage> KVStore::peek(const std::string &topic, const PeekOptions &options)
{
    return m_state->run<detail::PeekOp>(topic, options);
}

std::int64_t KVStore::retryDeadMessages(const std::string &topic, const std::vector<double> &ids)
{
    return m_state->run<detail::RetryDeadIdsOp>(topic, ids);
}

std::int64_t KVStore::deleteDeadMessages(const std::string &topic, const std::vector<double> &ids)
{
    return m_state->run<detail::DeleteMessagesOp>(topic, ids, true);
}

std::int64_t KVStore::deleteMessages(const std::string &topic, const std::vector<double> &ids)
{
    return m_state->run<detail::DeleteMessagesOp>(topic, ids, false);
}

std::optional<EnqueueResult>
KVStore::moveMessage(double id, const Value &payload, const QueueOptions &options)
{
    return m_state->run<detail::MoveMessageOp>(id, payload, options);
}

std::int64_t KVStore::cleanExpired()
{
    return m_state->run<detail::CleanExpiredOp>();
}

void KVStore::reset()
{
    m_state->run<detail::ResetOp>();
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
