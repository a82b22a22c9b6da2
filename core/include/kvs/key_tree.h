#pragma once

#include <kvs/key.h>

#include <cstdint>
#include <optional>
#include <string>
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
};

struct ChildrenPage
{
    std::vector<KeyChild> children;
    /// Set when the page is full: pass it as ChildrenOptions::cursor for the next page.
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

/// The limit rule of listChildren(): an integer >= 1 (RangeError
/// "kvs: listChildren() limit must be an integer >= 1, got X"), capped at 10000.
[[nodiscard]] int resolveChildrenLimit(double limit);

} // namespace kvs
