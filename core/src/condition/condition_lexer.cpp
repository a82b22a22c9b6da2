#include "condition/condition_lexer.h"

#include "literal/literal_reader.h"

#include <array>

namespace kvs::detail {

namespace {

struct Spelling
{
    ConditionToken token;
    std::string_view text;
};

// Longest first, so that "<=" is found before "<" and "!=" before "!".
constexpr std::array kSpellings{
    Spelling{ConditionToken::Equal, "=="},
    Spelling{ConditionToken::NotEqual, "!="},
    Spelling{ConditionToken::LessEqual, "<="},
    Spelling{ConditionToken::GreaterEqual, ">="},
    Spelling{ConditionToken::And, "&&"},
    Spelling{ConditionToken::Or, "||"},
    Spelling{ConditionToken::Less, "<"},
    Spelling{ConditionToken::Greater, ">"},
    Spelling{ConditionToken::Not, "!"},
    Spelling{ConditionToken::Open, "("},
    Spelling{ConditionToken::Close, ")"},
    Spelling{ConditionToken::Comma, ","},
    Spelling{ConditionToken::Dot, "."},
    Spelling{ConditionToken::OpenBracket, "["},
    Spelling{ConditionToken::CloseBracket, "]"},
};

} // namespace

std::size_t ConditionLexer::position() noexcept
{
    m_lexer.skipWhitespace();
    return m_lexer.position();
}

bool ConditionLexer::atEnd() noexcept
{
    m_lexer.skipWhitespace();
    return m_lexer.atEnd();
}

int ConditionLexer::peek() noexcept
{
    m_lexer.skipWhitespace();
    return m_lexer.peek();
}

bool ConditionLexer::consume(ConditionToken token) noexcept
{
    m_lexer.skipWhitespace();
    const std::string_view rest = m_lexer.text().substr(m_lexer.position());
    for (const Spelling &spelling : kSpellings) {
        if (!rest.starts_with(spelling.text))
            continue;
        // The first spelling that fits is the token there; another token is not consumed.
        if (spelling.token != token)
            return false;
        m_lexer.seek(m_lexer.position() + spelling.text.size());
        return true;
    }
    return false;
}

std::optional<ConditionToken> ConditionLexer::comparison() noexcept
{
    for (const ConditionToken token : {ConditionToken::Equal,
                                       ConditionToken::NotEqual,
                                       ConditionToken::LessEqual,
                                       ConditionToken::GreaterEqual,
                                       ConditionToken::Less,
                                       ConditionToken::Greater}) {
        if (consume(token))
            return token;
    }
    return std::nullopt;
}

bool ConditionLexer::atSingleEquals() noexcept
{
    m_lexer.skipWhitespace();
    return m_lexer.peek() == '=' && m_lexer.peek(1) != '=';
}

bool ConditionLexer::atName() noexcept
{
    m_lexer.skipWhitespace();
    return m_lexer.atIdentifierStart();
}

std::string_view ConditionLexer::name() noexcept
{
    m_lexer.skipWhitespace();
    return m_lexer.identifier();
}

std::string_view ConditionLexer::digits() noexcept
{
    m_lexer.skipWhitespace();
    const std::size_t start = m_lexer.position();
    while (m_lexer.peek() >= '0' && m_lexer.peek() <= '9')
        m_lexer.seek(m_lexer.position() + 1);
    return m_lexer.text().substr(start, m_lexer.position() - start);
}

Value ConditionLexer::literal()
{
    std::size_t at = position();
    Value value = parseLiteralAt(m_lexer.text(), at);
    m_lexer.seek(at);
    return value;
}

void ConditionLexer::fail(std::string_view expected)
{
    m_lexer.skipWhitespace();
    m_lexer.fail(expected);
}

void ConditionLexer::failAt(std::size_t position, std::string_view problem)
{
    LiteralLexer::failAt(position, problem);
}

} // namespace kvs::detail
