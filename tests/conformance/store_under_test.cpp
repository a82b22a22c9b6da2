#include "conformance/store_under_test.h"

#include "conformance/forwarding_adapter.h"
#include "support/postgres_test_server.h"
#include "support/raw_sqlite.h"

#include <kvs/sqlite_async_adapter.h>

#include <QDir>
#include <QTemporaryDir>
#include <QUuid>

#include <cstring>

namespace kvs::test {

const char *backendName(Backend backend)
{
    switch (backend) {
    case Backend::KVStore:
        return "kvstore";
    case Backend::AsyncSqlite:
        return "async-sqlite";
    case Backend::AsyncCustom:
        return "async-custom";
    case Backend::AsyncPostgres:
        return "async-postgres";
    }
    return "?";
}

namespace {

// One temporary folder for the SQLite files of the whole run.
QTemporaryDir &scratch()
{
    static QTemporaryDir dir;
    return dir;
}

std::string sqlitePath(const std::string &name)
{
    static int counter = 0;
    return scratch()
        .filePath(QString::fromStdString(name) + QStringLiteral("-%1.db").arg(++counter))
        .toStdString();
}

std::string hex(const std::string &bytes)
{
    return QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size())).toHex().toStdString();
}
std::string sqliteBlob(const std::string &bytes)
{
    return "X'" + hex(bytes) + "'";
}
std::string postgresBytea(const std::string &bytes)
{
    return "'\\x" + hex(bytes) + "'::bytea";
}

class SyncStore final : public StoreUnderTest
{
public:
    SyncStore(const std::string &path, const StoreConfig &config)
        : StoreUnderTest(config.clock)
        , m_path(path)
        , m_store(path, options(config))
    {}
    static KVStoreOptions options(const StoreConfig &config)
    {
        KVStoreOptions options;
        options.queue = config.queue;
        options.maxKeySize = config.maxKeySize;
        options.maintenanceInterval = config.maintenanceInterval;
        options.clock = config.clock;
        return options;
    }

