#pragma once

#include <cstdint>
#include <functional>
#include <string>

/// Consistent backups of a SQLite store and their restore (`kvs backup`, `kvs restore`). Not in
/// the reference.
///
/// A backup reads the source through one read transaction held from the first page to the last:
/// SQLite's backup API restarts whenever another connection writes the source between its steps,
/// so under a busy writer a plain stepped backup never finishes; with the read transaction open,
/// every step reads the same snapshot (WAL mode: writers go on, the WAL grows until the backup
/// ends). The copy is written to DEST's partial name (DEST + kPartialSuffix) in DEST's folder,
/// checked with PRAGMA quick_check, its entries counted, synced, and renamed to DEST only then:
/// a backup killed at any moment leaves the source untouched and DEST absent or complete (a
/// partial file at most, which the next backup to DEST replaces).
namespace kvs {

/// The suffix of the file a backup writes before it is complete.
inline constexpr const char *kPartialSuffix = ".kvs-partial";

struct BackupProgress
{
    std::int64_t pagesDone = 0;
    std::int64_t pagesTotal = 0;
};

struct BackupOptions
{
    /// The store's table prefix (the copy's entries are counted in <prefix>kv).
    std::string tablePrefix;
    /// PostgreSQL: the store's schema; "" the connection's current schema.
    std::string schema;
    /// Pages copied per step; progress is reported after each. At least 1.
    int pagesPerStep = 1024;
    /// SQLite: right after the copy's last page, checkpoint (PASSIVE) the source's WAL, which grew
    /// while the backup's snapshot kept it from being written back; without it the next writer's
    /// commit does that work and waits for it (measured: 88 ms more than its usual longest
    /// set(), 28 ms with it). It changes the file on disk (not what it holds), so it is off by
    /// default: a read-only open changes nothing; the source is then opened for writing.
    bool checkpointAfter = false;
    /// Called after each step; returning false cancels the backup (nothing is left at DEST, the
    /// partial file is removed).
    std::function<bool(const BackupProgress &)> onProgress;
};

struct BackupResult
{
    std::int64_t entries = 0; // rows of the copy's kv table
    std::int64_t bytes = 0;   // the copy's size
    std::int64_t pages = 0;
    bool cancelled = false;
};

/// Copies the SQLite store at source to destination (a new file). Throws kvs::Error: "kvs: no
/// database at SOURCE", "kvs: the backup destination DEST already exists; give a new file name",
/// "kvs: SOURCE is not a kvs database (no table <prefix>kv)", "kvs: the backup of SOURCE failed
/// its check (quick_check: ...); DEST was not written", "kvs: cannot back up SOURCE to DEST:
/// REASON" (SQLite's or the file system's), and for a PostgreSQL connection "kvs: kvs backup
/// copies a SQLite file; for PostgreSQL use pg_dump (or kvs export)". Writes nothing to source.
[[nodiscard]] BackupResult backupSqliteStore(const std::string &source,
                                             const std::string &destination,
                                             const BackupOptions &options = {});

/// How a restore treats a destination that already holds entries.
enum class RestoreOverwrite { Refuse, Replace };

struct RestoreResult
{
    std::int64_t entries = 0; // of the restored store
    bool replaced = false;    // the destination held a database that was replaced
};

/// Restores the backup file source to destination: a new file, an empty file or a database
/// without entries and messages; one with data only with RestoreOverwrite::Replace, and then the
/// destination is replaced as a whole, never merged (the restored copy is written beside it and
/// renamed over it). The backup is checked first (quick_check, its kv table). Throws kvs::Error:
/// "kvs: no backup at SOURCE", "kvs: SOURCE is not a kvs backup (...)", "kvs: the restore
/// destination DEST holds N entries and M messages; restoring replaces them (kvs restore
/// --force)", "kvs: cannot restore SOURCE to DEST: REASON"; for a PostgreSQL destination "kvs:
/// kvs restore writes a SQLite file; between SQLite and PostgreSQL use kvs export and kvs
/// import".
[[nodiscard]] RestoreResult restoreSqliteStore(const std::string &source,
                                               const std::string &destination,
                                               RestoreOverwrite overwrite,
                                               const BackupOptions &options = {});

/// PostgreSQL: Debian's pg_dump 15 of the store's tables (kv, queue, meta) and its versionstamp
/// sequence in pg_dump's custom format, written to DEST's partial name and renamed into place
/// once pg_dump succeeded and pg_restore --list reads the archive. The password goes to pg_dump
/// in PGPASSWORD (never on its command line). onProgress is asked every 100 ms (false: pg_dump is
/// stopped, nothing left at DEST). entries: counted just before the dump (pg_dump's snapshot is
/// its own). Throws kvs::Error: "kvs: cannot connect ...", "kvs: SCHEMA has no kvs store (no table
/// <prefix>kv)", "kvs: the backup destination DEST already exists; give a new file name", "kvs:
/// DATABASE is reached through a connection pooler: kvs backup runs pg_dump, which needs a
/// session of its own; connect directly or through PgBouncer's session pooling", "kvs: pg_dump
/// failed: ..." (its first error line), "kvs: no pg_dump found (install postgresql-client-15)".
[[nodiscard]] BackupResult backupPostgresStore(const std::string &connection,
                                               const std::string &destination,
                                               const BackupOptions &options = {});

/// Restores a pg_dump archive of backupPostgresStore into the database of connection, into the
/// schema it was dumped from (which must exist): refused when that schema's store holds entries or
/// messages, unless RestoreOverwrite::Replace, and then its tables are dropped and restored in one
/// transaction (pg_restore --clean --single-transaction). Throws kvs::Error: "kvs: SOURCE is not a
/// kvs PostgreSQL backup (...)", "kvs: the restore destination SCHEMA holds N entries and M
/// messages; restoring replaces them (kvs restore --force)", "kvs: pg_restore failed: ...", and
/// for a SQLite backup or destination the export/import advice.
[[nodiscard]] RestoreResult restorePostgresStore(const std::string &source,
                                                 const std::string &connection,
                                                 RestoreOverwrite overwrite,
                                                 const BackupOptions &options = {});

} // namespace kvs
