#include <kvs/reconnect_backoff.h>

#include <algorithm>

namespace kvs {

ReconnectBackoff::ReconnectBackoff(std::chrono::milliseconds first, std::chrono::milliseconds max)
    : m_first(std::max(first, std::chrono::milliseconds(1)))
    , m_max(std::max(max, m_first))
    , m_wait(m_first)
{}

std::chrono::milliseconds ReconnectBackoff::next()
{
    const std::chrono::milliseconds wait = m_wait;
    m_wait = std::min(m_wait * 2, m_max);
    ++m_attempts;
    return wait;
}

void ReconnectBackoff::reset() noexcept
{
    m_wait = m_first;
    m_attempts = 0;
}

} // namespace kvs