    Backend backend() const override { return Backend::KVStore; }
    std::optional<Entry> get(const Key &key) override { return m_store.get(key); }
    std::vector<std::optional<Entry>> getMany(const std::vector<Key> &keys) override
    {
        return m_store.getMany(keys);
    }
    CommitResult set(const Key &key, const Value &value, const SetOptions &options) override
    {
        return m_store.set(key, value, options);
    }
    void remove(const Key &key) override { m_store.remove(key); }
    double increment(const Key &key, double delta) override
    {
        return m_store.increment(key, delta);
    }
    ListResult list(const ListSelector &selector, const ListOptions &options) override
    {
        return m_store.list(selector, options);
    }
    ChildrenPage listChildren(const ChildrenSelector &selector,
                              const ChildrenOptions &options) override
    {
        return m_store.listChildren(selector, options);
    }
    std::optional<RawEntry> inspect(const std::string &encodedKey) override
    {
        return m_store.inspect(encodedKey);
    }
    void
    insertRawRow(const std::string &key, const std::string &value, std::int64_t version) override
    {
        RawSqlite(m_path).exec("INSERT INTO kv (key, value, version) VALUES (" + sqliteBlob(key)
                               + ", " + sqliteBlob(value) + ", " + std::to_string(version) + ")");
    }
    CommitResult commit(const std::vector<Check> &checks,
                        const std::vector<Mutation> &mutations) override
    {
        AtomicOperation op = m_store.atomic();
        apply(op, checks, mutations);
        return op.commit();
    }
    void commitTwice() override
    {
        AtomicOperation op = m_store.atomic();
        op.set({"twice"}, Value(1));
        (void)op.commit();
        (void)op.commit();
    }
    EnqueueResult enqueue(const Value &payload, const QueueOptions &options) override
    {
        return m_store.enqueue(payload, options);
    }
    std::vector<QueueMessage>
    dequeue(const std::string &topic, double limit, const DequeueOptions &options) override
    {
        return m_store.dequeue(topic, limit, options);
    }
    bool acknowledge(double id, const std::string &token) override
    {
        return m_store.acknowledge(id, token);
    }
    bool nack(double id, const std::string &token, const NackOptions &options) override
    {
        return m_store.nack(id, token, options);
    }
    bool extendLease(double id, const std::string &token, std::optional<double> ms) override
    {
        return m_store.extendLease(id, token, ms);
    }
    std::vector<QueueDeadMessage> listDead(const std::string &topic,
                                           const ListDeadOptions &options) override
    {
        return m_store.listDead(topic, options);
    }
    std::int64_t retryDead(const std::string &topic, std::optional<double> id) override
    {
        return m_store.retryDead(topic, id);
    }
    std::int64_t deleteDead(const std::string &topic, std::optional<double> id) override
    {
        return m_store.deleteDead(topic, id);
    }
    std::vector<QueueStats> queueStats(const std::optional<std::string> &topic,
                                       const QueueStatsOptions &options) override
    {
        return m_store.queueStats(topic, options);
    }
    std::int64_t cleanQueue() override { return m_store.cleanQueue(); }
    std::int64_t queueLastId() override { return m_store.queueLastId(); }
    std::vector<QueuePeekMessage> peek(const std::string &topic,
                                       const PeekOptions &options) override
    {
        return m_store.peek(topic, options);
    }
    std::int64_t retryDeadMessages(const std::string &topic,
                                   const std::vector<double> &ids) override
    {
        return m_store.retryDeadMessages(topic, ids);
    }
    std::int64_t deleteDeadMessages(const std::string &topic,
                                    const std::vector<double> &ids) override
    {
        return m_store.deleteDeadMessages(topic, ids);
    }
    std::int64_t deleteMessages(const std::string &topic, const std::vector<double> &ids) override
    {
        return m_store.deleteMessages(topic, ids);
    }
    std::optional<EnqueueResult>
    moveMessage(double id, const Value &payload, const QueueOptions &options) override
    {
        return m_store.moveMessage(id, payload, options);
    }
    std::int64_t cleanExpired() override { return m_store.cleanExpired(); }
    void reset() override { m_store.reset(); }
    void close() override { m_store.close(); }
    WatchHandle watch(std::vector<Key> keys, WatchCallback callback) override
    {
        return m_store.watch(std::move(keys), std::move(callback));
    }
    WatchDiagnostics watchDiagnostics() override { return m_store.getWatchDiagnostics(); }
    QueueListenerHandle addQueueListener(const std::string &topic,
                                         QueueHandler handler,
                                         const QueueListenerOptions &options) override
    {
        return m_store.addQueueListener(topic, std::move(handler), options);
    }
    QueueDiagnostics queueDiagnostics() override { return m_store.getQueueDiagnostics(); }
    QFuture<Value>
    getAsync(const Key &key, std::function<Value()> compute, std::optional<double> ttl) override
    {
        return m_store.getAsync(key, std::move(compute), ttl);
    }

    template <typename Op>
    static void
    apply(Op &op, const std::vector<Check> &checks, const std::vector<Mutation> &mutations)
    {
        for (const Check &check : checks)
            op.check(check);
        for (const Mutation &m : mutations) {
            switch (m.type) {
            case Mutation::Type::Set:
                op.set(m.key, m.value, m.options);
                break;
            case Mutation::Type::Delete:
                op.remove(m.key);
                break;
            case Mutation::Type::Sum:
                op.sum(m.key, m.delta);
                break;
            case Mutation::Type::Enqueue:
                op.enqueue(m.value, m.queue);
                break;
            }
        }
    }

private:
    std::string m_path;
    KVStore m_store;
};

class AsyncStore final : public StoreUnderTest
{
public:
    AsyncStore(Backend backend,
               const std::string &connection,
               std::shared_ptr<ManualClock> clock,
               AsyncKVStoreSettings settings)
        : StoreUnderTest(std::move(clock))
        , m_backend(backend)
        , m_schema(settings.schema.value_or(""))
        , m_store(connection, std::move(settings))
    {}
    AsyncStore(Backend backend,
               std::shared_ptr<SqlAdapter> adapter,
               std::shared_ptr<ManualClock> clock,
               AsyncKVStoreSettings settings)
        : StoreUnderTest(std::move(clock))
        , m_backend(backend)
        , m_store(std::move(adapter), std::move(settings))
    {}

