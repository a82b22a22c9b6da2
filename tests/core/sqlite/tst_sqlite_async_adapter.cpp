// SQLiteAsyncAdapter's serial queue and its batches, on a real SQLite file: a call issued while a
// transaction runs waits for it; the calls queued meanwhile run as one batch when it ends, with
// consecutive reads in one read transaction, and a write among them committed (visible to other
// connections) before its future finishes and before the reads queued after it run.
#include "support/raw_sqlite.h"
#include "support/test_support.h"

#include <kvs/future.h>
#include <kvs/key.h>
#include <kvs/sqlite_async_adapter.h>
#include <kvs/value_codec.h>

#include <QTest>

#include <atomic>
#include <chrono>
#include <latch>
#include <memory>
#include <thread>

using namespace kvs;

namespace {

std::string keyBytes(const char *name)
{
    return encodeKey(Key{std::string("k"), std::string(name)});
}

std::string valueBytes(const char *text)
{
    return encodeValue(Value(std::string(text)));
}

// The reads' "now": no entry here expires, so any time will do.
constexpr std::int64_t kNow = 0;

// Holds the adapter's worker inside a transaction() until release(), so that the calls issued
// meanwhile queue up and run as one batch when it ends.
class WorkerGate
{
public:
    explicit WorkerGate(SqlAdapter &adapter)
    {
        m_done = adapter.transaction([this](SqlAdapter &) {
            m_entered.count_down();
            m_released.wait();
        });
        m_entered.wait();
    }
    ~WorkerGate() { release(); }

    void release()
    {
        if (!m_open)
            return;
        m_open = false;
        m_released.count_down();
        m_done.waitForFinished();
    }

private:
    std::latch m_entered{1};
    std::latch m_released{1};
    bool m_open = true;
    QFuture<void> m_done;
};

std::string storedValue(test::RawSqlite &other, const std::string &key)
{
    const auto rows = other.rows("SELECT value FROM kv WHERE key = ?", {key});
    return rows.empty() ? std::string("<none>") : rows.front().front();
}

// Writes a row's value bytes as another program would (no version change, no store code).
void overwriteValue(test::RawSqlite &other, const std::string &key, const std::string &bytes)
{
    other.rows("UPDATE kv SET value = ? WHERE key = ?", {bytes, key});
}

// Bytes that are not a stored value (decodeValue: "an invalid JSON value at byte 1").
const std::string kNotAValue("\x03xxx");

} // namespace

class TestSqliteAsyncAdapter : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void callIssuedDuringATransactionWaitsForIt();
    void queuedReadsSeeTheWritesQueuedBeforeThem();
    void aQueuedWriteIsCommittedBeforeItsFutureFinishes();
    void theNextBatchSeesAnotherConnectionsWrite();
    void aBatchLeavesNoReadTransactionOpen();
    void readOnlyAdapterAnswersQueuedReads();
    void callsQueuedAfterCloseFail();
    void getEntryDecodesTheRow();
    void aFailedCallFinishesAfterTheCallsBeforeIt();
    void aTransactionMayWaitForAnEarlierCall();
    void schemaVersionIsWhatMigrateFound();
    void getEntryDefaultGoesThroughGet();

private:
    test::TestFiles m_files;
    std::string m_path;
    int m_run = 0;
};

void TestSqliteAsyncAdapter::init()
{
    m_path = m_files.path(("adapter" + std::to_string(++m_run) + ".db").c_str());
    SQLiteAsyncAdapter adapter(m_path);
    adapter.migrate().waitForFinished();
    adapter.set(keyBytes("a"), valueBytes("a1"), std::nullopt, std::nullopt).waitForFinished();
    adapter.set(keyBytes("b"), valueBytes("b1"), std::nullopt, std::nullopt).waitForFinished();
}

void TestSqliteAsyncAdapter::callIssuedDuringATransactionWaitsForIt()
{
    SQLiteAsyncAdapter adapter(m_path);
    adapter.migrate().waitForFinished();
    std::latch entered(1);
    std::latch released(1);
    QFuture<void> tx = adapter.transaction([&](SqlAdapter &inside) {
        inside.set(keyBytes("a"), valueBytes("a2"), std::nullopt, std::nullopt).waitForFinished();
        entered.count_down();
        released.wait();
    });
    entered.wait();
    QFuture<std::optional<KvRow>> read = adapter.get(keyBytes("a"), kNow);
    // A get that ran beside the transaction would be done (and read a1) long before this. Real
    // time on purpose: the check is that something does not happen, the adapter's worker is held
    // by the transaction (so nothing it runs can serve as a signal), and the adapter has no
    // clock to move.
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    QVERIFY(!read.isFinished());
    released.count_down();
    tx.waitForFinished();
    QCOMPARE(read.result()->value, valueBytes("a2"));
}

