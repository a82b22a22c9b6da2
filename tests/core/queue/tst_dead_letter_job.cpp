// The sweep as a long job (kvs/dead_letter_sweep.h, kvs/sweep_control.h): batches sized by the
// time the last one took, pause, resume, cancel, auto-pause when retried messages die again;
// and the export that goes before a delete (kvs/dead_letter_export.h).
#include "queue/dead_letter_fixture.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/dead_letter_export.h>
#include <kvs/dead_letter_sweep.h>
#include <kvs/errors.h>
#include <kvs/kvstore.h>
#include <kvs/sweep_control.h>

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

using namespace kvs;

namespace {

// A clock whose monotonic reading moves by stepMs each time it is read: every batch then
// seems to take stepMs, as on a slow disk. The wall time stands still.
class SlowDiskClock final : public Clock
{
public:
    explicit SlowDiskClock(std::int64_t stepMs)
        : m_step(stepMs)
    {}
    std::int64_t now() const override { return 1'700'000'000'000; }
    std::int64_t monotonicNow() const override { return m_monotonic += m_step; }

private:
    std::int64_t m_step;
    mutable std::atomic<std::int64_t> m_monotonic = 0;
};

} // namespace

class TestDeadLetterJob : public QObject
{
    Q_OBJECT

private:
    test::TestFiles m_files;

    // count dead letters on topic "jobs" in a new file (test::deadLetters).
    std::string deadLetters(const char *name, int count)
    {
        return test::deadLetters(m_files.path(name), count);
    }

    // Takes the one due message of "jobs" and fails it on its last attempt: dead again.
    static void killDue(AsyncKVStore &store)
    {
        const std::vector<QueueMessage> taken = store.dequeue("jobs", 1).result();
        QCOMPARE(taken.size(), std::size_t(1));
        NackOptions nack;
        nack.error = "still broken";
        QVERIFY(store.nack(double(taken[0].id), taken[0].token, nack).result());
    }

private slots:
    void nextBatchFollowsTheLastBatchTime()
    {
        QCOMPARE(nextBatchSize(100, 5, 10), std::size_t(200));     // quick: at most doubled
        QCOMPARE(nextBatchSize(1000, 20, 10), std::size_t(500));   // slow: scaled down
        QCOMPARE(nextBatchSize(1000, 5000, 10), std::size_t(500)); // a stall: at most halved
        QCOMPARE(nextBatchSize(1000, 0, 10), std::size_t(1000));   // never above 1000
        QCOMPARE(nextBatchSize(800, 1, 10), std::size_t(1000));
        QCOMPARE(nextBatchSize(1, 1000, 10), std::size_t(1)); // never below 1
        QCOMPARE(nextBatchSize(500, 10, 10), std::size_t(500));
    }

    void slowBatchesGetSmaller()
    {
        const std::string path = deadLetters("slow.db", 400);
        AsyncKVStore store(path);
        DeadLetterSweepOptions options;
        options.topic = "jobs";
        options.action = DeadLetterAction::Retry;
        options.clock = std::make_shared<SlowDiskClock>(20); // each batch "takes" 20 ms
        std::vector<std::int64_t> sizes;
        options.onProgress = [&](const DeadLetterSweepProgress &p) {
            sizes.push_back(p.lastBatchSize);
        };
        const DeadLetterSweepResult result = sweepDeadLetters(store, options);
        QCOMPARE(result.progress.changed, std::int64_t(400));
        QVERIFY(sizes.size() >= 4);
        QCOMPARE(sizes[0], std::int64_t(100));
        QCOMPARE(sizes[1], std::int64_t(50));
        QCOMPARE(sizes[2], std::int64_t(25));
        QCOMPARE(sizes[3], std::int64_t(12));
        // A quick store: batches grow to the 1000 ids one statement takes, never beyond.
        const std::string quick = deadLetters("quick.db", 5000);
        AsyncKVStore quickStore(quick);
        options.clock = std::make_shared<SlowDiskClock>(1);
        sizes.clear();
        QCOMPARE(sweepDeadLetters(quickStore, options).progress.changed, std::int64_t(5000));
        QCOMPARE(*std::max_element(sizes.begin(), sizes.end()), std::int64_t(1000));
    }

