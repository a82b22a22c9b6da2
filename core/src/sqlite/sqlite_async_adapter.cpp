#include "sqlite/sqlite_backends.h"

#include <kvs/sqlite_async_adapter.h>

namespace kvs {

namespace {

// "sqlite://PATH", "file://PATH" and ":memory:" as the reference accepts them, or a plain path.
std::string pathOf(const std::string &database)
{
    for (const char *scheme : {"sqlite://", "file://"}) {
        const std::string prefix(scheme);
        if (database.rfind(prefix, 0) == 0)
            return database.substr(prefix.size());
    }
    return database;
}

} // namespace

SQLiteAsyncAdapter::SQLiteAsyncAdapter(const std::string &database, SQLiteAdapterOptions options)
    : EngineAdapter(std::make_unique<detail::SqliteWorkerBackend>(
        detail::SqliteEngine::Settings{pathOf(database),
                                       options.tablePrefix,
                                       options.durability,
                                       options.readOnly,
                                       options.migrate}))
{}

SQLiteAsyncAdapter::~SQLiteAsyncAdapter() = default;

const std::string &SQLiteAsyncAdapter::path() const noexcept
{
    return backend().path();
}

} // namespace kvs
