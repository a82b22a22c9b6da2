// Any text as a value literal: parseLiteral either refuses it with kvs::Error (a
// LiteralSyntaxError) or returns a value whose printed literal parses to the same value.
#include "fuzz_support.h"

#include <kvs/errors.h>
#include <kvs/literal.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace kvs;
    Value value;
    try {
        value = parseLiteral(fuzz::bytes(data, size));
    } catch (const Error &) {
        return 0;
    }
    fuzz::require(parseLiteral(printLiteral(value)) == value, "parseLiteral(printLiteral(v)) == v");
    return 0;
}
