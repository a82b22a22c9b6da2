// Any bytes as a stored value: decodeValue either refuses them with kvs::Error or returns a value
// whose encoding decodes and encodes to the same bytes.
#include "fuzz_support.h"

#include <kvs/errors.h>
#include <kvs/value_codec.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace kvs;
    Value value;
    try {
        value = decodeValue(fuzz::bytes(data, size));
    } catch (const Error &) {
        return 0;
    }
    const std::string encoded = encodeValue(value);
    fuzz::require(encodeValue(decodeValue(encoded)) == encoded,
                  "encodeValue(decodeValue(encodeValue(v))) == encodeValue(v)");
    return 0;
}
