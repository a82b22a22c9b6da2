#pragma once

#include <kvs/dead_letter_filter.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace kvs {

class AsyncKVStore;

/// What a sweep does to the dead letters its filter matches.
enum class DeadLetterAction {
    Count,  ///< nothing: counts them (a dry run; works on a read-only store)
    Retry,  ///< retryDeadMessages(): pending again, due now, attempts 0
    Delete, ///< deleteDeadMessages()
};

struct DeadLetterSweepProgress
{
    std::int64_t scanned = 0; ///< dead letters read so far
    std::int64_t matched = 0; ///< of those, the ones the filter matched
    std::int64_t changed = 0; ///< retried or deleted so far (0 for Count)
};

struct DeadLetterSweepOptions
{
    DeadLetterAction action = DeadLetterAction::Count;
    std::string topic = "default";
    DeadLetterFilter filter;
    /// Messages per second at most (finite, > 0), nullopt for as fast as the store goes.
    std::optional<double> ratePerSecond;
    /// Called after each batch, on the sweeping thread.
    std::function<void(const DeadLetterSweepProgress &)> onProgress;
    /// Checked before each batch; the sweep stops when it turns true (what is done stays done).
    const std::atomic_bool *cancel = nullptr;
};

struct DeadLetterSweepResult
{
    DeadLetterSweepProgress progress;
    bool cancelled = false;
};

/// Walks topic's dead letters in id order, a page of listDead() at a time (id keyset, never
/// OFFSET), and retries, deletes or counts those options.filter matches, in batches of at most
/// 1000 ids, each one statement (so no transaction holds the write lock for long). Not one
/// snapshot: a message that dies during the sweep with a greater id than the page read is
/// included, one retried by someone else meanwhile is skipped. Waits for the store (run it on a
/// worker thread, never the GUI's). Throws what the store throws, and RangeError
/// "kvs: the sweep's rate must be a finite number > 0, got X".
DeadLetterSweepResult sweepDeadLetters(AsyncKVStore &store, const DeadLetterSweepOptions &options);

} // namespace kvs
