// Several processes on one SQLite file: every versionstamp is unique across them (blocks of 1024
// reserved in kv_versionstamp, KVS-05); two processes dequeuing one topic never hold one message
// at once; and a process that forgets close() still exits promptly. The other processes are this
// test binary started again with a mode flag.
#include <kvs/kvstore.h>

#include <QCoreApplication>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <cstdio>
#include <cstring>
#include <set>

using namespace kvs;

namespace {

constexpr int kWrites = 3000;

// The second process: writes kWrites keys and prints each version on its own line.
int runWriter(const char *path, const char *tag)
{
    KVStore store(path);
    for (int i = 0; i < kWrites; ++i) {
        const std::int64_t version = i % 3 == 0
                                         ? store.atomic().set({tag, i}, Value(i)).commit().version
                                         : store.set({tag, i}, Value(i)).version;
        std::printf("%lld\n", static_cast<long long>(version));
    }
    return 0;
}

constexpr int kMessages = 2000;

// The second consumer: dequeues batches of "jobs" under long leases until the topic is empty,
// acknowledges each message, and prints each id it held. Every message is enqueued before either
// consumer starts, leases outlast the test and each message is acknowledged: once a dequeue
// finds nothing due, nothing will be, and the consumer is done (no idle polling).
int runConsumer(const char *path)
{
    KVStore store(path);
    std::printf("ready\n");
    std::fflush(stdout);
    for (;;) {
        const auto messages = store.dequeue("jobs", 7, DequeueOptions{600000});
        if (messages.empty())
            break;
        for (const auto &message : messages) {
            std::printf("%lld\n", static_cast<long long>(message.id));
            store.acknowledge(static_cast<double>(message.id), message.token);
        }
        // Real time on purpose: paces both consumers (two processes), so that they overlap even on
        // a busy machine.
        QThread::msleep(1);
    }
    return 0;
}

// Every timer of the forgetful script is due this long after it starts (ms): far past the
// test's deadline, so that a process held up by any of them misses the deadline.
constexpr int kScriptTimersMs = 600'000;
// How long the test waits for the forgetful script to exit: generous for a loaded machine, and
// far below its timers.
constexpr int kExitDeadlineMs = 60'000;

// A script that forgets close(): a store with a listener, a watcher, a pending getAsync and
// timers, left at the end of main, once destroyed by scope and once leaked outright.
int runForgetful(const char *path, bool leak)
{
    KVStoreOptions options;
    options.maintenanceInterval = std::chrono::milliseconds(kScriptTimersMs);
    auto *store = new KVStore(path, options);
    store->addQueueListener(
        "jobs", [](const QueueMessage &) {}, QueueListenerOptions{2, {}, true});
    store->watch({{"k"}}, [](const auto &, const WatchEvent &) {});
    store->enqueue(Value("later"), QueueOptions{"jobs", kScriptTimersMs, 3});
    store->set({"k"}, Value(1), SetOptions{kScriptTimersMs});
    (void)store->getAsync({"slowly"}, [] { return Value(1); });
    if (!leak)
        delete store;
    return 0;
}

} // namespace

class TestKVStoreProcesses : public QObject
{
    Q_OBJECT

private slots:
    void versionsAreUniqueAcrossProcesses();
    void concurrentDequeueNeverSharesAMessage();
    void forgettingCloseExitsPromptly();
};

