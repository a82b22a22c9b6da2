// The operator's sweep over dead letters (kvs/dead_letter_sweep.h): its filter, batches, progress,
// cancel and rate errors (its audit log: tests/core/audit/tst_audit_log.cpp).
#include "queue/dead_letter_fixture.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/dead_letter_sweep.h>
#include <kvs/errors.h>
#include <kvs/kvstore.h>
#include <kvs/literal.h>
#include <kvs/payload_path.h>

#include <QTest>

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

using namespace kvs;

class TestDeadLetterSweep : public QObject
{
    Q_OBJECT

private:
    test::TestFiles m_files;

    // count dead letters on topic "jobs" in a new file (test::deadLetters).
    std::string deadLetters(const char *name, int count)
    {
        return test::deadLetters(m_files.path(name), count);
    }

private slots:
    void filterConditionsCombineWithAnd()
    {
        QueueDeadMessage message;
        message.payload = Value("order 17");
        message.lastError = std::string("HTTP 503 from billing");
        message.failedAt = 5000;
        DeadLetterFilter filter;
        QVERIFY(filter.isEmpty());
        QVERIFY(filter.matches(message));
        filter.setErrorContains("503");
        filter.setErrorPattern("^HTTP 5\\d\\d");
        filter.setFailedAtOrBefore(5000);
        filter.setPayloadContains("\"order 17\"");
        QVERIFY(!filter.isEmpty());
        QVERIFY(filter.matches(message));
        filter.setFailedAtOrBefore(4999);
        QVERIFY(!filter.matches(message));
        filter.setFailedAtOrBefore(5000);
        filter.setErrorContains("http"); // case-sensitive
        QVERIFY(!filter.matches(message));
        // Age (enqueued at or before) and attempts (at least), with the rest.
        DeadLetterFilter aged;
        aged.setEnqueuedAtOrBefore(message.enqueuedAt);
        aged.setAttemptsAtLeast(message.attempts);
        QVERIFY(!aged.isEmpty());
        QVERIFY(aged.matches(message));
        aged.setEnqueuedAtOrBefore(message.enqueuedAt - 1);
        QVERIFY(!aged.matches(message));
        aged.setEnqueuedAtOrBefore(message.enqueuedAt);
        aged.setAttemptsAtLeast(message.attempts + 1);
        QVERIFY(!aged.matches(message));
        // An error condition never matches a message without an error.
        DeadLetterFilter onError;
        onError.setErrorPattern(".*");
        message.lastError.reset();
        QVERIFY(!onError.matches(message));
        QVERIFY(test::throwsWith<TypeError>(
            [&] { onError.setErrorPattern("(a"); },
            "kvs: invalid regular expression: missing closing parenthesis at offset 2"));
    }

