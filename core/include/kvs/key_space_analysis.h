#pragma once

#include <kvs/key.h>
#include <kvs/list_rows.h>
#include <kvs/store_figures.h>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

/// Key-space analysis (`kvs analyze`, the GUI's analysis): exact figures of where the entries,
/// the bytes and the expiries of a database or a subtree are, from one read of every row. Not in
/// the reference.
///
/// The analysis reads the rows of its range in key order, one statement per page (listAsc at the
/// earliest time, so expired rows not yet cleaned are read too), each page its own short read: no
/// transaction stays open (a WAL checkpoint is never held back), so the figures are not one
/// snapshot; a write committed meanwhile may or may not be counted. "Now" (what has expired, the
/// expiry groups) is read once, at the start. Memory is bounded by the caps (children kept per
/// node, depth, top N), not by the number of rows.
///
/// Bytes are stored bytes: an entry's bytes are its encoded key's plus its stored value's.
namespace kvs {

class AsyncKVStore;
class Clock;

/// Entries and their bytes.
struct KeySpaceFigures
{
    std::int64_t entries = 0;
    std::int64_t keyBytes = 0;
    std::int64_t valueBytes = 0;

    [[nodiscard]] std::int64_t bytes() const noexcept { return keyBytes + valueBytes; }
    void add(std::int64_t keySize, std::int64_t valueSize) noexcept
    {
        ++entries;
        keyBytes += keySize;
        valueBytes += valueSize;
    }
    void add(const KeySpaceFigures &other) noexcept
    {
        entries += other.entries;
        keyBytes += other.keyBytes;
        valueBytes += other.valueBytes;
    }
    friend bool operator==(const KeySpaceFigures &, const KeySpaceFigures &) = default;
};

/// The expiry groups (RedisInsight's), relative to the analysis's now.
enum class ExpiryGroup {
    None,      // no expiry
    Expired,   // expired (at or before now) but not yet cleaned
    UnderHour, // expires within 1 h
    OneToFourHours,
    FourToTwelveHours,
    TwelveToTwentyFourHours,
    OneToSevenDays,
    Later, // more than 7 days away
};
inline constexpr int kExpiryGroupCount = 8;
using ExpiryFigures = std::array<KeySpaceFigures, kExpiryGroupCount>;

/// The group of an entry expiring at expiresAt (nullopt: none), seen at now.
[[nodiscard]] ExpiryGroup expiryGroupOf(const std::optional<std::int64_t> &expiresAt,
                                        std::int64_t now) noexcept;
/// The group's name in reports and JSON: "none", "expired", "under 1 h", "1-4 h", "4-12 h",
/// "12-24 h", "1-7 d", "later".
[[nodiscard]] const char *expiryGroupName(ExpiryGroup group) noexcept;

/// A log-scale distribution of sizes: counts[i] holds the sizes s with bucketOf(s) == i.
struct SizeDistribution
{
    std::vector<std::int64_t> counts; // no trailing empty buckets

