#pragma once

#include <chrono>
#include <cstdint>

namespace kvs::detail {

// Wall-clock milliseconds since the epoch, JavaScript's Date.now(): expiry times and queue
// timestamps are stored in this unit, so other processes (and the JS library) agree on them.
inline std::int64_t nowMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

} // namespace kvs::detail
