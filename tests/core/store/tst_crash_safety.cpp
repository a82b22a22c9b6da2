// Crash safety (issue 17): a writer process doing sets, atomic commits and queue operations is
// killed with SIGKILL at random moments, round after round, on one file. The writer prints each
// write after its commit returned (an acknowledged write); after each kill every acknowledged
// write must be in the file, PRAGMA integrity_check must say ok, and no versionstamp may have
// been handed out twice. Also while the file is migrated from schema version 1, and while a
// queue listener and a watcher are active. The writer is this test binary started again with a
// mode flag. The seed is printed (KVS_CRASH_SEED repeats a run); rounds and checked writes are
// printed as figures.
#include "support/raw_sqlite.h"

#include <kvs/key.h>
#include <kvs/kvstore.h>
#include <kvs/value_codec.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <unistd.h>

using namespace kvs;
using kvs::test::RawSqlite;

namespace {

constexpr int kRounds = 40;          // plain writer rounds
constexpr int kListenerRounds = 12;  // with a queue listener and a watcher
constexpr int kMigrationRounds = 12; // each on a fresh schema-version-1 file
constexpr int kMaxAcksBeforeKill = 1200;
constexpr int kOldRows = 20000; // rows of the version-1 file, so that its migration takes a while

void ack(const char *format, long long a, long long b = 0)
{
    std::printf(format, a, b);
    std::fflush(stdout);
}

// The writer: writes until killed, printing each write once its commit returned. Keys carry
// the round, so that every round writes keys of its own. With `busy`, a queue listener handles
// the messages of its topic (every other enqueue) and a watcher follows keys being written.
// With killAfterMicros >= 0, the writer kills itself with SIGKILL that long after it starts to
// open the file: a moment inside the open (and a migration) that no other process could hit
// as precisely on a busy machine.
int runWriter(const char *path, long long round, bool busy, long long killAfterMicros)
{
    ack("opening %lld\n", round);
    if (killAfterMicros >= 0) {
        std::thread([killAfterMicros] {
            // Real time on purpose: this process (the writer) dies at a moment of its own open.
            std::this_thread::sleep_for(std::chrono::microseconds(killAfterMicros));
            ::kill(::getpid(), SIGKILL);
        }).detach();
    }
    QElapsedTimer opening;
    opening.start();
    KVStore store(path);
    ack("open %lld %lld\n", round, opening.nsecsElapsed() / 1000);
    QueueListenerHandle listener;
    WatchHandle watcher;
    if (busy) {
        // Prints before returning, that is before its acknowledgement deletes the message.
        listener = store.addQueueListener(
            "listened", [](const QueueMessage &message) { ack("handled %lld\n", message.id); });
        watcher
            = store.watch({{"s", round, 0}, {"a", round, 4}}, [](const auto &, const auto &) {});
    }
    for (long long i = 0;; ++i) {
        switch (i % 4) {
        case 0:
            ack("set %lld %lld\n", i, store.set({"s", round, i}, Value(double(i))).version);
            break;
        case 1: {
            const CommitResult result = store.atomic()
                                            .check({{"a", round, i}, std::nullopt})
                                            .set({"a", round, i}, Value(double(i)))
                                            .set({"b", round, i}, Value(double(i)))
                                            .sum({"total", round}, 1)
                                            .commit();
            ack("atomic %lld %lld\n", i, result.version);
            break;
        }
        case 2: {
            const std::string topic = busy && i % 8 == 2 ? "listened" : "q";
            ack("enqueued %lld %lld\n", store.enqueue(Value(double(i)), {topic}).id, i);
            break;
        }
        case 3:
            for (const QueueMessage &message : store.dequeue("q", 1)) {
                // Said before acknowledge(): a kill after its commit and before its line
                // leaves the message gone, rightly, without an "acknowledged" line.
                ack("dequeued %lld %lld\n", message.id, i);
                if (store.acknowledge(double(message.id), message.token))
                    ack("acknowledged %lld %lld\n", message.id, i);
            }
            break;
        }
    }
}

// What one writer acknowledged, parsed from its complete output lines.
struct Acks
{
    std::map<long long, long long> sets;    // i -> version
    std::map<long long, long long> atomics; // i -> version
    std::set<long long> enqueued;           // message ids
    std::set<long long> acknowledged;       // message ids
    std::set<long long> dequeued;           // message ids, before their acknowledge()
    std::set<long long> handled;            // message ids a listener's handler took
    bool opened = false;
    long long openMicros = 0; // how long the writer's open took

