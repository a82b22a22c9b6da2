#pragma once

#include <kvs/types.h>

#include <cstdint>
#include <optional>
#include <string>

// The queue's argument rules and derived values, shared by KVStore and AsyncKVStore so every
// reference rule and message lives once. All validation throws before anything is written.
namespace kvs::detail {

// RECLAIM_INTERVAL: dequeue() reclaims expired leases at most once a second per store.
inline constexpr std::int64_t kReclaimIntervalMs = 1000;

// An integer >= 1, capped at 1000 (dequeue, listDead and peek limits). RangeError
// "kvs: <operation> limit must be an integer >= 1, got X".
std::int64_t checkedLimit(const char *operation, double limit);
// TypeError "kvs: <operation> needs an integer message id, got X".
std::int64_t messageId(const char *operation, double id);
// TypeError "kvs: <operation> needs the message's lease token".
void requireToken(const char *operation, const std::string &token);
// nack()'s error as stored: at most 2000 UTF-16 code units, valid UTF-8.
std::string truncateError(const std::string &error);
// The retry delay (ms) of config.backoff after a failed attempt number attempts. RangeError
// "kvs: queue.backoff(N) must return a finite number >= 0, got X" for a backoff function.
double queueBackoffMs(const QueueConfig &config, std::int64_t attempts);
// dequeue()'s visibility timeout: given or the default, finite > 0, else RangeError
// "kvs: dequeue() visibilityTimeout must be a finite number > 0, got X".
double dequeueVisibility(std::optional<double> given, double defaultTimeout);
// extendLease()'s: finite >= 0 (0 releases), else RangeError
// "kvs: extendLease() visibilityTimeout must be a finite number >= 0, got X".
double extendVisibility(std::optional<double> given, double defaultTimeout);
// RangeError "kvs: nack() delay must be a finite number >= 0, got X".
void validateNackDelay(std::optional<double> delay);
// RangeError "kvs: listDead() after must be an integer >= 0, got X".
void validateListDeadAfter(double after);
// queueStats()' leasesEndingWithin (ms) when it is an integer >= 0, else RangeError
// "kvs: queueStats() leasesEndingWithin must be an integer >= 0, got X".
double leasesEndingWithin(double within);

} // namespace kvs::detail
