#include "store/list_range.h"

#include <kvs/errors.h>
#include <kvs/js_number.h>

#include <cmath>

namespace kvs::detail {

namespace {

constexpr int kMaxListLimit = 1000;

std::string encodeChecked(const Key &key, long long maxKeySize)
{
    std::string bytes = encodeKey(key);
    checkKeySize(bytes.size(), maxKeySize);
    return bytes;
}

// A child of the prefix: its encoding starts with the prefix's and continues with a type tag.
bool isChildOf(const std::string &bytes, const std::string &prefix)
{
    if (bytes.size() <= prefix.size() || bytes.compare(0, prefix.size(), prefix) != 0)
        return false;
    const auto next = static_cast<unsigned char>(bytes[prefix.size()]);
    return next >= 0x01 && next <= 0x06;
}

} // namespace

int resolveListLimit(double limit)
{
    if (!std::isfinite(limit) || limit < 1 || std::trunc(limit) != limit)
        throw RangeError("kvs: list() limit must be an integer >= 1, got " + formatJsNumber(limit));
    return limit > kMaxListLimit ? kMaxListLimit : static_cast<int>(limit);
}

ListRange
resolveListRange(const ListSelector &selector, const ListOptions &options, long long maxKeySize)
{
    ListRange range;
    range.limit = resolveListLimit(options.limit);
    range.reverse = options.reverse;
    if (selector.prefix) {
        const std::string prefix = encodeChecked(*selector.prefix, maxKeySize);
        range.lower = prefix + '\x01';
        range.upper = prefix + '\x07';
        if (selector.start) {
            std::string start = encodeChecked(*selector.start, maxKeySize);
            if (!isChildOf(start, prefix))
                throw TypeError("kvs: list() start must be a key inside the prefix");
            range.lower = std::move(start);
        }
        if (selector.end) {
            std::string end = encodeChecked(*selector.end, maxKeySize);
            if (!isChildOf(end, prefix))
                throw TypeError("kvs: list() end must be a key inside the prefix");
            range.upper = std::move(end);
        }
    } else {
        range.lower = selector.start ? encodeChecked(*selector.start, maxKeySize) : std::string();
        range.upper = selector.end ? encodeChecked(*selector.end, maxKeySize) : std::string("\xff");
    }
    if (options.cursor) {
        const std::string cursor = decodeCursor(*options.cursor);
        if (cursor < range.lower || !(cursor < range.upper))
            throw RangeError("kvs: list cursor is outside the selector range");
        if (range.reverse)
            range.upper = cursor;
        else
            range.lower = cursor + '\0';
    }
    return range;
}

} // namespace kvs::detail
