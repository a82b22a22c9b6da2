#pragma once

#include <kvs/key_tree.h>
#include <kvs/sql_adapter.h>

#include <optional>
#include <string>
#include <vector>

namespace kvs::detail {

// One read a ChildrenScan needs: the live keys with lower <= key < upper, at most limit,
// ascending or descending, each with its value's head, size and expiry (SqlAdapter::listKeyRows).
struct KeyProbe
{
    std::string lower;
    std::string upper;
    int limit = 2;
    bool descending = false;
};

// The skip-scan behind listChildren(), as a state machine that asks for key-only reads and never
// runs one itself, so the sync store and the async store (one future per read) share it.
//
// Why skip-scan: the children of prefix P are the distinct parts X such that some key starts with
// enc(P + [X]). After finding a child from the first key of a range, the next read starts at
// enc(P + [X]) + 0xff: every key of X's subtree continues enc(P + [X]) with a type tag (0x01..0x06)
// or ends there, while 0xff after a part's 0x00 separator can only be the escape of a string or
// bytes sibling such as ["a\0x"] next to ["a"], which must not be skipped. So each child costs one
// index seek (ascending: its first two keys also say whether it holds a value and has children;
// descending: one more ascending seek), whatever the number of keys below it. A child that holds a
// value is the first row its seek finds, so the row's value summary (kind, size, expiry) comes
// with it.
//
// Thread rule: one thread at a time.
class ChildrenScan
{
public:
    // Validates and resolves the selector and options: the key size limits (RangeError), the
    // limit (resolveChildrenLimit), RangeError "kvs: list cursor is outside the selector range".
    ChildrenScan(const ChildrenSelector &selector,
                 const ChildrenOptions &options,
                 long long maxKeySize);

    // The next read to run, or nullopt when the page is complete.
    [[nodiscard]] std::optional<KeyProbe> nextProbe() const;
    // Takes the rows nextProbe()'s read returned.
    void accept(const std::vector<KeyRow> &rows);
    // The same for a read that returned keys only: the children it finds get no value summary.
    void accept(const std::vector<std::string> &keys);
    // The encoded prefix's length, and how many children the page still takes (an adapter's
    // SqlAdapter::skipScanSteps reads that many steps at once; the steps whose bound equals
    // nextProbe()'s go to accept() in order).
    [[nodiscard]] std::size_t prefixLength() const { return m_prefix.size(); }
    [[nodiscard]] int remaining() const
    {
        return m_limit - static_cast<int>(m_page.children.size());
    }
    // The page; call once, after nextProbe() returned nullopt.
    [[nodiscard]] ChildrenPage takePage();

private:
    // Whether another child follows the one just found, as far as its read tells.
    enum class Follows { Unknown, Yes, No };

    void acceptFound(const std::vector<KeyRow> &rows);
    void acceptDescribed(const std::vector<KeyRow> &rows);
    // Adds child; a page it fills gets a cursor only when another child follows (asked with one
    // more read, a probe of the rest of the range, when follows is Unknown).
    void add(KeyChild child, Follows follows = Follows::Unknown);

    std::string m_prefix;     // enc(prefix)
    std::string m_rangeLower; // the selector's range, inclusive
    std::string m_rangeUpper; // exclusive
    std::string m_lower;      // what is left to scan: [m_lower, m_upper)
    std::string m_upper;
    int m_limit = 1000;
    bool m_reverse = false;
    bool m_done = false;
    bool m_summaries = true;               // the rows being accepted carry value summaries
    std::optional<KeyChild> m_undescribed; // reverse: found, its value and children not read yet
    bool m_probingMore = false;            // the page is full: does any child follow?
    ChildrenPage m_page;
};

} // namespace kvs::detail
