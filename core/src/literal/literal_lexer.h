#pragma once

#include <cstddef>
#include <string>
#include <string_view>

// The character level of the literal syntax (kvs/literal.h), private to the core: white space,
// identifiers, strings and numbers, and the "kvs: ... at position N" messages. Every scan is a
// single forward pass, so parsing stays linear in the input length.
namespace kvs {

/// A numeric literal as written: the JSON number grammar, or decimal digits followed by 'n'.
struct NumberToken
{
    std::size_t start = 0;   // Byte offset of the first character ('-' or a digit).
    std::string_view digits; // The text as written, without a bigint's 'n'.
    bool isBigInt = false;
    double value = 0; // The correctly rounded double (+-Infinity beyond range); unused for bigints.
};

/// Scans one literal text. Holds a view: the text must outlive the lexer. Not thread-safe (one
/// lexer per parse); cheap to create.
class LiteralLexer
{
public:
    explicit LiteralLexer(std::string_view text) noexcept
        : m_text(text)
    {}

    /// Moves to a byte offset of the text (a language that embeds literals reads them in place,
    /// so that every position in a message counts from the start of the whole text).
    /// Requires: position <= text().size().
    void seek(std::size_t position) noexcept { m_pos = position; }

    std::string_view text() const noexcept { return m_text; }
    std::size_t position() const noexcept { return m_pos; }
    bool atEnd() const noexcept { return m_pos >= m_text.size(); }
    /// The byte `ahead` bytes after the position (0..255), or -1 past the end.
    int peek(std::size_t ahead = 0) const noexcept;
    /// Consumes c when it is the next byte; returns whether it did.
    bool consume(char c) noexcept;
    /// Skips JavaScript's WhiteSpace and LineTerminator characters, ASCII and Unicode (a pasted
    /// no-break space must not be a syntax error).
    void skipWhitespace() noexcept;

    /// True when an identifier starts at the position ($, _, a letter, ASCII or Unicode).
    bool atIdentifierStart() const noexcept;
    /// Consumes a JavaScript IdentifierName (no \u escapes); empty when none starts here.
    std::string_view identifier() noexcept;

    /// Requires: peek() is '"' or '\''. Consumes a string literal and returns its contents in
    /// UTF-8, a lone surrogate escape as its 3-byte WTF-8 form. Throws LiteralSyntaxError on an
    /// unterminated string, a raw control character, a bad escape or invalid UTF-8.
    [[nodiscard]] std::string string();

    /// Requires: peek() is '-' or a digit. Consumes a JSON number, or a bigint "123n" / "-5n".
    /// Throws LiteralSyntaxError on hex, octal or binary forms, leading zeros, a missing digit,
    /// or a bigint with a fraction or exponent.
    [[nodiscard]] NumberToken number();

    // Tolerant scanning, for colouring text that may not be a literal yet (scanLiteralText);
    // these never throw. Defined beside the scanner, in literal_text_scanner.cpp.

    /// Requires: peek() is '"' or '\''. Consumes a string literal without decoding it, through
    /// its closing quote, or to the end of the line when it has none; returns whether it closed.
    bool skipString() noexcept;
    /// Consumes one character: a whole UTF-8 sequence, or one byte that does not start one.
    void skipCharacter() noexcept;
    /// Consumes the rest of the line, not its line break.
    void skipLine() noexcept;
    /// Consumes through the next `end`, or to the end of the text when none comes.
    void skipPast(std::string_view end) noexcept;

    /// Throws LiteralSyntaxError "kvs: expected <expected> at position <position()>". When a
    /// comment, or one of `operators` (a JavaScript expression), stands there, the message says
    /// so first: "kvs: comments are not allowed, expected a value at position 3".
    [[noreturn]] void fail(std::string_view expected, std::string_view operators = {}) const;
    /// Throws LiteralSyntaxError "kvs: <problem> at position <position>".
    [[noreturn]] static void failAt(std::size_t position, std::string_view problem);

    /// text made safe for a message: control characters as spaces, cut to about 40 bytes on a
    /// UTF-8 boundary with "..." appended.
    [[nodiscard]] static std::string excerpt(std::string_view text);

private:
    std::size_t whitespaceLength(std::size_t at) const noexcept;
    std::size_t identifierCharLength(std::size_t at, bool start) const noexcept;
    void appendEscape(std::string &out);
    unsigned hex4(std::size_t at) const;
    void scanDigits() noexcept;

    std::string_view m_text;
    std::size_t m_pos = 0;
};

} // namespace kvs
