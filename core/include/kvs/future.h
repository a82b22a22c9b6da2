#pragma once

#include <QCoreApplication>
#include <QFuture>
#include <QObject>
#include <QPointer>
#include <QPromise>
#include <QThread>

#include <memory>
#include <mutex>
#include <type_traits>
#include <utility>

/// Continuations on the futures kvs hands out, safely on Qt 6.4.
///
/// Qt 6.4 (Debian 12's) runs a QFuture::then() continuation twice, the second time on a moved-from
/// promise (a crash), when it is attached while another thread is finishing the future:
/// setContinuation() sees the Finished state before the finishing thread's runContinuation(), runs
/// the continuation itself and stores it anyway, and runContinuation() then runs it again. Qt 6.5
/// fixed it (continuationExecuted). A ten-line program that finishes a promise on one thread while
/// another attaches then() crashes within a few thousand tries here; the same program with both
/// sides under one mutex ran 300,000 times clean.
///
/// So kvs finishes every promise it hands out under futureLock(), and attaches its own
/// continuations under it. Code that attaches continuations to kvs futures uses kvs::then() below
/// (same semantics as QFuture::then), or a QFutureWatcher, or result() / waitForFinished(), which
/// do not race.
namespace kvs {

/// The one lock that finishing a kvs promise and attaching a continuation to a kvs future take.
/// Recursive: a continuation runs inside it and may finish or attach in turn.
std::recursive_mutex &futureLock();

/// future.then(QtFuture::Launch::Sync, fn) under futureLock(): fn runs on the thread that
/// finishes future (or here, at once, when it is finished already).
template <typename T, typename Fn>
auto then(QFuture<T> future, Fn &&fn)
{
    std::lock_guard lock(futureLock());
    return future.then(QtFuture::Launch::Sync, std::forward<Fn>(fn));
}

/// fn(future), or fn(result) when future did not fail, on context's thread, from its event loop,
/// once future is finished; not at all once context is gone. Never inside this call, even when
/// future is finished already: callers would see their signals inside the call that asked (a
/// model inserting rows inside another insertion, a spy that waits for a signal already sent).
///
/// Not built on Qt 6.4's future.then(context, fn): that one checks a QPointer to context on the
/// thread that finishes future and then posts to it, so a context destroyed on its own thread in
/// between is posted to after it is freed (a crash in QCoreApplication::postEvent, seen when a
/// window closed while its store was still opening). Here the finishing thread posts to a relay
/// object of our own, which only this continuation deletes, and context is checked on its own
/// thread, where it cannot go away meanwhile.
template <typename T, typename Fn>
void then(QFuture<T> future, QObject *context, Fn &&fn)
{
    // Lives on context's thread; deleted (later, on that thread) when the last of the two
    // continuations below lets it go, whether or not the future ever finishes.
    auto *relayObject = new QObject;
    relayObject->moveToThread(context->thread());
    std::shared_ptr<QObject> relay(relayObject, [](QObject *r) {
        // The last reference can go while the application ends, inside Qt's discarding of the
        // events still posted (one holds the continuation below), which holds the lock that
        // deleteLater()'s postEvent() takes: a deadlock. No event loop runs any more then, and
        // the relay is on this thread with no event pending, so it is deleted at once.
        if (QCoreApplication::closingDown() && r->thread() == QThread::currentThread())
            delete r;
        else
            r->deleteLater();
    });
    then(std::move(future),
         [relay, target = QPointer<QObject>(context), fn = std::forward<Fn>(fn)](
             QFuture<T> done) mutable {
             QMetaObject::invokeMethod(
                 relay.get(),
                 [relay, target, fn = std::move(fn), done]() mutable {
                     if (!target)
                         return; // context is gone
                     if constexpr (std::is_invocable_v<Fn &, QFuture<T>>) {
                         fn(done);
                     } else if (!done.isCanceled()) { // as Qt's then: a failed future skips fn(T)
                         if constexpr (std::is_void_v<T>)
                             fn();
                         else
                             fn(done.result());
                     }
                 },
                 Qt::QueuedConnection);
         });
}

/// then() for a continuation that returns a future: the result is that future's, unwrapped.
template <typename T, typename Fn>
auto thenUnwrap(QFuture<T> future, Fn &&fn)
{
    std::lock_guard lock(futureLock());
    return future.then(QtFuture::Launch::Sync, std::forward<Fn>(fn)).unwrap();
}

/// Finishes promise under futureLock() (see above). Its continuations run here.
template <typename T>
void finish(QPromise<T> &promise)
{
    std::lock_guard lock(futureLock());
    promise.finish();
}

} // namespace kvs
