// kvs::then and kvs::finish (kvs/future.h): a continuation attached while another thread
// finishes the future runs exactly once. Qt 6.4's own QFuture::then() runs it twice in that
// race (and crashes on the moved-from promise); this is the regression test for the workaround.
#include <kvs/future.h>

#include <QCoreApplication>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTest>
#include <QThread>

#include <atomic>
#include <memory>
#include <stdexcept>
#include <thread>

namespace {

// The child process of applicationEndingWithAContinuationPendingExits.
constexpr char kEndingScenario[] = "KVS_TST_FUTURE_END_APPLICATION";

// An application that ends while a context continuation is posted but not yet delivered (the
// program quits while a database read is still coming back).
int endApplicationWithAContinuationPending(int argc, char **argv)
{
    auto app = std::make_unique<QCoreApplication>(argc, argv);
    {
        QObject context;
        kvs::then(QtFuture::makeReadyFuture(1), &context, [](int) {});
    } // the future and the context are gone: only the posted event holds the continuation
    app.reset(); // discards the posted event
    return 0;
}

} // namespace

class TestFuture : public QObject
{
    Q_OBJECT

private slots:
    void continuationRacingAFinishRunsOnce();
    void continuationOnAFinishedFutureRunsAtOnce();
    void contextContinuationComesFromTheEventLoop();
    void contextContinuationOfAFailedFuture();
    void contextContinuationIsDroppedWithItsContext();
    void contextGoneBeforeAnotherThreadFinishes();
    void applicationEndingWithAContinuationPendingExits();
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

void TestFuture::contextContinuationComesFromTheEventLoop()
{
    // Finished already: Qt's then(context) would run at once, inside the call.
    QObject context;
    QFuture<int> finished = QtFuture::makeReadyFuture(7);
    int seen = 0;
    kvs::then(finished, &context, [&seen](QFuture<int> done) { seen = done.result(); });
    QCOMPARE(seen, 0);
    QTRY_COMPARE(seen, 7);

    // Finished on another thread: arrives on the context's thread.
    auto promise = std::make_shared<QPromise<int>>();
    promise->start();
    Qt::HANDLE arrivedOn = nullptr;
    kvs::then(promise->future(), &context, [&](int value) {
        seen = value;
        arrivedOn = QThread::currentThreadId();
    });
    std::thread finisher([promise] {
        promise->addResult(9);
        kvs::finish(*promise);
    });
    finisher.join();
    QTRY_COMPARE(seen, 9);
    QCOMPARE(arrivedOn, QThread::currentThreadId());
}

void TestFuture::contextContinuationOfAFailedFuture()
{
    QObject context;
    QPromise<int> promise;
    promise.start();
    promise.setException(std::make_exception_ptr(std::runtime_error("broken")));
    kvs::finish(promise);
    QString error;
    bool valueCalled = false;
    kvs::then(promise.future(), &context, [&](QFuture<int> done) {
        try {
            done.result();
        } catch (const std::runtime_error &e) {
            error = QString::fromLatin1(e.what());
        }
    });
    kvs::then(promise.future(), &context, [&](int) { valueCalled = true; });
    QTRY_COMPARE(error, QStringLiteral("broken"));
    QCoreApplication::processEvents();
    QVERIFY(!valueCalled); // as QFuture::then: a failed future skips a continuation on T
}

void TestFuture::contextContinuationIsDroppedWithItsContext()
{
    bool called = false;
    {
        QObject context;
        kvs::then(
            QtFuture::makeReadyFuture(1), &context, [&called](QFuture<int>) { called = true; });
    }                                  // gone before the event loop ran
    QCoreApplication::processEvents(); // delivers what the continuation posted
    QVERIFY(!called);
}

void TestFuture::contextGoneBeforeAnotherThreadFinishes()
{
    // A window closed while its store still reads: the context is destroyed, then the store's
    // thread finishes the future. Qt 6.4's then(context) posted to the cleared QPointer there (a
    // crash in QCoreApplication::postEvent); nothing may be called, nothing may crash.
    bool called = false;
    auto promise = std::make_shared<QPromise<int>>();
    promise->start();
    {
        QObject context;
        kvs::then(promise->future(), &context, [&called](int) { called = true; });
    }
    std::thread finisher([promise] {
        promise->addResult(1);
        kvs::finish(*promise);
    });
    finisher.join();
    QCoreApplication::processEvents(); // delivers what the finisher posted before it ended
    QVERIFY(!called);

    // And while another thread finishes: the context destroyed during the finish.
    std::atomic<int> calls{0};
    for (int i = 0; i < 5000; ++i) {
        auto racing = std::make_shared<QPromise<int>>();
        racing->start();
        auto *context = new QObject;
        kvs::then(racing->future(), context, [&calls](int) { ++calls; });
        std::thread racer([racing] {
            racing->addResult(1);
            kvs::finish(*racing);
        });
        delete context;
        racer.join();
    }
    QCoreApplication::processEvents(); // delivers what the racers posted before they ended
    QCOMPARE(calls.load(), 0);
}

void TestFuture::applicationEndingWithAContinuationPendingExits()
{
    // In a process of its own, since this one's application must live on. Destroying the posted
    // event let the continuation's relay object go, whose deleteLater() posted an event under
    // the lock Qt holds while it discards events: kvs-admin --smoke hung at exit.
    QProcess child;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QString::fromLatin1(kEndingScenario), QStringLiteral("1"));
    child.setProcessEnvironment(environment);
    child.start(QCoreApplication::applicationFilePath(), {});
    QVERIFY(child.waitForStarted());
    if (!child.waitForFinished(30000)) {
        child.kill();
        child.waitForFinished();
        QFAIL("the application hung while it ended");
    }
    QCOMPARE(child.exitStatus(), QProcess::NormalExit);
    QCOMPARE(child.exitCode(), 0);
}

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsSet(kEndingScenario))
        return endApplicationWithAContinuationPending(argc, argv);
    QCoreApplication app(argc, argv);
    TestFuture test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_future.moc"
