#include "sqlite/sqlite_backends.h"

#include "adapter/engine_adapter_impl.h"
#include "runtime/clock.h"

#include <kvs/errors.h>

namespace kvs::detail {

template class EngineAdapter<SqliteWorkerBackend>;
template class EngineAdapter<SqliteDirectBackend>;

namespace {

using DirectAdapter = EngineAdapter<SqliteDirectBackend>;

QFuture<void> refusedInside(const char *what)
{
    return failedFuture<void>(std::make_exception_ptr(
        Error(std::string("kvs: ") + what + " cannot run inside a transaction")));
}

} // namespace

SqliteWorkerBackend::SqliteWorkerBackend(SqliteEngine::Settings settings)
    : m_worker(std::move(settings))
{}

QFuture<void> SqliteWorkerBackend::migrate()
{
    return m_worker.submit<void>(
        [found = m_schemaVersion](SqliteEngine &engine) { found->store(engine.migrate(nowMs())); });
}

QFuture<void> SqliteWorkerBackend::transaction(std::function<void(SqlAdapter &tx)> work)
{
    return m_worker.submit<void>([work = std::move(work)](SqliteEngine &engine) {
        SqliteDirectBackend::runTransaction(engine, work);
    });
}

QFuture<void> SqliteWorkerBackend::session(std::function<void(SqlAdapter &s)> work)
{
    return m_worker.submit<void>([work = std::move(work)](SqliteEngine &engine) {
        SqliteDirectBackend::runSession(engine, work);
    });
}

void SqliteDirectBackend::runTransaction(SqliteEngine &engine,
                                         const std::function<void(SqlAdapter &tx)> &work)
{
    DirectAdapter tx(std::make_unique<SqliteDirectBackend>(engine));
    engine.transaction([&] { work(tx); });
}

void SqliteDirectBackend::runSession(SqliteEngine &engine,
                                     const std::function<void(SqlAdapter &s)> &work)
{
    DirectAdapter session(std::make_unique<SqliteDirectBackend>(engine));
    work(session);
}

QFuture<void> SqliteDirectBackend::migrate()
{
    return refusedInside("migrate()");
}

QFuture<void> SqliteDirectBackend::transaction(std::function<void(SqlAdapter &tx)> work)
{
    return finishedFuture([&] { runTransaction(m_engine, work); });
}

QFuture<void> SqliteDirectBackend::session(std::function<void(SqlAdapter &s)> work)
{
    return finishedFuture([&] { runSession(m_engine, work); });
}

QFuture<void> SqliteDirectBackend::close()
{
    return refusedInside("close()");
}

} // namespace kvs::detail
