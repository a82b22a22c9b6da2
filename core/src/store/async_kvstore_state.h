#pragma once

#include "queue/queue_backend.h"
#include "runtime/future_util.h"
#include "store/op_support.h"
#include "store/store_runtime.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/future.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace kvs {

// What an AsyncKVStore owns: its adapter, the lazy migration, and the same runtime as KVStore
// (watch hub, queue listeners, singleflight, background thread). Shared with the continuations
// of calls in flight, so a late completion never touches a destroyed store.
struct AsyncKVStore::State : std::enable_shared_from_this<AsyncKVStore::State>
{
    // owner: the store whose public calls the watch hub's reads and the queue listeners make
    // (on background threads; ~AsyncKVStore() ends them first). Not owned.
    State(AsyncKVStore &owner,
          std::shared_ptr<SqlAdapter> adapter,
          AsyncKVStoreSettings settings,
          bool readOnly);

    // Runs the store operation Op (store/op_support.h) with args: the closed and read-only
    // checks and Op's validation now, on the caller's thread (a failure fails the returned
    // future); the rest once the schema is ready, where the adapter runs it. Never blocks.
    template <typename Op, typename... Args>
    auto run(Args &&...args) -> QFuture<detail::ResultOf<Op>>
    {
        using Result = detail::ResultOf<Op>;
        try {
            requireOpen();
            if constexpr (Op::kWrites)
                requireWritable(Op::kName);
            static_assert(!detail::OpTraits<Op>::kBorrows || Op::kKind == detail::OpKind::Call,
                          "an operation that runs later on another thread owns its arguments");
            Op op(runtime.rules, args...); // validated now, on the caller's thread
            if (ready.load(std::memory_order_acquire))
                return start(*adapter, std::move(op));
            if constexpr (!detail::OpTraits<Op>::kBorrows) {
                return whenReady<Result>(
                    [self = shared_from_this(), op = std::move(op)](SqlAdapter &adapter) mutable {
                        return self->start(adapter, std::move(op));
                    });
            } else {
                // After the migration, made again from copies of the caller's arguments.
                return whenReady<Result>([self = shared_from_this(),
                                          owned = std::make_tuple(std::decay_t<Args>(args)...)](
                                             SqlAdapter &adapter) mutable {
                    return std::apply(
                        [&](auto &...copies) {
                            return self->start(adapter, Op(self->runtime.rules, copies...));
                        },
                        owned);
                });
            }
        } catch (...) {
            return detail::failedFuture<Result>(std::current_exception());
        }
    }

    template <typename Op>
    QFuture<detail::ResultOf<Op>> start(SqlAdapter &adapter, Op op)
    {
        if constexpr (Op::kKind == detail::OpKind::Call)
            return startCall(adapter, std::move(op));
        else if constexpr (Op::kKind == detail::OpKind::Session)
            return startSession(adapter, std::move(op));
        else
            return startTransaction(adapter, std::move(op));
    }

    // One adapter call: finish() runs on the thread that answers it (the adapter's).
    template <typename Op>
    QFuture<detail::ResultOf<Op>> startCall(SqlAdapter &adapter, Op op)
    {
        const std::int64_t now = runtime.clock->now();
        detail::OpContext ctx(runtime, now);
        auto answer = op.call(adapter, ctx);
        using Answer = detail::AnswerOfT<decltype(answer)>;
        if constexpr (detail::OpTraits<Op>::kAnswerIsResult) {
            return answer;
        } else if constexpr (std::is_void_v<Answer>) {
            return kvs::then(std::move(answer),
                             [self = shared_from_this(), op = std::move(op), now]() mutable {
                                 detail::OpContext done(self->runtime, now);
                                 return self->finished(done, [&] { return op.finish(done); });
                             });
        } else {
            return kvs::then(
                std::move(answer),
                [self = shared_from_this(), op = std::move(op), now](Answer value) mutable {
                    detail::OpContext done(self->runtime, now);
                    return self->finished(done, [&] { return op.finish(std::move(value), done); });
                });
        }
    }

