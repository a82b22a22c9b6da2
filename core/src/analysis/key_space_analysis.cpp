#include "analysis/key_space_store_figures.h"
#include "analysis/key_space_tree.h"
#include "transfer/row_pages.h"
#include "transfer/transfer_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/condition.h>
#include <kvs/errors.h>
#include <kvs/key_space_analysis.h>
#include <kvs/value_codec.h>

#include <QFuture>

#include <algorithm>
#include <limits>

namespace kvs {

namespace {

constexpr std::size_t kUndecodableSamples = 10;
constexpr int kKinds = static_cast<int>(Value::Type::Set) + 1;

void checkRequest(const KeySpaceRequest &request, const KeySpaceOptions &options)
{
    if (request.depth < 0 || request.depth > 8) {
        throw RangeError("kvs: analysis depth must be an integer from 0 to 8, got "
                         + std::to_string(request.depth));
    }
    if (request.top < 1 || request.top > 1000) {
        throw RangeError("kvs: analysis top must be an integer from 1 to 1000, got "
                         + std::to_string(request.top));
    }
    if (request.childCap < request.top) {
        throw RangeError("kvs: analysis child cap must be at least top ("
                         + std::to_string(request.top) + "), got "
                         + std::to_string(request.childCap));
    }
    if (options.pageSize < 1) {
        throw RangeError("kvs: page size must be an integer >= 1, got "
                         + std::to_string(options.pageSize));
    }
}

// Everything of the report but the tree, added to row by row.
class RowTally
{
public:
    RowTally(KeySpaceReport &report, std::size_t prefixBytes)
        : m_report(report)
        , m_tree(report.request)
        , m_prefixBytes(prefixBytes)
        , m_top(static_cast<std::size_t>(report.request.top))
    {}

    void add(const KvRow &row)
    {
        const auto keySize = static_cast<std::int64_t>(row.key.size());
        const auto valueSize = static_cast<std::int64_t>(row.value.size());
        const auto first = row.key.empty() ? 1 : static_cast<unsigned char>(row.key[0]);
        if (first < 0x01 || first > 0x06) {
            m_report.odd.outside.add(keySize, valueSize);
            return;
        }
        Value::Type type = Value::Type::Undefined;
        try {
            m_partEnds.clear();
            std::size_t pos = m_prefixBytes;
            while (pos < row.key.size()) {
                (void)decodeKeyPart(row.key, pos);
                m_partEnds.push_back(pos);
            }
            type = decodeValue(row.value).type();
        } catch (const Error &error) {
            m_report.odd.undecodable.add(keySize, valueSize);
            if (m_report.odd.undecodableSamples.size() < kUndecodableSamples)
                m_report.odd.undecodableSamples.push_back({row.key, error.what()});
            return;
        }
        const ExpiryGroup group = expiryGroupOf(row.expiresAt, m_report.now);
        m_tree.add(row.key, m_partEnds, keySize, valueSize, group);
        m_kinds[static_cast<int>(type)].add(keySize, valueSize);
        m_report.expiry[static_cast<int>(group)].add(keySize, valueSize);
        m_report.keySizes.add(keySize);
        m_report.valueSizes.add(valueSize);
        offerLargest(row, type);
    }

    void finish()
    {
        m_report.root = m_tree.finish();
        for (int kind = 0; kind < kKinds; ++kind) {
            if (m_kinds[kind].entries > 0) {
                m_report.kinds.emplace_back(conditionKindName(static_cast<Value::Type>(kind)),
                                            m_kinds[kind]);
            }
        }
        std::stable_sort(m_report.kinds.begin(), m_report.kinds.end(), [](auto &a, auto &b) {
            return a.second.bytes() > b.second.bytes();
        });
        std::sort(m_largest.begin(), m_largest.end(), above);
        for (Ranked &ranked : m_largest)
            m_report.largest.push_back(std::move(ranked.entry));
    }

private:
    struct Ranked
    {
        KeySpaceEntry entry;
        std::int64_t order = 0;
    };

    // As a heap's comparator: the lowest-ranked at the front (bytes, then key order).
    static bool above(const Ranked &a, const Ranked &b)
    {
        const std::int64_t ab = a.entry.keyBytes + a.entry.valueBytes;
        const std::int64_t bb = b.entry.keyBytes + b.entry.valueBytes;
        return ab != bb ? ab > bb : a.order < b.order;
    }

    void offerLargest(const KvRow &row, Value::Type type)
    {
        const auto bytes = static_cast<std::int64_t>(row.key.size() + row.value.size());
        const std::int64_t order = m_rows++;
        // A later row loses a tie: only a strictly larger one displaces the front.
        if (m_largest.size() == m_top
            && bytes <= m_largest.front().entry.keyBytes + m_largest.front().entry.valueBytes)
            return;
        KeySpaceEntry entry;
        entry.key = row.key;
        entry.decodedKey = decodeKey(row.key);
        entry.keyBytes = static_cast<std::int64_t>(row.key.size());
        entry.valueBytes = static_cast<std::int64_t>(row.value.size());
        entry.kind = conditionKindName(type);
        entry.expiresAt = row.expiresAt;
        m_largest.push_back({std::move(entry), order});
        std::push_heap(m_largest.begin(), m_largest.end(), above);
        if (m_largest.size() > m_top) {
            std::pop_heap(m_largest.begin(), m_largest.end(), above);
            m_largest.pop_back();
        }
    }

    KeySpaceReport &m_report;
    detail::KeySpaceTree m_tree;
    std::size_t m_prefixBytes;
    std::size_t m_top;
    std::vector<std::size_t> m_partEnds;
    std::array<KeySpaceFigures, kKinds> m_kinds{};
    std::vector<Ranked> m_largest; // a heap: the front is given up first
    std::int64_t m_rows = 0;
};

} // namespace

KeySpaceReport
analyzeKeySpace(AsyncKVStore &store, const KeySpaceRequest &request, const KeySpaceOptions &options)
{
    checkRequest(request, options);
    const std::string prefix = encodeKey(request.prefix);
    const std::shared_ptr<Clock> clock = options.clock ? options.clock : systemClock();
    KeySpaceReport report;
    report.request = request;
    report.now = clock->now();
    const std::int64_t started = clock->monotonicNow();
    const KeyRange range = KeyRange::subtree(request.prefix);
    SqlAdapter &adapter = detail::openedAdapter(store);
    detail::readStoreFigures(adapter, report);
    constexpr std::int64_t kEarliest = std::numeric_limits<std::int64_t>::min();
    RowTally tally(report, prefix.size());
    // The earliest time: every row is live to it, so expired rows not yet cleaned are read too.
    detail::RowPages pages(adapter,
                           range.lower,
                           range.upper,
                           options.pageSize,
                           [] { return kEarliest; },
                           {options.pageBytes, [clock] {
                                return clock->monotonicNow();
                            }});
    while (true) {
        const std::vector<KvRow> rows = pages.next();
        for (const KvRow &row : rows)
            tally.add(row);
        report.rowsRead += static_cast<std::int64_t>(rows.size());
        if (pages.finished())
            break;
        const bool goOn = !options.onProgress || options.onProgress({report.rowsRead});
        const bool outOfTime
            = options.budgetMs && clock->monotonicNow() - started >= *options.budgetMs;
        if (!goOn || outOfTime) {
            report.partial = true;
            report.cancelled = !goOn;
            report.resumeAfter = rows.back().key;
            break; // the page asked for ahead is not counted
        }
    }
    tally.finish();
    report.elapsedMs = clock->monotonicNow() - started;
    return report;
}

} // namespace kvs
