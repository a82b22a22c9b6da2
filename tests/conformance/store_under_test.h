#pragma once

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/kvstore.h>

#include <QTest>

#include <memory>
#include <string>
#include <vector>

// The conformance suite runs one set of behavioural tests against every backend: KVStore,
// AsyncKVStore on SQLite, AsyncKVStore on an adapter of the user's kind (ForwardingAdapter, over
// SQLite) and AsyncKVStore on PostgreSQL. StoreUnderTest is the one face the tests see: the sync
// store's API, answered directly by KVStore and by waiting on the futures of AsyncKVStore (a test
// may wait; the GUI never does). Every store runs on a ManualClock: time passes when a test moves
// it, never by sleeping.
namespace kvs::test {

enum class Backend { KVStore, AsyncSqlite, AsyncCustom, AsyncPostgres };

const char *backendName(Backend backend);

// What the reference words differently per backend.
struct BackendTraits
{
    bool postgres = false;
    // PostgreSQL's NUMERIC increment: "holds a non-numeric value", exact decimals, no overflow.
    std::string nonNumberKind(const char *kind) const
    {
        return postgres ? "a non-numeric value" : kind;
    }
};

struct StoreConfig
{
    QueueConfig queue;
    long long maxKeySize = 2048;
    std::chrono::milliseconds maintenanceInterval{60000};
    // The time the store reads and its timers run on. Null: a ManualClock of its own, starting
    // at the system time. Stores given one clock agree on the time.
    std::shared_ptr<ManualClock> clock;
};

class StoreUnderTest
{
public:
    virtual ~StoreUnderTest() = default;
    virtual Backend backend() const = 0;
    BackendTraits traits() const { return {backend() == Backend::AsyncPostgres}; }
    // The store's clock: advance() it to let time pass (expiry, due times, leases, timers).
    ManualClock &clock() const { return *m_clock; }

    virtual std::optional<Entry> get(const Key &key) = 0;
    virtual std::vector<std::optional<Entry>> getMany(const std::vector<Key> &keys) = 0;
    virtual CommitResult set(const Key &key, const Value &value, const SetOptions &options = {})
        = 0;
    virtual void remove(const Key &key) = 0;
    virtual double increment(const Key &key, double delta = 1) = 0;
    virtual ListResult list(const ListSelector &selector, const ListOptions &options = {}) = 0;
    // Not in the reference (kvs/key_tree.h).
    virtual ChildrenPage listChildren(const ChildrenSelector &selector,
                                      const ChildrenOptions &options = {})
        = 0;
    virtual std::optional<RawEntry> inspect(const std::string &encodedKey) = 0;
    // Writes a kv row with SQL, bypassing the store: keys the codec would never write (a layout
    // the v3 rekey left alone). SQL here is the test's, never the code under test's.
    virtual void
    insertRawRow(const std::string &key, const std::string &value, std::int64_t version)
        = 0;
    // Builds atomic() from the checks and mutations and commits it.
    virtual CommitResult commit(const std::vector<Check> &checks,
                                const std::vector<Mutation> &mutations)
        = 0;
    // Commits one builder twice; returns the second commit's outcome (it must throw).
    virtual void commitTwice() = 0;

    virtual EnqueueResult enqueue(const Value &payload, const QueueOptions &options = {}) = 0;
    virtual std::vector<QueueMessage>
    dequeue(const std::string &topic = "default", double limit = 1, const DequeueOptions & = {})
        = 0;
    virtual bool acknowledge(double id, const std::string &token) = 0;
    virtual bool nack(double id, const std::string &token, const NackOptions &options = {}) = 0;
    virtual bool extendLease(double id, const std::string &token, std::optional<double> ms = {})
        = 0;
    virtual std::vector<QueueDeadMessage> listDead(const std::string &topic = "default",
                                                   const ListDeadOptions &options = {})
        = 0;
    virtual std::int64_t retryDead(const std::string &topic = "default",
                                   std::optional<double> id = {})
        = 0;
    virtual std::int64_t deleteDead(const std::string &topic = "default",
                                    std::optional<double> id = {})
        = 0;
    virtual std::vector<QueueStats> queueStats(const std::optional<std::string> &topic = {},
                                               const QueueStatsOptions &options = {})
        = 0;
    virtual std::int64_t cleanQueue() = 0;
    virtual std::int64_t queueLastId() = 0;
    virtual std::vector<QueuePeekMessage> peek(const std::string &topic,
                                               const PeekOptions &options = {})
        = 0;
    virtual std::int64_t retryDeadMessages(const std::string &topic, const std::vector<double> &ids)
        = 0;
    virtual std::int64_t deleteDeadMessages(const std::string &topic,
                                            const std::vector<double> &ids)
        = 0;
    virtual std::int64_t deleteMessages(const std::string &topic, const std::vector<double> &ids)
        = 0;
    virtual std::optional<EnqueueResult>
    moveMessage(double id, const Value &payload, const QueueOptions &options) = 0;
    virtual std::int64_t cleanExpired() = 0;
    virtual void reset() = 0;
    virtual void close() = 0;

    virtual WatchHandle watch(std::vector<Key> keys, WatchCallback callback) = 0;
    virtual WatchDiagnostics watchDiagnostics() = 0;
    virtual QueueListenerHandle addQueueListener(const std::string &topic,
                                                 QueueHandler handler,
                                                 const QueueListenerOptions & = {})
        = 0;
    virtual QueueDiagnostics queueDiagnostics() = 0;
    virtual QFuture<Value>
    getAsync(const Key &key, std::function<Value()> compute, std::optional<double> ttl = {}) = 0;

protected:
    explicit StoreUnderTest(std::shared_ptr<ManualClock> clock)
        : m_clock(std::move(clock))
    {}

private:
    std::shared_ptr<ManualClock> m_clock;
};

// Opens a fresh, empty store of backend for one test (its own SQLite file, or its own
// PostgreSQL schema), on config.clock or a ManualClock of its own. name keeps test databases
// apart.
std::unique_ptr<StoreUnderTest>
openStore(Backend backend, const std::string &name, const StoreConfig &config = {});

// The backends this run covers (from --backends a,b on the command line; default: the SQLite
// ones, the user's adapter included), and the QTest data column every conformance test is
// driven by.
std::vector<Backend> &selectedBackends();
// --via-pgbouncer: the PostgreSQL stores connect through the test run's PgBouncer in transaction
// pooling (KVS_TEST_PGBOUNCER_URL) instead of to the server itself.
bool &viaPgBouncer();
void addBackendRows();
// Strips "--backends LIST" from argv; returns false on an unknown backend name.
bool parseBackends(int &argc, char **argv);

} // namespace kvs::test

Q_DECLARE_METATYPE(kvs::test::Backend)

// A conformance test's main: the backend selection, then QTest.
#define KVS_CONFORMANCE_MAIN(TestClass) \
    int main(int argc, char **argv) \
    { \
        if (!kvs::test::parseBackends(argc, argv)) \
            return 2; \
        QCoreApplication app(argc, argv); \
        TestClass test; \
        return QTest::qExec(&test, argc, argv); \
    }