void TestKVStoreProcesses::versionsAreUniqueAcrossProcesses()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shared.db"));
    {
        KVStore init(path.toStdString()); // create the schema before both start
    }
    QProcess other;
    other.start(QCoreApplication::applicationFilePath(),
                {QStringLiteral("--writer"), path, QStringLiteral("other")});
    QVERIFY(other.waitForStarted());

    std::vector<std::int64_t> mine;
    {
        KVStore store(path.toStdString());
        for (int i = 0; i < kWrites; ++i) {
            mine.push_back(i % 2 == 0 ? store.set({"mine", i}, Value(i)).version
                                      : static_cast<std::int64_t>(0));
            if (i % 2 == 1) {
                store.increment({"counter"});
                mine.back() = store.get({"counter"})->version;
            }
        }
    }
    QVERIFY(other.waitForFinished(60'000));
    QCOMPARE(other.exitCode(), 0);
    std::set<std::int64_t> all(mine.begin(), mine.end());
    QCOMPARE(all.size(), mine.size());
    const QList<QByteArray> lines = other.readAllStandardOutput().trimmed().split('\n');
    QCOMPARE(lines.size(), kWrites);
    for (const QByteArray &line : lines)
        QVERIFY2(all.insert(line.toLongLong()).second, "a version was handed out twice");
    QCOMPARE(all.size(), std::size_t(2 * kWrites));

    // Both processes' writes are all there.
    KVStore check(path.toStdString());
    QCOMPARE(check.get({"other", kWrites - 1})->value.asNumber(), double(kWrites - 1));
    QCOMPARE(check.get({"counter"})->value.asNumber(), double(kWrites / 2));
}

void TestKVStoreProcesses::concurrentDequeueNeverSharesAMessage()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("queue.db"));
    {
        KVStore init(path.toStdString());
        for (int i = 0; i < kMessages; ++i)
            init.enqueue(Value(i), QueueOptions{"jobs", 0, 3});
    }
    QProcess other;
    other.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--consumer"), path});
    QVERIFY(other.waitForStarted());
    // Both start together: the other consumer says when its store is open.
    QVERIFY(other.waitForReadyRead(10'000));
    QCOMPARE(other.readLine().trimmed(), QByteArray("ready"));
    std::vector<std::int64_t> mine;
    {
        KVStore store(path.toStdString());
        for (;;) { // until nothing is due (see runConsumer)
            const auto messages = store.dequeue("jobs", 5, DequeueOptions{600000});
            if (messages.empty())
                break;
            for (const auto &message : messages) {
                mine.push_back(message.id);
                store.acknowledge(static_cast<double>(message.id), message.token);
            }
            QThread::msleep(1); // real time on purpose: paces the two processes (runConsumer)
        }
    }
    QVERIFY(other.waitForFinished(60'000));
    QCOMPARE(other.exitCode(), 0);
    std::set<std::int64_t> held(mine.begin(), mine.end());
    QCOMPARE(held.size(), mine.size());
    const QList<QByteArray> lines = other.readAllStandardOutput().trimmed().split('\n');
    for (const QByteArray &line : lines) {
        if (!line.isEmpty())
            QVERIFY2(held.insert(line.toLongLong()).second, "a message was held by both processes");
    }
    QCOMPARE(held.size(), std::size_t(kMessages));
    QVERIFY2(!mine.empty() && lines.size() > 1, "both processes took part");
}

void TestKVStoreProcesses::forgettingCloseExitsPromptly()
{
    QTemporaryDir dir;
    for (const char *mode : {"--forget", "--leak"}) {
        const QString path = dir.filePath(QString::fromLatin1(mode).mid(2) + QStringLiteral(".db"));
        QProcess script;
        script.start(QCoreApplication::applicationFilePath(), {QString::fromLatin1(mode), path});
        // Promptly: it exits before the deadline, which comes long before any of its timers
        // (the maintenance timer, the delayed message, the expiry) is due: none holds it up.
        QVERIFY(script.waitForFinished(kExitDeadlineMs));
        QCOMPARE(script.exitStatus(), QProcess::NormalExit);
        QCOMPARE(script.exitCode(), 0);
    }
}

int main(int argc, char **argv)
{
    if (argc == 3 && std::strcmp(argv[1], "--consumer") == 0)
        return runConsumer(argv[2]);
    if (argc == 3 && std::strcmp(argv[1], "--forget") == 0)
        return runForgetful(argv[2], false);
    if (argc == 3 && std::strcmp(argv[1], "--leak") == 0)
        return runForgetful(argv[2], true);
    if (argc == 4 && std::strcmp(argv[1], "--writer") == 0)
        return runWriter(argv[2], argv[3]);
    QCoreApplication app(argc, argv);
    TestKVStoreProcesses test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_kvstore_processes.moc"
