// Any text as a list cursor: decodeCursor either refuses it with kvs::Error or returns bytes
// whose cursor decodes to the same bytes.
#include "fuzz_support.h"

#include <kvs/errors.h>
#include <kvs/key.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace kvs;
    std::string decoded;
    try {
        decoded = decodeCursor(fuzz::bytes(data, size));
    } catch (const Error &) {
        return 0;
    }
    fuzz::require(decodeCursor(encodeCursor(decoded)) == decoded,
                  "decodeCursor(encodeCursor(bytes)) == bytes");
    return 0;
}
