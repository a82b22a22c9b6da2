// Any bytes as a stored key: decodeKey either refuses them with kvs::Error or returns a key whose
// encoding decodes to the same key, and which prints.
#include "fuzz_support.h"

#include <kvs/errors.h>
#include <kvs/key.h>
#include <kvs/literal.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace kvs;
    Key key;
    try {
        key = decodeKey(fuzz::bytes(data, size));
    } catch (const Error &) {
        return 0;
    }
    (void)printKeyLiteral(key);
    std::string encoded;
    try {
        encoded = encodeKey(key); // refuses a NaN number part, which the bytes can hold
    } catch (const Error &) {
        return 0;
    }
    fuzz::require(decodeKey(encoded) == key, "decodeKey(encodeKey(key)) == key");
    return 0;
}