    Backend backend() const override { return m_backend; }
    std::optional<Entry> get(const Key &key) override { return m_store.get(key).result(); }
    std::vector<std::optional<Entry>> getMany(const std::vector<Key> &keys) override
    {
        return m_store.getMany(keys).result();
    }
    CommitResult set(const Key &key, const Value &value, const SetOptions &options) override
    {
        return m_store.set(key, value, options).result();
    }
    void remove(const Key &key) override { m_store.remove(key).waitForFinished(); }
    double increment(const Key &key, double delta) override
    {
        return m_store.increment(key, delta).result();
    }
    ListResult list(const ListSelector &selector, const ListOptions &options) override
    {
        return m_store.list(selector, options).result();
    }
    ChildrenPage listChildren(const ChildrenSelector &selector,
                              const ChildrenOptions &options) override
    {
        return m_store.listChildren(selector, options).result();
    }
    std::optional<RawEntry> inspect(const std::string &encodedKey) override
    {
        return m_store.inspect(encodedKey).result();
    }
    void
    insertRawRow(const std::string &key, const std::string &value, std::int64_t version) override
    {
        (void)m_store.get({}).result(); // the schema exists first
        const bool postgres = m_backend == Backend::AsyncPostgres;
        const std::string table = postgres ? "\"" + m_schema + "\".kv" : std::string("kv");
        const auto literal = postgres ? postgresBytea : sqliteBlob;
        m_store.adapter()
            .raw("INSERT INTO " + table + " (key, value, version) VALUES (" + literal(key) + ", "
                 + literal(value) + ", " + std::to_string(version) + ")")
            .waitForFinished();
    }
    CommitResult commit(const std::vector<Check> &checks,
                        const std::vector<Mutation> &mutations) override
    {
        AsyncAtomicOperation op = m_store.atomic();
        SyncStore::apply(op, checks, mutations);
        return op.commit().result();
    }
    void commitTwice() override
    {
        AsyncAtomicOperation op = m_store.atomic();
        op.set({"twice"}, Value(1));
        (void)op.commit().result();
        (void)op.commit().result();
    }
    EnqueueResult enqueue(const Value &payload, const QueueOptions &options) override
    {
        return m_store.enqueue(payload, options).result();
    }
    std::vector<QueueMessage>
    dequeue(const std::string &topic, double limit, const DequeueOptions &options) override
    {
        return m_store.dequeue(topic, limit, options).result();
    }
    bool acknowledge(double id, const std::string &token) override
    {
        return m_store.acknowledge(id, token).result();
    }
    bool nack(double id, const std::string &token, const NackOptions &options) override
    {
        return m_store.nack(id, token, options).result();
    }
    bool extendLease(double id, const std::string &token, std::optional<double> ms) override
    {
        return m_store.extendLease(id, token, ms).result();
    }
    std::vector<QueueDeadMessage> listDead(const std::string &topic,
                                           const ListDeadOptions &options) override
    {
        return m_store.listDead(topic, options).result();
    }
    std::int64_t retryDead(const std::string &topic, std::optional<double> id) override
    {
        return m_store.retryDead(topic, id).result();
    }
    std::int64_t deleteDead(const std::string &topic, std::optional<double> id) override
    {
        return m_store.deleteDead(topic, id).result();
    }
    std::vector<QueueStats> queueStats(const std::optional<std::string> &topic,
                                       const QueueStatsOptions &options) override
    {
        return m_store.queueStats(topic, options).result();
    }
    std::int64_t cleanQueue() override { return m_store.cleanQueue().result(); }
    std::int64_t queueLastId() override { return m_store.queueLastId().result(); }
    std::vector<QueuePeekMessage> peek(const std::string &topic,
                                       const PeekOptions &options) override
    {
        return m_store.peek(topic, options).result();
    }
    std::int64_t retryDeadMessages(const std::string &topic,
                                   const std::vector<double> &ids) override
    {
        return m_store.retryDeadMessages(topic, ids).result();
    }
    std::int64_t deleteDeadMessages(const std::string &topic,
                                    const std::vector<double> &ids) override
    {
        return m_store.deleteDeadMessages(topic, ids).result();
    }
    std::int64_t deleteMessages(const std::string &topic, const std::vector<double> &ids) override
    {
        return m_store.deleteMessages(topic, ids).result();
    }
    std::optional<EnqueueResult>
    moveMessage(double id, const Value &payload, const QueueOptions &options) override
    {
        return m_store.moveMessage(id, payload, options).result();
    }
    std::int64_t cleanExpired() override { return m_store.cleanExpired().result(); }
    void reset() override { m_store.reset().waitForFinished(); }
    void close() override { m_store.close().waitForFinished(); }
    WatchHandle watch(std::vector<Key> keys, WatchCallback callback) override
    {
        return m_store.watch(std::move(keys), std::move(callback));
    }
    WatchDiagnostics watchDiagnostics() override { return m_store.getWatchDiagnostics(); }
    QueueListenerHandle addQueueListener(const std::string &topic,
                                         QueueHandler handler,
                                         const QueueListenerOptions &options) override
    {
        return m_store.addQueueListener(topic, std::move(handler), options);
    }
    QueueDiagnostics queueDiagnostics() override { return m_store.getQueueDiagnostics(); }
    QFuture<Value>
    getAsync(const Key &key, std::function<Value()> compute, std::optional<double> ttl) override
    {
        return m_store.getAsync(key, std::move(compute), ttl);
    }

private:
    Backend m_backend;
    std::string m_schema;
    AsyncKVStore m_store;
};

