#include "literal/literal_lexer.h"

#include "codec/wtf8.h"

#include <kvs/errors.h>

#include <QChar>

#include <charconv>
#include <cmath>
#include <system_error>

namespace kvs {

namespace {

unsigned byteAt(std::string_view s, std::size_t at)
{
    return static_cast<unsigned char>(s[at]);
}

bool isDigit(int c)
{
    return c >= '0' && c <= '9';
}

struct CodePoint
{
    char32_t value = 0;
    std::size_t length = 0; // 0: not a well-formed UTF-8 sequence.
};

// Strict UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF): a string the parser
// accepts must be one JavaScript can hold, or its key bytes would differ from a JS writer's.
CodePoint decodeUtf8(std::string_view s, std::size_t at)
{
    const auto *p = reinterpret_cast<const unsigned char *>(s.data()) + at;
    if (*p < 0x80)
        return {*p, 1};
    const wtf8::Sequence sequence = wtf8::decode(p, p + (s.size() - at), false);
    return sequence.valid ? CodePoint{sequence.codePoint, sequence.length} : CodePoint{};
}

bool isUnicodeWhitespace(char32_t cp)
{
    return cp == 0x00a0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp == 0x2028
           || cp == 0x2029 || cp == 0x202f || cp == 0x205f || cp == 0x3000 || cp == 0xfeff;
}

// ID_Start / ID_Continue approximated by Unicode general categories, which is what the
// standard derives them from (less a few dozen compatibility characters).
bool isUnicodeIdentifierChar(char32_t cp, bool start)
{
    switch (QChar::category(cp)) {
    case QChar::Letter_Uppercase:
    case QChar::Letter_Lowercase:
    case QChar::Letter_Titlecase:
    case QChar::Letter_Modifier:
    case QChar::Letter_Other:
    case QChar::Number_Letter:
        return true;
    case QChar::Mark_NonSpacing:
    case QChar::Mark_SpacingCombining:
    case QChar::Number_DecimalDigit:
    case QChar::Punctuation_Connector:
        return !start;
    default:
        return !start && (cp == 0x200c || cp == 0x200d);
    }
}

// When from_chars reports a result out of range, the sign of the decimal order of magnitude
// tells overflow (JavaScript gives Infinity, as for 1e400) from underflow (0, as for 1e-400):
// both bounds are hundreds of orders away from 1.
double outOfRange(std::string_view digits)
{
    const bool negative = digits.front() == '-';
    long long order = 0;
    bool seenPoint = false;
    bool seenSignificant = false;
    std::size_t i = negative ? 1 : 0;
    for (; i < digits.size() && digits[i] != 'e' && digits[i] != 'E'; ++i) {
        if (digits[i] == '.') {
            seenPoint = true;
        } else if (!seenSignificant && digits[i] == '0') {
            if (seenPoint)
                --order;
        } else {
            seenSignificant = true;
            if (!seenPoint)
                ++order;
        }
    }
    long long exponent = 0;
    if (i < digits.size()) {
        ++i;
        const bool negativeExponent = digits[i] == '-';
        if (digits[i] == '+' || digits[i] == '-')
            ++i;
        for (; i < digits.size() && exponent < 1'000'000'000; ++i)
            exponent = exponent * 10 + (digits[i] - '0');
        if (negativeExponent)
            exponent = -exponent;
    }
    const double magnitude = order + exponent > 0 ? HUGE_VAL : 0.0;
    return negative ? -magnitude : magnitude;
}

} // namespace

int LiteralLexer::peek(std::size_t ahead) const noexcept
{
    const std::size_t at = m_pos + ahead;
    return at < m_text.size() ? static_cast<int>(byteAt(m_text, at)) : -1;
}

bool LiteralLexer::consume(char c) noexcept
{
    if (m_pos < m_text.size() && m_text[m_pos] == c) {
        ++m_pos;
        return true;
    }
    return false;
}

std::size_t LiteralLexer::whitespaceLength(std::size_t at) const noexcept
{
    if (at >= m_text.size())
        return 0;
    const unsigned b = byteAt(m_text, at);
    if (b == ' ' || (b >= '\t' && b <= '\r'))
        return 1;
    if (b < 0x80)
        return 0;
    const CodePoint cp = decodeUtf8(m_text, at);
    return cp.length != 0 && isUnicodeWhitespace(cp.value) ? cp.length : 0;
}

void LiteralLexer::skipWhitespace() noexcept
{
    while (const std::size_t n = whitespaceLength(m_pos))
        m_pos += n;
}

std::size_t LiteralLexer::identifierCharLength(std::size_t at, bool start) const noexcept
{
    if (at >= m_text.size())
        return 0;
    const unsigned b = byteAt(m_text, at);
    if (b < 0x80) {
        const bool letter
            = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || b == '_' || b == '$';
        return letter || (!start && isDigit(static_cast<int>(b))) ? 1 : 0;
    }
    const CodePoint cp = decodeUtf8(m_text, at);
    return cp.length != 0 && isUnicodeIdentifierChar(cp.value, start) ? cp.length : 0;
}

bool LiteralLexer::atIdentifierStart() const noexcept
{
    return identifierCharLength(m_pos, true) != 0;
}

std::string_view LiteralLexer::identifier() noexcept
{
    const std::size_t start = m_pos;
    std::size_t n = identifierCharLength(m_pos, true);
    while (n != 0) {
        m_pos += n;
        n = identifierCharLength(m_pos, false);
    }
    return m_text.substr(start, m_pos - start);
}

std::string LiteralLexer::string()
{
    const char quote = m_text[m_pos];
    const std::size_t open = m_pos++;
    std::string out;
    for (;;) {
        // Copy runs of plain ASCII in one append; stop at anything that needs a look.
        const std::size_t run = m_pos;
        while (m_pos < m_text.size()) {
            const unsigned b = byteAt(m_text, m_pos);
            if (b == static_cast<unsigned char>(quote) || b == '\\' || b < 0x20 || b >= 0x80)
                break;
            ++m_pos;
        }
        out.append(m_text, run, m_pos - run);
        if (atEnd()) {
            failAt(m_pos,
                   "unterminated string (opened at position " + std::to_string(open)
                       + "), expected " + (quote == '"' ? "'\"'" : "\"'\""));
        }
        const unsigned b = byteAt(m_text, m_pos);
        if (b == static_cast<unsigned char>(quote)) {
            ++m_pos;
            return out;
        }
        if (b == '\\') {
            appendEscape(out);
        } else if (b < 0x20) {
            failAt(m_pos,
                   "raw control characters are not allowed in a string, expected an "
                   "escape such as \\n");
        } else {
            const CodePoint cp = decodeUtf8(m_text, m_pos);
            if (cp.length == 0)
                failAt(m_pos, "invalid UTF-8 in a string");
            out.append(m_text, m_pos, cp.length);
            m_pos += cp.length;
        }
    }
}

// Returns the value of four hex digits at `at`, or a value above 0xffff when they are not.
unsigned LiteralLexer::hex4(std::size_t at) const
{
    if (m_text.size() < 4 || at > m_text.size() - 4)
        return 0x10000;
    unsigned value = 0;
    for (std::size_t i = at; i < at + 4; ++i) {
        const char c = m_text[i];
        unsigned digit = 0;
        if (c >= '0' && c <= '9')
            digit = static_cast<unsigned>(c - '0');
        else if (c >= 'a' && c <= 'f')
            digit = static_cast<unsigned>(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            digit = static_cast<unsigned>(c - 'A' + 10);
        else
            return 0x10000;
        value = value * 16 + digit;
    }
    return value;
}

void LiteralLexer::appendEscape(std::string &out)
{
    const std::size_t backslash = m_pos++;
    switch (peek()) {
    case '"':
    case '\'': // JavaScript allows \' in either kind of string; JSON has no single quotes.
    case '\\':
    case '/':
        out += m_text[m_pos];
        break;
    case 'b':
        out += '\b';
        break;
    case 'f':
        out += '\f';
        break;
    case 'n':
        out += '\n';
        break;
    case 'r':
        out += '\r';
        break;
    case 't':
        out += '\t';
        break;
    case 'u': {
        const unsigned unit = hex4(m_pos + 1);
        if (unit > 0xffff)
            failAt(backslash, "expected four hex digits after \\u");
        m_pos += 5;
        // A high surrogate followed by a low one is one code point; any other surrogate stays
        // alone and is kept as WTF-8, as JSON.parse keeps it in a JavaScript string.
        if (unit >= 0xd800 && unit <= 0xdbff && peek() == '\\' && peek(1) == 'u') {
            const unsigned low = hex4(m_pos + 2);
            if (low >= 0xdc00 && low <= 0xdfff) {
                wtf8::append(0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00), out);
                m_pos += 6;
                return;
            }
        }
        wtf8::append(unit, out);
        return;
    }
    default:
        failAt(backslash,
               "invalid escape, expected one of \\\" \\' \\\\ \\/ \\b \\f \\n \\r \\t "
               "\\uXXXX");
    }
    ++m_pos;
}

void LiteralLexer::scanDigits() noexcept
{
    while (isDigit(peek()))
        ++m_pos;
}

NumberToken LiteralLexer::number()
{
    NumberToken token;
    token.start = m_pos;
    consume('-');
    if (peek() == '0') {
        ++m_pos;
        const int c = peek();
        if (c == 'x' || c == 'X')
            failAt(token.start, "hex numbers are not allowed, expected a decimal number");
        if (c == 'o' || c == 'O')
            failAt(token.start, "octal numbers are not allowed, expected a decimal number");
        if (c == 'b' || c == 'B')
            failAt(token.start, "binary numbers are not allowed, expected a decimal number");
        if (isDigit(c)) {
            failAt(token.start,
                   "leading zeros (octal numbers) are not allowed, expected a decimal number");
        }
    } else if (isDigit(peek())) {
        scanDigits();
    } else {
        fail("a digit");
    }
    bool integer = true;
    if (peek() == '.') {
        ++m_pos;
        if (!isDigit(peek()))
            fail("a digit");
        scanDigits();
        integer = false;
    }
    if (peek() == 'e' || peek() == 'E') {
        ++m_pos;
        if (peek() == '+' || peek() == '-')
            ++m_pos;
        if (!isDigit(peek()))
            fail("a digit");
        scanDigits();
        integer = false;
    }
    token.digits = m_text.substr(token.start, m_pos - token.start);
    if (peek() == 'n') {
        if (!integer)
            failAt(token.start, "a bigint must be an integer, without a fraction or exponent");
        ++m_pos;
        token.isBigInt = true;
        return token;
    }
    // from_chars rounds correctly (the grammar above is a subset of what it takes).
    const char *first = token.digits.data();
    const char *last = first + token.digits.size();
    const auto [end, error] = std::from_chars(first, last, token.value);
    if (error == std::errc::result_out_of_range)
        token.value = outOfRange(token.digits);
    return token;
}

void LiteralLexer::fail(std::string_view expected, std::string_view operators) const
{
    std::string problem;
    const int c = peek();
    if (c == '/' && (peek(1) == '/' || peek(1) == '*'))
        problem = "comments are not allowed, ";
    else if (c > 0 && operators.find(static_cast<char>(c)) != std::string_view::npos)
        problem = "JavaScript expressions are not allowed, ";
    problem += "expected ";
    problem += expected;
    failAt(m_pos, problem);
}

void LiteralLexer::failAt(std::size_t position, std::string_view problem)
{
    std::string message = "kvs: ";
    message += problem;
    message += " at position ";
    message += std::to_string(position);
    throw LiteralSyntaxError(message, position);
}

std::string LiteralLexer::excerpt(std::string_view text)
{
    constexpr std::size_t kMax = 40;
    std::size_t end = text.size();
    if (end > kMax) {
        end = kMax;
        while (end > 0 && (byteAt(text, end) & 0xc0) == 0x80)
            --end;
    }
    std::string out;
    out.reserve(end + 3);
    for (std::size_t i = 0; i < end; ++i) {
        const unsigned b = byteAt(text, i);
        out += b < 0x20 || b == 0x7f ? ' ' : text[i];
    }
    if (end < text.size())
        out += "...";
    return out;
}

} // namespace kvs
