#include "sqlite/busy_wait.h"

#include <sqlite3.h>

#include <algorithm>
#include <thread>

namespace kvs::detail {

BusyWait::BusyWait(std::chrono::milliseconds timeout,
                   std::function<void(std::chrono::microseconds)> sleep,
                   std::function<Clock::time_point()> now)
    : m_timeout(timeout)
    , m_sleep(sleep ? std::move(sleep)
                    : [](std::chrono::microseconds step) { std::this_thread::sleep_for(step); })
    , m_now(now ? std::move(now) : [] { return Clock::now(); })
{}

void BusyWait::install(sqlite3 *db)
{
    sqlite3_busy_handler(db, &BusyWait::onBusy, this);
}

int BusyWait::onBusy(void *self, int count)
{
    auto *wait = static_cast<BusyWait *>(self);
    const Clock::time_point now = wait->m_now();
    // count is 0 on the first call of each wait for a lock.
    if (count == 0)
        wait->m_since = now;
    const auto waited = std::chrono::duration_cast<std::chrono::microseconds>(now - wait->m_since);
    if (waited >= wait->m_timeout)
        return 0;
    wait->m_sleep(std::min<std::chrono::microseconds>(kStep, wait->m_timeout - waited));
    return 1;
}

} // namespace kvs::detail