    void payloadPathEqualsALiteral()
    {
        QueueDeadMessage message;
        message.payload
            = parseLiteral("{customer: {id: 42, \"a.b\": \"dotted\"}, items: [{sku: \"x\"}, 7n],"
                           " tags: new Map([[\"eu\", true], [3, \"three\"]])}");
        const auto matches = [&](const char *path, const char *literal) {
            DeadLetterFilter filter;
            filter.setPayloadPathEquals(PayloadPath::parse(path), parseLiteral(literal));
            return filter.matches(message);
        };
        QVERIFY(matches("customer.id", "42"));
        QVERIFY(matches(" customer.id\t", "42")); // spaces around the path are not part of it
        QCOMPARE(PayloadPath::parse(" customer.id ").parts().size(), std::size_t(2));
        QVERIFY(matches("[\"customer\", \"id\"]", "42"));
        QVERIFY(!matches("customer.id", "43"));
        QVERIFY(!matches("customer.id", "42n")); // SameValue: a bigint is not the number
        QVERIFY(!matches("customer.id", "\"42\""));
        QVERIFY(matches("[\"customer\", \"a.b\"]", "\"dotted\""));
        QVERIFY(!matches("customer.a.b", "\"dotted\""));
        QVERIFY(matches("items.0.sku", "\"x\""));
        QVERIFY(matches("[\"items\", 1]", "7n"));
        QVERIFY(!matches("items.2", "undefined")); // past the end finds nothing
        QVERIFY(matches("tags.eu", "true"));
        QVERIFY(matches("[\"tags\", 3]", "\"three\""));
        QVERIFY(matches("customer", "{id: 42, \"a.b\": \"dotted\"}"));
        QVERIFY(!matches("customer.id.more", "42")); // a step into a number finds nothing
        // With other conditions: AND.
        DeadLetterFilter both;
        both.setPayloadPathEquals(PayloadPath::parse("customer.id"), Value(42));
        QVERIFY(!both.isEmpty());
        both.setPayloadContains("dotted");
        QVERIFY(both.matches(message));
        both.setPayloadContains("absent");
        QVERIFY(!both.matches(message));

        QVERIFY(test::throwsWith<TypeError>([] { (void)PayloadPath::parse(" "); },
                                            "kvs: invalid payload path \" \": the path is empty"));
        QVERIFY(test::throwsWith<TypeError>(
            [] { (void)PayloadPath::parse("customer..id"); },
            "kvs: invalid payload path \"customer..id\": empty part at position 9"));
        QVERIFY(test::throwsWith<TypeError>(
            [] { (void)PayloadPath::parse("[\"a\", -1]"); },
            "kvs: invalid payload path \"[\\\"a\\\", -1]\": parts are strings or integers >= 0, "
            "got a number -1"));
        QVERIFY(test::throwsWith<TypeError>(
            [] { (void)PayloadPath::parse("[]"); },
            "kvs: invalid payload path \"[]\": an array literal needs at least one part"));
        QVERIFY(test::throwsWith<TypeError>(
            [] { (void)PayloadPath::parse("[\"a\","); },
            "kvs: invalid payload path \"[\\\"a\\\",\": expected a value at position 5"));
    }

    void sweepHonoursThePayloadPath()
    {
        const std::string path = deadLetters("path.db", 30);
        AsyncKVStore store(path);
        DeadLetterSweepOptions options;
        options.action = DeadLetterAction::Retry;
        options.topic = "jobs";
        options.filter.setPayloadPathEquals(PayloadPath::parse("n"), Value(7));
        const DeadLetterSweepResult result = sweepDeadLetters(store, options);
        QCOMPARE(result.progress.matched, std::int64_t(1));
        QCOMPARE(result.progress.changed, std::int64_t(1));
        const auto dead = store.listDead("jobs", ListDeadOptions{1000}).result();
        QCOMPARE(dead.size(), std::size_t(29));
        for (const QueueDeadMessage &m : dead)
            QVERIFY(!(m.payload.members().at(0).second == Value(7)));
    }

    void sweepRetriesTheMatchesInBatches()
    {
        const std::string path = deadLetters("sweep.db", 2500);
        AsyncKVStore store(path);
        DeadLetterSweepOptions options;
        options.topic = "jobs";
        options.action = DeadLetterAction::Retry;
        options.filter.setErrorPattern("^error \\d*[05]$"); // ids ending in 0 or 5 (offset 1)
        std::vector<DeadLetterSweepProgress> reports;
        options.onProgress = [&](const DeadLetterSweepProgress &p) {
            reports.push_back(p);
        };
        const DeadLetterSweepResult result = sweepDeadLetters(store, options);
        QVERIFY(!result.cancelled);
        QCOMPARE(result.progress.scanned, std::int64_t(2500));
        QCOMPARE(result.progress.matched, std::int64_t(500));
        QCOMPARE(result.progress.changed, std::int64_t(500));
        QVERIFY(!reports.empty());
        QCOMPARE(reports.back().changed, std::int64_t(500));
        const QueueStats stats = store.queueStats("jobs").result().at(0);
        QCOMPARE(stats.pending, std::int64_t(500));
        QCOMPARE(stats.dead, std::int64_t(2000));
        // A second sweep finds nothing more; a count (dry run) changes nothing.
        options.action = DeadLetterAction::Count;
        options.filter = DeadLetterFilter();
        QCOMPARE(sweepDeadLetters(store, options).progress.matched, std::int64_t(2000));
        QCOMPARE(store.queueStats("jobs").result().at(0).dead, std::int64_t(2000));
    }

