#pragma once

#include <QFuture>
#include <QPromise>

#include <atomic>
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
/// once future is finished; not at all once context is gone. Built on future.then(context, fn)
/// under futureLock(), with one difference: Qt calls fn at once, inside this call, when future is
/// finished already and this runs on context's thread (a fast SQLite read often is). Callers would
/// see their signals inside the call that asked (a model inserting rows inside another insertion, a
/// spy that waits for a signal already sent), so that one case is posted to the event loop; every
/// other call already comes from it.
template <typename T, typename Fn>
void then(QFuture<T> future, QObject *context, Fn &&fn)
{
    const auto call = [](Fn &f, const QFuture<T> &done) {
        if constexpr (std::is_invocable_v<Fn &, QFuture<T>>) {
            f(done);
        } else if (!done.isCanceled()) { // as Qt's then: a failed future skips fn(T)
            if constexpr (std::is_void_v<T>)
                f();
            else
                f(done.result());
        }
    };
    // Whether this call is still attaching: a continuation that sees it runs inside the call.
    // (Atomic for a caller on another thread than context's; either answer is right there.)
    const auto attaching = std::make_shared<std::atomic<bool>>(true);
    std::lock_guard lock(futureLock());
    future.then(context,
                [context, attaching, call, fn = std::forward<Fn>(fn)](QFuture<T> done) mutable {
                    if (!*attaching) {
                        call(fn, done);
                        return;
                    }
                    QMetaObject::invokeMethod(
                        context,
                        [call, fn = std::move(fn), done]() mutable { call(fn, done); },
                        Qt::QueuedConnection);
                });
    *attaching = false;
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
