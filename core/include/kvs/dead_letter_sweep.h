#pragma once

#include <kvs/dead_letter_filter.h>
#include <kvs/sweep_control.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kvs {

class AsyncKVStore;
class Clock;

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
    /// Of the messages this sweep retried, those seen dead again since (autoPauseShare).
    std::int64_t diedAgain = 0;
    std::int64_t lastBatchSize = 0; ///< ids in the last retry/delete statement
    std::int64_t lastBatchMs = 0;   ///< how long that statement took (the clock's milliseconds)
    /// The ids of that statement (retried or deleted now, or by someone else before): none is
    /// a dead letter any more, so a list of them can drop them as the sweep goes.
    std::vector<std::int64_t> lastBatchIds;
    std::int64_t activeMs = 0; ///< time spent sweeping so far, pauses not counted
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
    /// Pause, resume and cancel from another thread, obeyed between batches (not owned; may be
    /// null). The sweep pauses itself through it for autoPauseShare.
    SweepControl *control = nullptr;
    /// Times batches and paces the rate; null: the system's clock.
    std::shared_ptr<Clock> clock;
    /// Each retry/delete statement should take about this long (milliseconds, > 0): the next
    /// batch's size follows the time the last one took, between 1 and 1000 ids, so a writer
    /// waiting for the write lock is never kept waiting long.
    double targetBatchMs = 10;
    /// Retry only, with control: pauses (reason "...died again...") when more than this share
    /// (0 < share <= 1) of the messages this sweep retried are dead again, once at least
    /// autoPauseMinimum were retried. Checked between batches by re-reading one page of the
    /// topic's dead letters (id keyset, cycling below the sweep's position) per batch. After a
    /// resume it pauses again only when more have died since.
    std::optional<double> autoPauseShare;
    std::int64_t autoPauseMinimum = 10;
    /// When set: only these ids (sorted ascending) are touched, if the filter still matches them
    /// (a delete of exactly what an export wrote).
    std::shared_ptr<const std::vector<std::int64_t>> onlyIds;
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
/// "kvs: the sweep's rate must be a finite number > 0, got X",
/// "kvs: the sweep's batch time must be a finite number > 0, got X",
/// "kvs: the sweep's auto-pause share must be a number > 0 and <= 1, got X".
DeadLetterSweepResult sweepDeadLetters(AsyncKVStore &store, const DeadLetterSweepOptions &options);

/// The next batch's size: current scaled by how far the last batch's time (tookMs) was from
/// targetMs, at most halved or doubled per step, between 1 and 1000.
std::size_t nextBatchSize(std::size_t current, double tookMs, double targetMs);

} // namespace kvs
