#pragma once

#include <kvs/atomic_operation.h>
#include <kvs/kvstore_options.h>
#include <kvs/types.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kvs {

namespace detail {
class SqliteStore;
}

/// The sync store on SQLite (the reference's KVStore). Every call blocks until SQLite answers, so
/// a GUI uses it from a worker thread only. Thread rule: one thread at a time (like bun:sqlite);
/// the object may move between threads between calls.
///
/// Errors: validation errors are TypeError / RangeError with the reference's messages, thrown
/// before anything is written; engine failures are DatabaseError (BusyError when locked past
/// busy_timeout); ReadOnlyError for a write on a read-only open; ClosedError after close().
class KVStore
{
public:
    /// Opens or creates the SQLite database at path (":memory:" for a private in-memory one),
    /// sets the pragmas and migrates the schema in one BEGIN IMMEDIATE (see the reference's
    /// "Schema versions"). Throws TypeError / RangeError for invalid options,
    /// SchemaTooNewError "kvs: the database schema is version N, newer than this kvs release
    /// supports (3). Upgrade @coderbuzz/kvs" (the file left untouched), ForeignTableError for a
    /// table of the same name that is not a kvs table, SchemaOutdatedError when options.migrate
    /// is false and the schema is older, NotKvsDatabaseError for a read-only open of a file
    /// without kvs tables, DatabaseError when SQLite cannot open the file.
    explicit KVStore(const std::string &path = "kv.db", const KVStoreOptions &options = {});
    ~KVStore();
    KVStore(const KVStore &) = delete;
    KVStore &operator=(const KVStore &) = delete;

    /// The live entry at key, or nullopt when missing or expired.
    [[nodiscard]] std::optional<Entry> get(const Key &key);
    /// One slot per key, in input order, read in one snapshot. At most 1000 keys: RangeError
    /// "kvs: getMany() reads at most 1000 keys, got N". Every key is checked before any read.
    [[nodiscard]] std::vector<std::optional<Entry>> getMany(const std::vector<Key> &keys);
    /// Writes value at key with a new versionstamp. ttl must be finite >= 0 (RangeError).
    CommitResult set(const Key &key, const Value &value, const SetOptions &options = {});
    /// Deletes key (the reference's delete(); `delete` is a C++ keyword).
    void remove(const Key &key);
    /// Adds delta (finite, default 1) to the number at key and returns the new value; a missing
    /// or expired key starts at delta with no TTL, a live one keeps its TTL. TypeError
    /// "kvs: increment() needs a number, but the key holds <kind>" for a non-number.
    double increment(const Key &key, double delta = 1);
    /// Reads a page of live entries by prefix and/or range (see the reference's list()).
    [[nodiscard]] ListResult list(const ListSelector &selector, const ListOptions &options = {});
    /// A version-checked transaction builder bound to this store. Requires: the store outlives it.
    [[nodiscard]] AtomicOperation atomic();

    /// Deletes expired entries; returns how many.
    std::int64_t cleanExpired();
    /// Deletes all data of the kv and queue tables (meta and the versionstamp counter stay).
    void reset();
    /// Closes the database. Later calls throw ClosedError. Safe to call twice.
    void close();

    bool isReadOnly() const noexcept;
    bool isClosed() const noexcept;
    /// The schema version found at open (kSchemaVersion after a migration; 0 for a new file).
    long long schemaVersion() const noexcept;
    const std::string &path() const noexcept;
    const KVStoreOptions &options() const noexcept;

private:
    friend class AtomicOperation;
    std::unique_ptr<detail::SqliteStore> m_impl; // Owned.
};

} // namespace kvs
