#include "tree/key_tree_filter.h"

#include <algorithm>
#include <string>

namespace kvs::ui {

bool inFilter(const KeyTreeFilter &filter, const Key &key)
{
    const Key &prefix = filter.prefix;
    if (key.size() <= prefix.size() || !std::equal(prefix.begin(), prefix.end(), key.begin()))
        return false;
    const std::string encoded = encodeKey(key);
    if (filter.start && encoded < encodeKey(*filter.start))
        return false;
    return !filter.end || encoded < encodeKey(*filter.end);
}

std::optional<Key> endBefore(const KeyTreeFilter &filter, const Key &end)
{
    if (filter.end && encodeKey(*filter.end) < encodeKey(end))
        return filter.end;
    return end;
}

} // namespace kvs::ui
