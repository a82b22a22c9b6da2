// scanLiteralText, and the lexer's tolerant scans it is made of: the parser's lexer, read for
// colouring instead of for values, so both agree on what each piece of text is.
#include "codec/wtf8.h"
#include "literal/literal_lexer.h"
#include "literal/literal_words.h"

#include <kvs/literal_tokens.h>

namespace kvs {

namespace {

using Kind = LiteralTokenKind;

bool isDigit(int c)
{
    return c >= '0' && c <= '9';
}

bool isPunctuation(int c)
{
    switch (c) {
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
        return false;
    }
}

void skipDigits(LiteralLexer &lexer)
{
    while (isDigit(lexer.peek()))
        lexer.consume(static_cast<char>(lexer.peek()));
}

// The JSON number shape and a bigint's n, without the parser's checks (hex or leading zeros
// are the parser's to report); letters run on into the token, which is then Invalid (0x1f).
Kind scanNumber(LiteralLexer &lexer)
{
    lexer.consume('-');
    skipDigits(lexer);
    if (lexer.consume('.'))
        skipDigits(lexer);
    if (lexer.consume('e') || lexer.consume('E')) {
        if (!lexer.consume('+'))
            lexer.consume('-');
        skipDigits(lexer);
    }
    const Kind kind = lexer.consume('n') ? Kind::BigInt : Kind::Number;
    if (lexer.atIdentifierStart() || isDigit(lexer.peek())) {
        while (lexer.atIdentifierStart() || isDigit(lexer.peek()))
            lexer.skipCharacter();
        return Kind::Invalid;
    }
    return kind;
}

class TextScanner
{
public:
    explicit TextScanner(std::string_view text)
        : m_lexer(text)
    {}

    std::vector<LiteralTextToken> scan() &&
    {
        for (;;) {
            m_lexer.skipWhitespace();
            if (m_lexer.atEnd())
                return std::move(m_tokens);
            scanToken();
        }
    }

private:
    // Adds the token from start to the position; a string, name or number before ':' is a
    // member name. Looking for the ':' skips white space, which belongs to no token.
    void add(Kind kind, std::size_t start, bool mayBeName = false)
    {
        const std::size_t end = m_lexer.position();
        if (mayBeName) {
            m_lexer.skipWhitespace();
            if (m_lexer.peek() == ':')
                kind = Kind::MemberName;
        }
        m_tokens.push_back({kind, start, end - start});
    }

    void scanToken()
    {
        const std::size_t start = m_lexer.position();
        const int c = m_lexer.peek();
        if (c == '/' && m_lexer.peek(1) == '/') {
            m_lexer.skipLine();
            add(Kind::Comment, start);
        } else if (c == '/' && m_lexer.peek(1) == '*') {
            m_lexer.consume('/');
            m_lexer.consume('*');
            m_lexer.skipPast("*/");
            add(Kind::Comment, start);
        } else if (isPunctuation(c)) {
            m_lexer.consume(static_cast<char>(c));
            add(Kind::Punctuation, start);
        } else if (c == '"' || c == '\'') {
            m_lexer.skipString();
            add(Kind::String, start, true);
        } else if (c == '-' && !isDigit(m_lexer.peek(1))) {
            m_lexer.consume('-');
            const bool infinity = m_lexer.identifier() == literal_words::kInfinity;
            add(infinity ? Kind::Keyword : Kind::Invalid, start);
        } else if (c == '-' || isDigit(c)) {
            const Kind kind = scanNumber(m_lexer);
            add(kind, start, kind != Kind::Invalid);
        } else if (m_lexer.atIdentifierStart()) {
            scanWord(start);
        } else {
            m_lexer.skipCharacter();
            add(Kind::Invalid, start);
        }
    }

    // A name: a constant, "new X", or a member name; anything else has no place in a literal.
    void scanWord(std::size_t start)
    {
        const std::string_view word = m_lexer.identifier();
        if (word != literal_words::kNew) {
            add(literal_words::isConstant(word) ? Kind::Keyword : Kind::Invalid, start, true);
            return;
        }
        const std::size_t newEnd = m_lexer.position();
        m_lexer.skipWhitespace();
        if (m_lexer.peek() == ':') {
            m_tokens.push_back({Kind::MemberName, start, newEnd - start});
            return;
        }
        const std::size_t nameStart = m_lexer.position();
        const std::string_view name = m_lexer.identifier();
        if (literal_words::isConstructor(name)) {
            add(Kind::Constructor, start);
            return;
        }
        m_tokens.push_back({Kind::Invalid, start, newEnd - start});
        if (!name.empty()) {
            add(literal_words::isConstant(name) ? Kind::Keyword : Kind::Invalid, nameStart, true);
        }
    }

    LiteralLexer m_lexer;
    std::vector<LiteralTextToken> m_tokens;
};

} // namespace

bool LiteralLexer::skipString() noexcept
{
    const char quote = m_text[m_pos++];
    while (m_pos < m_text.size()) {
        const char c = m_text[m_pos];
        if (c == '\n' || c == '\r')
            return false;
        ++m_pos;
        if (c == quote)
            return true;
        if (c == '\\' && m_pos < m_text.size() && m_text[m_pos] != '\n' && m_text[m_pos] != '\r')
            ++m_pos;
    }
    return false;
}

void LiteralLexer::skipCharacter() noexcept
{
    if (atEnd())
        return;
    const auto *p = reinterpret_cast<const unsigned char *>(m_text.data()) + m_pos;
    if (*p < 0x80) {
        ++m_pos;
        return;
    }
    const wtf8::Sequence sequence = wtf8::decode(p, p + (m_text.size() - m_pos), true);
    m_pos += sequence.length == 0 ? 1 : sequence.length;
}

void LiteralLexer::skipLine() noexcept
{
    while (m_pos < m_text.size() && m_text[m_pos] != '\n' && m_text[m_pos] != '\r')
        ++m_pos;
}

void LiteralLexer::skipPast(std::string_view end) noexcept
{
    const std::size_t found = m_text.find(end, m_pos);
    m_pos = found == std::string_view::npos ? m_text.size() : found + end.size();
}

std::vector<LiteralTextToken> scanLiteralText(std::string_view text)
{
    return TextScanner(text).scan();
}

} // namespace kvs