    void parse(const QByteArray &output)
    {
        for (const QByteArray &line : output.split('\n')) {
            long long a = 0;
            long long b = 0;
            char word[16] = {};
            if (std::sscanf(line.constData(), "%15s %lld %lld", word, &a, &b) < 2)
                continue;
            const std::string w = word;
            if (w == "open") {
                opened = true;
                openMicros = b;
            } else if (w == "set")
                sets[a] = b;
            else if (w == "atomic")
                atomics[a] = b;
            else if (w == "enqueued")
                enqueued.insert(a);
            else if (w == "acknowledged")
                acknowledged.insert(a);
            else if (w == "dequeued")
                dequeued.insert(a);
            else if (w == "handled")
                handled.insert(a);
        }
    }
    std::size_t writes() const
    {
        return sets.size() + atomics.size() + enqueued.size() + acknowledged.size();
    }
};

// Output up to the last complete line; a line cut by the kill is not an acknowledgement.
QByteArray completeLines(QByteArray output)
{
    return output.left(output.lastIndexOf('\n') + 1);
}

} // namespace

class TestCrashSafety : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void killedWriterLosesNothing();
    void killedWriterWithListenerAndWatcherLosesNothing();
    void killDuringMigrationLosesNothing();
    void cleanupTestCase();

private:
    // Starts a writer and kills it after `acksBeforeKill` acknowledgements, or lets it kill
    // itself `killAfterMicros` after it starts opening (when >= 0); returns its acks.
    Acks killWriter(const std::string &path,
                    long long round,
                    bool busy,
                    int acksBeforeKill,
                    long long killAfterMicros = -1);
    // Checks the file against everything acknowledged so far in it.
    void verify(const std::string &path, long long round, const Acks &acks);

    QTemporaryDir m_dir;
    QRandomGenerator m_random;
    std::set<long long> m_versions; // every acknowledged version of the current file
    long long m_rounds = 0;
    long long m_writesChecked = 0;
    long long m_sets = 0, m_atomics = 0, m_queueOps = 0;
    long long m_migrationRounds = 0, m_killedDuringOpen = 0;
    qint64 m_openMicros = 0;        // the longest open a writer reported
    long long m_leftUnmigrated = 0; // files a kill left at the old schema version
};

void TestCrashSafety::initTestCase()
{
    const QByteArray seed = qgetenv("KVS_CRASH_SEED");
    const quint32 s = seed.isEmpty() ? QRandomGenerator::system()->generate() : seed.toUInt();
    m_random.seed(s);
    std::printf("crash-safety: seed %u (KVS_CRASH_SEED=%u repeats this run)\n", s, s);
}

