#pragma once

#include <kvs/value.h>

#include <string>
#include <string_view>

namespace kvs {

/// Appends the stored bytes of value to out, exactly as the JavaScript library writes them
/// (reference "Values (KVS-09)"): 0x00 null, 0x01 true, 0x02 false, 0x03 followed by typed JSON
/// when the value holds a special value anywhere, otherwise the plain JSON text that
/// JSON.stringify writes. -0 is written as 0. Every Value can be stored, so this does not throw.
void encodeValue(const Value &value, std::string &out);
[[nodiscard]] std::string encodeValue(const Value &value);

/// Decodes stored bytes (BLOB or TEXT rows, sentinels, plain or typed JSON). Objects get
/// JavaScript's member order. Throws Error "kvs: cannot decode value: ..." on bytes that are not
/// a stored value.
[[nodiscard]] Value decodeValue(std::string_view bytes);

/// JSON.stringify's text for a string, quotes included (\uXXXX lower-case for control
/// characters, '/' not escaped, non-ASCII as UTF-8, lone surrogates as \udxxx).
void appendJsonString(std::string_view utf8, std::string &out);

} // namespace kvs
