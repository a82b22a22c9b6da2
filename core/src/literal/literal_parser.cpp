#include "literal/iso_date.h"
#include "literal/literal_lexer.h"
#include "literal/literal_words.h"

#include <kvs/errors.h>
#include <kvs/js_number.h>
#include <kvs/literal.h>

#include <cmath>
#include <limits>
#include <utility>

namespace kvs {

namespace {

// After a complete value, one of these starts a JavaScript expression (1+2, [1].map(...)); at
// the start of a value, these do (+1, !x, (1)). Said in the message so the user sees why.
constexpr std::string_view kOperatorsAfterValue = "+-*/%&|^!~<>=?.(";
constexpr std::string_view kOperatorsAtValue = "+!~(";

// A recursive-descent parser over LiteralLexer. Recursion is bounded by kMaxLiteralDepth, so a
// hostile or mistyped input cannot overflow the stack; every other step moves forward.
class LiteralParser
{
public:
    explicit LiteralParser(std::string_view text)
        : m_lexer(text)
    {}

    Value parseDocument()
    {
        Value value = parseValue(0);
        m_lexer.skipWhitespace();
        if (!m_lexer.atEnd())
            m_lexer.fail("end of input", kOperatorsAfterValue);
        return value;
    }

private:
    Value parseValue(int depth);
    Value parseNumber();
    Value parseWord(int depth);
    Value parseArray(int depth);
    Value parseObject(int depth);
    std::string parseMemberName();
    Value parseNew(int depth, std::size_t at);
    Value parseDate(int depth);
    Value parseBytes(int depth);
    Value parseMap(int depth);
    Value parseSet(int depth);

    // Requires: the opening bracket was consumed. Calls item() for each comma-separated item
    // up to `close`; item() starts at leading white space. Refuses trailing commas.
    template <typename Item>
    void parseList(char close, std::string_view itemName, std::string_view afterItem, Item &&item);
    // Consumes `c` after optional white space, or fails expecting it.
    void expect(char c, std::string_view expected);
    // Fails when a container starting at `at` and opened at `depth` would nest too deep.
    static void enter(int depth, std::size_t at);

