#pragma once

#include <kvs/value.h>

#include <cstddef>
#include <string>

namespace kvs::ui {

// Limits of prettyPrintLiteral().
struct PrettyPrintOptions
{
    // Stop once the text reaches about this many bytes (the view shows a bounded first part).
    std::size_t maxBytes = 256 * 1024;
    int indent = 2;
    // A container whose one-line form holds only scalars and fits in this many bytes is written
    // on one line ([1, 2, 3]).
    std::size_t inlineWidth = 72;
    // The outermost container over several lines even when it would fit on one: a value shown
    // beside others that span several lines reads line by line with them.
    bool breakOutermost = false;
};

struct PrettyText
{
    std::string text;       // UTF-8; a valid literal unless truncated
    bool truncated = false; // text stops early (a value longer than maxBytes)
};

// The value in the literal syntax (kvs/literal.h), over several indented lines: containers one
// member per line, short all-scalar containers on one line, Uint8Array 16 bytes per line, valid
// Dates as new Date("ISO 8601 Z"). A layout of core's token stream (kvs/literal_tokens.h), so it
// writes every value kind the way printLiteral does, and deep values cost no call stack.
// Parsing the text (when not truncated) gives the same value back. Work and output are bounded
// by options.maxBytes, so a 20 MB value costs no more than the part shown. Safe from any thread.
[[nodiscard]] PrettyText prettyPrintLiteral(const Value &value,
                                            const PrettyPrintOptions &options = {});

} // namespace kvs::ui
