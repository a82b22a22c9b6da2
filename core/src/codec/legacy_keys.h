#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace kvs::detail {

// The schema 2 -> 3 rekey of one key (reference "Schema versions", KVS-10). kvs 0.4 wrote -0 as
// eight 0x00 bytes; the key is re-encoded with -0 as 0. Returns the new bytes, or nullopt when
// the key stays as it is: unchanged bytes, bytes that do not decode, or a negative bigint part
// (0.4's layout for those is not documented, and the notes say to leave such keys alone).
// Other parts, NaN's bytes included, are kept byte for byte.
std::optional<std::string> rekeyLegacyKey(std::string_view bytes);

} // namespace kvs::detail
