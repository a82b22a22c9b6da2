#pragma once

#include <kvs/key_space_analysis.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// The tree part of a key-space analysis, built in one pass over the rows in key order: a stack
// of the open nodes (one per level on the current row's path), each closed into its parent when
// a row leaves its subtree. Keys in one subtree are contiguous in key order (a part ends with
// 0x00 and the next part's tag is 0x01..0x06), so a node is complete when it closes. A parent
// keeps its childCap largest children (a heap whose front is the one to give up) and sums the
// rest into others; its top children by entries are a second heap of keys and totals, so they
// are exact over every child. Memory: the open path plus what the caps keep.
namespace kvs::detail {

class KeySpaceTree
{
public:
    explicit KeySpaceTree(const KeySpaceRequest &request);

    // Adds a decoded row. key: its stored bytes; partEnds: the byte offset where each part below
    // the prefix ends (partEnds.size() parts below it); group: its expiry group.
    void add(std::string_view key,
             const std::vector<std::size_t> &partEnds,
             std::int64_t keySize,
             std::int64_t valueSize,
             ExpiryGroup group);

    // Closes every open node and returns the root (the prefix's node). Call once.
    [[nodiscard]] KeySpaceNode finish();

private:
    struct Ranked
    {
        KeySpaceNode node;
        std::int64_t order = 0; // key order among its siblings: ties go to the earlier
    };
    struct RankedTotals
    {
        Key key;
        KeySpaceFigures totals;
        std::int64_t order = 0;
    };
    struct Open
    {
        std::string encoded;                 // the node's encoded key
        KeySpaceNode node;                   // its key is decoded when a parent's heap takes it
        std::vector<Ranked> kept;            // a heap: front is the child to give up first
        std::vector<RankedTotals> byEntries; // a heap: front is the one to give up first
        std::int64_t childrenSeen = 0;
    };

    void closeTo(std::size_t level);
    void offer(Open &parent, Open &&child);
    static void finishNode(Open &open);

    int m_depth;
    std::size_t m_top;
    std::size_t m_cap;
    std::vector<Open> m_open; // m_open[0] is the prefix; m_open[l] the level-l node
};

} // namespace kvs::detail
