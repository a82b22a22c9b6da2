#pragma once

#include <kvs/engine_adapter.h>

#include <string>

namespace kvs {

namespace detail {
class SqliteWorkerBackend;
}

/// Options of SQLiteAsyncAdapter (the reference's SQLiteAdapterOptions, plus the read-only open
/// and the consent to migrate that an inspector needs, as KVStoreOptions has them).
struct SQLiteAdapterOptions
{
    std::string tablePrefix;           // as KVStoreOptions::tablePrefix
    std::string durability = "normal"; // "normal" or "full"
    bool readOnly = false;             // SQLite mode=ro: no migration, every write refused
    bool migrate = true;               // false: an older schema is refused, left untouched
};

/// The SQLite adapter of AsyncKVStore (the reference's SQLiteAsyncAdapter): one connection, owned
/// by one worker thread of its own, and a serial queue in front of it: one statement or one
/// whole transaction() at a time, so a statement issued while a transaction runs waits for it
/// (reference "SQLite (AsyncKVStore via bun:sql)"). The worker takes every request queued when
/// it wakes in one batch, so requests in flight share wake-ups, and runs consecutive reads of
/// that batch in one read transaction (SQLite's file locks taken once, not once per read); a
/// write among them ends it, and commits before its own future finishes. getMany is one IN
/// statement. The statements are KVStore's own (the same engine runs them there).
///
/// database: a file path, "sqlite://PATH", "file://PATH" or ":memory:" (a private in-memory
/// database of this adapter). The file is opened on the worker by the first request; an open
/// that fails fails that request and is tried again by the next one. Thread rule: safe from any
/// thread.
class SQLiteAsyncAdapter final : public detail::EngineAdapter<detail::SqliteWorkerBackend>
{
public:
    explicit SQLiteAsyncAdapter(const std::string &database, SQLiteAdapterOptions options = {});
    /// Finishes the queued requests, closes the connection and ends the worker thread.
    ~SQLiteAsyncAdapter() override;

    /// The file path the database string names (":memory:" as is).
    const std::string &path() const noexcept;
};

} // namespace kvs
