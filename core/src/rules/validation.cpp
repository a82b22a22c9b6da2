#include "rules/validation.h"

#include <kvs/errors.h>
#include <kvs/js_number.h>

#include <cmath>

namespace kvs::detail {

namespace {

bool isIdentifierStart(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

bool isIdentifierChar(char c)
{
    return isIdentifierStart(c) || (c >= '0' && c <= '9');
}

} // namespace

void validateTablePrefix(const std::string &prefix)
{
    bool valid = prefix.size() <= 40 && (prefix.empty() || isIdentifierStart(prefix[0]));
    for (char c : prefix)
        valid = valid && isIdentifierChar(c);
    if (!valid) {
        throw TypeError("kvs: tablePrefix must match /^[A-Za-z_][A-Za-z0-9_]*$/ (at most 40 "
                        "characters), got \""
                        + prefix + "\"");
    }
}

void validateDurability(const std::string &durability)
{
    if (durability != "normal" && durability != "full")
        throw TypeError("kvs: durability must be \"normal\" or \"full\", got \"" + durability
                        + "\"");
}

void validateSqliteOptions(const std::string &tablePrefix, const std::string &durability)
{
    validateTablePrefix(tablePrefix);
    validateDurability(durability);
}

void validateMaxKeySize(long long maxKeySize)
{
    if (maxKeySize < 1)
        throw RangeError("kvs: maxKeySize must be an integer >= 1, got "
                         + std::to_string(maxKeySize));
}

std::string encodeKeyChecked(const Key &key, long long maxKeySize)
{
    std::string encoded;
    encodeKeyChecked(key, maxKeySize, encoded);
    return encoded;
}

void encodeKeyChecked(const Key &key, long long maxKeySize, std::string &out)
{
    out.clear();
    encodeKey(key, out);
    checkKeySize(out.size(), maxKeySize);
}

std::optional<std::int64_t> expiryFor(const SetOptions &options, std::int64_t now)
{
    if (!options.ttl)
        return std::nullopt;
    const double ttl = *options.ttl;
    if (!std::isfinite(ttl) || ttl < 0)
        throw RangeError("kvs: ttl must be a finite number >= 0, got " + formatJsNumber(ttl));
    return addMs(now, ttl);
}

void validateDelta(const char *operation, double delta)
{
    if (!std::isfinite(delta)) {
        throw RangeError(std::string("kvs: ") + operation + " delta must be a finite number, got "
                         + formatJsNumber(delta));
    }
}

void validateQueueOptions(const QueueOptions &options)
{
    if (!std::isfinite(options.delay)) {
        throw RangeError("kvs: enqueue() delay must be a finite number, got "
                         + formatJsNumber(options.delay));
    }
    // Bounded by 2^53 - 1 (Number.MAX_SAFE_INTEGER) so it fits the INTEGER column exactly.
    if (!std::isfinite(options.maxAttempts) || options.maxAttempts < 1
        || options.maxAttempts > 9007199254740991.0
        || std::trunc(options.maxAttempts) != options.maxAttempts) {
        throw RangeError("kvs: enqueue() maxAttempts must be an integer from 1 to "
                         "9007199254740991, got "
                         + formatJsNumber(options.maxAttempts));
    }
}

std::int64_t addMs(std::int64_t now, double ms)
{
    // A huge ttl or delay (1e300) saturates instead of overflowing the 64-bit column.
    constexpr double kLimit = 9.0e18;
    const double total = static_cast<double>(now) + std::floor(ms);
    if (total >= kLimit)
        return static_cast<std::int64_t>(kLimit);
    if (total <= -kLimit)
        return -static_cast<std::int64_t>(kLimit);
    return now + static_cast<std::int64_t>(std::floor(ms));
}

} // namespace kvs::detail
