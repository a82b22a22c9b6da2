#pragma once

#include <kvs/types.h>

#include <string>

namespace kvs::detail {

// A list() call resolved to bytes: lower inclusive, upper exclusive, the validated limit and
// direction. Shared by every backend, so the reference's range and cursor rules live once.
struct ListRange
{
    std::string lower;
    std::string upper;
    int limit = 100;
    bool reverse = false;
    bool empty() const { return !(lower < upper); }
};

// Validates and resolves a selector and options (reference list()): TypeError
// "kvs: list() start|end must be a key inside the prefix", RangeError
// "kvs: list() limit must be an integer >= 1, got X", RangeError
// "kvs: list cursor is outside the selector range", key size limits on every bound.
ListRange
resolveListRange(const ListSelector &selector, const ListOptions &options, long long maxKeySize);

// Validates a limit the reference way (an integer >= 1; above 1000 capped) and returns it.
int resolveListLimit(double limit);

} // namespace kvs::detail
