#pragma once

#include <kvs/key.h>

#include <optional>

namespace kvs::ui {

// What the key tree shows: the subtree of prefix (the whole database when unset), narrowed to
// the keys k with start <= k < end, children in ascending or descending key order. A value type.
struct KeyTreeFilter
{
    Key prefix;
    std::optional<Key> start;
    std::optional<Key> end;
    bool reverse = false;
};

// Whether key lies below filter's prefix and in its range.
bool inFilter(const KeyTreeFilter &filter, const Key &key);
// filter's end, or end when it comes first.
std::optional<Key> endBefore(const KeyTreeFilter &filter, const Key &end);

} // namespace kvs::ui