void TestSqliteAsyncAdapter::queuedReadsSeeTheWritesQueuedBeforeThem()
{
    SQLiteAsyncAdapter adapter(m_path);
    adapter.migrate().waitForFinished();
    WorkerGate gate(adapter);
    auto before = adapter.get(keyBytes("a"), kNow);
    auto manyBefore = adapter.getMany({keyBytes("a"), keyBytes("b")}, kNow);
    auto write = adapter.set(keyBytes("a"), valueBytes("a2"), std::nullopt, std::nullopt);
    auto after = adapter.get(keyBytes("a"), kNow);
    auto versionAfter = adapter.getVersion(keyBytes("a"), kNow);
    auto removal = adapter.remove(keyBytes("b"));
    auto listAfter = adapter.listAsc(keyBytes(""), keyBytes("z"), kNow, 10);
    gate.release();

    QCOMPARE(before.result()->value, valueBytes("a1"));
    QCOMPARE(manyBefore.result().size(), std::size_t(2));
    const std::int64_t written = write.result();
    QCOMPARE(after.result()->value, valueBytes("a2"));
    QCOMPARE(versionAfter.result(), std::optional<std::int64_t>(written));
    QVERIFY(removal.result());
    const std::vector<KvRow> listed = listAfter.result();
    QCOMPARE(listed.size(), std::size_t(1));
    QCOMPARE(listed.front().key, keyBytes("a"));
    QCOMPARE(listed.front().value, valueBytes("a2"));
}

void TestSqliteAsyncAdapter::aQueuedWriteIsCommittedBeforeItsFutureFinishes()
{
    // Reads before and after the write make it the middle of a batch: the read transaction the
    // reads before it share must end first, or the write would commit only with it.
    SQLiteAsyncAdapter adapter(m_path);
    adapter.migrate().waitForFinished();
    test::RawSqlite other(m_path);
    WorkerGate gate(adapter);
    auto first = adapter.get(keyBytes("a"), kNow);
    auto second = adapter.get(keyBytes("b"), kNow);
    auto write = adapter.set(keyBytes("a"), valueBytes("a2"), std::nullopt, std::nullopt);
    auto third = adapter.get(keyBytes("a"), kNow);
    auto fourth = adapter.get(keyBytes("b"), kNow);
    std::string seenByOther;
    // Runs on the worker when the write's future finishes (after the reads queued behind it).
    QFuture<void> checked
        = kvs::then(write, [&](std::int64_t) { seenByOther = storedValue(other, keyBytes("a")); });
    gate.release();
    checked.waitForFinished();
    QCOMPARE(seenByOther, valueBytes("a2"));
    QCOMPARE(first.result()->value, valueBytes("a1"));
    QCOMPARE(third.result()->value, valueBytes("a2"));
    QCOMPARE(fourth.result()->value, valueBytes("b1"));
    QCOMPARE(second.result()->value, valueBytes("b1"));
}

void TestSqliteAsyncAdapter::theNextBatchSeesAnotherConnectionsWrite()
{
    SQLiteAsyncAdapter adapter(m_path);
    adapter.migrate().waitForFinished();
    {
        WorkerGate gate(adapter);
        auto first = adapter.get(keyBytes("a"), kNow);
        auto second = adapter.get(keyBytes("a"), kNow);
        gate.release();
        QCOMPARE(second.result()->value, valueBytes("a1"));
    }
    test::RawSqlite other(m_path);
    overwriteValue(other, keyBytes("a"), valueBytes("a3"));
    WorkerGate gate(adapter);
    auto first = adapter.get(keyBytes("a"), kNow);
    auto second = adapter.get(keyBytes("b"), kNow);
    gate.release();
    QCOMPARE(first.result()->value, valueBytes("a3"));
    QCOMPARE(second.result()->value, valueBytes("b1"));
}

