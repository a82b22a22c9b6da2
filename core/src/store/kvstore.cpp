#include "runtime/clock.h"
#include "runtime/future_util.h"
#include "store/kvstore_state.h"
#include "store/validation.h"

#include <kvs/errors.h>
#include <kvs/future.h>
#include <kvs/value_codec.h>

#include <QFuture>
#include <QPromise>

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
    bool acknowledge(std::int64_t id, const std::string &token) override
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

// A slot of the compute pool per concurrent getAsync() miss, up to this many at once; compute()
// may block (a network fetch), so the pool is not sized by cores.
constexpr int kComputeThreads = 8;

} // namespace

KVStore::State::State(KVStore &owner, const std::string &path, const KVStoreOptions &options)
    : store(std::make_unique<detail::SqliteStore>(path, options))
    , watch(std::make_shared<detail::WatchHub>(
          [&owner](const std::vector<Key> &keys) { return owner.getMany(keys); }))
    , queueBackend(std::make_unique<StoreQueueBackend>(owner))
    , queue(std::make_unique<detail::QueueDispatch>(
          *queueBackend, dispatcher, options.queue.visibilityTimeout))
{
    computePool.setMaxThreadCount(kComputeThreads);
    if (!options.readOnly && options.maintenanceInterval.count() > 0)
        dispatcher.startTimer(options.maintenanceInterval, [this] { runMaintenance(); });
}

