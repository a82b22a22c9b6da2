// What the GUI's editors and the CLI do with a stored row: decode it, print its literal, parse
// the literal back and encode it, which must give the bytes the decoded value or key encodes
// to. The first input byte picks a value (even) or a key (odd); the rest is the stored bytes.
#include "fuzz_support.h"

#include <kvs/errors.h>
#include <kvs/key.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

namespace {

void valueRoundTrip(std::string_view stored)
{
    using namespace kvs;
    Value value;
    try {
        value = decodeValue(stored);
    } catch (const Error &) {
        return;
    }
    fuzz::require(encodeValue(parseLiteral(printLiteral(value))) == encodeValue(value),
                  "value: encode(parse(print(decode(b)))) == encode(decode(b))");
}

void keyRoundTrip(std::string_view stored)
{
    using namespace kvs;
    Key key;
    std::string encoded;
    try {
        key = decodeKey(stored);
        encoded = encodeKey(key); // refuses a NaN number part, which the bytes can hold
    } catch (const Error &) {
        return;
    }
    fuzz::require(encodeKey(parseKeyLiteral(printKeyLiteral(key))) == encoded,
                  "key: encode(parse(print(decode(b)))) == encode(decode(b))");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::string_view stored = kvs::fuzz::bytes(data + 1, size - 1);
    if (data[0] % 2 == 0)
        valueRoundTrip(stored);
    else
        keyRoundTrip(stored);
    return 0;
}
