#include "transfer/hex_text.h"

#include <kvs/entry_transfer.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

namespace kvs {

namespace {

void appendExpiryAndVersion(const std::optional<std::int64_t> &expiresAt,
                            const std::optional<std::int64_t> &version,
                            std::string &line)
{
    line += ", \"expiresAt\": ";
    line += expiresAt ? std::to_string(*expiresAt) : std::string("null");
    if (version) {
        line += ", \"version\": ";
        line += std::to_string(*version);
    }
    line += '}';
}

// Appends the literal members of the row to line; false when a literal would not write the
// same bytes back.
bool literalsOf(std::string_view key, std::string_view value, std::string &line)
{
    try {
        const Key decodedKey = decodeKey(key);
        const Value decodedValue = decodeValue(value);
        if (encodeKey(decodedKey) != key || encodeValue(decodedValue) != value)
            return false;
        line = "{\"key\": ";
        appendJsonString(printKeyLiteral(decodedKey), line);
        line += ", \"value\": ";
        appendJsonString(printLiteral(decodedValue), line);
        return true;
    } catch (const Error &) {
        return false;
    }
}

} // namespace

std::string exportLine(std::string_view key,
                       std::string_view value,
                       const std::optional<std::int64_t> &expiresAt,
                       const std::optional<std::int64_t> &version)
{
    std::string line;
    if (!literalsOf(key, value, line)) {
        // Bytes another writer stored that are no key or value of the format, or that their
        // literals would not bring back (a lone surrogate printed as U+FFFD names another
        // key): kept as they are, so an import writes the same bytes back.
        line = "{\"keyHex\": \"";
        detail::appendHex(key, line);
        line += "\", \"valueHex\": \"";
        detail::appendHex(value, line);
        line += '"';
    }
    appendExpiryAndVersion(expiresAt, version, line);
    return line;
}

} // namespace kvs