    LiteralLexer m_lexer;
};

void LiteralParser::enter(int depth, std::size_t at)
{
    if (depth >= kMaxLiteralDepth) {
        LiteralLexer::failAt(at,
                             "nesting is deeper than " + std::to_string(kMaxLiteralDepth)
                                 + " levels of arrays, objects and constructors");
    }
}

void LiteralParser::expect(char c, std::string_view expected)
{
    m_lexer.skipWhitespace();
    if (!m_lexer.consume(c))
        m_lexer.fail(expected);
}

template <typename Item>
void LiteralParser::parseList(char close,
                              std::string_view itemName,
                              std::string_view afterItem,
                              Item &&item)
{
    m_lexer.skipWhitespace();
    if (m_lexer.consume(close))
        return;
    for (;;) {
        item();
        m_lexer.skipWhitespace();
        if (m_lexer.consume(close))
            return;
        if (!m_lexer.consume(','))
            m_lexer.fail(afterItem, kOperatorsAfterValue);
        m_lexer.skipWhitespace();
        if (m_lexer.peek() == static_cast<unsigned char>(close)) {
            LiteralLexer::failAt(m_lexer.position(),
                                 "trailing commas are not allowed, expected "
                                     + std::string(itemName));
        }
    }
}

Value LiteralParser::parseValue(int depth)
{
    m_lexer.skipWhitespace();
    const int c = m_lexer.peek();
    if (c == '[')
        return parseArray(depth);
    if (c == '{')
        return parseObject(depth);
    if (c == '"' || c == '\'')
        return Value(m_lexer.string());
    if (c == '-' || (c >= '0' && c <= '9'))
        return parseNumber();
    if (m_lexer.atIdentifierStart())
        return parseWord(depth);
    m_lexer.fail("a value", kOperatorsAtValue);
}

Value LiteralParser::parseNumber()
{
    if (m_lexer.peek() == '-' && !(m_lexer.peek(1) >= '0' && m_lexer.peek(1) <= '9')) {
        m_lexer.consume('-');
        const std::size_t at = m_lexer.position();
        if (m_lexer.identifier() != literal_words::kInfinity)
            LiteralLexer::failAt(at, "expected a digit or Infinity");
        return Value(-std::numeric_limits<double>::infinity());
    }
    const NumberToken token = m_lexer.number();
    if (!token.isBigInt)
        return Value(token.value);
    // The digits are "-?(0|[1-9][0-9]*)", which fromDecimal always takes.
    return Value(*BigInt::fromDecimal(token.digits));
}

Value LiteralParser::parseWord(int depth)
{
    const std::size_t at = m_lexer.position();
    const std::string_view word = m_lexer.identifier();
    namespace words = literal_words;
    if (word == words::kTrue)
        return Value(true);
    if (word == words::kFalse)
        return Value(false);
    if (word == words::kNull)
        return Value(nullptr);
    if (word == words::kUndefined)
        return Value();
    if (word == words::kNaN)
        return Value(std::numeric_limits<double>::quiet_NaN());
    if (word == words::kInfinity)
        return Value(std::numeric_limits<double>::infinity());
    if (word == words::kNew)
        return parseNew(depth, at);
    m_lexer.skipWhitespace();
    if (m_lexer.peek() == '(') {
        LiteralLexer::failAt(at,
                             "function calls are not allowed (only new Date, new Uint8Array, "
                             "new Map and new Set), expected a value");
    }
    LiteralLexer::failAt(at,
                         "unknown name '" + LiteralLexer::excerpt(word) + "', expected a value");
}

Value LiteralParser::parseArray(int depth)
{
    enter(depth, m_lexer.position());
    m_lexer.consume('[');
    Value::Items items;
    parseList(']', "a value", "',' or ']'", [&] { items.push_back(parseValue(depth + 1)); });
    return Value::array(std::move(items));
}

Value LiteralParser::parseObject(int depth)
{
    enter(depth, m_lexer.position());
    m_lexer.consume('{');
    ObjectBuilder builder;
    parseList('}', "a member name", "',' or '}'", [&] {
        m_lexer.skipWhitespace();
        std::string name = parseMemberName();
        expect(':', "':'");
        builder.add(std::move(name), parseValue(depth + 1));
    });
    return std::move(builder).build();
}

// A member name as JavaScript's object literal takes it: an identifier (reserved words too), a
// string, or a non-negative number literal, named by its Number::toString ({1e3: x} is "1000").
std::string LiteralParser::parseMemberName()
{
    const int c = m_lexer.peek();
    if (c == '"' || c == '\'')
        return m_lexer.string();
    if (c >= '0' && c <= '9') {
        const NumberToken token = m_lexer.number();
        if (token.isBigInt)
            return BigInt::fromDecimal(token.digits)->toDecimal();
        return formatJsNumber(token.value);
    }
    if (m_lexer.atIdentifierStart())
        return std::string(m_lexer.identifier());
    m_lexer.fail("a member name");
}

Value LiteralParser::parseNew(int depth, std::size_t at)
{
    m_lexer.skipWhitespace();
    const std::size_t nameAt = m_lexer.position();
    const std::string_view name = m_lexer.identifier();
    if (!literal_words::isConstructor(name))
        LiteralLexer::failAt(nameAt, "expected Date, Uint8Array, Map or Set after new");
    enter(depth, at);
    expect('(', "'('");
    if (name == literal_words::kDate)
        return parseDate(depth);
    if (name == literal_words::kBytes)
        return parseBytes(depth);
    if (name == literal_words::kMap)
        return parseMap(depth);
    return parseSet(depth);
}

// new Date(<number>) or new Date("<ISO 8601 with Z or offset>"); new Date() would be the
// current time, and other forms are local time: neither is a value a literal can hold.
Value LiteralParser::parseDate(int depth)
{
    m_lexer.skipWhitespace();
    const std::size_t at = m_lexer.position();
    constexpr std::string_view kExpected = "a number or an ISO 8601 date string";
    if (m_lexer.peek() == ')')
        m_lexer.fail(kExpected);
    const Value argument = parseValue(depth + 1);
    double ms = 0;
    if (argument.isNumber()) {
        ms = argument.asNumber();
    } else if (argument.type() == Value::Type::String) {
        const IsoDateTime parsed = parseIsoDateTime(argument.asString());
        if (!parsed.problem.empty()) {
            LiteralLexer::failAt(at,
                                 parsed.problem + ", got \""
                                     + LiteralLexer::excerpt(argument.asString()) + "\"");
        }
        ms = parsed.ms;
    } else {
        LiteralLexer::failAt(at, "expected " + std::string(kExpected));
    }
    expect(')', "')'");
    return Value(Date(ms));
}

// Elements are parsed as any value and then checked, so the message can quote what was found.
Value LiteralParser::parseBytes(int depth)
{
    Bytes bytes;
    m_lexer.skipWhitespace();
    if (!m_lexer.consume(')')) {
        expect('[', "'['");
        parseList(']', "a byte value", "',' or ']'", [&] {
            m_lexer.skipWhitespace();
            const std::size_t at = m_lexer.position();
            const Value element = parseValue(depth + 1);
            const double n = element.isNumber() ? element.asNumber() : -1;
            if (!(n >= 0 && n <= 255 && n == std::trunc(n))) {
                const std::string_view written = m_lexer.text().substr(at, m_lexer.position() - at);
                LiteralLexer::failAt(at,
                                     "byte values must be integers 0..255, got "
                                         + LiteralLexer::excerpt(written));
            }
            bytes.data += static_cast<char>(static_cast<unsigned char>(n));
        });
        expect(')', "')'");
    }
    return Value(std::move(bytes));
}

Value LiteralParser::parseMap(int depth)
{
    CollectionBuilder builder;
    m_lexer.skipWhitespace();
    if (!m_lexer.consume(')')) {
        expect('[', "'['");
        parseList(']', "a [key, value] entry", "',' or ']'", [&] {
            expect('[', "a [key, value] entry");
            Value key = parseValue(depth + 1);
            expect(',', "',' (a Map entry is [key, value])");
            Value value = parseValue(depth + 1);
            expect(']', "']' (a Map entry is [key, value])");
            builder.addEntry(std::move(key), std::move(value));
        });
        expect(')', "')'");
    }
    return std::move(builder).buildMap();
}

Value LiteralParser::parseSet(int depth)
{
    CollectionBuilder builder;
    m_lexer.skipWhitespace();
    if (!m_lexer.consume(')')) {
        expect('[', "'['");
        parseList(']', "a value", "',' or ']'", [&] { builder.addItem(parseValue(depth + 1)); });
        expect(')', "')'");
    }
    return std::move(builder).buildSet();
}

} // namespace

Value parseLiteral(std::string_view text)
{
    return LiteralParser(text).parseDocument();
}

Key parseKeyLiteral(std::string_view text)
{
    return keyFromValue(parseLiteral(text));
}

} // namespace kvs
