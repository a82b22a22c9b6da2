#include "search/text_matcher.h"
#include "search/text_prefilter.h"
#include "store/list_range.h"
#include "transfer/transfer_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>
#include <kvs/value_search.h>

#include <QFuture>

#include <algorithm>
#include <atomic>
#include <optional>

namespace kvs {

namespace {

// The most rows one statement reads past: about a quarter of a second on SQLite, which bounds
// how long cancel() waits for the page in flight.
constexpr std::int64_t kMaxScan = 250000;

// The rows the next statement reads past: enough for about pageSize candidates at the density
// the last one saw, at least pageSize, growing at most fourfold per page (a sparse start should
// not read a quarter of a million rows before the first result) and at most kMaxScan.
std::int64_t
nextScan(std::int64_t scan, std::int64_t scanned, std::int64_t candidates, std::int64_t pageSize)
{
    const std::int64_t grown = std::min(scan * 4, kMaxScan);
    if (candidates == 0)
        return std::max(grown, pageSize);
    const std::int64_t wanted = scanned * pageSize / candidates;
    return std::clamp(wanted, std::min(pageSize, kMaxScan), std::max(grown, pageSize));
}

} // namespace

struct ValueSearch::State
{
    State(AsyncKVStore &s, ValueSearchQuery q, ValueSearchOptions o)
        : store(s)
        , query(std::move(q))
        , options(std::move(o))
    {}

    AsyncKVStore &store;
    ValueSearchQuery query;
    ValueSearchOptions options;
    std::optional<detail::TextMatcher> matcher;
    ValuePrefilter prefilter;      // an empty needle: every live row
    std::string lower;             // where the next page starts
    std::int64_t scan = 0;         // the rows the next page reads past
    SqlAdapter *adapter = nullptr; // Not owned: the store's, once the first page opened it.
    // The page after the one being decoded, asked for before decoding began: the database
    // reads it (on the adapter's thread, or the server) while this thread decodes.
    std::optional<QFuture<ValueScanPage>> ahead;
    ValueSearchCounts counts;
    bool done = false;
    std::atomic<bool> cancelled{false};

    // Whether a decoded row matches every criterion.
    bool matches(const Entry &entry, std::string_view valueBytes) const
    {
        if (query.where
            && !query.where->matches(
                ConditionSubject::ofEntry(entry, static_cast<std::int64_t>(valueBytes.size()))))
            return false;
        if (!matcher)
            return true;
        if (matcher->matches(printLiteral(entry.value)))
            return true;
        return query.inKeys && matcher->matches(printKeyLiteral(entry.key));
    }

    QFuture<ValueScanPage> request()
    {
        TransferOptions timing;
        timing.clock = options.clock;
        return adapter->scanValues(
            lower, query.range.upper, detail::nowOf(timing), prefilter, options.pageSize, scan);
    }

    // Decodes the page's candidates into page.
    void take(std::vector<KvRow> &rows, ValueSearchPage &page)
    {
        for (KvRow &row : rows) {
            if (options.limit > 0 && counts.matched >= options.limit)
                return;
            Entry entry;
            try {
                entry
                    = Entry{decodeKey(row.key), decodeValue(row.value), row.version, row.expiresAt};
            } catch (const Error &error) {
                ++counts.undecodable;
                page.undecodable.push_back({row.key, error.what()});
                continue;
            }
            if (!matches(entry, row.value))
                continue;
            ++counts.matched;
            page.matches.push_back(
                ValueMatch{std::move(entry), std::move(row.key), std::move(row.value)});
        }
    }
};

ValueSearch::ValueSearch(AsyncKVStore &store, ValueSearchQuery query, ValueSearchOptions options)
    : m_state(std::make_unique<State>(store, std::move(query), std::move(options)))
{
    State &s = *m_state;
    if (s.options.pageSize < 1) {
        throw RangeError("kvs: page size must be an integer >= 1, got "
                         + std::to_string(s.options.pageSize));
    }
    if (s.options.limit < 0)
        throw RangeError("kvs: search limit must be >= 0, got " + std::to_string(s.options.limit));
    if (s.query.regex)
        s.matcher = detail::TextMatcher::regex(*s.query.regex);
    else if (s.query.text)
        s.matcher = detail::TextMatcher::text(*s.query.text, s.query.matchCase);
    // Only a text of the value's literal has a prefilter: a key match needs no value bytes.
    if (s.query.text && !s.query.regex && !s.query.inKeys && s.options.prefilter)
        s.prefilter = detail::prefilterForText(*s.query.text, s.query.matchCase);
    s.lower = s.query.range.lower;
    s.scan = s.options.pageSize;
    s.done = !(s.query.range.lower < s.query.range.upper);
}

ValueSearch::~ValueSearch() = default;

ValueSearchPage ValueSearch::next()
{
    State &s = *m_state;
    ValueSearchPage page;
    if (!s.done && s.cancelled.load()) {
        s.done = true;
        page.cancelled = true;
    }
    if (s.done) {
        page.counts = s.counts;
        page.done = true;
        page.cancelled = page.cancelled || s.cancelled.load();
        page.limitReached = s.options.limit > 0 && s.counts.matched >= s.options.limit;
        return page;
    }
    // Opening costs a read (detail::openedAdapter): once, not per page.
    if (!s.adapter)
        s.adapter = &detail::openedAdapter(s.store);
    QFuture<ValueScanPage> reading = s.ahead ? std::move(*s.ahead) : s.request();
    s.ahead.reset();
    ValueScanPage read = reading.result(); // a failure leaves the search where it was
    s.counts.scanned += read.scanned;
    const auto candidates = static_cast<std::int64_t>(read.rows.size());
    s.scan = nextScan(s.scan, read.scanned, candidates, s.options.pageSize);
    if (read.resumeAt && *read.resumeAt < s.query.range.upper) {
        s.lower = std::move(*read.resumeAt);
        // The next page is read while this one is decoded, unless this one may end the search
        // (a limit its candidates can reach, a cancel).
        const bool mayEnd = s.options.limit > 0 && s.counts.matched + candidates >= s.options.limit;
        if (!mayEnd && !s.cancelled.load())
            s.ahead = s.request();
    } else {
        s.done = true;
    }
    s.take(read.rows, page);
    page.limitReached = s.options.limit > 0 && s.counts.matched >= s.options.limit;
    page.cancelled = s.cancelled.load();
    s.done = s.done || page.limitReached || page.cancelled;
    page.done = s.done;
    page.counts = s.counts;
    return page;
}

bool ValueSearch::done() const noexcept
{
    return m_state->done;
}

void ValueSearch::cancel() noexcept
{
    m_state->cancelled.store(true);
}

ValueSearchCounts ValueSearch::counts() const noexcept
{
    return m_state->counts;
}

bool ValueSearch::prefiltered() const noexcept
{
    return !m_state->prefilter.needle.empty();
}

KeyRange searchRange(const ListSelector &selector, long long maxKeySize)
{
    const detail::ListRange range = detail::resolveListRange(selector, ListOptions{}, maxKeySize);
    return {range.lower, range.upper};
}

} // namespace kvs
