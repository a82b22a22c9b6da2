#pragma once

#include <optional>
#include <string>
#include <string_view>

// Lower-case hex text of bytes, as the transfer format writes keyHex and valueHex.
namespace kvs::detail {

void appendHex(std::string_view bytes, std::string &out);

// The bytes of hex text (either case, even length); nullopt for anything else.
std::optional<std::string> bytesOfHex(std::string_view hex);

} // namespace kvs::detail
