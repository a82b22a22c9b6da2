#include "analysis/key_space_tree.h"

#include <algorithm>
#include <utility>

namespace kvs::detail {

namespace {

// Whether a ranks above b by bytes (ties: key order). As a heap's comparator this puts the
// lowest-ranked at the front, the one a full heap gives up.
template <typename T>
bool aboveByBytes(const T &a, const T &b)
{
    const std::int64_t ab = a.node.totals.bytes();
    const std::int64_t bb = b.node.totals.bytes();
    return ab != bb ? ab > bb : a.order < b.order;
}

template <typename T>
bool aboveByEntries(const T &a, const T &b)
{
    return a.totals.entries != b.totals.entries ? a.totals.entries > b.totals.entries
                                                : a.order < b.order;
}

} // namespace

KeySpaceTree::KeySpaceTree(const KeySpaceRequest &request)
    : m_depth(request.depth)
    , m_top(static_cast<std::size_t>(request.top))
    , m_cap(static_cast<std::size_t>(request.childCap))
{
    Open root;
    root.encoded = encodeKey(request.prefix);
    root.node.key = request.prefix;
    m_open.push_back(std::move(root));
}

void KeySpaceTree::add(std::string_view key,
                       const std::vector<std::size_t> &partEnds,
                       std::int64_t keySize,
                       std::int64_t valueSize,
                       ExpiryGroup group)
{
    const std::size_t levels = std::min(partEnds.size(), static_cast<std::size_t>(m_depth));
    for (std::size_t level = 1; level <= levels; ++level) {
        const std::string_view encoded = key.substr(0, partEnds[level - 1]);
        if (m_open.size() > level && m_open[level].encoded == encoded)
            continue;
        closeTo(level);
        Open open;
        open.encoded = std::string(encoded);
        m_open.push_back(std::move(open));
    }
    // A row at a node's own key (fewer parts than the open path) ends the deeper nodes.
    closeTo(levels + 1);
    for (Open &open : m_open)
        open.node.totals.add(keySize, valueSize);
    if (m_open.size() > 1)
        m_open[1].node.expiry[static_cast<int>(group)].add(keySize, valueSize);
}

void KeySpaceTree::closeTo(std::size_t level)
{
    while (m_open.size() > level) {
        Open closing = std::move(m_open.back());
        m_open.pop_back();
        finishNode(closing);
        offer(m_open.back(), std::move(closing));
    }
}

// Most children of a wide node are neither kept nor among the top by entries: they are summed
// without entering a heap, and their keys are never decoded (a node's key is decoded only when a
// heap takes it), which is what keeps a node of 1,000,000 children cheap.
void KeySpaceTree::offer(Open &parent, Open &&child)
{
    const std::int64_t order = parent.childrenSeen++;
    const KeySpaceFigures totals = child.node.totals;
    const auto byEntries = [](const RankedTotals &a, const RankedTotals &b) {
        return aboveByEntries(a, b);
    };
    if (parent.byEntries.size() < m_top
        || totals.entries > parent.byEntries.front().totals.entries) {
        parent.byEntries.push_back({decodeKey(child.encoded), totals, order});
        std::push_heap(parent.byEntries.begin(), parent.byEntries.end(), byEntries);
        if (parent.byEntries.size() > m_top) {
            std::pop_heap(parent.byEntries.begin(), parent.byEntries.end(), byEntries);
            parent.byEntries.pop_back();
        }
    }
    // A later child loses a tie: only strictly more bytes displace the front.
    if (parent.kept.size() == m_cap && totals.bytes() <= parent.kept.front().node.totals.bytes()) {
        parent.node.others.add(totals);
        ++parent.node.othersChildren;
        return;
    }
    const auto byBytes = [](const Ranked &a, const Ranked &b) {
        return aboveByBytes(a, b);
    };
    child.node.key = decodeKey(child.encoded);
    parent.kept.push_back({std::move(child.node), order});
    std::push_heap(parent.kept.begin(), parent.kept.end(), byBytes);
    if (parent.kept.size() > m_cap) {
        std::pop_heap(parent.kept.begin(), parent.kept.end(), byBytes);
        parent.node.others.add(parent.kept.back().node.totals);
        ++parent.node.othersChildren;
        parent.kept.pop_back();
    }
}

void KeySpaceTree::finishNode(Open &open)
{
    std::sort(open.kept.begin(), open.kept.end(), [](const Ranked &a, const Ranked &b) {
        return aboveByBytes(a, b);
    });
    open.node.children.reserve(open.kept.size());
    for (Ranked &ranked : open.kept)
        open.node.children.push_back(std::move(ranked.node));
    open.kept.clear();
    std::sort(open.byEntries.begin(),
              open.byEntries.end(),
              [](const RankedTotals &a, const RankedTotals &b) { return aboveByEntries(a, b); });
    for (RankedTotals &ranked : open.byEntries)
        open.node.topByEntries.emplace_back(std::move(ranked.key), ranked.totals);
    open.byEntries.clear();
}

KeySpaceNode KeySpaceTree::finish()
{
    closeTo(1);
    finishNode(m_open.front());
    KeySpaceNode root = std::move(m_open.front().node);
    m_open.clear();
    return root;
}

} // namespace kvs::detail