    // Several calls: call() and finish() run inside adapter.session(), on the adapter's thread,
    // where each call answers at once. The returned future is the operation's own: cancelling it
    // is seen between the operation's steps.
    template <typename Op>
    QFuture<detail::ResultOf<Op>> startSession(SqlAdapter &adapter, Op op)
    {
        using Result = detail::ResultOf<Op>;
        auto promise = std::make_shared<QPromise<Result>>();
        promise->start();
        QFuture<Result> result = promise->future();
        QFuture<void> done = adapter.session(
            [self = shared_from_this(), promise, op = std::move(op)](SqlAdapter &s) mutable {
                detail::OpContext ctx(self->runtime, self->runtime.clock->now());
                ctx.isCanceled = [promise] {
                    return promise->isCanceled();
                };
                detail::settle(*promise, [&] {
                    return self->finished(ctx, [&] { return op.finish(op.call(s, ctx), ctx); });
                });
            });
        failUnsettled(std::move(done), promise);
        return result;
    }

    // One transaction: call() inside adapter.transaction(), finish() once it committed (or with
    // nullopt when call() rolled it back with Rollback).
    template <typename Op>
    QFuture<detail::ResultOf<Op>> startTransaction(SqlAdapter &adapter, Op op)
    {
        using Answer = decltype(op.call(adapter, std::declval<detail::OpContext &>()));
        auto shared = std::make_shared<Op>(std::move(op));
        auto answer = std::make_shared<std::optional<Answer>>();
        QFuture<void> committed
            = adapter.transaction([self = shared_from_this(), shared, answer](SqlAdapter &tx) {
                  detail::OpContext ctx(self->runtime, self->runtime.clock->now());
                  answer->emplace(shared->call(tx, ctx));
              });
        return kvs::then(
            std::move(committed), [self = shared_from_this(), shared, answer](QFuture<void> done) {
                try {
                    done.waitForFinished(); // rethrows the transaction's failure
                } catch (const detail::Rollback &) {
                    answer->reset();
                }
                detail::OpContext ctx(self->runtime, self->runtime.clock->now());
                return self->finished(ctx, [&] { return shared->finish(std::move(*answer), ctx); });
            });
    }

    // Fails promise with done's failure when the session never ran its work (a closed adapter, a
    // connection that could not be made).
    template <typename T>
    static void failUnsettled(QFuture<void> done, const std::shared_ptr<QPromise<T>> &promise)
    {
        kvs::then(std::move(done), [promise](QFuture<void> finished) {
            if (promise->future().isFinished())
                return;
            try {
                finished.waitForFinished();
                throw Error("kvs: the adapter's session() did not run its work");
            } catch (...) {
                promise->setException(std::current_exception());
            }
            kvs::finish(*promise);
        });
    }

    // Runs op(adapter) once the schema is ready: at once when it is, else after the migration
    // this call starts or joins. The migration's failure fails the call and is not kept.
    // Continuations are attached under futureLock() (kvs/future.h).
    template <typename T, typename OpFn>
    QFuture<T> whenReady(OpFn op)
    {
        std::lock_guard futures(futureLock());
        if (ready.load(std::memory_order_acquire)) {
            try {
                return op(*adapter);
            } catch (...) {
                return detail::failedFuture<T>(std::current_exception());
            }
        }
        return ensureInit()
            .then(QtFuture::Launch::Sync,
                  [self = shared_from_this(), op = std::move(op)]() mutable {
                      return op(*self->adapter);
                  })
            .unwrap();
    }
    QFuture<void> ensureInit();

    void requireOpen() const;
    void requireWritable(const char *operation) const;
    // Delivers what an operation published, on the background thread.
    void deliver(const detail::OpContext &ctx);
    // finish(), then the delivery of what it published; answers finish()'s result.
    template <typename Finish>
    auto finished(const detail::OpContext &ctx, Finish &&finish)
    {
        if constexpr (std::is_void_v<decltype(finish())>) {
            finish();
            deliver(ctx);
        } else {
            auto result = finish();
            deliver(ctx);
            return result;
        }
    }
    void startMaintenance();
    void runMaintenance();

    AsyncKVStore &owner; // Not owned. Maintenance calls its public API (it outlives the timer).
    std::shared_ptr<SqlAdapter> adapter;
    const AsyncKVStoreSettings settings;
    const bool readOnly;
    std::atomic<bool> ready{false};
    std::atomic<bool> closed{false};

    std::unique_ptr<detail::QueueBackend> queueBackend;
    detail::StoreRuntime runtime;

    std::mutex initMutex;
    // The callers waiting for the migration in progress, one promise each: a QFuture takes one
    // continuation only (a second then() replaces the first), so every caller gets its own.
    std::vector<std::shared_ptr<QPromise<void>>> initWaiters; // Guarded by initMutex.
    bool migrating = false;                                   // Guarded by initMutex.
    bool maintenanceStarted = false;                          // Guarded by initMutex.
};

} // namespace kvs
