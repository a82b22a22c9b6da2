#pragma once

#include "codec/wtf8.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// Text-level helpers of the value reader (value_json_reader.cpp): number conversion, and the
// rare repair of JSON text that RapidJSON would not read the way JSON.parse does. Header-only so
// the reader's fast paths inline them; nothing here allocates on the common path.
namespace kvs::json_text {

// The double JSON.parse gives for a number that overflows or underflows a double: +-Infinity or
// +-0. Requires: text is a JSON number with a nonzero digit (from_chars said out of range).
inline double outOfRange(std::string_view text) noexcept
{
    const bool negative = text[0] == '-';
    long scale = 0; // text = 0.ddd * 10^(scale + exponent), first d nonzero
    bool inFraction = false;
    bool significant = false;
    std::size_t i = negative ? 1 : 0;
    for (; i < text.size() && text[i] != 'e' && text[i] != 'E'; ++i) {
        if (text[i] == '.') {
            inFraction = true;
        } else if (!significant && text[i] == '0') {
            scale -= inFraction ? 1 : 0;
        } else {
            significant = true;
            scale += inFraction ? 0 : 1;
        }
    }
    long exponent = 0;
    bool exponentNegative = false;
    for (++i; i < text.size(); ++i) {
        if (text[i] == '-')
            exponentNegative = true;
        else if (text[i] >= '0' && text[i] <= '9' && exponent < 1'000'000'000)
            exponent = exponent * 10 + (text[i] - '0');
    }
    const double magnitude = scale + (exponentNegative ? -exponent : exponent) > 0 ? HUGE_VAL : 0.0;
    return negative ? -magnitude : magnitude;
}

// A JSON number (grammar already checked) to the double JSON.parse gives. from_chars rounds
// correctly (RapidJSON 1.1's kParseFullPrecisionFlag does not: "0e-88" and some long digit
// strings come out wrong), and integers of up to 15 digits are exact without it.
inline double toDouble(std::string_view text) noexcept
{
    const std::size_t start = text[0] == '-' ? 1 : 0;
    if (text.size() - start <= 15) {
        std::uint64_t integer = 0;
        std::size_t i = start;
        for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
            integer = integer * 10 + static_cast<unsigned>(text[i] - '0');
        if (i == text.size()) {
            const auto d = static_cast<double>(integer);
            return start ? -d : d; // "-0" is -0, as in JSON.parse.
        }
    }
    double d = 0;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), d);
    if (result.ec == std::errc::result_out_of_range)
        return outOfRange(text);
    return d;
}

// Reads text as JSON.parse would if the whole of it is one JSON number,
// -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?, in one pass; integers of up to 15 digits need no
// from_chars. Returns false for anything else, and for an exponent over +308, which is left to
// RapidJSON (it refuses some of them) so a number reads the same at the top level and nested.
inline bool readSimpleNumber(std::string_view text, double &out) noexcept
{
    std::size_t i = 0;
    const auto digits = [&] {
        const std::size_t from = i;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9')
            ++i;
        return i - from;
    };
    const bool negative = !text.empty() && text[0] == '-';
    i = negative ? 1 : 0;
    if (i < text.size() && text[i] == '0')
        ++i;
    else if (i >= text.size() || text[i] < '1' || text[i] > '9')
        return false;
    std::uint64_t integer = 0;
    const std::size_t integerStart = i;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
        integer = integer * 10 + static_cast<unsigned>(text[i] - '0');
    if (i == text.size() && i - integerStart <= 15) {
        const auto d = static_cast<double>(integer); // Exact: below 2^53.
        out = negative ? -d : d;                     // "-0" is -0, as in JSON.parse.
        return true;
    }
    if (i < text.size() && text[i] == '.') {
        ++i;
        if (digits() == 0)
            return false;
    }
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        const bool negativeExponent = i < text.size() && text[i] == '-';
        if (i < text.size() && (text[i] == '+' || text[i] == '-'))
            ++i;
        const std::size_t from = i;
        const std::size_t count = digits();
        if (count == 0)
            return false;
        const std::string_view exponent(text.data() + from, count);
        if (!negativeExponent && (count > 3 || (count == 3 && exponent > "308")))
            return false;
    }
    if (i != text.size())
        return false;
    out = toDouble(text);
    return true;
}

