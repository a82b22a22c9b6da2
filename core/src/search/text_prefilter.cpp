#include "search/text_prefilter.h"

#include <array>
#include <string>

namespace kvs::detail {

namespace {

// The literal's punctuation and spacing (and control characters, which both escape): a piece
// never holds one.
bool isPunctuation(unsigned char c)
{
    switch (c) {
    case '"':
    case '\\':
    case '[':
    case ']':
    case '{':
    case '}':
    case '(':
    case ')':
    case ',':
    case ':':
        return true;
    default:
        return c <= 0x20 || c == 0x7f;
    }
}

// Ignoring case, only ASCII letters other than k and s are found exactly by folding ASCII in
// the database: under Unicode's simple case folding, which Qt's case-insensitive search uses,
// U+212A KELVIN SIGN folds to k and U+017F LATIN SMALL LETTER LONG S to s, and no other
// character outside ASCII folds to one inside it (tst_value_search checks this over every code
// point).
bool foldsExactly(unsigned char c)
{
    if (c >= 0x80)
        return false;
    const char lower = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return lower != 'k' && lower != 's';
}

// The words of typed values as the literal prints them.
constexpr std::array<std::string_view, 9> kTypedWords{
    "undefined", "NaN", "-Infinity", "new", "Date", "Uint8Array", "Map", "Set", "Infinity"};
constexpr std::array<std::string_view, 3> kSentinelWords{"null", "true", "false"};

std::string lowered(std::string_view text)
{
    std::string out(text);
    for (char &c : out) {
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    }
    return out;
}

template <std::size_t N>
bool insideWord(std::string_view piece, const std::array<std::string_view, N> &words, bool folded)
{
    for (const std::string_view word : words) {
        const std::string text = folded ? lowered(word) : std::string(word);
        if (text.find(piece) != std::string::npos)
            return true;
    }
    return false;
}

// Digits, '-' and 'n' only: a piece of 12n, -5n, -0, a Date's milliseconds or a Uint8Array's
// bytes, which typed JSON stores otherwise (the bigint without its n, bytes as base64).
bool numericWord(std::string_view piece)
{
    for (const char c : piece) {
        if (!((c >= '0' && c <= '9') || c == '-' || c == 'n'))
            return false;
    }
    return true;
}

// Only the characters of a JSON number: the piece may lie inside a number, which another
// writer may have stored in a form JSON.stringify does not write (1e21, 1.50).
bool numberText(std::string_view piece)
{
    for (const char c : piece) {
        if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-'))
            return false;
    }
    return true;
}

// The longest run of text that holds no break, where U+FFFD (what a reader may have made of
// bytes that are not UTF-8) breaks too.
std::string_view longestPiece(std::string_view text, bool matchCase)
{
    std::string_view best;
    std::size_t start = 0;
    const auto close = [&](std::size_t end) {
        if (end - start > best.size())
            best = text.substr(start, end - start);
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t length = text.substr(i, 3) == "\xef\xbf\xbd" ? 3 : 1;
        if (length == 3 || isPunctuation(c) || (!matchCase && !foldsExactly(c))) {
            close(i);
            i += length - 1;
            start = i + 1;
        }
    }
    close(text.size());
    return best;
}

} // namespace

ValuePrefilter prefilterForText(std::string_view text, bool matchCase)
{
    ValuePrefilter prefilter;
    const std::string_view piece = longestPiece(text, matchCase);
    if (piece.empty())
        return prefilter;
    prefilter.asciiCaseInsensitive = !matchCase;
    prefilter.needle = matchCase ? std::string(piece) : lowered(piece);
    const bool folded = !matchCase;
    prefilter.alsoTyped
        = insideWord(prefilter.needle, kTypedWords, folded) || numericWord(prefilter.needle);
    prefilter.alsoSentinels = insideWord(prefilter.needle, kSentinelWords, folded);
    prefilter.alsoNumbers = numberText(prefilter.needle);
    return prefilter;
}

} // namespace kvs::detail
