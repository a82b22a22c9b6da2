#pragma once

#include <kvs/key.h>
#include <kvs/value.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

/// The reads KVS Admin's key tree and inspector need, which the reference does not have:
/// listChildren() (the distinct next key parts under a prefix, found by skip-scan) and inspect()
/// (a row as stored, expired or not). Every store offers both: KVStore::listChildren /
/// KVStore::inspect, and AsyncKVStore's on SQLite and PostgreSQL. Plain value types; safe from
/// any thread.
namespace kvs {

/// Which node's children to read: the node's key (the tree's path, [] for the root), optionally
/// narrowed to the live keys k with start <= k < end (full keys, in any subtree: the filter
/// bar's range). A child is listed when at least one live key of its subtree lies in the range.
/// The root's children are those of the key space (a first byte 0x01..0x06); rows outside it
/// are read apart (kvs/entry_transfer.h readKeys over KeyRange::outsideKeySpace()).
struct ChildrenSelector
{
    Key prefix;
    std::optional<Key> start;
    std::optional<Key> end;
};

struct ChildrenOptions
{
    double limit = 1000;               // integer >= 1, capped at 10000
    std::optional<std::string> cursor; // ChildrenPage::cursor of the previous page
    bool reverse = false;              // children in descending key order
};

/// What listChildren() tells of a child's own value, read from the row the seek that found the
/// child stands on (no read of its own): the tree's kind, size and expiry columns.
struct ValueSummary
{
    /// The kind the stored bytes start with (storedValueKind()); nullopt when they do not start
    /// like a stored value.
    std::optional<Value::Type> kind;
    std::int64_t size = 0;                 // stored value bytes
    std::optional<std::int64_t> expiresAt; // ms since the epoch
    friend bool operator==(const ValueSummary &, const ValueSummary &) = default;
};

/// One child of a node: the key part after the node's prefix.
struct KeyChild
{
    /// The part; nullopt when the bytes after the prefix do not decode as a key part (a key
    /// layout the v3 rekey left alone): encoded then holds that whole raw key.
    std::optional<KeyPart> part;
    /// The encoded key prefix + [part] (the child's own key), or the raw undecodable key.
    std::string encoded;
    /// prefix + [part] itself holds a live entry (in the selector's range).
    bool hasValue = false;
    /// Live keys longer than prefix + [part] exist (in the selector's range).
    bool hasChildren = false;
    /// Set when hasValue: the value's summary.
    std::optional<ValueSummary> value;
};

struct ChildrenPage
{
    std::vector<KeyChild> children;
    /// Set when the page is full and more children follow: pass it as ChildrenOptions::cursor
    /// for the next page. A full page that ends at the last child has none (found by the read
    /// of its last child, or by one more index seek when that read cannot tell).
    std::optional<std::string> cursor;
};

/// A row as stored, for the inspector: the raw key and value bytes, the version, the expiry,
/// and whether it had expired (but was not cleaned yet) when it was read.
struct RawEntry
{
    std::string key;   // encoded key bytes
    std::string value; // stored value bytes (the value codec's format)
    std::int64_t version = 0;
    std::optional<std::int64_t> expiresAt; // ms since the epoch
    bool expired = false;                  // expiresAt <= the store's clock at the read
};

/// The kind of a stored value from its first bytes (at least the first 16, or all of them): the
/// sentinels 0x00 null, 0x01 true, 0x02 false; typed JSON's top-level marker (D Date, B bigint,
/// U bytes, M Map, S Set, u undefined, N number, O object); plain JSON's first character. Does
/// not decode the rest, so a value that fails to decode later may still get a kind here.
[[nodiscard]] std::optional<Value::Type> storedValueKind(std::string_view head);

/// The limit rule of listChildren(): an integer >= 1 (RangeError
/// "kvs: listChildren() limit must be an integer >= 1, got X"), capped at 10000.
[[nodiscard]] int resolveChildrenLimit(double limit);

} // namespace kvs