    void sweepStopsWhenCancelled()
    {
        const std::string path = deadLetters("cancel.db", 50);
        AsyncKVStore store(path);
        std::atomic_bool cancel = false;
        DeadLetterSweepOptions options;
        options.topic = "jobs";
        options.action = DeadLetterAction::Delete;
        options.ratePerSecond = 100; // batches of at most 10
        options.cancel = &cancel;
        std::int64_t atCancel = -1; // batch sizes follow the time each takes
        options.onProgress = [&](const DeadLetterSweepProgress &p) {
            if (p.changed >= 20 && atCancel < 0) {
                atCancel = p.changed;
                cancel = true;
            }
        };
        const DeadLetterSweepResult result = sweepDeadLetters(store, options);
        QVERIFY(result.cancelled);
        QVERIFY(atCancel >= 20 && atCancel < 50);
        QCOMPARE(result.progress.changed, atCancel); // nothing after the cancel
        QCOMPARE(store.queueStats("jobs").result().at(0).dead, 50 - atCancel);
    }

    // A pause that is resumed before the sweep's thread looks is still a pause: the time it took
    // is no credit for a burst. The first batch's callback (on the sweep's thread) pauses, moves
    // the clock 5 s and resumes; once the second batch ended, this thread moves the clock 100 ms
    // (one batch at 10 per second) each time a batch ends. Without the pause counted, 5 s of
    // credit let every batch run at the clock's one reading.
    void aPauseResumedUnseenGivesNoBurst()
    {
        const std::string path = deadLetters("unseen-pause.db", 12);
        AsyncKVStore store(path);
        auto clock = std::make_shared<ManualClock>(1000000);
        SweepControl control;
        DeadLetterSweepOptions options;
        options.topic = "jobs";
        options.action = DeadLetterAction::Delete;
        options.ratePerSecond = 10; // one message per batch, 100 ms apart
        options.clock = clock;
        options.control = &control;
        std::mutex mutex;
        std::vector<std::int64_t> readings; // the clock at the end of each batch
        std::atomic<std::int64_t> batches = 0;
        options.onProgress = [&](const DeadLetterSweepProgress &p) {
            if (p.changed == 1 && batches == 0) {
                control.pause();
                clock->advance(5000);
                control.resume();
            }
            const std::lock_guard lock(mutex);
            readings.push_back(clock->monotonicNow());
            ++batches;
        };
        std::atomic_bool done = false;
        std::thread sweep([&] {
            (void)sweepDeadLetters(store, options);
            done = true;
        });
        // The second batch needs no move of the clock (5 s passed); from there on, one move each.
        QVERIFY(QTest::qWaitFor([&] { return batches >= 2 || done; }, 20000));
        std::int64_t seen = 0;
        while (!done) {
            if (!QTest::qWaitFor([&] { return batches > seen || done; }, 20000))
                break;
            seen = batches;
            clock->advance(100);
        }
        sweep.join();
        QCOMPARE(store.queueStats("jobs").result().at(0).dead, std::int64_t(0));
        // After the unseen pause, no two batches at one reading of the clock.
        const std::lock_guard lock(mutex);
        QVERIFY(readings.size() >= 12);
        for (std::size_t i = 2; i < readings.size(); ++i)
            QVERIFY2(readings[i] > readings[i - 1],
                     qPrintable(QStringLiteral("batch %1 at %2 ms, as batch %3")
                                    .arg(i + 1)
                                    .arg(readings[i])
                                    .arg(i)));
    }

    void sweepRefusesABadRate()
    {
        const std::string path = deadLetters("rate.db", 1);
        AsyncKVStore store(path);
        DeadLetterSweepOptions options;
        options.topic = "jobs";
        options.action = DeadLetterAction::Retry;
        options.ratePerSecond = 0;
        QVERIFY(test::throwsWith<RangeError>([&] { sweepDeadLetters(store, options); },
                                             "kvs: the sweep's rate must be a finite number > 0, "
                                             "got 0"));
        QCOMPARE(store.queueStats("jobs").result().at(0).dead, std::int64_t(1));
    }
};

QTEST_GUILESS_MAIN(TestDeadLetterSweep)
#include "tst_dead_letter_sweep.moc"
