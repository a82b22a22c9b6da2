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

} // namespace kvs::ui
