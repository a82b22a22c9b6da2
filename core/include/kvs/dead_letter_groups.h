#pragma once

#include <kvs/dead_letter_filter.h>
#include <kvs/error_signature.h>
#include <kvs/types.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace kvs {

class AsyncKVStore;

/// The dead letters of one topic that share an error signature (kvs/error_signature.h).
struct DeadLetterGroup
{
    ErrorSignature signature;
    std::int64_t count = 0;
    std::int64_t firstFailedAt = 0; ///< ms since the epoch, the earliest failedAt
    std::int64_t lastFailedAt = 0;  ///< the latest
    std::int64_t minAttempts = 0;
    std::int64_t maxAttempts = 0;
    std::int64_t exampleId = 0; ///< the group's most recent failure (greatest failedAt)
    std::optional<std::string> exampleError;
};

/// Collects dead letters into groups by signature, one message at a time (the caller reads the
/// pages). Thread rule: one thread at a time.
class DeadLetterGrouper
{
public:
    void add(const QueueDeadMessage &message);
    /// How many were added.
    [[nodiscard]] std::int64_t total() const noexcept { return m_total; }
    /// The groups, the largest first (then by signature text), ids computed.
    [[nodiscard]] std::vector<DeadLetterGroup> groups() const;

private:
    std::unordered_map<std::string, DeadLetterGroup> m_groups; // by signature text
    std::int64_t m_total = 0;
};

struct DeadLetterGroupsOptions
{
    std::string topic = "default";
    /// Only the dead letters it matches are grouped (empty: all).
    DeadLetterFilter filter;
    /// Checked before each page; grouping stops when it turns true.
    const std::atomic_bool *cancel = nullptr;
    /// Called after each page with the dead letters read so far, on the reading thread.
    std::function<void(std::int64_t scanned)> onProgress;
};

struct DeadLetterGroups
{
    std::vector<DeadLetterGroup> groups;
    std::int64_t total = 0;   ///< dead letters grouped
    std::int64_t scanned = 0; ///< dead letters read
    bool cancelled = false;   ///< stopped early: the groups cover what was read
};

/// Reads topic's dead letters in id order, a page of 1000 listDead() at a time (id keyset,
/// expired leases projected, so nothing is written and a read-only store works) and groups
/// those options.filter matches by signature. Waits for the store (run it on a worker thread,
/// never the GUI's). Throws what the store throws.
DeadLetterGroups groupDeadLetters(AsyncKVStore &store, const DeadLetterGroupsOptions &options);

} // namespace kvs
