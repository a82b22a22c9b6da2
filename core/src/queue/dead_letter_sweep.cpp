#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/dead_letter_sweep.h>
#include <kvs/errors.h>
#include <kvs/js_number.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>
#include <vector>

namespace kvs {

namespace {

constexpr std::size_t kPage = 1000; // listDead()'s and the id-list calls' limit
// The first batch, before any has been timed: small enough to be short on a slow disk.
constexpr std::size_t kFirstBatch = 100;
// The pause after each batch, in real time: the write lock stays free this long, so that a
// writer of another connection waiting for it gets in between two batches. Our stores' waiters
// try again every millisecond (SQLite's BusyWait), so two are enough; without the pause the next
// batch took the lock again within microseconds and a waiter could miss many batches.
constexpr std::chrono::milliseconds kYieldToWaiters{2};

// With a rate, batches are about a tenth of a second's worth, so the pace stays even.
std::size_t rateBatchCap(const std::optional<double> &rate)
{
    if (!rate)
        return kPage;
    return static_cast<std::size_t>(std::clamp(std::floor(*rate / 10), 1.0, double(kPage)));
}

void validate(const DeadLetterSweepOptions &options)
{
    const std::optional<double> &rate = options.ratePerSecond;
    if (rate && !(std::isfinite(*rate) && *rate > 0)) {
        throw RangeError("kvs: the sweep's rate must be a finite number > 0, got "
                         + formatJsNumber(*rate));
    }
    if (!(std::isfinite(options.targetBatchMs) && options.targetBatchMs > 0)) {
        throw RangeError("kvs: the sweep's batch time must be a finite number > 0, got "
                         + formatJsNumber(options.targetBatchMs));
    }
    const std::optional<double> &share = options.autoPauseShare;
    if (share && !(*share > 0 && *share <= 1)) {
        throw RangeError("kvs: the sweep's auto-pause share must be a number > 0 and <= 1, got "
                         + formatJsNumber(*share));
    }
}

// A message this sweep retried, as it was when it was dead before.
struct Retried
{
    std::int64_t id = 0;
    std::int64_t failedAt = 0;
    std::int64_t attempts = 0;
    bool diedAgain = false;
};

// Finds the retried messages that are dead again: one page of dead letters per call, from the
// first retried id up, starting over once past the last one. A retried message keeps its id;
// dead again, its failure time (or attempts) differs from the one it was retried with.
class RedeathWatch
{
public:
    void add(std::int64_t id, std::int64_t failedAt, std::int64_t attempts)
    {
        m_retried.push_back({id, failedAt, attempts, false});
    }

