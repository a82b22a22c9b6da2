#pragma once

#include <cstddef>
#include <string>

// UTF-8 sequence decoding shared by the JSON writer and reader. Strings in kvs::Value are UTF-8,
// except that a lone surrogate (which a JavaScript string can hold) is carried as its WTF-8
// 3-byte form ED A0..BF xx. Header-only: both users are hot loops.
namespace kvs::wtf8 {

struct Sequence
{
    std::size_t length; // Bytes consumed: the whole sequence, or the maximal ill-formed subpart.
    char32_t codePoint; // Valid only when valid is true.
    bool valid;
};

/// Decodes the sequence at p. Requires: p < end and *p >= 0x80 (callers copy ASCII themselves).
/// Well-formed means Unicode's Table 3-7; with allowSurrogates, ED A0..BF xx (a surrogate code
/// point, WTF-8) is accepted too. An ill-formed sequence returns valid == false and the length of
/// its maximal subpart, the unit that Unicode's U+FFFD substitution practice replaces; V8 and the
/// WHATWG decoder follow that practice, so a row read here gets the U+FFFDs JavaScript would see.
inline Sequence
decode(const unsigned char *p, const unsigned char *end, bool allowSurrogates) noexcept
{
    const unsigned lead = p[0];
    std::size_t trail = 0;
    char32_t codePoint = 0;
    unsigned low = 0x80; // Range of the first continuation byte; later ones are 80..BF.
    unsigned high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) {
        trail = 1;
        codePoint = lead & 0x1f;
    } else if (lead >= 0xe0 && lead <= 0xef) {
        trail = 2;
        codePoint = lead & 0x0f;
        if (lead == 0xe0)
            low = 0xa0; // Overlong otherwise.
        else if (lead == 0xed && !allowSurrogates)
            high = 0x9f; // A0..BF would be a surrogate.
    } else if (lead >= 0xf0 && lead <= 0xf4) {
        trail = 3;
        codePoint = lead & 0x07;
        if (lead == 0xf0)
            low = 0x90; // Overlong otherwise.
        else if (lead == 0xf4)
            high = 0x8f; // Beyond U+10FFFF otherwise.
    } else {
        return {1, 0, false};
    }
    for (std::size_t i = 1; i <= trail; ++i) {
        if (p + i >= end || p[i] < low || p[i] > high)
            return {i, 0, false};
        low = 0x80;
        high = 0xbf;
        codePoint = (codePoint << 6) | (p[i] & 0x3fu);
    }
    return {trail + 1, codePoint, true};
}

/// Appends the UTF-8 (for a surrogate: WTF-8) bytes of codePoint. Requires: codePoint <= 0x10FFFF.
template <typename Out>
void append(char32_t codePoint, Out &out)
{
    if (codePoint < 0x80) {
        out.push_back(static_cast<char>(codePoint));
    } else if (codePoint < 0x800) {
        out.push_back(static_cast<char>(0xc0 | (codePoint >> 6)));
        out.push_back(static_cast<char>(0x80 | (codePoint & 0x3f)));
    } else if (codePoint < 0x10000) {
        out.push_back(static_cast<char>(0xe0 | (codePoint >> 12)));
        out.push_back(static_cast<char>(0x80 | ((codePoint >> 6) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | (codePoint & 0x3f)));
    } else {
        out.push_back(static_cast<char>(0xf0 | (codePoint >> 18)));
        out.push_back(static_cast<char>(0x80 | ((codePoint >> 12) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | ((codePoint >> 6) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | (codePoint & 0x3f)));
    }
}

inline constexpr char kReplacement[] = "\xef\xbf\xbd"; // U+FFFD

/// text as JavaScript's TextDecoder reads its bytes: well-formed UTF-8 kept, each maximal
/// ill-formed subpart (a stray byte, a truncated sequence, an encoded surrogate) replaced by
/// U+FFFD. Returns text itself (no copy) when it is well-formed.
inline std::string toWellFormed(std::string text)
{
    const auto *p = reinterpret_cast<const unsigned char *>(text.data());
    const auto *const end = p + text.size();
    const auto *scan = p;
    while (scan != end) { // the common case: valid, nothing to rebuild
        if (*scan < 0x80) {
            ++scan;
            continue;
        }
        const Sequence seq = decode(scan, end, false);
        if (!seq.valid)
            break;
        scan += seq.length;
    }
    if (scan == end)
        return text;
    std::string out(text.data(), static_cast<std::size_t>(scan - p));
    while (scan != end) {
        if (*scan < 0x80) {
            out.push_back(static_cast<char>(*scan++));
            continue;
        }
        const Sequence seq = decode(scan, end, false);
        if (seq.valid)
            out.append(reinterpret_cast<const char *>(scan), seq.length);
        else
            out += kReplacement;
        scan += seq.length;
    }
    return out;
}

} // namespace kvs::wtf8
