// How a store's SQLite connection waits for a lock another connection holds (BusyWait): in
// steps of at most a millisecond, so that it gets in soon after the lock is released, and giving
// up after the busy timeout as busy_timeout did. Real SQLite locks; the time is the test's (a
// sleep moves it), so nothing here sleeps or measures.
#include "sqlite/busy_wait.h"
#include "support/raw_sqlite.h"
#include "support/test_support.h"

#include <QTest>

#include <sqlite3.h>

#include <chrono>
#include <vector>

using namespace kvs;
using namespace std::chrono_literals;

class TestBusyWait : public QObject
{
    Q_OBJECT

private:
    test::TestFiles m_files;

    // A WAL database whose write lock holder takes (BEGIN IMMEDIATE).
    static void lock(test::RawSqlite &holder)
    {
        holder.exec("PRAGMA journal_mode = WAL");
        holder.exec("CREATE TABLE t (x)");
        holder.exec("BEGIN IMMEDIATE");
    }

private slots:
    void waitsInShortStepsUntilTheTimeout()
    {
        const std::string path = m_files.path("timeout.db");
        test::RawSqlite holder(path);
        lock(holder);
        test::RawSqlite waiter(path);
        detail::BusyWait::Clock::time_point now{};
        std::vector<std::chrono::microseconds> sleeps;
        detail::BusyWait wait(
            5000ms,
            [&](std::chrono::microseconds step) {
                sleeps.push_back(step);
                now += step;
            },
            [&] { return now; });
        wait.install(waiter.handle());
        QCOMPARE(sqlite3_exec(waiter.handle(), "BEGIN IMMEDIATE", nullptr, nullptr, nullptr),
                 SQLITE_BUSY);
        // SQLite's busy_timeout slept 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, then 100 ms.
        QCOMPARE(sleeps.size(), std::size_t(5000));
        for (const std::chrono::microseconds step : sleeps)
            QVERIFY(step <= detail::BusyWait::kStep);
        QCOMPARE(now.time_since_epoch(), std::chrono::steady_clock::duration(5000ms));
    }

    void getsInAtTheFirstTryAfterTheRelease()
    {
        const std::string path = m_files.path("release.db");
        test::RawSqlite holder(path);
        lock(holder);
        test::RawSqlite waiter(path);
        detail::BusyWait::Clock::time_point now{};
        int steps = 0;
        detail::BusyWait wait(
            5000ms,
            [&](std::chrono::microseconds step) {
                now += step;
                if (++steps == 23) // the holder commits 23 ms into the wait
                    holder.exec("COMMIT");
            },
            [&] { return now; });
        wait.install(waiter.handle());
        QCOMPARE(sqlite3_exec(waiter.handle(), "BEGIN IMMEDIATE", nullptr, nullptr, nullptr),
                 SQLITE_OK);
        QCOMPARE(steps, 23); // SQLite's schedule would have slept on to 33 ms
        // A later wait counts its own time: an hour later, the same 23 steps.
        QCOMPARE(sqlite3_exec(waiter.handle(), "COMMIT", nullptr, nullptr, nullptr), SQLITE_OK);
        holder.exec("BEGIN IMMEDIATE");
        steps = 0;
        now += 1h;
        QCOMPARE(sqlite3_exec(waiter.handle(), "BEGIN IMMEDIATE", nullptr, nullptr, nullptr),
                 SQLITE_OK);
        QCOMPARE(steps, 23);
    }
};

QTEST_GUILESS_MAIN(TestBusyWait)
#include "tst_busy_wait.moc"