AsyncKVStoreSettings asyncSettings(const StoreConfig &config)
{
    AsyncKVStoreSettings settings;
    settings.queue = config.queue;
    settings.maxKeySize = config.maxKeySize;
    settings.maintenanceInterval = config.maintenanceInterval;
    settings.clock = config.clock;
    return settings;
}

} // namespace

std::unique_ptr<StoreUnderTest>
openStore(Backend backend, const std::string &name, const StoreConfig &given)
{
    StoreConfig config = given;
    if (!config.clock)
        config.clock = std::make_shared<ManualClock>();
    switch (backend) {
    case Backend::KVStore:
        return std::make_unique<SyncStore>(sqlitePath(name), config);
    case Backend::AsyncSqlite:
        return std::make_unique<AsyncStore>(
            backend, "sqlite://" + sqlitePath(name), config.clock, asyncSettings(config));
    case Backend::AsyncCustom: {
        auto adapter = std::make_shared<ForwardingAdapter>(
            std::make_shared<SQLiteAsyncAdapter>(sqlitePath(name)));
        return std::make_unique<AsyncStore>(
            backend, std::move(adapter), config.clock, asyncSettings(config));
    }
    case Backend::AsyncPostgres: {
        // A schema of its own per store: tests never see each other's rows.
        AsyncKVStoreSettings settings = asyncSettings(config);
        settings.schema = "t_" + QUuid::createUuid().toString(QUuid::Id128).left(12).toStdString();
        return std::make_unique<AsyncStore>(backend,
                                            viaPgBouncer() ? kvs::test::pgBouncerUrl()
                                                           : kvs::test::postgresUrl(),
                                            config.clock,
                                            std::move(settings));
    }
    }
    return nullptr;
}

std::vector<Backend> &selectedBackends()
{
    static std::vector<Backend> backends{
        Backend::KVStore, Backend::AsyncSqlite, Backend::AsyncCustom};
    return backends;
}

void addBackendRows()
{
    QTest::addColumn<Backend>("backend");
    for (Backend backend : selectedBackends())
        QTest::newRow(backendName(backend)) << backend;
}

bool &viaPgBouncer()
{
    static bool via = false;
    return via;
}

bool parseBackends(int &argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--via-pgbouncer") != 0)
            continue;
        viaPgBouncer() = true;
        for (int j = i; j + 1 < argc; ++j)
            argv[j] = argv[j + 1];
        --argc;
        break;
    }
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "--backends") != 0)
            continue;
        std::vector<Backend> chosen;
        const QStringList names = QString::fromLocal8Bit(argv[i + 1]).split(QLatin1Char(','));
        for (const QString &name : names) {
            bool known = false;
            for (Backend b : {Backend::KVStore,
                              Backend::AsyncSqlite,
                              Backend::AsyncCustom,
                              Backend::AsyncPostgres}) {
                if (name == QLatin1String(backendName(b))) {
                    chosen.push_back(b);
                    known = true;
                }
            }
            if (!known) {
                std::fprintf(stderr, "unknown backend %s\n", qPrintable(name));
                return false;
            }
        }
        selectedBackends() = chosen;
        for (int j = i; j + 2 < argc; ++j)
            argv[j] = argv[j + 2];
        argc -= 2;
        return true;
    }
    return true;
}

} // namespace kvs::test
