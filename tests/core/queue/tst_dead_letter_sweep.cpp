// The operator's sweep over dead letters (kvs/dead_letter_sweep.h): its filter, batches, progress,
// cancel and rate errors (its audit log: tests/core/audit/tst_audit_log.cpp).
#include "queue/dead_letter_fixture.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/dead_letter_sweep.h>
#include <kvs/errors.h>
#include <kvs/kvstore.h>
#include <kvs/literal.h>
#include <kvs/payload_path.h>

#include <QTest>

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