    /// 0 for size 0; otherwise 1 + floor(log2(size)): bucket i >= 1 holds [2^(i-1), 2^i - 1].
    [[nodiscard]] static int bucketOf(std::int64_t size) noexcept;
    /// The smallest and largest size of bucket i.
    [[nodiscard]] static std::int64_t lowerOf(int bucket) noexcept;
    [[nodiscard]] static std::int64_t upperOf(int bucket) noexcept;
    void add(std::int64_t size);
    friend bool operator==(const SizeDistribution &, const SizeDistribution &) = default;
};

/// One of the largest entries.
struct KeySpaceEntry
{
    std::string key; // stored key bytes
    Key decodedKey;
    std::int64_t keyBytes = 0;
    std::int64_t valueBytes = 0;
    std::string kind; // conditionKindName of its value
    std::optional<std::int64_t> expiresAt;
};

/// A node of the key tree below the analysed prefix: a child at some level and what is below it.
struct KeySpaceNode
{
    Key key;                // absolute
    KeySpaceFigures totals; // the entry at key itself and every entry below it
    /// Level-1 nodes only (the children of the analysed prefix): their expiry groups.
    ExpiryFigures expiry{};
    /// Down to the requested depth: the children kept (at most the cap), largest bytes first
    /// (ties: key order); the rest are summed in others.
    std::vector<KeySpaceNode> children;
    KeySpaceFigures others;          // the children past the cap, summed
    std::int64_t othersChildren = 0; // how many children others holds
    /// The top N children by entries (ties: key order), among all children, the cap's others
    /// included: each a key and its totals.
    std::vector<std::pair<Key, KeySpaceFigures>> topByEntries;
};

/// What to analyse.
struct KeySpaceRequest
{
    /// The subtree analysed (the prefix itself and every key below it); empty: the whole table,
    /// rows outside the key space included.
    Key prefix;
    /// Tree levels below the prefix with figures per node. 0..8.
    int depth = 2;
    /// How many largest entries, and top children per node by bytes and by entries. 1..1000.
    int top = 20;
    /// Children kept per node; the rest are one "others (N children)". At least top.
    int childCap = 1000;
};

struct KeySpaceProgress
{
    std::int64_t rows = 0; // read so far
};

struct KeySpaceOptions
{
    /// Rows of the first page (one statement each). At least 1. Later pages hold about
    /// pageBytes at the average row size read so far, from pageSize to 64 times pageSize rows:
    /// fewer round trips to a server, memory still bounded.
    int pageSize = 1000;
    /// Stored bytes (keys and values) a page aims at after the first; 0: every page has pageSize
    /// rows.
    std::int64_t pageBytes = 4 * 1024 * 1024;
    /// The time that decides what has expired (read once, at the start) and what the budget
    /// measures (its monotonicNow); null: the system's.
    std::shared_ptr<Clock> clock;
    /// Stop after this many ms (checked after each page) with a partial report; nullopt: none.
    std::optional<std::int64_t> budgetMs;
    /// Called after each page; returning false stops the analysis with a partial report
    /// (cancelled).
    std::function<bool(const KeySpaceProgress &)> onProgress;
};

/// Rows that the analysis counts apart, and samples of them.
struct KeySpaceOddRows
{
    /// Rows whose key lies outside the key space (first byte not 0x01..0x06): another writer's.
    KeySpaceFigures outside;
    /// Rows in the key space whose key or value does not decode.
    KeySpaceFigures undecodable;
    std::vector<UndecodableRow> undecodableSamples; // the first 10, in key order
};

/// An analysis's result. Figures of the tree, kinds, expiry and distributions count the decoded
/// entries only (live and expired not yet cleaned); odd rows are counted apart.
struct KeySpaceReport
{
    KeySpaceRequest request;
    std::int64_t now = 0;       // the time the expiry groups are relative to (ms since epoch)
    std::int64_t elapsedMs = 0; // by the clock's monotonicNow
    std::int64_t rowsRead = 0;  // every row read, odd ones included
    bool partial = false;       // the budget ran out or onProgress stopped it
    bool cancelled = false;     // onProgress stopped it
    std::string resumeAfter;    // partial: the last key read (every row up to it is counted)
    KeySpaceNode root;          // the prefix; its totals are the decoded entries'
    std::vector<std::pair<std::string, KeySpaceFigures>> kinds; // by kind name, largest bytes first
    ExpiryFigures expiry{};
    SizeDistribution keySizes;
    SizeDistribution valueSizes;
    std::vector<KeySpaceEntry> largest; // largest bytes first (ties: key order)
    KeySpaceOddRows odd;
    /// The whole database's queue (by topic and status) and files, whatever the prefix
    /// (kvs/store_figures.h), read before the rows; absent when the adapter has no such call (an
    /// adapter of the user's).
    std::optional<std::vector<QueueStatusFigures>> queue;
    std::optional<StorageFigures> storage;
};

/// Analyses request's subtree of store's rows. Blocks until done: run it on a worker or a
/// command's thread, never a GUI thread. Throws RangeError "kvs: analysis depth must be an
/// integer from 0 to 8, got N", "kvs: analysis top must be an integer from 1 to 1000, got N",
/// "kvs: analysis child cap must be at least top (N), got M", "kvs: page size must be an integer
/// >= 1, got N", TypeError for a NaN key part in the prefix, and what the store throws (opening
/// errors, DatabaseError, ConnectionError). Writes nothing.
[[nodiscard]] KeySpaceReport analyzeKeySpace(AsyncKVStore &store,
                                             const KeySpaceRequest &request,
                                             const KeySpaceOptions &options = {});

} // namespace kvs
