#include <kvs/entry_transfer.h>

namespace kvs {

namespace {

// A key of this many 0xff bytes sorts after every key a store accepts (maxKeySize is 2048 by
// default; a store configured beyond this would hide rows from everything()).
constexpr std::size_t kEndOfTable = 65536;

} // namespace

KeyRange KeyRange::everything()
{
    return {std::string(), std::string(kEndOfTable, '\xff')};
}

KeyRange KeyRange::below(const Key &prefix)
{
    // The type tags of key parts are 0x01..0x06 (reference "Keys"), as list() selects.
    const std::string encoded = encodeKey(prefix);
    return {encoded + '\x01', encoded + '\x07'};
}

KeyRange KeyRange::subtree(const Key &prefix)
{
    if (prefix.empty())
        return everything();
    const std::string encoded = encodeKey(prefix);
    return {encoded, encoded + '\x07'};
}

std::vector<KeyRange> KeyRange::outsideKeySpace()
{
    return {{std::string(), std::string(1, '\x01')}, {std::string(1, '\x07'), everything().upper}};
}

} // namespace kvs
