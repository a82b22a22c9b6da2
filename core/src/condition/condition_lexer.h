#pragma once

#include "literal/literal_lexer.h"

#include <kvs/value.h>

#include <cstddef>
#include <optional>
#include <string_view>

// The character level of the condition language (kvs/condition.h), private to the core: white
// space and names as the literal syntax has them, the operators, and literals read in place, so
// that every position in a message counts from the start of the condition.
namespace kvs::detail {

// Operators, longest first where one begins another.
enum class ConditionToken : std::uint8_t {
    Equal,        // ==
    NotEqual,     // !=
    LessEqual,    // <=
    GreaterEqual, // >=
    Less,         // <
    Greater,      // >
    And,          // &&
    Or,           // ||
    Not,          // !
    Open,         // (
    Close,        // )
    Comma,        // ,
    Dot,          // .
    OpenBracket,  // [
    CloseBracket, // ]
};

// Thread rule: one lexer per parse. Holds a view: the text must outlive the lexer.
class ConditionLexer
{
public:
    explicit ConditionLexer(std::string_view text) noexcept
        : m_lexer(text)
    {}

    // Skips white space, then the position is the next token's.
    std::size_t position() noexcept;
    bool atEnd() noexcept;
    // The byte at the next token, or -1 at the end.
    int peek() noexcept;

    // Consumes token when it comes next (after white space); "<" never takes the "<" of "<=",
    // and "!" never the "!" of "!=".
    bool consume(ConditionToken token) noexcept;
    // The operator that comes next, consumed, or nullopt.
    std::optional<ConditionToken> comparison() noexcept;

    // True when a lone '=' comes next (not "=="): a comparison written with one '='.
    bool atSingleEquals() noexcept;
    // True when a name (an IdentifierName, as in the literal syntax) comes next.
    bool atName() noexcept;
    // Consumes a name; empty when none comes next.
    std::string_view name() noexcept;
    // Consumes decimal digits; empty when none come next.
    std::string_view digits() noexcept;
    // Reads the literal that comes next (LiteralSyntaxError at its position in the condition).
    Value literal();
    // Moves back to a position (a name that turned out to start a literal: true, new Date(0)).
    void seek(std::size_t position) noexcept { m_lexer.seek(position); }

    // Throws LiteralSyntaxError "kvs: expected <expected> at position <next token>".
    [[noreturn]] void fail(std::string_view expected);
    // Throws LiteralSyntaxError "kvs: <problem> at position <position>".
    [[noreturn]] static void failAt(std::size_t position, std::string_view problem);

private:
    LiteralLexer m_lexer;
};

} // namespace kvs::detail
