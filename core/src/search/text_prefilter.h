#pragma once

#include <kvs/sql_adapter.h>

#include <string_view>

// Which stored rows can hold a text of a value's canonical literal (kvs/value_search.h), private
// to the core. Why it is sound: a printed literal and the stored bytes of a value differ only in
// their punctuation and spacing, the top-level null/true/false (one sentinel byte), and the
// words of typed values (undefined, NaN, Infinity, -0, 12n, new Date(ms), new Uint8Array([..]),
// new Map, new Set), which typed JSON (0x03) stores as marker objects. Strings and member names
// are printed with JSON.stringify's escapes, the stored text's own; numbers as JavaScript
// writes them, the stored text's own. So a piece of text that holds none of the punctuation
// lies inside one string, name, number or word of the literal, and is in the stored bytes as
// it is, unless it can be part of a word of the typed values (then typed rows are candidates
// too) or of null, true, false (then one-byte rows are). Another writer's escapes ("\u0041",
// "\/") differ from JSON.stringify's, and ValuePrefilter makes such rows candidates always; its
// numbers may too (1e21 where JavaScript prints 1e+21, 1.50, 17 digits), so a piece that could
// lie inside a number also takes the rows holding a number with a fraction or an exponent, or
// of sixteen digits.
namespace kvs::detail {

// The prefilter for a search of text (case-sensitive when matchCase), or one with an empty
// needle (every live row) when no piece of text qualifies.
[[nodiscard]] ValuePrefilter prefilterForText(std::string_view text, bool matchCase);

} // namespace kvs::detail
