#pragma once

#include "sqlite/sqlite_connection.h"
#include "sqlite/sqlite_sql.h"
#include "sqlite/table_names.h"
#include "sqlite/version_allocator.h"
#include "watch/committed_change.h"

#include <kvs/atomic_operation.h>
#include <kvs/key_tree.h>
#include <kvs/kvstore_options.h>
#include <kvs/types.h>

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kvs::detail {

// The implementation behind KVStore: one SQLite connection, its cached statements and the
// versionstamp allocator. Every write reports the kv rows it changed to the ChangeSink set for
// the call (KVStore's watch support). Thread rule: one thread at a time (KVStore's lock).
class SqliteStore
{
public:
    SqliteStore(const std::string &path, const KVStoreOptions &options);
    ~SqliteStore();

    std::optional<Entry> get(const Key &key);
    std::vector<std::optional<Entry>> getMany(const std::vector<Key> &keys);
    CommitResult set(const Key &key, const Value &value, const SetOptions &options);
    // Returns whether a row was deleted.
    bool remove(const Key &key);
    double increment(const Key &key, double delta);
    ListResult list(const ListSelector &selector, const ListOptions &options);
    // listChildren()'s skip-scan (children_scan.h) and inspect() (kvs/key_tree.h).
    ChildrenPage listChildren(const ChildrenSelector &selector, const ChildrenOptions &options);
    std::optional<RawEntry> inspect(const std::string &encodedKey);
    CommitResult commit(const std::vector<Check> &checks, const std::vector<Mutation> &mutations);
    // Queue v2 (sqlite_queue.cpp).
    EnqueueResult enqueue(const Value &payload, const QueueOptions &options);
    std::vector<QueueMessage>
    dequeue(const std::string &topic, double limit, const DequeueOptions &options);
    bool acknowledge(double id, const std::string &token);
    bool nack(double id, const std::string &token, const NackOptions &options);
    bool extendLease(double id, const std::string &token, std::optional<double> visibilityTimeout);
    std::vector<QueueDeadMessage> listDead(const std::string &topic,
                                           const ListDeadOptions &options);
    std::int64_t retryDead(const std::string &topic, std::optional<double> id);
    std::int64_t deleteDead(const std::string &topic, std::optional<double> id);
    std::vector<QueueStats> queueStats(const std::optional<std::string> &topic);
    std::int64_t cleanQueue();
    std::vector<QueuePeekMessage> peek(const std::string &topic, const PeekOptions &options);
    std::int64_t cleanExpired();
    void reset();
    void close() noexcept;

    // The sink of the next calls' changes, or nullptr. Not owned.
    void setChangeSink(ChangeSink *sink) noexcept { m_sink = sink; }

    bool isClosed() const noexcept { return !m_connection; }
    bool isReadOnly() const noexcept { return m_options.readOnly; }
    long long schemaVersion() const noexcept { return m_schemaVersion; }
    const std::string &path() const noexcept { return m_path; }
    const KVStoreOptions &options() const noexcept { return m_options; }

private:
    void openReadOnly();
    void openReadWrite();

    Statement &statement(SqlId id);
    void requireOpen() const;
    void requireWritable(const char *operation) const;
    // Encodes key into buffer and checks maxKeySize.
    void encodeChecked(const Key &key, std::string &buffer) const;
    // Reads the live entry for the encoded key with the Get statement.
    std::optional<Entry> readLive(const Key &key, std::string_view encodedKey, std::int64_t now);
    // The read-modify-write of increment() and atomic().sum(); requires an open transaction.
    double addToNumber(std::string_view encodedKey,
                       double delta,
                       std::int64_t now,
                       std::int64_t version,
                       const char *operation);
    bool removeEncoded(std::string_view encodedKey);
    void upsert(std::string_view encodedKey,
                std::string_view encodedValue,
                std::int64_t version,
                std::optional<std::int64_t> expiresAt);

    // Runs a one-statement queue write bound by bind; returns the rows it changed.
    template <typename Bind>
    std::int64_t runQueueWrite(SqlId id, Bind &&bind);
    // Dead-letters expired leases on their last attempt ('lease expired'); returns how many.
    std::int64_t expireLeases(std::int64_t now);
    // The retry delay (ms) of queue.backoff after a failed attempt number attempts.
    double backoffMs(std::int64_t attempts) const;

    std::string m_path;
    KVStoreOptions m_options;
    TableNames m_names;
    long long m_schemaVersion = 0;
    // Declared before the statements: they are finalized before the connection closes.
    std::unique_ptr<Connection> m_connection;
    std::array<std::unique_ptr<Statement>, static_cast<std::size_t>(SqlId::Count)> m_statements;
    std::unique_ptr<VersionAllocator> m_versions;
    // Reused encode buffers of the hot paths (no allocation per call once warm).
    std::string m_keyBuffer;
    std::string m_valueBuffer;
    std::vector<std::string> m_manyKeyBuffers;
    ChangeSink *m_sink = nullptr; // Not owned.
    // When dequeue() last reclaimed expired leases (ms epoch); 0 makes the next one reclaim.
    std::int64_t m_lastReclaim = 0;
};

} // namespace kvs::detail