    // Reads one page; returns how many more retried messages were found dead again.
    std::int64_t check(AsyncKVStore &store, const std::string &topic)
    {
        if (m_retried.empty())
            return 0;
        if (m_after == 0)
            m_after = m_retried.front().id - 1;
        const std::vector<QueueDeadMessage> page
            = store.listDead(topic, ListDeadOptions{double(kPage), double(m_after)}).result();
        std::int64_t found = 0;
        for (const QueueDeadMessage &m : page) {
            const auto it = std::lower_bound(
                m_retried.begin(), m_retried.end(), m.id, [](const Retried &r, std::int64_t id) {
                    return r.id < id;
                });
            if (it == m_retried.end() || it->id != m.id || it->diedAgain)
                continue;
            if (m.failedAt != it->failedAt || m.attempts != it->attempts) {
                it->diedAgain = true;
                ++found;
            }
        }
        if (page.size() < kPage || page.back().id >= m_retried.back().id)
            m_after = 0;
        else
            m_after = page.back().id;
        return found;
    }

private:
    std::vector<Retried> m_retried; // ascending ids: the sweep walks in id order
    std::int64_t m_after = 0;       // 0: start over
};

} // namespace

std::size_t nextBatchSize(std::size_t current, double tookMs, double targetMs)
{
    // At most halved or doubled per step: one stalled statement (an fsync, a descheduled
    // process) must not collapse the batches to one id each.
    const double scaled = double(current) * targetMs / std::max(tookMs, 0.1);
    const double bounded = std::clamp(scaled, double(current) / 2, double(current) * 2);
    return static_cast<std::size_t>(std::clamp(std::floor(bounded), 1.0, double(kPage)));
}

DeadLetterSweepResult sweepDeadLetters(AsyncKVStore &store, const DeadLetterSweepOptions &options)
{
    validate(options);
    const std::shared_ptr<Clock> clock = options.clock ? options.clock : systemClock();
    SweepControl ownControl;
    SweepControl &control = options.control ? *options.control : ownControl;
    const std::size_t rateCap = rateBatchCap(options.ratePerSecond);
    std::size_t batchSize = std::min(kFirstBatch, rateCap);
    const bool watchRedeaths
        = options.action == DeadLetterAction::Retry && options.autoPauseShare.has_value();
    RedeathWatch redeaths;
    std::int64_t diedAgainAtPause = 0; // after a resume, only more deaths pause again

    DeadLetterSweepResult result;
    DeadLetterSweepProgress &progress = result.progress;
    const std::int64_t started = clock->monotonicNow();
    std::int64_t pausedMs = 0;
    std::vector<double> batch;
    std::vector<QueueDeadMessage> batchMessages; // Retry with auto-pause: what they were
    // The rate counts from the start, or from the last resume: time spent paused (or waiting
    // for a resume after the pace's wait was cut short) is no credit for a burst.
    std::int64_t paceFrom = started;
    std::int64_t pacedBefore = 0;
    std::uint64_t pausesSeen = control.pauses();
    const auto cancelled = [&] {
        return (options.cancel && options.cancel->load()) || control.isCancelled();
    };
    const auto activeMs = [&] {
        return clock->monotonicNow() - started - pausedMs;
    };
    // Waits out a pause; false when the sweep is to stop. A pause resumed before this thread
    // looked counts too: the pace starts again from now.
    const auto mayGoOn = [&] {
        if (control.isPaused() || control.pauses() != pausesSeen) {
            const std::int64_t from = clock->monotonicNow();
            control.waitWhilePaused();
            pausesSeen = control.pauses();
            paceFrom = clock->monotonicNow();
            pausedMs += paceFrom - from;
            pacedBefore = progress.matched - std::int64_t(batch.size());
        }
        return !cancelled();
    };
    // Sleeps until no more were done than the rate allows since paceFrom (a pause or a cancel
    // ends the wait early).
    const auto pace = [&] {
        if (!options.ratePerSecond)
            return;
        const auto dueMs = static_cast<std::int64_t>(
            std::ceil(double(progress.matched - pacedBefore) * 1000 / *options.ratePerSecond));
        control.waitUntil(*clock, paceFrom + dueMs);
    };

    bool stopped = false;
    const auto flush = [&] {
        if (batch.empty())
            return;
        if (!mayGoOn()) {
            stopped = true;
            return;
        }
        const std::int64_t from = clock->monotonicNow();
        std::int64_t changed = 0;
        if (options.action == DeadLetterAction::Retry)
            changed = store.retryDeadMessages(options.topic, batch).result();
        else if (options.action == DeadLetterAction::Delete)
            changed = store.deleteDeadMessages(options.topic, batch).result();
        const std::int64_t took = clock->monotonicNow() - from;
        std::this_thread::sleep_for(kYieldToWaiters);
        progress.changed += changed;
        progress.lastBatchSize = std::int64_t(batch.size());
        progress.lastBatchMs = took;
        progress.lastBatchIds.assign(batch.begin(), batch.end());
        batchSize
            = std::min(nextBatchSize(batch.size(), double(took), options.targetBatchMs), rateCap);
        batch.clear();
        if (watchRedeaths) {
            for (const QueueDeadMessage &m : batchMessages)
                redeaths.add(m.id, m.failedAt, m.attempts);
            batchMessages.clear();
            progress.diedAgain += redeaths.check(store, options.topic);
            if (progress.changed >= options.autoPauseMinimum
                && progress.diedAgain > diedAgainAtPause
                && double(progress.diedAgain)
                       > *options.autoPauseShare * double(progress.changed)) {
                diedAgainAtPause = progress.diedAgain;
                control.pause("kvs: " + std::to_string(progress.diedAgain) + " of the "
                              + std::to_string(progress.changed)
                              + " messages this sweep retried died again");
            }
        }
        progress.activeMs = activeMs();
        if (options.onProgress)
            options.onProgress(progress);
        pace();
    };
    const auto wanted = [&](const QueueDeadMessage &message) {
        if (options.onlyIds
            && !std::binary_search(options.onlyIds->begin(), options.onlyIds->end(), message.id))
            return false;
        return options.filter.matches(message);
    };

    std::int64_t after = 0;
    while (!stopped && mayGoOn()) {
        const std::vector<QueueDeadMessage> page
            = store.listDead(options.topic, ListDeadOptions{double(kPage), double(after)}).result();
        for (const QueueDeadMessage &message : page) {
            ++progress.scanned;
            if (!wanted(message))
                continue;
            ++progress.matched;
            batch.push_back(double(message.id));
            if (watchRedeaths)
                batchMessages.push_back(message);
            if (batch.size() >= batchSize) {
                flush();
                if (stopped || cancelled())
                    break;
            }
        }
        if (page.size() < kPage || stopped || cancelled())
            break;
        after = page.back().id;
    }
    if (!stopped && !cancelled())
        flush();
    result.cancelled = stopped || cancelled();
    if (result.cancelled)
        progress.matched -= std::int64_t(batch.size());
    progress.activeMs = activeMs();
    if (options.onProgress && options.action == DeadLetterAction::Count)
        options.onProgress(progress);
    return result;
}

} // namespace kvs