void KVStore::State::runMaintenance()
{
    // TTL cleanup (with tombstones) and queue maintenance; failures are counted, never thrown
    // (reference "Timers": errors are counted in watchDiagnostics.dispatchErrors).
    try {
        write([](detail::SqliteStore &s) { return s.cleanExpired(); });
        write([](detail::SqliteStore &s) { return s.cleanQueue(); });
    } catch (...) {
        watch->countDispatchError();
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
    m_state->queue->waitForHandlers();
    m_state->computePool.waitForDone();
}

std::optional<Entry> KVStore::get(const Key &key)
{
    return m_state->read([&](detail::SqliteStore &s) { return s.get(key); });
}

std::vector<std::optional<Entry>> KVStore::getMany(const std::vector<Key> &keys)
{
    return m_state->read([&](detail::SqliteStore &s) { return s.getMany(keys); });
}

CommitResult KVStore::set(const Key &key, const Value &value, const SetOptions &options)
{
    return m_state->write([&](detail::SqliteStore &s) { return s.set(key, value, options); });
}

void KVStore::remove(const Key &key)
{
    m_state->write([&](detail::SqliteStore &s) { return s.remove(key); });
}

double KVStore::increment(const Key &key, double delta)
{
    return m_state->write([&](detail::SqliteStore &s) { return s.increment(key, delta); });
}

ListResult KVStore::list(const ListSelector &selector, const ListOptions &options)
{
    return m_state->read([&](detail::SqliteStore &s) { return s.list(selector, options); });
}

ChildrenPage KVStore::listChildren(const ChildrenSelector &selector, const ChildrenOptions &options)
{
    return m_state->read([&](detail::SqliteStore &s) { return s.listChildren(selector, options); });
}

std::optional<RawEntry> KVStore::inspect(const std::string &encodedKey)
{
    return m_state->read([&](detail::SqliteStore &s) { return s.inspect(encodedKey); });
}

AtomicOperation KVStore::atomic()
{
    return AtomicOperation(this);
}

CommitResult KVStore::commit(const std::vector<Check> &checks,
                             const std::vector<Mutation> &mutations)
{
    const CommitResult result
        = m_state->write([&](detail::SqliteStore &s) { return s.commit(checks, mutations); });
    if (result.ok) {
        for (const Mutation &mutation : mutations) {
            if (mutation.type == Mutation::Type::Enqueue && !(mutation.queue.delay > 0))
                m_state->queue->notify(mutation.queue.topic);
        }
    }
    return result;
}

EnqueueResult KVStore::enqueue(const Value &payload, const QueueOptions &options)
{
    const EnqueueResult result
        = m_state->read([&](detail::SqliteStore &s) { return s.enqueue(payload, options); });
    // A due message wakes this store's listeners of the topic, on their dispatcher thread.
    if (!(options.delay > 0))
        m_state->queue->notify(options.topic);
    return result;
}

std::vector<QueueMessage>
KVStore::dequeue(const std::string &topic, double limit, const DequeueOptions &options)
{
    return m_state->read([&](detail::SqliteStore &s) { return s.dequeue(topic, limit, options); });
}

bool KVStore::acknowledge(double id, const std::string &token)
{
    return m_state->read([&](detail::SqliteStore &s) { return s.acknowledge(id, token); });
}

bool KVStore::nack(double id, const std::string &token, const NackOptions &options)
{
    return m_state->read([&](detail::SqliteStore &s) { return s.nack(id, token, options); });
}

bool KVStore::extendLease(double id,
                          const std::string &token,
                          std::optional<double> visibilityTimeout)
{
    return m_state->read(
        [&](detail::SqliteStore &s) { return s.extendLease(id, token, visibilityTimeout); });
}

std::vector<QueueDeadMessage> KVStore::listDead(const std::string &topic,
                                                const ListDeadOptions &options)
{
    return m_state->read([&](detail::SqliteStore &s) { return s.listDead(topic, options); });
}

std::int64_t KVStore::retryDead(const std::string &topic, std::optional<double> id)
{
    const std::int64_t retried
        = m_state->read([&](detail::SqliteStore &s) { return s.retryDead(topic, id); });
    if (retried > 0)
        m_state->queue->notify(topic);
    return retried;
}

std::int64_t KVStore::deleteDead(const std::string &topic, std::optional<double> id)
{
    return m_state->read([&](detail::SqliteStore &s) { return s.deleteDead(topic, id); });
}

std::vector<QueueStats> KVStore::queueStats(const std::optional<std::string> &topic)
{
    return m_state->read([&](detail::SqliteStore &s) { return s.queueStats(topic); });
}

std::int64_t KVStore::cleanQueue()
{
    return m_state->read([&](detail::SqliteStore &s) { return s.cleanQueue(); });
}

std::vector<QueuePeekMessage> KVStore::peek(const std::string &topic, const PeekOptions &options)
{
    return m_state->read([&](detail::SqliteStore &s) { return s.peek(topic, options); });
}

std::int64_t KVStore::cleanExpired()
{
    return m_state->write([&](detail::SqliteStore &s) { return s.cleanExpired(); });
}

void KVStore::reset()
{
    std::unique_lock lock(m_state->mutex);
    m_state->store->reset();
    if (!m_state->watch->hasWatchers()) {
        m_state->watch->countBatch();
        return;
    }
    m_state->watch->recordReset();
    lock.unlock();
    m_state->watch->deliver();
}

void KVStore::close()
{
    // Listeners first (no new handler starts), then watchers (no callback starts; a delivery on
    // another thread finishes its callback), then the timers, then the database. No lock is
    // held while waiting: a callback being waited for may call the store.
    m_state->queue->close();
    m_state->watch->close();
    m_state->dispatcher.stop();
    std::lock_guard lock(m_state->mutex);
    m_state->store->close();
}

WatchHandle KVStore::watch(std::vector<Key> keys, WatchCallback callback)
{
    std::vector<std::string> encoded(keys.size());
    WatchHandle handle;
    {
        std::lock_guard lock(m_state->mutex);
        if (m_state->store->isClosed())
            throw ClosedError("kvs: the store is closed");
        for (std::size_t i = 0; i < keys.size(); ++i)
            encoded[i] = encodeKey(keys[i]);
        // Read and registered under one lock: no commit falls between the initial values and
        // the first batch this watcher sees.
        std::vector<std::optional<Entry>> initial;
        initial.reserve(keys.size());
        for (const Key &key : keys)
            initial.push_back(m_state->store->get(key));
        handle = m_state->watch->add(
            std::move(keys), std::move(encoded), std::move(callback), std::move(initial));
    }
    m_state->watch->deliver();
    return handle;
}

WatchDiagnostics KVStore::getWatchDiagnostics() const
{
    return m_state->watch->diagnostics();
}

QueueListenerHandle KVStore::addQueueListener(const std::string &topic,
                                              QueueHandler handler,
                                              const QueueListenerOptions &options)
{
    {
        std::lock_guard lock(m_state->mutex);
        if (m_state->store->isClosed())
            throw ClosedError("kvs: the store is closed");
        if (m_state->store->isReadOnly()) {
            throw ReadOnlyError(
                "kvs: the store is open read-only; addQueueListener() needs write access");
        }
    }
    return m_state->queue->add(topic, std::move(handler), options);
}

QueueDiagnostics KVStore::getQueueDiagnostics() const
{
    return m_state->queue->diagnostics();
}

QFuture<Value>
KVStore::getAsync(const Key &key, std::function<Value()> compute, std::optional<double> ttl)
{
    try {
        const SetOptions options{ttl};
        (void)detail::expiryFor(options, 0); // a bad ttl fails before compute() runs
        if (std::optional<Entry> hit = get(key))
            return QtFuture::makeReadyFuture(std::move(hit->value));
        // The hex of the encoded key is the flight key (gotcha 5): keys that encode alike share.
        const std::string flight = QByteArray::fromStdString(encodeKey(key)).toHex().toStdString();
        return m_state->flights.run(flight, [this, key, compute = std::move(compute), options] {
            auto promise = std::make_shared<QPromise<Value>>();
            promise->start();
            m_state->computePool.start([this, key, compute, options, promise] {
                try {
                    // Read again inside the flight: a caller whose read missed just before
                    // another flight stored the value would compute it a second time.
                    if (std::optional<Entry> stored = get(key)) {
                        promise->addResult(std::move(stored->value));
                    } else {
                        Value value = compute();
                        set(key, value, options);
                        promise->addResult(std::move(value));
                    }
                } catch (...) {
                    promise->setException(std::current_exception());
                }
                kvs::finish(*promise);
            });
            return promise->future();
        });
    } catch (...) {
        return detail::failedFuture<Value>(std::current_exception());
    }
}

bool KVStore::isReadOnly() const noexcept
{
    return m_state->store->isReadOnly();
}

bool KVStore::isClosed() const noexcept
{
    return m_state->store->isClosed();
}

long long KVStore::schemaVersion() const noexcept
{
    return m_state->store->schemaVersion();
}

const std::string &KVStore::path() const noexcept
{
    return m_state->store->path();
}

const KVStoreOptions &KVStore::options() const noexcept
{
    return m_state->store->options();
}

} // namespace kvs
