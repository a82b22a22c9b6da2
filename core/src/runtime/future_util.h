#pragma once

#include <kvs/future.h>

#include <QFuture>
#include <QPromise>

#include <exception>
#include <utility>

// Small helpers for the QFuture-based async API (sql_adapter.h says why QFuture).
namespace kvs::detail {

template <typename T>
QFuture<T> readyFuture(T value)
{
    QPromise<T> promise;
    promise.start();
    promise.addResult(std::move(value));
    promise.finish();
    return promise.future();
}

inline QFuture<void> readyFuture()
{
    QPromise<void> promise;
    promise.start();
    promise.finish();
    return promise.future();
}

template <typename T>
QFuture<T> failedFuture(std::exception_ptr error)
{
    QPromise<T> promise;
    promise.start();
    promise.setException(std::move(error));
    promise.finish();
    return promise.future();
}

// Runs fn now and wraps what it returns (or throws) in a finished future. For the synchronous
// adapters of a transaction, whose calls are done when they return.
template <typename Fn>
auto finishedFuture(Fn &&fn) -> QFuture<decltype(fn())>
{
    using T = decltype(fn());
    try {
        if constexpr (std::is_void_v<T>) {
            fn();
            return readyFuture();
        } else {
            return readyFuture<T>(fn());
        }
    } catch (...) {
        return failedFuture<T>(std::current_exception());
    }
}

// Settles promise with what fn returns or throws. Requires: promise was started.
template <typename T, typename Fn>
void settle(QPromise<T> &promise, Fn &&fn) noexcept
{
    try {
        if constexpr (std::is_void_v<T>) {
            fn();
        } else {
            promise.addResult(fn());
        }
    } catch (...) {
        promise.setException(std::current_exception());
    }
    kvs::finish(promise);
}

} // namespace kvs::detail