void TestSqliteAsyncAdapter::aBatchLeavesNoReadTransactionOpen()
{
    // An open read transaction would pin the WAL: a truncating checkpoint by another connection
    // reports it busy (its first column is 1) instead of emptying the log.
    SQLiteAsyncAdapter adapter(m_path);
    adapter.migrate().waitForFinished();
    WorkerGate gate(adapter);
    std::vector<QFuture<std::optional<KvRow>>> reads;
    for (int i = 0; i < 16; ++i)
        reads.push_back(adapter.get(keyBytes(i % 2 ? "a" : "b"), kNow));
    gate.release();
    for (auto &read : reads)
        QVERIFY(read.result().has_value());
    test::RawSqlite other(m_path);
    overwriteValue(other, keyBytes("a"), valueBytes("a4"));
    const auto checkpoint = other.rows("PRAGMA wal_checkpoint(TRUNCATE)");
    QCOMPARE(checkpoint.front().front(), std::string("0"));
}

void TestSqliteAsyncAdapter::readOnlyAdapterAnswersQueuedReads()
{
    SQLiteAdapterOptions options;
    options.readOnly = true;
    SQLiteAsyncAdapter adapter(m_path, options);
    adapter.migrate().waitForFinished();
    std::vector<QFuture<std::optional<KvRow>>> reads;
    for (int i = 0; i < 64; ++i)
        reads.push_back(adapter.get(keyBytes(i % 2 ? "a" : "b"), kNow));
    auto refused = adapter.set(keyBytes("a"), valueBytes("a2"), std::nullopt, std::nullopt);
    auto readAfter = adapter.get(keyBytes("a"), kNow);
    for (int i = 0; i < 64; ++i)
        QCOMPARE(reads[i].result()->value, valueBytes(i % 2 ? "a1" : "b1"));
    QVERIFY(test::throwsWith<ReadOnlyError>(
        [&] { refused.waitForFinished(); },
        "kvs: the store is open read-only; this call needs write access"));
    QCOMPARE(readAfter.result()->value, valueBytes("a1"));
}

void TestSqliteAsyncAdapter::callsQueuedAfterCloseFail()
{
    SQLiteAsyncAdapter adapter(m_path);
    adapter.migrate().waitForFinished();
    WorkerGate gate(adapter);
    auto before = adapter.get(keyBytes("a"), kNow);
    auto beforeToo = adapter.get(keyBytes("b"), kNow);
    QFuture<void> closed = adapter.close();
    auto after = adapter.get(keyBytes("a"), kNow);
    bool earlierFinishedFirst = false;
    QFuture<void> checked = kvs::then(
        closed, [&] { earlierFinishedFirst = before.isFinished() && beforeToo.isFinished(); });
    gate.release();
    checked.waitForFinished();
    QVERIFY(earlierFinishedFirst);
    QCOMPARE(before.result()->value, valueBytes("a1"));
    QCOMPARE(beforeToo.result()->value, valueBytes("b1"));
    QVERIFY(test::throwsWith<ClosedError>([&] { after.waitForFinished(); },
                                          "kvs: the store is closed"));
}

void TestSqliteAsyncAdapter::getEntryDecodesTheRow()
{
    SQLiteAsyncAdapter adapter(m_path);
    adapter.migrate().waitForFinished();
    const std::int64_t version = adapter.getVersion(keyBytes("a"), kNow).result().value();
    const Key entryKey{std::string("as given")};
    const std::optional<Entry> hit = adapter.getEntry(keyBytes("a"), kNow, entryKey).result();
    QVERIFY(hit.has_value());
    QCOMPARE(hit->key, entryKey);
    QCOMPARE(hit->value, Value(std::string("a1")));
    QCOMPARE(hit->version, version);
    QVERIFY(!adapter.getEntry(keyBytes("none"), kNow, entryKey).result());
    // Bytes that are not a value (written by another program) fail the call, not the worker.
    test::RawSqlite other(m_path);
    overwriteValue(other, keyBytes("a"), kNotAValue);
    QFuture<std::optional<Entry>> bad = adapter.getEntry(keyBytes("a"), kNow, entryKey);
    QVERIFY(test::throwsWith<Error>([&] { bad.waitForFinished(); },
                                    "kvs: cannot decode value: an invalid JSON value at byte 1"));
    QCOMPARE(adapter.getEntry(keyBytes("b"), kNow, entryKey).result()->value,
             Value(std::string("b1")));
}

