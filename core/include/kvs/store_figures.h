#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

/// What a store's queue and its files hold, as the key-space analysis reports it (`kvs analyze`:
/// its queue and storage sections). The answers of SqlAdapter::queueFigures() and
/// storageFigures() (kvs/sql_adapter_calls.h); both only read. Not in the reference.
namespace kvs {

/// The messages of one topic in one status. Status: "pending" (due at the time asked), "delayed"
/// (pending, due later), "processing" (leased; a lease that ended but was not yet settled counts
/// here, as queueStats() counts it), "dead", "done".
struct QueueStatusFigures
{
    std::string topic;
    std::string status;
    std::int64_t messages = 0;
    std::int64_t payloadBytes = 0;     // the stored payloads' bytes
    std::int64_t oldestEnqueuedAt = 0; // the oldest message's enqueued_at
    /// Dead and done: the earliest finished_at (when the oldest one died or was acknowledged);
    /// nullopt for the other statuses and for tables without finished_at (kvs <= 0.3).
    std::optional<std::int64_t> oldestFinishedAt;
    friend bool operator==(const QueueStatusFigures &, const QueueStatusFigures &) = default;
};

/// A SQLite database's file: what a VACUUM would reclaim and how large its WAL has grown.
struct SqliteStorageFigures
{
    std::string path;           // the main file; empty for an in-memory database
    std::int64_t fileBytes = 0; // the main file's size on disk
    std::int64_t pageSize = 0;
    std::int64_t pageCount = 0; // the database's size in pages, its WAL's pages included
    std::int64_t freePages = 0; // PRAGMA freelist_count: a VACUUM would reclaim them
    std::int64_t walBytes = 0;  // the -wal file's size on disk (0: none)

    [[nodiscard]] std::int64_t databaseBytes() const noexcept { return pageCount * pageSize; }
    [[nodiscard]] std::int64_t freeBytes() const noexcept { return freePages * pageSize; }
    friend bool operator==(const SqliteStorageFigures &, const SqliteStorageFigures &) = default;
};

/// One PostgreSQL relation of the store (kvs/table_names.h: kv, queue, meta, and the
/// versionstamp sequence), as pg_class and pg_stat_user_tables tell it.
struct PgTableFigures
{
    std::string table;           // its label: "kv", "queue", "meta", "kv_versionstamp"
    std::int64_t tableBytes = 0; // pg_relation_size: the main fork
    std::int64_t indexBytes = 0; // pg_indexes_size
    std::int64_t toastBytes = 0; // the TOAST table with its index (0: none)
    std::int64_t totalBytes = 0; // pg_total_relation_size
    /// pg_stat_user_tables (nullopt for a sequence). Statistics, not counts: the server updates
    /// them after a transaction ends, asynchronously.
    std::optional<std::int64_t> liveTuples;
    std::optional<std::int64_t> deadTuples;
    /// ms since the epoch; nullopt: never (or unknown).
    std::optional<std::int64_t> lastVacuum;
    std::optional<std::int64_t> lastAutovacuum;
    std::optional<std::int64_t> lastAnalyze;
    std::optional<std::int64_t> lastAutoanalyze;
    friend bool operator==(const PgTableFigures &, const PgTableFigures &) = default;
};

/// storageFigures()'s answer: sqlite on SQLite, tables on PostgreSQL (those that exist).
struct StorageFigures
{
    std::optional<SqliteStorageFigures> sqlite;
    std::vector<PgTableFigures> tables;
    friend bool operator==(const StorageFigures &, const StorageFigures &) = default;
};

} // namespace kvs
