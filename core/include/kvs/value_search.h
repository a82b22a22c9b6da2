#pragma once

#include <kvs/condition.h>
#include <kvs/entry_transfer.h>
#include <kvs/list_rows.h>
#include <kvs/types.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

/// Search inside values: `kvs find` and the GUI's value search, one engine. Not in the reference.
///
/// A search reads a key range in key order, one statement per page, each its own short read (no
/// transaction stays open, so a search is not one snapshot), and keeps the live entries every
/// given criterion holds for (AND): a text in the value's canonical literal (printLiteral, as
/// `kvs get` prints it), a regular expression on it, a condition (kvs/condition.h). Expired
/// entries not yet cleaned never match (as get()); a row whose key or value does not decode
/// never matches and is counted.
///
/// A text search asks the database first for the rows whose stored bytes can hold the text
/// (SqlAdapter::scanValues, ValuePrefilter: on SQLite applied in process to each stored value
/// as the statement steps; on PostgreSQL position() on the bytea, so only candidates cross the
/// network), and decodes only those: a text that lies inside one string, number or name of the
/// literal appears in the stored bytes as it is. Texts with spaces, quotes, brackets, commas,
/// colons or backslashes are looked for by their longest piece without them; a case-insensitive
/// text by its longest piece of ASCII letters other than k and s (U+212A KELVIN SIGN folds to k,
/// U+017F to s), digits and punctuation; pieces that can be part of the literal's own words (new
/// Date, 12n, NaN, true) also take the rows those words are stored differently in. A text without
/// such a piece, a regular expression, and --in-keys read every row. Rows that hold "\u" or
/// "\/" (other JSON writers' escapes) are always decoded. A condition is evaluated on decoded
/// values, never turned into a prefilter.
namespace kvs {

class AsyncKVStore;
class Clock;

/// What to look for. Every criterion given must hold.
struct ValueSearchQuery
{
    /// Rows with range.lower <= stored key < range.upper (searchRange() makes it from a list
    /// selector).
    KeyRange range;
    /// The value's canonical literal contains text: case-insensitively (Qt's simple case
    /// folding, QString::contains) unless matchCase.
    std::optional<std::string> text;
    bool matchCase = false;
    /// The value's canonical literal matches this QRegularExpression (unanchored).
    std::optional<std::string> regex;
    /// text and regex look at the key's literal too (printKeyLiteral): either may match.
    bool inKeys = false;
    std::optional<Condition> where;
};

struct ValueSearchOptions
{
    /// Stop after this many matches; 0: no limit.
    std::int64_t limit = 0;
    /// Candidates read per statement (and so matches per page, at most). At least 1.
    int pageSize = 1000;
    /// The time that decides what has expired, read at each page; null: the system's.
    std::shared_ptr<Clock> clock;
    /// false: no prefilter, every row is decoded (the tests compare the two).
    bool prefilter = true;
};

struct ValueSearchCounts
{
    std::int64_t scanned = 0;     // rows read past, those the prefilter left in the database too
    std::int64_t matched = 0;     // matches returned
    std::int64_t undecodable = 0; // candidate rows whose key or value does not decode
};

/// A match: the entry, and the row's bytes as stored (what an export writes).
struct ValueMatch
{
    Entry entry;
    std::string keyBytes;
    std::string valueBytes;
};

struct ValueSearchPage
{
    std::vector<ValueMatch> matches;         // in key order
    std::vector<UndecodableRow> undecodable; // the candidates skipped, in key order
    ValueSearchCounts counts;                // totals so far
    bool done = false;         // nothing more will come: the range ended, or one of these
    bool limitReached = false; // options.limit matches were found
    bool cancelled = false;    // cancel() was called
};

/// One search, read page by page: pull next() until done. Each page is one statement
/// (SqlAdapter::scanValues) of at most pageSize candidates; the rows it reads past grow from
/// pageSize to 250,000 while few of them are candidates and shrink again when many are, so a
/// page takes about as long as pageSize candidates cost, and a scan with no candidates takes
/// few statements (on PostgreSQL at most candidates / pageSize + 10 round trips for a million
/// rows). Memory stays that of one page.
///
/// Thread rule: next() from one thread at a time (a worker, never a GUI thread: it blocks on the
/// database); cancel() from any thread. The store must outlive the search.
class ValueSearch
{
public:
    /// Throws TypeError "kvs: invalid regular expression: REASON at offset N" for a regex that
    /// does not compile and RangeError "kvs: page size must be an integer >= 1, got N" /
    /// "kvs: search limit must be >= 0, got N".
    ValueSearch(AsyncKVStore &store, ValueSearchQuery query, ValueSearchOptions options = {});
    ~ValueSearch();
    ValueSearch(const ValueSearch &) = delete;
    ValueSearch &operator=(const ValueSearch &) = delete;

    /// Reads the next page and returns its matches (possibly none: the page's rows did not
    /// match). Throws what the store throws (DatabaseError, ConnectionError, ...; opening
    /// errors at the first call); the search can be read on after a failure. After done, returns
    /// an empty page with done set.
    [[nodiscard]] ValueSearchPage next();
    [[nodiscard]] bool done() const noexcept;
    /// Makes the search done: next() returns at once with cancelled set (a page being read is
    /// read to its end first, and its matches are returned).
    void cancel() noexcept;
    [[nodiscard]] ValueSearchCounts counts() const noexcept;
    /// Whether the database is asked for candidate rows only (a text search, prefilter on).
    [[nodiscard]] bool prefiltered() const noexcept;

private:
    struct State;
    std::unique_ptr<State> m_state;
};

/// The rows list(selector) reads, as a key range: a prefix's children, start inclusive and end
/// exclusive inside it, or from start to end (with neither, every key). Errors as list():
/// TypeError "kvs: list() start must be a key inside the prefix", the key size limits.
[[nodiscard]] KeyRange searchRange(const ListSelector &selector, long long maxKeySize = 2048);

} // namespace kvs
