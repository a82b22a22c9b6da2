#pragma once

#include <kvs/value.h>

#include <cstddef>
#include <string_view>

// A literal read in place inside a longer text, private to the core: the condition language
// (kvs/condition.h) writes its constants in the literal syntax.
namespace kvs {

/// Parses the one value literal that starts at position in text (white space before it is
/// skipped) and moves position just past it; whatever follows is the caller's. Throws
/// LiteralSyntaxError as parseLiteral does, its position counted from the start of text.
/// Requires: position <= text.size().
[[nodiscard]] Value parseLiteralAt(std::string_view text, std::size_t &position);

} // namespace kvs
