#include <kvs/async_kvstore.h>
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

constexpr double kPage = 1000; // listDead()'s and the id-list calls' limit

// With a rate, batches are about a tenth of a second's worth, so the pace stays even.
std::size_t batchSizeFor(const std::optional<double> &rate)
{
    if (!rate)
        return static_cast<std::size_t>(kPage);
    return static_cast<std::size_t>(std::clamp(std::floor(*rate / 10), 1.0, kPage));
}

class Pacer
{
public:
    explicit Pacer(std::optional<double> rate)
        : m_rate(rate)
        , m_start(std::chrono::steady_clock::now())
    {}

    // Sleeps until done messages are no more than the rate allows since the start.
    void pace(std::int64_t done) const
    {
        if (!m_rate)
            return;
        const auto due = m_start
                         + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(double(done) / *m_rate));
        std::this_thread::sleep_until(due);
    }

private:
    std::optional<double> m_rate;
    std::chrono::steady_clock::time_point m_start;
};

} // namespace

DeadLetterSweepResult sweepDeadLetters(AsyncKVStore &store, const DeadLetterSweepOptions &options)
{
    const std::optional<double> &rate = options.ratePerSecond;
    if (rate && !(std::isfinite(*rate) && *rate > 0)) {
        throw RangeError("kvs: the sweep's rate must be a finite number > 0, got "
                         + formatJsNumber(*rate));
    }
    const std::size_t batchSize = batchSizeFor(options.ratePerSecond);
    const Pacer pacer(options.ratePerSecond);
    DeadLetterSweepResult result;
    DeadLetterSweepProgress &progress = result.progress;
    std::vector<double> batch;
    const auto cancelled = [&] {
        return options.cancel && options.cancel->load();
    };
    const auto flush = [&] {
        if (batch.empty())
            return;
        if (options.action == DeadLetterAction::Retry)
            progress.changed += store.retryDeadMessages(options.topic, batch).result();
        else if (options.action == DeadLetterAction::Delete)
            progress.changed += store.deleteDeadMessages(options.topic, batch).result();
        batch.clear();
        if (options.onProgress)
            options.onProgress(progress);
        pacer.pace(progress.matched);
    };
    std::int64_t after = 0;
    while (!cancelled()) {
        const std::vector<QueueDeadMessage> page
            = store.listDead(options.topic, ListDeadOptions{kPage, double(after)}).result();
        for (const QueueDeadMessage &message : page) {
            ++progress.scanned;
            if (!options.filter.matches(message))
                continue;
            ++progress.matched;
            batch.push_back(double(message.id));
            if (batch.size() >= batchSize) {
                flush();
                if (cancelled())
                    break;
            }
        }
        if (page.size() < static_cast<std::size_t>(kPage) || cancelled())
            break;
        after = page.back().id;
    }
    result.cancelled = cancelled();
    if (!result.cancelled)
        flush();
    else
        progress.matched -= static_cast<std::int64_t>(batch.size());
    if (options.onProgress && options.action == DeadLetterAction::Count)
        options.onProgress(progress);
    return result;
}

} // namespace kvs
