#include <kvs/clock.h>

#include <algorithm>
#include <chrono>

namespace kvs {

namespace {

class SystemClock final : public Clock
{
public:
    std::int64_t now() const override
    {
        using namespace std::chrono;
        return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
    }
    std::int64_t monotonicNow() const override
    {
        using namespace std::chrono;
        return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
    }
};

} // namespace

Clock::~Clock() = default;

std::shared_ptr<void> Clock::subscribe(std::function<void()>)
{
    return nullptr;
}

std::shared_ptr<Clock> systemClock()
{
    static const std::shared_ptr<Clock> clock = std::make_shared<SystemClock>();
    return clock;
}

ManualClock::ManualClock()
    : ManualClock(systemClock()->now())
{}

ManualClock::ManualClock(std::int64_t startMs)
    : m_now(startMs)
{}

std::int64_t ManualClock::now() const
{
    std::lock_guard lock(m_mutex);
    return m_now;
}

std::int64_t ManualClock::monotonicNow() const
{
    std::lock_guard lock(m_mutex);
    return m_monotonic;
}

std::shared_ptr<void> ManualClock::subscribe(std::function<void()> onMove)
{
    auto token = std::make_shared<std::function<void()>>(std::move(onMove));
    std::lock_guard lock(m_mutex);
    std::erase_if(m_subscribers, [](const auto &weak) { return weak.expired(); });
    m_subscribers.push_back(token);
    return token;
}

void ManualClock::advance(std::int64_t ms)
{
    {
        std::lock_guard lock(m_mutex);
        const std::int64_t step = std::max<std::int64_t>(ms, 0);
        m_now += step;
        m_monotonic += step;
    }
    notify();
}

void ManualClock::set(std::int64_t ms)
{
    {
        std::lock_guard lock(m_mutex);
        m_monotonic += std::max<std::int64_t>(ms - m_now, 0);
        m_now = ms;
    }
    notify();
}

void ManualClock::notify()
{
    // Called without the clock's lock: a subscriber takes its own (a timer thread's), and that
    // thread may read the clock while holding it.
    std::vector<std::shared_ptr<std::function<void()>>> live;
    {
        std::lock_guard lock(m_mutex);
        for (const auto &weak : m_subscribers) {
            if (auto subscriber = weak.lock())
                live.push_back(std::move(subscriber));
        }
    }
    for (const auto &subscriber : live)
        (*subscriber)();
}

} // namespace kvs
