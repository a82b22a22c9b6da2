#include "transfer/row_pages.h"

#include "transfer/transfer_support.h"

#include <kvs/clock.h>

#include <algorithm>
#include <utility>

namespace kvs::detail {

namespace {

constexpr std::int64_t kGrowth = 64;

} // namespace

RowPages::RowPages(SqlAdapter &adapter,
                   std::string lower,
                   std::string upper,
                   std::int64_t least,
                   std::function<std::int64_t()> now,
                   Growth growth)
    : m_adapter(adapter)
    , m_lower(std::move(lower))
    , m_upper(std::move(upper))
    , m_least(least)
    , m_growth(std::move(growth))
    , m_now(std::move(now))
{
    m_finished = !(m_lower < m_upper);
    if (!m_finished)
        ask();
}

RowPages::~RowPages()
{
    if (m_finished)
        return;
    try {
        m_reading.waitForFinished();
    } catch (...) {
    }
}

std::int64_t RowPages::nextSize() const
{
    if (m_growth.bytes <= 0 || m_rows == 0 || m_bytes == 0)
        return m_least;
    std::int64_t fitting = m_growth.bytes / std::max<std::int64_t>(1, m_bytes / m_rows);
    if (m_timeBound > 0)
        fitting = std::min(fitting, m_timeBound);
    return std::clamp(fitting, m_least, m_least * kGrowth);
}

void RowPages::ask()
{
    m_asked = nextSize();
    if (m_growth.monotonicMs)
        m_askedAt = m_growth.monotonicMs();
    m_reading = m_adapter.listAsc(m_lower, m_upper, m_now(), m_asked);
}

void RowPages::measureCycle(std::int64_t rows)
{
    if (!m_growth.monotonicMs || rows == 0)
        return;
    const std::int64_t took = m_growth.monotonicMs() - m_askedAt;
    // A cycle under a millisecond says nothing about the pace: no bound from it.
    m_timeBound = took > 0 ? rows * kPageMs / took : 0;
}

std::vector<KvRow> RowPages::next()
{
    if (m_finished)
        return {};
    std::vector<KvRow> page = m_reading.result();
    measureCycle(static_cast<std::int64_t>(page.size()));
    for (const KvRow &row : page)
        m_bytes += static_cast<std::int64_t>(row.key.size() + row.value.size());
    m_rows += static_cast<std::int64_t>(page.size());
    m_finished = static_cast<std::int64_t>(page.size()) < m_asked;
    if (!m_finished) {
        m_lower = keyAfter(page.back().key);
        m_finished = !(m_lower < m_upper);
    }
    if (!m_finished)
        ask();
    return page;
}

bool RowPages::forEachBatch(std::int64_t batch,
                            const std::function<bool(std::span<KvRow> rows)> &work)
{
    const auto step = static_cast<std::size_t>(batch);
    while (!m_finished) {
        std::vector<KvRow> page = next();
        for (std::size_t from = 0; from < page.size(); from += step) {
            const std::size_t to = std::min(page.size(), from + step);
            const bool last = m_finished && to == page.size();
            if (!work(std::span(page).subspan(from, to - from)) && !last)
                return false;
        }
    }
    return true;
}

RowPages transferPages(SqlAdapter &adapter,
                       const KeyRange &range,
                       std::int64_t least,
                       const TransferOptions &options)
{
    std::shared_ptr<Clock> clock = options.clock ? options.clock : systemClock();
    return RowPages(adapter,
                    range.lower,
                    range.upper,
                    least,
                    [clock] { return clock->now(); },
                    {RowPages::kDefaultPageBytes, [clock] {
                         return clock->monotonicNow();
                     }});
}

} // namespace kvs::detail
