// kvs::then and kvs::finish (kvs/future.h): a continuation attached while another thread
// finishes the future runs exactly once. Qt 6.4's own QFuture::then() runs it twice in that
// race (and crashes on the moved-from promise); this is the regression test for the workaround.
#include <kvs/future.h>

#include <QTest>

#include <atomic>
#include <memory>
#include <thread>

class TestFuture : public QObject
{
    Q_OBJECT

private slots:
    void continuationRacingAFinishRunsOnce();
    void continuationOnAFinishedFutureRunsAtOnce();
};

void TestFuture::continuationRacingAFinishRunsOnce()
{
    constexpr int kTries = 20000;
    std::atomic<int> runs{0};
    for (int i = 0; i < kTries; ++i) {
        auto promise = std::make_shared<QPromise<int>>();
        promise->start();
        std::thread finisher([promise] {
            promise->addResult(1);
            kvs::finish(*promise);
        });
        QFuture<int> chained = kvs::then(promise->future(), [&runs](int value) {
            runs.fetch_add(1);
            return value + 1;
        });
        finisher.join();
        QCOMPARE(chained.result(), 2);
        QCOMPARE(runs.load(), i + 1);
    }
}

void TestFuture::continuationOnAFinishedFutureRunsAtOnce()
{
    QPromise<int> promise;
    promise.start();
    promise.addResult(41);
    kvs::finish(promise);
    bool ran = false;
    const QFuture<int> chained = kvs::then(promise.future(), [&](int value) {
        ran = true;
        return value + 1;
    });
    QVERIFY(ran); // on this thread, before then() returned
    QCOMPARE(chained.result(), 42);
}

QTEST_GUILESS_MAIN(TestFuture)
#include "tst_future.moc"