inline bool hexValue(char c, unsigned &out) noexcept
{
    if (c >= '0' && c <= '9')
        out = static_cast<unsigned>(c - '0');
    else if (c >= 'a' && c <= 'f')
        out = static_cast<unsigned>(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F')
        out = static_cast<unsigned>(c - 'A' + 10);
    else
        return false;
    return true;
}

// Reads the four hex digits of a \u escape at text[at]; false if they are not four hex digits.
inline bool hex4(std::string_view text, std::size_t at, unsigned &unit) noexcept
{
    if (at + 4 > text.size())
        return false;
    unit = 0;
    for (std::size_t i = at; i < at + 4; ++i) {
        unsigned digit = 0;
        if (!hexValue(text[i], digit))
            return false;
        unit = unit << 4 | digit;
    }
    return true;
}

// True when text may need normalize(): a byte sequence that is not UTF-8, or what may be the
// escape of a high surrogate ("\uD8".."\uDB"). False for almost every row, checked 8 bytes at a
// time while the text is ASCII without backslashes.
inline bool needsNormalizing(std::string_view text) noexcept
{
    const auto *p = reinterpret_cast<const unsigned char *>(text.data());
    const auto *const end = p + text.size();
    constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
    constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;
    while (p != end) {
        while (end - p >= 8) {
            std::uint64_t word;
            std::memcpy(&word, p, 8);
            const std::uint64_t backslashes = word ^ (kOnes * '\\');
            if ((word | ((backslashes - kOnes) & ~backslashes)) & kHighBits)
                break; // A byte >= 0x80 or a backslash in these 8.
            p += 8;
        }
        if (p == end)
            break;
        if (*p == '\\') {
            if (end - p >= 4 && p[1] == 'u' && (p[2] | 0x20) == 'd'
                && ((p[3] >= '8' && p[3] <= '9') || ((p[3] | 0x20) >= 'a' && (p[3] | 0x20) <= 'b')))
                return true;
            p += end - p >= 2 ? 2 : 1; // An escape pair; "\\\\ud800" is no surrogate.
        } else if (*p < 0x80) {
            ++p;
        } else {
            const wtf8::Sequence seq = wtf8::decode(p, end, false);
            if (!seq.valid)
                return true;
            p += seq.length;
        }
    }
    return false;
}

// JSON text rewritten so that RapidJSON reads it as JSON.parse (after V8's UTF-8 decoding)
// does: ill-formed UTF-8 becomes U+FFFD per maximal subpart, and a lone high surrogate escape
// ("\ud800" not followed by a low one), which RapidJSON 1.1 refuses, becomes its raw WTF-8
// bytes, which RapidJSON copies through. (A lone low surrogate escape it already writes as
// WTF-8.) breaks maps offsets in text back to the input, for error messages.
struct Normalized
{
    std::string text;
    std::vector<std::pair<std::size_t, std::size_t>> breaks; // (offset in text, in input)

    std::size_t inputOffset(std::size_t at) const noexcept
    {
        std::size_t result = at;
        for (const auto &[textAt, inputAt] : breaks) {
            if (textAt > at)
                break;
            result = inputAt + (at - textAt);
        }
        return result;
    }
};

inline Normalized normalize(std::string_view input)
{
    Normalized out;
    out.text.reserve(input.size() + 16);
    const auto *const bytes = reinterpret_cast<const unsigned char *>(input.data());
    bool inString = false;
    std::size_t i = 0;
    while (i < input.size()) {
        const unsigned char c = bytes[i];
        if (c >= 0x80) {
            const wtf8::Sequence seq = wtf8::decode(bytes + i, bytes + input.size(), false);
            if (seq.valid) {
                out.text.append(input, i, seq.length);
            } else {
                out.text += wtf8::kReplacement;
                out.breaks.emplace_back(out.text.size(), i + seq.length);
            }
            i += seq.length;
            continue;
        }
        if (c == '"') {
            inString = !inString;
        } else if (c == '\\' && inString && i + 1 < input.size()) {
            unsigned unit = 0;
            unsigned next = 0;
            if (input[i + 1] == 'u' && hex4(input, i + 2, unit) && unit >= 0xd800 && unit <= 0xdbff
                && !(input.substr(i + 6, 2) == "\\u" && hex4(input, i + 8, next) && next >= 0xdc00
                     && next <= 0xdfff)) {
                wtf8::append(unit, out.text);
                i += 6;
                out.breaks.emplace_back(out.text.size(), i);
                continue;
            }
            out.text.append(input, i, 2); // Any other escape, copied as it is.
            i += 2;
            continue;
        }
        out.text += static_cast<char>(c);
        ++i;
    }
    return out;
}

} // namespace kvs::json_text
