#pragma once

#include "runtime/future_util.h"
#include "sqlite/sqlite_engine.h"
#include "sqlite/sqlite_worker.h"

#include <kvs/engine_adapter.h>

#include <atomic>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

// The two ways EngineAdapter (kvs/engine_adapter.h) runs SqliteEngine's operations.
namespace kvs::detail {

// SQLiteAsyncAdapter's: every call queued to the worker thread that owns the connection.
class SqliteWorkerBackend
{
public:
    using Ops = SqliteEngine;
    static constexpr const char *kName = "sqlite";
    static constexpr bool kRowLocks = false;

    explicit SqliteWorkerBackend(SqliteEngine::Settings settings);

    template <auto Op, typename... Args>
    auto run(Access access, Args &&...args)
    {
        using R = std::invoke_result_t<decltype(Op), SqliteEngine &, std::decay_t<Args>...>;
        return m_worker.submit<R>(
            [... args = std::forward<Args>(args)](SqliteEngine &engine) mutable -> R {
                return (engine.*Op)(std::move(args)...);
            },
            access);
    }

    // The pragmas and the migration (read-only: the checks), on the worker.
    QFuture<void> migrate();
    long long schemaVersion() const noexcept { return m_schemaVersion->load(); }
    QFuture<void> transaction(std::function<void(SqlAdapter &tx)> work);
    QFuture<void> session(std::function<void(SqlAdapter &s)> work);
    QFuture<void> close() { return m_worker.close(); }
    const std::string &path() const noexcept { return m_worker.path(); }

private:
    SqliteWorker m_worker;
    // What the last successful migrate() found; shared with the migration job, which may end
    // after the adapter (a worker destroyed from its own continuation finishes its queue alone).
    std::shared_ptr<std::atomic<long long>> m_schemaVersion
        = std::make_shared<std::atomic<long long>>(0);
};

// The adapter a transaction's or a session's work gets, on the worker thread: every call runs at
// once on the engine and returns a finished future.
class SqliteDirectBackend
{
public:
    using Ops = SqliteEngine;
    static constexpr const char *kName = "sqlite";
    static constexpr bool kRowLocks = false;

    explicit SqliteDirectBackend(SqliteEngine &engine)
        : m_engine(engine)
    {}

    template <auto Op, typename... Args>
    auto run(Access, Args &&...args)
    {
        return finishedFuture([&] { return (m_engine.*Op)(std::forward<Args>(args)...); });
    }

    // Error "kvs: migrate() cannot run inside a transaction".
    QFuture<void> migrate();
    long long schemaVersion() const noexcept { return m_engine.schemaVersion(); }
    QFuture<void> transaction(std::function<void(SqlAdapter &tx)> work);
    QFuture<void> session(std::function<void(SqlAdapter &s)> work);
    // Error "kvs: close() cannot run inside a transaction".
    QFuture<void> close();

    // Runs work inside a transaction of engine, with the adapter of it; rethrows what work throws.
    static void runTransaction(SqliteEngine &engine,
                               const std::function<void(SqlAdapter &tx)> &work);
    // Runs work with the adapter of engine.
    static void runSession(SqliteEngine &engine, const std::function<void(SqlAdapter &s)> &work);

private:
    SqliteEngine &m_engine; // Not owned: the worker's.
};

} // namespace kvs::detail
