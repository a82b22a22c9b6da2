#include "queue/queue_rules.h"

#include <kvs/errors.h>
#include <kvs/js_number.h>

#include <algorithm>
#include <cmath>

namespace kvs::detail {

namespace {

constexpr double kMaxQueueLimit = 1000;
constexpr double kMaxSafeInteger = 9007199254740991.0;
constexpr std::size_t kMaxErrorUnits = 2000;

bool isInteger(double value)
{
    return std::isfinite(value) && std::trunc(value) == value
           && std::fabs(value) <= kMaxSafeInteger;
}

} // namespace

// An integer >= 1, capped at 1000 (dequeue, listDead and peek limits).
std::int64_t checkedLimit(const char *operation, double limit)
{
    if (!isInteger(limit) || limit < 1) {
        throw RangeError(std::string("kvs: ") + operation + " limit must be an integer >= 1, got "
                         + formatJsNumber(limit));
    }
    return static_cast<std::int64_t>(std::min(limit, kMaxQueueLimit));
}

std::int64_t messageId(const char *operation, double id)
{
    if (!isInteger(id)) {
        throw TypeError(std::string("kvs: ") + operation + " needs an integer message id, got "
                        + formatJsNumber(id));
    }
    return static_cast<std::int64_t>(id);
}

void requireToken(const char *operation, const std::string &token)
{
    if (token.empty())
        throw TypeError(std::string("kvs: ") + operation + " needs the message's lease token");
}

// JavaScript's error.slice(0, 2000) counts UTF-16 code units, so this does too: a code point of
// four UTF-8 bytes is two units, any other sequence (and each byte of an ill-formed one, which a
// JS reader sees as U+FFFD) one. Unlike slice(), a surrogate pair that would straddle the limit
// is dropped whole rather than split into a lone surrogate, so the result stays valid UTF-8.
std::string truncateError(const std::string &error)
{
    std::size_t units = 0;
    std::size_t i = 0;
    while (i < error.size()) {
        const auto lead = static_cast<unsigned char>(error[i]);
        std::size_t length = 1;
        if (lead >= 0xf0 && lead <= 0xf4)
            length = 4;
        else if (lead >= 0xe0)
            length = 3;
        else if (lead >= 0xc2)
            length = 2;
        length = std::min(length, error.size() - i);
        const std::size_t width = length == 4 ? 2 : 1;
        if (units + width > kMaxErrorUnits)
            return error.substr(0, i);
        units += width;
        i += length;
    }
    return error;
}

double queueBackoffMs(const QueueConfig &config, std::int64_t attempts)
{
    // attempts >= 1 for a leased message; a row edited by hand to 0 gets the first delay.
    const std::int64_t attempt = std::max<std::int64_t>(attempts, 1);
    const QueueConfig::Backoff &backoff = config.backoff;
    if (const auto *schedule = std::get_if<std::vector<double>>(&backoff)) {
        const auto n = static_cast<std::int64_t>(schedule->size());
        return (*schedule)[static_cast<std::size_t>(std::min(attempt, n) - 1)];
    }
    if (const auto *function = std::get_if<std::function<double(int)>>(&backoff)) {
        const int argument = static_cast<int>(std::min<std::int64_t>(attempt, 1 << 30));
        const double delay = (*function)(argument);
        if (!std::isfinite(delay) || delay < 0) {
            throw RangeError("kvs: queue.backoff(" + std::to_string(argument)
                             + ") must return a finite number >= 0, got " + formatJsNumber(delay));
        }
        return delay;
    }
    return std::min(1000.0 * std::pow(2.0, static_cast<double>(attempt - 1)), 300000.0);
}

double dequeueVisibility(std::optional<double> given, double defaultTimeout)
{
    const double visibility = given.value_or(defaultTimeout);
    if (!std::isfinite(visibility) || visibility <= 0) {
        throw RangeError("kvs: dequeue() visibilityTimeout must be a finite number > 0, got "
                         + formatJsNumber(visibility));
    }
    return visibility;
}

double extendVisibility(std::optional<double> given, double defaultTimeout)
{
    const double visibility = given.value_or(defaultTimeout);
    // The reference refuses negative and NaN; Infinity is refused too, a lease end must be a
    // millisecond time another process can compare.
    if (!std::isfinite(visibility) || visibility < 0) {
        throw RangeError("kvs: extendLease() visibilityTimeout must be a finite number >= 0, got "
                         + formatJsNumber(visibility));
    }
    return visibility;
}

void validateNackDelay(std::optional<double> delay)
{
    if (delay && (!std::isfinite(*delay) || *delay < 0)) {
        throw RangeError("kvs: nack() delay must be a finite number >= 0, got "
                         + formatJsNumber(*delay));
    }
}

void validateListDeadAfter(double after)
{
    if (!isInteger(after) || after < 0) {
        throw RangeError("kvs: listDead() after must be an integer >= 0, got "
                         + formatJsNumber(after));
    }
}

double leasesEndingWithin(double within)
{
    if (!isInteger(within) || within < 0) {
        throw RangeError("kvs: queueStats() leasesEndingWithin must be an integer >= 0, got "
                         + formatJsNumber(within));
    }
    return within;
}

} // namespace kvs::detail