Acks TestCrashSafety::killWriter(const std::string &path,
                                 long long round,
                                 bool busy,
                                 int acksBeforeKill,
                                 long long killAfterMicros)
{
    QProcess writer;
    writer.setProcessChannelMode(QProcess::SeparateChannels);
    writer.start(QCoreApplication::applicationFilePath(),
                 {QStringLiteral("--writer"),
                  QString::fromStdString(path),
                  QString::number(round),
                  busy ? QStringLiteral("busy") : QStringLiteral("plain"),
                  QString::number(killAfterMicros)});
    if (!writer.waitForStarted(30'000))
        qFatal("the writer did not start");
    QByteArray output;
    const int needed = acksBeforeKill + 2; // after "opening" and "open"
    while ((killAfterMicros >= 0 || output.count('\n') < needed)
           && writer.state() == QProcess::Running) {
        writer.waitForReadyRead(30'000);
        output += writer.readAllStandardOutput();
    }
    // processId() is 0 once the writer is gone, and kill(0, ...) would hit this process group.
    if (const qint64 pid = writer.processId(); pid > 0)
        ::kill(static_cast<pid_t>(pid), SIGKILL);
    writer.waitForFinished(30'000);
    output += writer.readAllStandardOutput();
    const QByteArray errors = writer.readAllStandardError();
    if (writer.exitStatus() != QProcess::CrashExit || !errors.trimmed().isEmpty())
        qWarning("the writer ended by itself: %s", errors.constData());
    Acks acks;
    acks.parse(completeLines(output));
    return acks;
}

void TestCrashSafety::verify(const std::string &path, long long round, const Acks &acks)
{
    ++m_rounds;
    m_writesChecked += static_cast<long long>(acks.writes());
    m_sets += static_cast<long long>(acks.sets.size());
    m_atomics += static_cast<long long>(acks.atomics.size());
    m_queueOps += static_cast<long long>(acks.enqueued.size() + acks.acknowledged.size());
    // Read-write, as the next writer opens it: a kill during a write in rollback-journal mode
    // (the version-1 file, before the migration switches it to WAL) leaves a hot journal, which
    // SQLite rolls back at the next open, and which a read-only connection cannot.
    RawSqlite raw(path);
    QCOMPARE(raw.scalar("PRAGMA integrity_check"), std::string("ok"));
    const auto row = [&](const Key &key) {
        return raw.rows("SELECT value, version FROM kv WHERE key = ?", {encodeKey(key)});
    };
    for (const auto &[i, version] : acks.sets) {
        const auto rows = row({"s", round, i});
        QVERIFY2(rows.size() == 1,
                 qPrintable(QStringLiteral("set %1 of round %2 lost").arg(i).arg(round)));
        QCOMPARE(decodeValue(rows[0][0]), Value(double(i)));
        QCOMPARE(std::stoll(rows[0][1]), version);
        QVERIFY2(m_versions.insert(version).second, "a versionstamp was handed out twice");
    }
    for (const auto &[i, version] : acks.atomics) {
        for (const char *prefix : {"a", "b"}) {
            const auto rows = row({prefix, round, i});
            QVERIFY2(rows.size() == 1,
                     qPrintable(QStringLiteral("atomic %1 of round %2 lost").arg(i).arg(round)));
            QCOMPARE(std::stoll(rows[0][1]), version);
        }
        QVERIFY2(m_versions.insert(version).second, "a versionstamp was handed out twice");
    }
    // The running sum counts every committed atomic: at least the acknowledged ones, and at
    // most one more (a commit the kill hit before its acknowledgement was printed).
    if (!acks.atomics.empty()) {
        const double total = decodeValue(row({"total", round}).at(0).at(0)).asNumber();
        QVERIFY(total >= double(acks.atomics.size()) && total <= double(acks.atomics.size() + 1));
    }
    int goneInFlight = 0; // dequeued, acknowledge() under way when the kill came
    for (const long long id : acks.enqueued) {
        if (acks.acknowledged.count(id) || acks.handled.count(id))
            continue; // acknowledged, so possibly deleted
        if (raw.scalar("SELECT COUNT(*) FROM queue WHERE id = " + std::to_string(id)) == "1")
            continue;
        QVERIFY2(acks.dequeued.count(id) && ++goneInFlight == 1,
                 qPrintable(QStringLiteral("enqueued message %1 lost").arg(id)));
    }
    for (const long long id : acks.acknowledged) {
        QVERIFY2(raw.scalar("SELECT COUNT(*) FROM queue WHERE id = " + std::to_string(id)
                            + " AND status IN ('pending', 'processing')")
                     == "0",
                 qPrintable(QStringLiteral("acknowledged message %1 came back").arg(id)));
    }
}

void TestCrashSafety::killedWriterLosesNothing()
{
    const std::string path = m_dir.filePath(QStringLiteral("plain.db")).toStdString();
    m_versions.clear();
    for (int round = 0; round < kRounds; ++round) {
        const Acks acks = killWriter(path, round, false, m_random.bounded(kMaxAcksBeforeKill));
        verify(path, round, acks);
        if (QTest::currentTestFailed())
            return;
    }
}

void TestCrashSafety::killedWriterWithListenerAndWatcherLosesNothing()
{
    const std::string path = m_dir.filePath(QStringLiteral("busy.db")).toStdString();
    m_versions.clear();
    for (int round = 0; round < kListenerRounds; ++round) {
        const Acks acks = killWriter(path, round, true, m_random.bounded(kMaxAcksBeforeKill));
        verify(path, round, acks);
        if (QTest::currentTestFailed())
            return;
    }
}

void TestCrashSafety::killDuringMigrationLosesNothing()
{
    for (int round = 0; round < kMigrationRounds; ++round) {
        const std::string path
            = m_dir.filePath(QStringLiteral("v1-%1.db").arg(round)).toStdString();
        {
            RawSqlite raw(path);
            raw.exec(kvs::test::kSchemaV1Sql);
            raw.exec("BEGIN");
            for (int i = 0; i < kOldRows; ++i)
                raw.insertKv(encodeKey({"old", i}), encodeValue(Value(double(i))), i + 1);
            raw.exec("INSERT INTO queue (topic, payload, status, enqueued_at, deliver_at, "
                     "attempts, max_attempts) VALUES ('old', '1', 'processing', 1, 1, 1, 3), "
                     "('old', '2', 'pending', 1, 1, 0, 3)");
            raw.exec("COMMIT");
        }
        m_versions.clear();
        // Killed at a random moment of the open (before, during or after the migration), or
        // later among the writes; the first round measures how long the open takes (at least
        // as long as this machine needs to see both lines).
        const bool afterOpen = round == 0 || round % 3 == 2;
        const long long killAfterMicros
            = afterOpen ? -1
                        : static_cast<long long>(m_random.bounded(
                            static_cast<quint32>(std::max<qint64>(1000, m_openMicros * 6 / 5))));
        const Acks acks = killWriter(path, round, false, m_random.bounded(200), killAfterMicros);
        if (!acks.opened)
            ++m_killedDuringOpen;
        else if (afterOpen)
            m_openMicros = std::max(m_openMicros, static_cast<qint64>(acks.openMicros));
        verify(path, round, acks);
        {
            RawSqlite raw(path);
            const std::string version
                = raw.scalar("SELECT COUNT(*) FROM sqlite_master WHERE name = 'meta'") == "1"
                      ? raw.scalar("SELECT value FROM meta WHERE key = 'schema_version'")
                      : "1";
            if (version != std::to_string(kSchemaVersion))
                ++m_leftUnmigrated;
        }
        {
            KVStore store(path); // the next open finishes or redoes the migration
            QCOMPARE(store.schemaVersion(), kSchemaVersion);
        }
        RawSqlite raw(path);
        QCOMPARE(raw.scalar("PRAGMA integrity_check"), std::string("ok"));
        QCOMPARE(raw.scalar("SELECT COUNT(*) FROM kv WHERE version <= " + std::to_string(kOldRows)),
                 std::to_string(kOldRows));
        QCOMPARE(raw.scalar("SELECT COUNT(*) FROM queue WHERE payload IN ('1', '2')"),
                 std::string("2"));
        QCOMPARE(decodeValue(raw.scalar("SELECT value FROM kv WHERE key = ?",
                                        {encodeKey({"old", kOldRows - 1})})),
                 Value(double(kOldRows - 1)));
        ++m_migrationRounds;
        if (QTest::currentTestFailed())
            return;
    }
}

void TestCrashSafety::cleanupTestCase()
{
    std::printf(
        "crash-safety: %lld rounds of kill -9, %lld acknowledged writes checked (%lld sets, "
        "%lld atomic commits, %lld queue operations), 0 lost\n",
        m_rounds,
        m_writesChecked,
        m_sets,
        m_atomics,
        m_queueOps);
    std::printf("crash-safety: %lld of %lld migration rounds killed before the open (and its "
                "migration from schema version 1) returned, %lld files left unmigrated; an open "
                "took up to %lld us\n",
                m_killedDuringOpen,
                m_migrationRounds,
                m_leftUnmigrated,
                static_cast<long long>(m_openMicros));
}

int main(int argc, char **argv)
{
    if (argc == 6 && std::strcmp(argv[1], "--writer") == 0)
        return runWriter(
            argv[2], std::atoll(argv[3]), std::strcmp(argv[4], "busy") == 0, std::atoll(argv[5]));
    QCoreApplication app(argc, argv);
    TestCrashSafety test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_crash_safety.moc"
