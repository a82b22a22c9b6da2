#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

// One line of an import (kvs/entry_transfer.h's format) turned into the bytes to store.
namespace kvs::detail {

// An entry of the file, encoded.
struct ImportRow
{
    std::string key;   // encoded key bytes
    std::string value; // stored value bytes
    std::optional<std::int64_t> expiresAt;
    // The line's "version" when it is an integer: an import ignores it (it writes new
    // versionstamps); the recycle bin deletes only keys that still hold it.
    std::optional<std::int64_t> version;
};

// What is wrong with a line, without "kvs: import line N: " (the caller adds it).
class ImportLineProblem : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// Parses one line: "key" (a key literal) or "keyHex", "value" (a value literal) or "valueHex",
// "expiresAt" (integer ms or null; absent: null) and "version" (anything; read when an integer,
// see ImportRow). Throws ImportLineProblem for anything else, e.g. "not JSON: ... (at
// character 12)", "unknown member \"x\"", "key: expected ',' or ']' at position 7", "key is 3000
// bytes encoded, over the 2048-byte limit (maxKeySize)".
ImportRow parseImportLine(std::string_view line, long long maxKeySize);

} // namespace kvs::detail