void TestSqliteAsyncAdapter::getEntryDefaultGoesThroughGet()
{
    // A transaction's adapter keeps SqlAdapter's own getEntry: get(), then entryOf.
    SQLiteAsyncAdapter adapter(m_path);
    adapter.migrate().waitForFinished();
    const Key entryKey{std::string("as given")};
    std::optional<Entry> hit;
    std::optional<Entry> miss{Entry{}};
    adapter
        .transaction([&](SqlAdapter &tx) {
            hit = tx.getEntry(keyBytes("b"), kNow, entryKey).result();
            miss = tx.getEntry(keyBytes("none"), kNow, entryKey).result();
        })
        .waitForFinished();
    QVERIFY(hit.has_value());
    QCOMPARE(hit->key, entryKey);
    QCOMPARE(hit->value, Value(std::string("b1")));
    QVERIFY(!miss.has_value());
}

void TestSqliteAsyncAdapter::aFailedCallFinishesAfterTheCallsBeforeIt()
{
    SQLiteAsyncAdapter adapter(m_path);
    adapter.migrate().waitForFinished();
    test::RawSqlite other(m_path);
    overwriteValue(other, keyBytes("b"), kNotAValue);
    WorkerGate gate(adapter);
    auto first = adapter.get(keyBytes("a"), kNow);
    auto failing = adapter.getEntry(keyBytes("b"), kNow, Key{std::string("b")});
    bool firstFinishedBefore = false;
    bool failureShownEarly = true;
    QFuture<void> checkedFirst = kvs::then(first, [&](const QFuture<std::optional<KvRow>> &) {
        failureShownEarly = failing.isCanceled(); // a failed future reports itself canceled
    });
    QFuture<void> checked = kvs::then(failing, [&](const QFuture<std::optional<Entry>> &) {
        firstFinishedBefore = first.isFinished();
    });
    gate.release();
    checked.waitForFinished();
    checkedFirst.waitForFinished();
    QVERIFY(firstFinishedBefore);
    QVERIFY(!failureShownEarly);
    QCOMPARE(first.result()->value, valueBytes("a1"));
    QVERIFY(test::throwsWith<Error>([&] { failing.waitForFinished(); },
                                    "kvs: cannot decode value: an invalid JSON value at byte 1"));
}

void TestSqliteAsyncAdapter::aTransactionMayWaitForAnEarlierCall()
{
    // The calls of a batch queued before a transaction have finished when its work runs, so the
    // work can wait for one (it would wait forever if that future finished after the batch).
    SQLiteAsyncAdapter adapter(m_path);
    adapter.migrate().waitForFinished();
    WorkerGate gate(adapter);
    auto first = adapter.get(keyBytes("a"), kNow);
    auto second = adapter.get(keyBytes("b"), kNow);
    std::string seen;
    QFuture<void> tx = adapter.transaction([&](SqlAdapter &) { seen = first.result()->value; });
    gate.release();
    QTRY_VERIFY_WITH_TIMEOUT(tx.isFinished(), 10000);
    QCOMPARE(seen, valueBytes("a1"));
    QCOMPARE(second.result()->value, valueBytes("b1"));
}

void TestSqliteAsyncAdapter::schemaVersionIsWhatMigrateFound()
{
    {
        SQLiteAsyncAdapter adapter(m_path);
        QCOMPARE(adapter.schemaVersion(), 0LL); // migrate() has not run
        adapter.migrate().waitForFinished();
        QCOMPARE(adapter.schemaVersion(), kSchemaVersion);
    }
    // kvs <= 0.3 tables (no meta row): version 1, read without a change.
    const std::string old = m_files.path(("v1-" + std::to_string(m_run) + ".db").c_str());
    {
        test::RawSqlite raw(old);
        raw.exec(test::kSchemaV1Sql);
    }
    const QByteArray before = test::fileBytes(QString::fromStdString(old));
    SQLiteAdapterOptions readOnly;
    readOnly.readOnly = true;
    SQLiteAsyncAdapter reader(old, readOnly);
    reader.migrate().waitForFinished();
    QCOMPARE(reader.schemaVersion(), 1LL);
    reader.close().waitForFinished();
    QCOMPARE(test::fileBytes(QString::fromStdString(old)), before);
}

QTEST_GUILESS_MAIN(TestSqliteAsyncAdapter)
#include "tst_sqlite_async_adapter.moc"
