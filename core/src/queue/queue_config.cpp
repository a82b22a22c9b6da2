#include <kvs/errors.h>
#include <kvs/js_number.h>
#include <kvs/types.h>

#include <cmath>

namespace kvs {

namespace {

[[noreturn]] void invalid(const char *field, const char *rule, double value)
{
    throw RangeError(std::string("kvs: queue.") + field + " must be " + rule + ", got "
                     + formatJsNumber(value));
}

} // namespace

void validateQueueConfig(const QueueConfig &config)
{
    if (!std::isfinite(config.visibilityTimeout) || config.visibilityTimeout <= 0)
        invalid("visibilityTimeout", "a finite number > 0", config.visibilityTimeout);
    if (!std::isfinite(config.doneRetention) || config.doneRetention < 0)
        invalid("doneRetention", "a finite number >= 0", config.doneRetention);
    if (std::isnan(config.deadRetention) || config.deadRetention < 0)
        invalid(
            "deadRetention", "a number >= 0 (Infinity keeps dead letters)", config.deadRetention);
    if (const auto *schedule = std::get_if<std::vector<double>>(&config.backoff)) {
        if (schedule->empty())
            throw RangeError("kvs: queue.backoff must not be an empty array");
        for (double delay : *schedule) {
            if (!std::isfinite(delay) || delay < 0)
                invalid("backoff", "an array of finite numbers >= 0", delay);
        }
    } else if (const auto *function = std::get_if<std::function<double(int)>>(&config.backoff)) {
        if (!*function)
            throw TypeError("kvs: queue.backoff must be an array of numbers or a function");
    }
}

} // namespace kvs
