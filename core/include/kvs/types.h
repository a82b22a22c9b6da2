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

/// { ok: true, version } or { ok: false } (version 0). Not in the reference: a commit that
/// failed on a check also says which one (failedCheck, the check's index in the order the checks
/// were given), decided inside the commit's transaction. A key checked "must not exist" that a
/// concurrent writer created after the check was read (PostgreSQL) fails on that check too.
struct CommitResult
{
    bool ok = false;
    std::int64_t version = 0;
    std::optional<std::size_t> failedCheck; // set when ok is false
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

/// One delivery of a message (the reference's QueueMessage). Times are ms since the epoch.
struct QueueMessage
{
    std::int64_t id = 0;
    std::string topic;
    Value payload;
    std::int64_t enqueuedAt = 0;
    std::int64_t deliverAt = 0; // due time; a nack with backoff moves it to the retry time
    std::int64_t attempts = 0;  // deliveries so far, this one included
    std::int64_t maxAttempts = 0;
    std::string token;            // lease token of this delivery, shared by one dequeue() call
    std::int64_t lockedUntil = 0; // lease end
    std::optional<std::string> lastError; // of the last failed attempt (nack or "lease expired")
};

/// A dead-lettered message (the reference's QueueDeadMessage).
struct QueueDeadMessage
{
    std::int64_t id = 0;
    std::string topic;
    Value payload;
    std::int64_t enqueuedAt = 0;
    std::int64_t deliverAt = 0;
    std::int64_t attempts = 0;
    std::int64_t maxAttempts = 0;
    std::optional<std::string> lastError;
    std::int64_t failedAt = 0; // when it was dead-lettered (finished_at)
};

/// Counts of one topic (the reference's QueueStats). pending: pending and due; delayed: pending
/// and not yet due; processing: leased, expired leases not yet reclaimed included.
struct QueueStats
{
    std::string topic;
    std::int64_t pending = 0;
    std::int64_t delayed = 0;
    std::int64_t processing = 0;
    std::int64_t dead = 0;
    std::int64_t done = 0;
    std::optional<std::int64_t> oldestPendingAt; // min deliver_at of the due pending messages
    /// Processing messages whose lease ends after now and at most
    /// QueueStatsOptions::leasesEndingWithin ms later (counted by ExpiredLeases::Project only;
    /// 0 otherwise): a consumer about to lose its lease, the message about to be redelivered.
    std::int64_t leasesEnding = 0;
};

struct DequeueOptions
{
    std::optional<double> visibilityTimeout; // ms, finite > 0; default queue.visibilityTimeout
};

struct NackOptions
{
    std::optional<std::string> error; // stored truncated to 2000 UTF-16 code units
    std::optional<double> delay;      // ms, finite >= 0; overrides the backoff
};

/// How queueStats(), listDead() and peek() treat a lease that expired but that no write has
/// settled yet. Settle (the reference): queueStats() and listDead() first dead-letter the
/// expired leases on their last attempt (a write, skipped on a read-only store); the other
/// expired leases stay processing until a dequeue() reclaims them. Project (dashboards): nothing
/// is written; each expired lease shows as what settling it would make it: dead on its last
/// attempt (last error "lease expired", failed when the lease ended), due otherwise.
enum class ExpiredLeases { Settle, Project };

struct ListDeadOptions
{
    double limit = 100; // integer >= 1, capped at 1000
    double after = 0;   // integer >= 0: only ids greater than this
    ExpiredLeases expiredLeases = ExpiredLeases::Settle;
};

struct QueueStatsOptions
{
    ExpiredLeases expiredLeases = ExpiredLeases::Settle;
    /// ms, integer >= 0: the window QueueStats::leasesEnding counts (Project only).
    double leasesEndingWithin = 0;
};

/// What peek() lists. Pending: pending and due; Delayed: pending, not yet due; Processing:
/// leased (expired leases not yet reclaimed included), as QueueStats counts them; Done:
/// acknowledged and kept (queue.doneRetention > 0).
enum class PeekStatus { Pending, Delayed, Processing, Done };

/// A page of peek(), ordered by id: the messages with id > afterId.
struct PeekOptions
{
    PeekStatus status = PeekStatus::Pending;
    std::int64_t afterId = 0;
    double limit = 100; // integer >= 1, capped at 1000
    ExpiredLeases expiredLeases = ExpiredLeases::Settle;
};

/// A message as peek() shows it. It carries no lease token: a look is not a delivery, and a
/// dashboard must not be able to acknowledge someone else's lease.
struct QueuePeekMessage
{
    std::int64_t id = 0;
    std::string topic;
    Value payload;
    std::int64_t enqueuedAt = 0;
    std::int64_t deliverAt = 0;
    std::int64_t attempts = 0;
    std::int64_t maxAttempts = 0;
    std::optional<std::int64_t> lockedUntil; // set while leased
    std::optional<std::string> lastError;
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
