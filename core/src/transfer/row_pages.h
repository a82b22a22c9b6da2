#pragma once

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
namespace kvs::detail {

class RowPages
{
public:
    static constexpr std::int64_t kDefaultPageBytes = 4 * 1024 * 1024;

    // now: the time each page's read is at (what has expired), asked for each page.
    // pageBytes <= 0: every page has `least` rows.
    RowPages(SqlAdapter &adapter,
             std::string lower,
             std::string upper,
             std::int64_t least,
             std::function<std::int64_t()> now,
             std::int64_t pageBytes = kDefaultPageBytes);
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

    SqlAdapter &m_adapter;
    std::string m_lower;
    std::string m_upper;
    std::int64_t m_least;
    std::int64_t m_pageBytes;
    std::function<std::int64_t()> m_now;
    std::int64_t m_rows = 0;
    std::int64_t m_bytes = 0;
    std::int64_t m_asked = 0;
    bool m_finished = false; // else a page is asked for: m_reading
    QFuture<std::vector<KvRow>> m_reading;
};

} // namespace kvs::detail
