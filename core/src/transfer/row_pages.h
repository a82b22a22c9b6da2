#pragma once

#include <kvs/entry_transfer.h>
#include <kvs/sql_adapter.h>

#include <QFuture>

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

// The rows of a key range in key order, page by page, for the calls that read every row of a
// range (export, copy, the key-space analysis). Pages start at `least` rows and then hold about
// `pageBytes` at the average row size read so far, from `least` to 64 times `least` rows: a
// server across a network answers 1,000,000 rows of 100 bytes in about 30 statements instead of
// 1,000. The next page is asked for as soon as one arrives, so the database reads it while the
// caller works on this one. Each page is its own read (no transaction spans pages).
//
// With a monotonic clock, a page also holds no more rows than the last page's cycle (from asking
// for it to handing it over: the read, or the caller's work on the page before, whichever took
// longer) went through in kPageMs: on a slow link 4 MB take seconds, and the caller's Cancel,
// checked between pages, would wait for the page being read and the one asked ahead.
namespace kvs::detail {

class RowPages
{
public:
    static constexpr std::int64_t kDefaultPageBytes = 4 * 1024 * 1024;
    static constexpr std::int64_t kPageMs = 500;

    // How large pages grow. bytes <= 0: every page has `least` rows. monotonicMs: a monotonic
    // clock in ms (Clock::monotonicNow); empty: pages are sized by bytes only.
    struct Growth
    {
        std::int64_t bytes = kDefaultPageBytes;
        std::function<std::int64_t()> monotonicMs;
    };

    // now: the time each page's read is at (what has expired), asked for each page.
    RowPages(SqlAdapter &adapter,
             std::string lower,
             std::string upper,
             std::int64_t least,
             std::function<std::int64_t()> now,
             Growth growth);
    // Waits for a page asked for ahead; its failure is no failure of the caller's work.
    ~RowPages();
    RowPages(const RowPages &) = delete;
    RowPages &operator=(const RowPages &) = delete;

    // The next page (empty when the range holds no more). Throws what the adapter throws.
    [[nodiscard]] std::vector<KvRow> next();
    // The last page was the range's last: next() would return nothing more.
    [[nodiscard]] bool finished() const noexcept { return m_finished; }
    // Hands every row left to work in batches of at most `batch` rows, in key order, page after
    // page. work returns whether to go on; false after any batch but the range's last stops it,
    // and forEachBatch then returns false (true: every row was handed over).
    [[nodiscard]] bool forEachBatch(std::int64_t batch,
                                    const std::function<bool(std::span<KvRow> rows)> &work);

private:
    [[nodiscard]] std::int64_t nextSize() const;
    void ask();
    void measureCycle(std::int64_t rows);

    SqlAdapter &m_adapter;
    std::string m_lower;
    std::string m_upper;
    std::int64_t m_least;
    Growth m_growth;
    std::function<std::int64_t()> m_now;
    std::int64_t m_rows = 0;
    std::int64_t m_bytes = 0;
    std::int64_t m_asked = 0;
    std::int64_t m_askedAt = 0;   // monotonic ms
    std::int64_t m_timeBound = 0; // rows the last cycle's pace allows in kPageMs; 0: no bound
    bool m_finished = false;      // else a page is asked for: m_reading
    QFuture<std::vector<KvRow>> m_reading;
};

// The pages of range for export and copy: from `least` rows, growing to the default bytes, timed
// by options.clock's monotonic clock (the system's when it has none), each read at options' time.
[[nodiscard]] RowPages transferPages(SqlAdapter &adapter,
                                     const KeyRange &range,
                                     std::int64_t least,
                                     const TransferOptions &options);

} // namespace kvs::detail
