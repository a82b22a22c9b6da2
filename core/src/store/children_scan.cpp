#include "store/children_scan.h"

#include <kvs/errors.h>
#include <kvs/js_number.h>

#include <algorithm>
#include <cmath>

namespace kvs {

namespace {

constexpr int kMaxChildrenLimit = 10000;

} // namespace

int resolveChildrenLimit(double limit)
{
    if (!std::isfinite(limit) || limit < 1 || std::trunc(limit) != limit) {
        throw RangeError("kvs: listChildren() limit must be an integer >= 1, got "
                         + formatJsNumber(limit));
    }
    return limit > kMaxChildrenLimit ? kMaxChildrenLimit : static_cast<int>(limit);
}

namespace detail {

namespace {

std::string encodeChecked(const Key &key, long long maxKeySize)
{
    std::string bytes = encodeKey(key);
    checkKeySize(bytes.size(), maxKeySize);
    return bytes;
}

// The length of enc(prefix + [part]) for a key under prefix, or 0 when the part after the
// prefix does not decode. A 0xff right after a part's separator can only continue a string or
// bytes part (whose decoding takes it as an escaped 0x00); after any other part the key is not
// a key layout kvs writes, and counts as undecodable too.
std::size_t childLength(const std::string &key, std::size_t prefixLength)
{
    std::size_t pos = prefixLength;
    try {
        (void)decodeKeyPart(key, pos);
    } catch (const Error &) {
        return 0;
    }
    if (pos < key.size() && static_cast<unsigned char>(key[pos]) == 0xff)
        return 0;
    return pos;
}

// key lies strictly below child: longer, and not a string sibling such as ["a\0x"] of ["a"].
bool isBelow(const std::string &key, const std::string &child)
{
    return key.size() > child.size() && key.compare(0, child.size(), child) == 0
           && static_cast<unsigned char>(key[child.size()]) != 0xff;
}

ValueSummary summaryOf(const KeyRow &row)
{
    return ValueSummary{storedValueKind(row.valueHead), row.valueSize, row.expiresAt};
}

// The first byte string after every key of a child's subtree (see the class comment); after a
// raw undecodable key, the next key.
std::string afterSubtree(const KeyChild &child)
{
    return child.encoded + (child.part ? '\xff' : '\0');
}

} // namespace

ChildrenScan::ChildrenScan(const ChildrenSelector &selector,
                           const ChildrenOptions &options,
                           long long maxKeySize)
    : m_prefix(encodeChecked(selector.prefix, maxKeySize))
    , m_limit(resolveChildrenLimit(options.limit))
    , m_reverse(options.reverse)
{
    // Every key below the prefix, undecodable ones included (they show as raw children): a part
    // ends with 0x00, and prefix + 0xff.. are siblings of its last string part, not children. At
    // the root, only the key space: a key part's tag is 0x01..0x06, and rows starting with any
    // other byte were stored by something else (the key tree lists them apart, by a raw scan).
    m_rangeLower = m_prefix.empty() ? std::string(1, '\x01') : m_prefix + '\0';
    m_rangeUpper = m_prefix.empty() ? std::string(1, '\x07') : m_prefix + '\xff';
    if (selector.start)
        m_rangeLower = std::max(m_rangeLower, encodeChecked(*selector.start, maxKeySize));
    if (selector.end)
        m_rangeUpper = std::min(m_rangeUpper, encodeChecked(*selector.end, maxKeySize));
    m_lower = m_rangeLower;
    m_upper = m_rangeUpper;
    if (options.cursor) {
        const std::string cursor = decodeCursor(*options.cursor);
        if (cursor < m_rangeLower || !(cursor < m_rangeUpper))
            throw RangeError("kvs: list cursor is outside the selector range");
        if (m_reverse) {
            m_upper = cursor;
        } else {
            // The cursor is the last child's encoded key: skip its subtree, or only itself when
            // it was a raw undecodable key.
            KeyChild last;
            last.encoded = cursor;
            if (childLength(cursor, m_prefix.size()) == cursor.size()) {
                std::size_t pos = m_prefix.size();
                last.part = decodeKeyPart(cursor, pos);
            }
            m_lower = afterSubtree(last);
        }
    }
    m_done = !(m_lower < m_upper);
}

std::optional<KeyProbe> ChildrenScan::nextProbe() const
{
    if (m_done)
        return std::nullopt;
    if (m_probingMore) // any key left in the range belongs to a child after the page's last
        return KeyProbe{m_lower, m_upper, 1, m_reverse};
    if (m_undescribed) {
        // Descending found a child; read the start of its subtree ascending.
        return KeyProbe{std::max(m_undescribed->encoded, m_rangeLower),
                        std::min(afterSubtree(*m_undescribed), m_rangeUpper),
                        2,
                        false};
    }
    return KeyProbe{m_lower, m_upper, m_reverse ? 1 : 2, m_reverse};
}

void ChildrenScan::accept(const std::vector<KeyRow> &rows)
{
    if (m_probingMore) {
        m_probingMore = false;
        m_done = true;
        if (rows.empty())
            m_page.cursor.reset(); // the page ends exactly at the last child
        return;
    }
    if (m_undescribed)
        acceptDescribed(rows);
    else
        acceptFound(rows);
}

void ChildrenScan::accept(const std::vector<std::string> &keys)
{
    std::vector<KeyRow> rows;
    rows.reserve(keys.size());
    for (const std::string &key : keys)
        rows.push_back(KeyRow{key, {}, 0, std::nullopt});
    m_summaries = false;
    accept(rows);
    m_summaries = true;
}

void ChildrenScan::acceptFound(const std::vector<KeyRow> &rows)
{
    if (rows.empty()) {
        m_done = true;
        return;
    }
    const std::string &first = rows.front().key;
    KeyChild child;
    const std::size_t length = childLength(first, m_prefix.size());
    if (length == 0) {
        child.encoded = first; // a raw key: shown as hex, holds its own value
        child.hasValue = true;
        if (m_summaries)
            child.value = summaryOf(rows.front());
    } else {
        child.encoded = first.substr(0, length);
        std::size_t pos = m_prefix.size();
        child.part = decodeKeyPart(first, pos);
    }
    if (m_reverse) {
        m_upper = child.encoded;
        if (child.part) {
            m_undescribed = std::move(child);
            return;
        }
        add(std::move(child));
        return;
    }
    if (child.part) {
        child.hasValue = first == child.encoded;
        child.hasChildren
            = !child.hasValue || (rows.size() > 1 && isBelow(rows[1].key, child.encoded));
        if (child.hasValue && m_summaries)
            child.value = summaryOf(rows.front());
    }
    // The read took two keys of the rest of the range: a second one outside this child's
    // subtree is the next child's; no second one, no next child.
    Follows follows = Follows::Unknown;
    if (rows.size() < 2)
        follows = Follows::No;
    else if (!child.part || !isBelow(rows[1].key, child.encoded))
        follows = Follows::Yes;
    m_lower = afterSubtree(child);
    add(std::move(child), follows);
}

void ChildrenScan::acceptDescribed(const std::vector<KeyRow> &rows)
{
    KeyChild child = std::move(*m_undescribed);
    m_undescribed.reset();
    if (rows.empty()) { // its keys expired or were deleted between the two reads
        m_done = !(m_lower < m_upper);
        return;
    }
    child.hasValue = rows.front().key == child.encoded;
    child.hasChildren
        = !child.hasValue || std::any_of(rows.begin(), rows.end(), [&](const KeyRow &row) {
              return isBelow(row.key, child.encoded);
          });
    if (child.hasValue && m_summaries)
        child.value = summaryOf(rows.front());
    add(std::move(child));
}

void ChildrenScan::add(KeyChild child, Follows follows)
{
    m_page.children.push_back(std::move(child));
    const bool rangeLeft = m_lower < m_upper;
    if (static_cast<int>(m_page.children.size()) < m_limit) {
        m_done = !rangeLeft;
        return;
    }
    // A full page: a cursor only when a child follows, so that a node of exactly `limit`
    // children is not shown as having more.
    m_done = true;
    if (!rangeLeft || follows == Follows::No)
        return;
    m_page.cursor = encodeCursor(m_page.children.back().encoded);
    if (follows == Follows::Unknown) {
        m_probingMore = true;
        m_done = false;
    }
}

ChildrenPage ChildrenScan::takePage()
{
    return std::move(m_page);
}

} // namespace detail
} // namespace kvs
