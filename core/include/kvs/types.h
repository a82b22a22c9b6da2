#pragma once

#include <kvs/key.h>
#include <kvs/value.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

/// The data types of the store API, shared by KVStore and AsyncKVStore (reference "Types").
/// Numeric arguments the reference validates as integers or finite numbers (limit, ttl, delta,
/// maxAttempts) are doubles, as in JavaScript, so every validation error stays reachable.
namespace kvs {

/// SCHEMA_VERSION: the schema this release writes and reads (interpretation notes: 3).
inline constexpr long long kSchemaVersion = 3;

/// A live entry (the reference's KvEntry), plus its expiry (ms epoch) when it has a TTL.
struct Entry
{
    Key key;
    Value value;
    std::int64_t version = 0;
    std::optional<std::int64_t> expiresAt;
};

/// { ok: true, version } or { ok: false } (version 0).
struct CommitResult
{
    bool ok = false;
    std::int64_t version = 0;
};

struct SetOptions
{
    std::optional<double> ttl; // ms, finite >= 0; 0 expires at once
};

/// version: a number = "the key must be at this version"; nullopt = "the key must not exist".
struct Check
{
    Key key;
    std::optional<std::int64_t> version;
};

/// prefix alone: its children. start inclusive, end exclusive. With prefix, start/end must be
/// children of the prefix and narrow the range inside it.
struct ListSelector
{
    std::optional<Key> prefix;
    std::optional<Key> start;
    std::optional<Key> end;
};

struct ListOptions
{
    double limit = 100; // integer >= 1, capped at 1000
    std::optional<std::string> cursor;
    bool reverse = false;
};

struct ListResult
{
    std::vector<Entry> entries;
    std::optional<std::string> cursor; // set when the page is full
};

struct QueueOptions
{
    std::string topic = "default";
    double delay = 0;       // ms, finite; negative = already due
    double maxAttempts = 3; // integer >= 1
};

struct EnqueueResult
{
    bool ok = true;
    std::int64_t id = 0;
};

/// The store's queue settings (the reference's KvQueueConfig).
struct QueueConfig
{
    /// No schedule: min(1000 * 2^(attempt-1), 300000). A vector: schedule[min(attempt, n) - 1].
    /// A function: its result, which must be finite >= 0.
    using Backoff = std::variant<std::monostate, std::vector<double>, std::function<double(int)>>;

    double visibilityTimeout = 30000;
    Backoff backoff;
    double doneRetention = 0;
    double deadRetention = INFINITY;
};

/// Throws RangeError for an invalid QueueConfig (see queue_config.cpp for the messages).
void validateQueueConfig(const QueueConfig &config);

} // namespace kvs