    void pausesResumesCancelsAndPausesItselfWhenRetriedDieAgain()
    {
        const std::string path = deadLetters("job.db", 30);
        auto clock = std::make_shared<ManualClock>(QDateTime::currentMSecsSinceEpoch() + 3600000);
        AsyncKVStoreSettings settings;
        settings.clock = clock;
        AsyncKVStore store(path, settings);
        SweepControl control;
        DeadLetterSweepOptions options;
        options.topic = "jobs";
        options.action = DeadLetterAction::Retry;
        options.ratePerSecond = 10; // batches of one message, 100 ms apart
        options.clock = clock;
        options.control = &control;
        options.autoPauseShare = 0.5;
        options.autoPauseMinimum = 1;
        std::atomic<int> reports = 0;
        std::atomic<bool> autoPaused = false;
        std::atomic<bool> operatorPaused = false;
        options.onProgress = [&](const DeadLetterSweepProgress &p) {
            // On the sweep's thread, between its batches: deterministic.
            if (p.changed == 1 || p.changed == 2)
                killDue(store); // the two first retried die again
            if (control.isPaused() && !control.pauseReason().empty()) {
                QCOMPARE(p.changed, std::int64_t(3)); // 2 of 3 > 50 %; 1 of 2 was not
                QCOMPARE(p.diedAgain, std::int64_t(2));
                autoPaused = true;
            }
            if (p.changed == 5) {
                control.pause();
                operatorPaused = true;
            }
            clock->advance(100); // the pace's wait is over
            ++reports;
        };
        DeadLetterSweepResult result;
        std::thread sweep([&] { result = sweepDeadLetters(store, options); });
        QTRY_VERIFY(autoPaused.load());
        QVERIFY(control.isPaused());
        QCOMPARE(control.pauseReason(),
                 std::string("kvs: 2 of the 3 messages this sweep retried died again"));
        const int reportsAtPause = reports;
        clock->advance(1000); // time passing does not end a pause
        QCOMPARE(store.queueStats("jobs").result().at(0).pending, std::int64_t(1));
        QCOMPARE(reports.load(), reportsAtPause);
        control.resume(); // no more deaths since: it does not pause itself again
        QTRY_VERIFY(operatorPaused.load());
        QVERIFY(control.pauseReason().empty());
        QCOMPARE(store.queueStats("jobs").result().at(0).pending, std::int64_t(3));
        control.cancel();
        sweep.join();
        QVERIFY(result.cancelled);
        QCOMPARE(result.progress.changed, std::int64_t(5));
        const QueueStats stats = store.queueStats("jobs").result().at(0);
        QCOMPARE(stats.pending, std::int64_t(3));
        QCOMPARE(stats.dead, std::int64_t(27));
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

    void badSharesAndBatchTimesAreRefused()
    {
        const std::string path = deadLetters("bad.db", 1);
        AsyncKVStore store(path);
        DeadLetterSweepOptions options;
        options.topic = "jobs";
        options.action = DeadLetterAction::Retry;
        options.autoPauseShare = 1.5;
        QVERIFY(test::throwsWith<RangeError>(
            [&] { sweepDeadLetters(store, options); },
            "kvs: the sweep's auto-pause share must be a number > 0 and <= 1, got 1.5"));
        options.autoPauseShare.reset();
        options.targetBatchMs = 0;
        QVERIFY(test::throwsWith<RangeError>(
            [&] { sweepDeadLetters(store, options); },
            "kvs: the sweep's batch time must be a finite number > 0, got 0"));
        QCOMPARE(store.queueStats("jobs").result().at(0).dead, std::int64_t(1));
    }

    void exportWritesTheMatchesThenTheDeleteTakesExactlyThose()
    {
        const std::string path = deadLetters("export.db", 2500);
        AsyncKVStore store(path);
        DeadLetterFilter filter;
        filter.setErrorPattern("^error \\d*7$"); // 250 of them
        std::ostringstream out;
        std::vector<std::int64_t> reported;
        const DeadLetterExportResult exported = exportDeadLetters(
            store, "jobs", filter, out, nullptr, [&](std::int64_t n) { reported.push_back(n); });
        QVERIFY(!exported.cancelled);
        QCOMPARE(exported.scanned, std::int64_t(2500));
        QCOMPARE(exported.ids.size(), std::size_t(250));
        QCOMPARE(reported.size(), std::size_t(3)); // one per page
        const QList<QByteArray> lines = QByteArray::fromStdString(out.str()).trimmed().split('\n');
        QCOMPARE(lines.size(), 250);
        const QJsonObject first = QJsonDocument::fromJson(lines[0]).object();
        QCOMPARE(first[u"id"].toInteger(), 8);
        QCOMPARE(first[u"topic"].toString(), QStringLiteral("jobs"));
        QCOMPARE(first[u"payload"].toString(), QStringLiteral("{\"n\": 7}"));
        QCOMPARE(first[u"lastError"].toString(), QStringLiteral("error 7"));
        QCOMPARE(first[u"attempts"].toInt(), 1);
        QCOMPARE(first[u"maxAttempts"].toInt(), 1);
        QVERIFY(first[u"failedAt"].toInteger() > 0);
        QCOMPARE(QJsonDocument::fromJson(lines[249]).object()[u"id"].toInteger(), 2498);

        // The delete takes the exported ids only, also when more match by now.
        DeadLetterSweepOptions options;
        options.topic = "jobs";
        options.action = DeadLetterAction::Delete;
        options.filter = DeadLetterFilter(); // everything, narrowed by onlyIds
        options.onlyIds = std::make_shared<const std::vector<std::int64_t>>(exported.ids);
        const DeadLetterSweepResult deleted = sweepDeadLetters(store, options);
        QCOMPARE(deleted.progress.changed, std::int64_t(250));
        QCOMPARE(store.queueStats("jobs").result().at(0).dead, std::int64_t(2250));

        // A failing output: a clear error (the caller then deletes nothing).
        std::ostringstream broken;
        broken.setstate(std::ios::badbit);
        QVERIFY(
            test::throwsWith<Error>([&] { (void)exportDeadLetters(store, "jobs", filter, broken); },
                                    "kvs: cannot write the export (the output stream failed)"));
    }
};

QTEST_GUILESS_MAIN(TestDeadLetterJob)
#include "tst_dead_letter_job.moc"
