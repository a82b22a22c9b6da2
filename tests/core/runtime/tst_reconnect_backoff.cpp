// kvs::ReconnectBackoff (kvs/reconnect_backoff.h), the waits between attempts to reach a database
// that went away (issue 30): 1 s, doubling, capped at 30 s, back to 1 s after a success.
#include <kvs/reconnect_backoff.h>

#include <QTest>

#include <vector>

using namespace kvs;
using std::chrono::milliseconds;

class TestReconnectBackoff : public QObject
{
    Q_OBJECT

private slots:
    void waitsDoubleFromOneSecondUpToThirtySeconds()
    {
        ReconnectBackoff backoff;
        std::vector<long long> waits;
        for (int i = 0; i < 8; ++i)
            waits.push_back(backoff.next().count());
        const std::vector<long long> expected{1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000};
        QCOMPARE(waits, expected);
        QCOMPARE(backoff.attempts(), 8);
    }

    void peekDoesNotTakeTheWait()
    {
        ReconnectBackoff backoff;
        QCOMPARE(backoff.peek(), milliseconds(1000));
        QCOMPARE(backoff.peek(), milliseconds(1000));
        QCOMPARE(backoff.next(), milliseconds(1000));
        QCOMPARE(backoff.peek(), milliseconds(2000));
    }

    void resetStartsAgainAtTheFirstWait()
    {
        ReconnectBackoff backoff;
        (void)backoff.next();
        (void)backoff.next();
        (void)backoff.next();
        backoff.reset();
        QCOMPARE(backoff.attempts(), 0);
        QCOMPARE(backoff.next(), milliseconds(1000));
    }

    void givenWaitsAreKeptSane()
    {
        ReconnectBackoff custom(milliseconds(300), milliseconds(1000));
        QCOMPARE(custom.next(), milliseconds(300));
        QCOMPARE(custom.next(), milliseconds(600));
        QCOMPARE(custom.next(), milliseconds(1000));
        QCOMPARE(custom.next(), milliseconds(1000));
        // A cap below the first wait is the first wait; a zero wait is one millisecond.
        ReconnectBackoff inverted(milliseconds(500), milliseconds(100));
        QCOMPARE(inverted.next(), milliseconds(500));
        QCOMPARE(inverted.next(), milliseconds(500));
        ReconnectBackoff zero(milliseconds(0), milliseconds(0));
        QCOMPARE(zero.next(), milliseconds(1));
    }
};

QTEST_GUILESS_MAIN(TestReconnectBackoff)
#include "tst_reconnect_backoff.moc"
