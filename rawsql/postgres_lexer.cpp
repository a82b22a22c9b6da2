#include "rawsql/postgres_lexer.h"

#include <cstdint>
#include <optional>

namespace kvs::rawsql {
namespace {

// scan.l's character classes. Bytes above 0x7f are letters (ident_start), so a multibyte UTF-8
// character, a no-break space included, is part of a word, as the server reads it.
bool isIdentStart(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}
bool isIdentCont(unsigned char c)
{
    return isIdentStart(c) || (c >= '0' && c <= '9') || c == '$';
}
bool isDollarTagCont(unsigned char c)
{
    return isIdentStart(c) || (c >= '0' && c <= '9');
}
bool isDigit(unsigned char c)
{
    return c >= '0' && c <= '9';
}
bool isNewline(char c)
{
    return c == '\n' || c == '\r';
}
bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool isHorizontalSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\f' || c == '\v';
}

// downcase_identifier(): ASCII letters only (the server leaves multibyte characters alone).
std::string folded(std::string_view word)
{
    std::string out(word);
    for (char &c : out) {
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    }
    return out;
}

void appendUtf8(std::string &out, std::uint32_t code)
{
    if (code < 0x80) {
        out += char(code);
    } else if (code < 0x800) {
        out += char(0xc0 | (code >> 6));
        out += char(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
        out += char(0xe0 | (code >> 12));
        out += char(0x80 | ((code >> 6) & 0x3f));
        out += char(0x80 | (code & 0x3f));
    } else {
        out += char(0xf0 | (code >> 18));
        out += char(0x80 | ((code >> 12) & 0x3f));
        out += char(0x80 | ((code >> 6) & 0x3f));
        out += char(0x80 | (code & 0x3f));
    }
}

std::optional<std::uint32_t> hexValue(std::string_view text, std::size_t at, std::size_t digits)
{
    if (at + digits > text.size())
        return std::nullopt;
    std::uint32_t value = 0;
    for (std::size_t i = at; i < at + digits; ++i) {
        const char c = text[i];
        std::uint32_t d = 0;
        if (c >= '0' && c <= '9')
            d = std::uint32_t(c - '0');
        else if (c >= 'a' && c <= 'f')
            d = std::uint32_t(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            d = std::uint32_t(c - 'A' + 10);
        else
            return std::nullopt;
        value = value * 16 + d;
    }
    return value;
}

// A U&"..." identifier's escapes (\XXXX, \+XXXXXX, \\; another escape character with
// UESCAPE), decoded to UTF-8 as the server's str_udeescape() does. Null when an escape is
// invalid: the server refuses the statement then.
std::optional<std::string> decodeUnicodeEscapes(std::string_view raw, char escape)
{
    std::string out;
    std::uint32_t pendingHigh = 0; // a high surrogate waiting for its low half; 0: none
    for (std::size_t i = 0; i < raw.size();) {
        if (raw[i] != escape) {
            if (pendingHigh)
                return std::nullopt;
            out += raw[i++];
            continue;
        }
        if (i + 1 < raw.size() && raw[i + 1] == escape) {
            if (pendingHigh)
                return std::nullopt;
            out += escape;
            i += 2;
            continue;
        }
        std::optional<std::uint32_t> parsed;
        if (i + 1 < raw.size() && raw[i + 1] == '+') {
            parsed = hexValue(raw, i + 2, 6);
            i += 8;
        } else {
            parsed = hexValue(raw, i + 1, 4);
            i += 5;
        }
        if (!parsed || *parsed == 0 || *parsed > 0x10ffff)
            return std::nullopt;
        std::uint32_t code = *parsed;
        if (code >= 0xd800 && code <= 0xdbff) {
            if (pendingHigh)
                return std::nullopt;
            pendingHigh = code;
            continue;
        }
        if (code >= 0xdc00 && code <= 0xdfff) {
            if (!pendingHigh)
                return std::nullopt;
            code = 0x10000 + ((pendingHigh - 0xd800) << 10) + (code - 0xdc00);
            pendingHigh = 0;
        } else if (pendingHigh) {
            return std::nullopt;
        }
        appendUtf8(out, code);
    }
    if (pendingHigh)
        return std::nullopt;
    return out;
}

class Lexer
{
public:
    Lexer(std::string_view text, bool standardConformingStrings)
        : m_text(text)
        , m_standard(standardConformingStrings)
    {}

    std::vector<PostgresToken> run()
    {
        while (skipSpaceAndComments())
            lexToken();
        resolveUnicodeIdentifiers();
        return std::move(m_tokens);
    }

private:
    char at(std::size_t i) const { return i < m_text.size() ? m_text[i] : '\0'; }

    // Skips white space and comments; false at the end of the text.
    bool skipSpaceAndComments()
    {
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (isSpace(c)) {
                ++m_pos;
            } else if (c == '-' && at(m_pos + 1) == '-') {
                while (m_pos < m_text.size() && !isNewline(m_text[m_pos]))
                    ++m_pos;
            } else if (c == '/' && at(m_pos + 1) == '*') {
                skipBlockComment();
            } else {
                return true;
            }
        }
        return false;
    }

    // /* ... */, nested as the server nests them.
    void skipBlockComment()
    {
        int depth = 0;
        while (m_pos < m_text.size()) {
            if (m_text[m_pos] == '/' && at(m_pos + 1) == '*') {
                ++depth;
                m_pos += 2;
            } else if (m_text[m_pos] == '*' && at(m_pos + 1) == '/') {
                m_pos += 2;
                if (--depth == 0)
                    return;
            } else {
                ++m_pos;
            }
        }
    }

    void add(PostgresToken::Kind kind, std::string text, std::size_t start)
    {
        m_tokens.push_back({kind, std::move(text), start});
    }

    void lexToken()
    {
        const std::size_t start = m_pos;
        const unsigned char c = static_cast<unsigned char>(m_text[m_pos]);
        const char next = at(m_pos + 1);
        const auto lower = char(c | 0x20);
        if ((lower == 'u') && next == '&' && (at(m_pos + 2) == '"' || at(m_pos + 2) == '\'')) {
            m_pos += 2;
            if (m_text[m_pos] == '"') {
                m_unicodeWords.push_back(m_tokens.size());
                add(PostgresToken::Kind::QuotedWord, quotedIdentifier(), start);
            } else {
                add(PostgresToken::Kind::String, quotedString(false, false), start);
            }
            return;
        }
        if (next == '\'' && (lower == 'e' || lower == 'b' || lower == 'x' || lower == 'n')) {
            ++m_pos;
            const bool escapes = lower == 'e';
            const bool bits = lower == 'b' || lower == 'x';
            add(PostgresToken::Kind::String, quotedString(escapes, bits), start);
            return;
        }
        if (c == '\'') {
            add(PostgresToken::Kind::String, quotedString(!m_standard, false), start);
            return;
        }
        if (c == '"') {
            add(PostgresToken::Kind::QuotedWord, quotedIdentifier(), start);
            return;
        }
        if (c == '$') {
            lexDollar(start);
            return;
        }
        if (isIdentStart(c)) {
            while (m_pos < m_text.size() && isIdentCont(static_cast<unsigned char>(m_text[m_pos])))
                ++m_pos;
            add(PostgresToken::Kind::Word, folded(m_text.substr(start, m_pos - start)), start);
            return;
        }
        if (isDigit(c) || (c == '.' && isDigit(static_cast<unsigned char>(next)))) {
            lexNumber();
            add(PostgresToken::Kind::Number, {}, start);
            return;
        }
        ++m_pos;
        add(PostgresToken::Kind::Symbol, std::string(1, char(c)), start);
    }

    // Digits, a point, an exponent. A word right after a number is a word of its own (the
    // server refuses it as trailing junk since PostgreSQL 15; earlier ones read two tokens).
    void lexNumber()
    {
        while (isDigit(static_cast<unsigned char>(at(m_pos))))
            ++m_pos;
        if (at(m_pos) == '.' && at(m_pos + 1) != '.') {
            ++m_pos;
            while (isDigit(static_cast<unsigned char>(at(m_pos))))
                ++m_pos;
        }
        const char e = at(m_pos);
        if (e == 'e' || e == 'E') {
            std::size_t p = m_pos + 1;
            if (at(p) == '+' || at(p) == '-')
                ++p;
            if (isDigit(static_cast<unsigned char>(at(p)))) {
                m_pos = p;
                while (isDigit(static_cast<unsigned char>(at(m_pos))))
                    ++m_pos;
            }
        }
    }

    // $1, or a $tag$ ... $tag$ string, or a lone $ (which the server refuses).
    void lexDollar(std::size_t start)
    {
        std::size_t p = m_pos + 1;
        if (isDigit(static_cast<unsigned char>(at(p)))) {
            while (isDigit(static_cast<unsigned char>(at(p))))
                ++p;
            m_pos = p;
            add(PostgresToken::Kind::Parameter, {}, start);
            return;
        }
        if (isIdentStart(static_cast<unsigned char>(at(p)))) {
            while (isDollarTagCont(static_cast<unsigned char>(at(p))))
                ++p;
        }
        if (at(p) != '$') {
            ++m_pos;
            add(PostgresToken::Kind::Symbol, "$", start);
            return;
        }
        // The body ends at the first occurrence of the same delimiter: the server tries every $
        // inside as the start of one (scan.l, <xdolq>).
        const std::string_view delimiter = m_text.substr(m_pos, p + 1 - m_pos);
        const std::size_t bodyStart = p + 1;
        const std::size_t end = m_text.find(delimiter, bodyStart);
        const std::size_t bodyEnd = end == std::string_view::npos ? m_text.size() : end;
        m_pos = end == std::string_view::npos ? m_text.size() : end + delimiter.size();
        add(PostgresToken::Kind::String,
            std::string(m_text.substr(bodyStart, bodyEnd - bodyStart)),
            start);
    }

    // A '...' string from its opening quote (m_pos), with '' for a quote, backslash escapes
    // when escapes, and the continuation of a string over white space holding a newline
    // ('a'\n'b' is 'ab', in the same mode). Bit strings (B'', X'') take no '' (the server ends
    // them at the first quote).
    std::string quotedString(bool escapes, bool bits)
    {
        std::string content;
        ++m_pos; // the opening quote
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (escapes && c == '\\') {
                if (m_pos + 1 < m_text.size())
                    content += m_text[m_pos + 1];
                m_pos += 2;
                continue;
            }
            if (c != '\'') {
                content += c;
                ++m_pos;
                continue;
            }
            if (!bits && at(m_pos + 1) == '\'') {
                content += '\'';
                m_pos += 2;
                continue;
            }
            ++m_pos; // the closing quote
            const std::optional<std::size_t> resume = continuation(m_pos);
            if (!resume)
                return content;
            m_pos = *resume + 1; // past the quote that continues the string
        }
        return content;
    }

    // Where a string continues after its closing quote (scan.l's quotecontinue: horizontal
    // space and -- comments, a newline, then space and -- comments ending in newlines, then a
    // quote): the position of that quote, or none.
    std::optional<std::size_t> continuation(std::size_t p) const
    {
        bool newline = false;
        while (p < m_text.size()) {
            const char c = m_text[p];
            if (isNewline(c)) {
                newline = true;
                ++p;
            } else if (isHorizontalSpace(c)) {
                ++p;
            } else if (c == '-' && at(p + 1) == '-') {
                while (p < m_text.size() && !isNewline(m_text[p]))
                    ++p;
                if (p >= m_text.size())
                    return std::nullopt; // a comment must end in a newline here
            } else if (c == '\'' && newline) {
                return p;
            } else {
                return std::nullopt;
            }
        }
        return std::nullopt;
    }

    // A "..." identifier from its opening quote, with "" for a quote.
    std::string quotedIdentifier()
    {
        std::string name;
        ++m_pos;
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c == '"') {
                if (at(m_pos + 1) == '"') {
                    name += '"';
                    m_pos += 2;
                    continue;
                }
                ++m_pos;
                return name;
            }
            name += c;
            ++m_pos;
        }
        return name;
    }

    // U&"..." words: their escapes decoded, with the escape character of a UESCAPE 'c' that
    // follows (the server's parser looks ahead the same way; the two tokens are then dropped).
    void resolveUnicodeIdentifiers()
    {
        for (auto it = m_unicodeWords.rbegin(); it != m_unicodeWords.rend(); ++it) {
            const std::size_t i = *it;
            char escape = '\\';
            bool hasUescape = false;
            if (i + 2 < m_tokens.size() && m_tokens[i + 1].isWord("uescape")
                && m_tokens[i + 2].kind == PostgresToken::Kind::String
                && m_tokens[i + 2].text.size() == 1) {
                escape = m_tokens[i + 2].text[0];
                hasUescape = true;
            }
            if (const std::optional<std::string> decoded
                = decodeUnicodeEscapes(m_tokens[i].text, escape))
                m_tokens[i].text = *decoded;
            if (hasUescape)
                m_tokens.erase(m_tokens.begin() + std::ptrdiff_t(i) + 1,
                               m_tokens.begin() + std::ptrdiff_t(i) + 3);
        }
    }

    std::string_view m_text;
    bool m_standard;
    std::size_t m_pos = 0;
    std::vector<PostgresToken> m_tokens;
    std::vector<std::size_t> m_unicodeWords; // indexes of U&"..." tokens, in order
};

} // namespace

std::vector<PostgresToken> lexPostgres(std::string_view text, bool standardConformingStrings)
{
    return Lexer(text, standardConformingStrings).run();
}

} // namespace kvs::rawsql
