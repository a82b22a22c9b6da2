#pragma once

#include "queue/queue_backend.h"
#include "sqlite/sqlite_engine.h"
#include "store/op_support.h"
#include "store/store_runtime.h"

#include <kvs/errors.h>
#include <kvs/kvstore.h>

#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <utility>

namespace kvs {

// What a KVStore owns: the SQLite engine behind its lock, and the runtime around it (watch,
// queue listeners, getAsync's singleflight, the background thread). Declared in the order of
// construction; ~KVStore() tears it down in the order close() documents.
struct KVStore::State
{
    // The options' errors (TypeError, RangeError) before anything is opened.
    State(KVStore &owner, const std::string &path, const KVStoreOptions &options);

    // Runs the store operation Op (store/op_support.h) with args under the lock, on the caller's
    // thread: the closed and read-only checks, Op's validation, its call on the engine (inside a
    // transaction for a Transaction operation), its finish; then, outside the lock, the delivery
    // of what it published to the watchers.
    template <typename Op, typename... Args>
    auto run(Args &&...args)
    {
        std::unique_lock lock(mutex);
        requireOpen();
        if constexpr (Op::kWrites)
            requireWritable(Op::kName);
        Op op(runtime.rules, std::forward<Args>(args)...);
        detail::OpContext ctx(runtime, runtime.clock->now());
        using Result = decltype(runOp(op, ctx));
        if constexpr (std::is_void_v<Result>) {
            runOp(op, ctx);
            lock.unlock();
            deliver(ctx);
        } else {
            Result result = runOp(op, ctx);
            lock.unlock();
            deliver(ctx);
            return result;
        }
    }

    template <typename Op>
    auto runOp(Op &op, detail::OpContext &ctx)
    {
        if constexpr (Op::kKind == detail::OpKind::Transaction) {
            std::optional<decltype(op.call(*engine, ctx))> answer;
            try {
                engine->transaction([&] { answer.emplace(op.call(*engine, ctx)); });
            } catch (const detail::Rollback &) {
                answer.reset();
            }
            return op.finish(std::move(answer), ctx);
        } else if constexpr (std::is_void_v<decltype(op.call(*engine, ctx))>) {
            op.call(*engine, ctx);
            return op.finish(ctx);
        } else {
            return op.finish(op.call(*engine, ctx), ctx);
        }
    }

    // After the options were checked into rules.
    State(KVStore &owner,
          const std::string &path,
          const KVStoreOptions &options,
          detail::StoreRules rules);

    void requireOpen() const;
    void requireWritable(const char *operation) const;
    void deliver(const detail::OpContext &ctx);
    void runMaintenance();

    std::mutex mutex;
    std::unique_ptr<detail::SqliteEngine> engine; // Guarded by mutex. Owned.
    std::vector<std::string> manyKeyBuffers;      // Guarded by mutex. getMany()'s encodings.
    std::unique_ptr<detail::QueueBackend> queueBackend;
    detail::StoreRuntime runtime;
    const KVStoreOptions options;
};

} // namespace kvs
