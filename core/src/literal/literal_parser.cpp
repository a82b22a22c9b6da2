#include "literal/iso_date.h"
#include "literal/literal_lexer.h"
#include "literal/literal_reader.h"
#include "literal/literal_words.h"

#include <kvs/errors.h>
#include <kvs/js_number.h>
#include <kvs/literal.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

namespace kvs {

namespace {

// After a complete value, one of these starts a JavaScript expression (1+2, [1].map(...)); at
// the start of a value, these do (+1, !x, (1)). Said in the message so the user sees why.
constexpr std::string_view kOperatorsAfterValue = "+-*/%&|^!~<>=?.(";
constexpr std::string_view kOperatorsAtValue = "+!~(";

// An open array, object or constructor: what it has read so far and what it expects next.
struct Frame
{
    enum class Kind : std::uint8_t { Array, Object, Date, Bytes, Map, Set };

    Kind kind = Kind::Array;
    // Array, Object and a constructor's list: the bracket that ends the list, or 0 for a
    // constructor without one (new Date(x)).
    char close = 0;
    // Bytes, Map and Set written with a list: the ')' after it is still to come.
    bool closesWithParenthesis = false;
    // Map: the entry's key was read, its value is being read.
    bool readingMapValue = false;
    // Date: where the argument starts; Bytes: where the element being read starts.
    std::size_t at = 0;
    Value::Items items;           // Array
    ObjectBuilder object;         // Object
    std::string memberName;       // Object: the member whose value is being read
    CollectionBuilder collection; // Map and Set
    Value mapKey;                 // Map: the key of the entry being read
    Bytes bytes;                  // Bytes
};

// A parser over LiteralLexer with a stack of its own (m_frames) in place of recursion: a
// literal nested as deep as the value reader allows costs heap, not call stack, and a hostile
// input is refused at kMaxLiteralDepth. Every step moves forward, so time stays linear.
class LiteralParser
{
public:
    explicit LiteralParser(std::string_view text)
        : m_lexer(text)
    {}

    Value parseDocument();
    // Reads one value from position, leaving position after it (parseLiteralAt).
    Value parseValueAt(std::size_t &position);

private:
    // Reads one complete value from the lexer's position.
    Value parseValue();
    // Reads a value at the position: returns it when it is complete (a scalar or an empty
    // container), or opens its container on m_frames and returns nothing.
    std::optional<Value> readOrOpen();
    Value parseNumber();
    std::optional<Value> parseWord();
    std::string parseMemberName();
    std::optional<Value> openNew(std::size_t at);
    // Requires: the container's opening text ('[', '{', '(' or "([") was consumed. Returns its
    // value when it is empty, or prepares its first item and returns nothing.
    std::optional<Value> openList(Frame &frame);
    // Reads what comes before an item's value: an object's member name and ':', a Map entry's
    // '['. Requires: the list's ',' or opening bracket was consumed.
    void beginItem(Frame &frame);
    // Takes a completed item or argument into the innermost frame; returns true when that
    // frame is complete, false when it awaits another value.
    bool take(Frame &frame, Value value);
    // After an item: consumes ',' (then begins the next item) or the closing bracket.
    bool continueList(Frame &frame);
    // Requires: the frame is complete. Consumes its final ')' when it has one.
    Value finish(Frame &frame);
    void checkByte(const Frame &frame, const Value &element) const;
    Value finishDate(const Frame &frame, const Value &argument);

    // Consumes `c` after optional white space, or fails expecting it.
    void expect(char c, std::string_view expected);
    // Opens a frame for a container starting at `at`; fails when it would nest too deep.
    Frame &open(Frame::Kind kind, std::size_t at);

    LiteralLexer m_lexer;
    std::vector<Frame> m_frames; // The open containers, innermost last.
};

Value LiteralParser::parseDocument()
{
    Value value = parseValue();
    m_lexer.skipWhitespace();
    if (!m_lexer.atEnd())
        m_lexer.fail("end of input", kOperatorsAfterValue);
    return value;
}

Value LiteralParser::parseValueAt(std::size_t &position)
{
    m_lexer.seek(position);
    Value value = parseValue();
    position = m_lexer.position();
    return value;
}

Value LiteralParser::parseValue()
{
    for (;;) {
        std::optional<Value> value = readOrOpen();
        if (!value)
            continue; // A container opened; read its first item.
        // Hand the value up until a container wants another one, or the value is complete.
        for (;;) {
            if (m_frames.empty())
                return std::move(*value);
            Frame &frame = m_frames.back();
            if (!take(frame, std::move(*value)))
                break;
            value = finish(frame);
            m_frames.pop_back();
        }
    }
}

Frame &LiteralParser::open(Frame::Kind kind, std::size_t at)
{
    if (m_frames.size() >= static_cast<std::size_t>(kMaxLiteralDepth)) {
        LiteralLexer::failAt(at,
                             "nesting is deeper than " + std::to_string(kMaxLiteralDepth)
                                 + " levels of arrays, objects and constructors");
    }
    Frame &frame = m_frames.emplace_back();
    frame.kind = kind;
    return frame;
}

void LiteralParser::expect(char c, std::string_view expected)
{
    m_lexer.skipWhitespace();
    if (!m_lexer.consume(c))
        m_lexer.fail(expected);
}

std::optional<Value> LiteralParser::readOrOpen()
{
    m_lexer.skipWhitespace();
    const int c = m_lexer.peek();
    if (c == '[' || c == '{') {
        Frame &frame
            = open(c == '[' ? Frame::Kind::Array : Frame::Kind::Object, m_lexer.position());
        m_lexer.consume(static_cast<char>(c));
        frame.close = c == '[' ? ']' : '}';
        return openList(frame);
    }
    if (c == '"' || c == '\'')
        return Value(m_lexer.string());
    if (c == '-' || (c >= '0' && c <= '9'))
        return parseNumber();
    if (m_lexer.atIdentifierStart())
        return parseWord();
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

std::optional<Value> LiteralParser::parseWord()
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
        return openNew(at);
    m_lexer.skipWhitespace();
    if (m_lexer.peek() == '(') {
        LiteralLexer::failAt(at,
                             "function calls are not allowed (only new Date, new Uint8Array, "
                             "new Map and new Set), expected a value");
    }
    LiteralLexer::failAt(at,
                         "unknown name '" + LiteralLexer::excerpt(word) + "', expected a value");
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

// new Date(<number>) or new Date("<ISO 8601 with Z or offset>"); new Date() would be the
// current time, and other forms are local time: neither is a value a literal can hold. The
// other constructors take nothing or one list: new Uint8Array([1]), new Map([[k, v]]), new Set([]).
std::optional<Value> LiteralParser::openNew(std::size_t at)
{
    m_lexer.skipWhitespace();
    const std::size_t nameAt = m_lexer.position();
    const std::string_view name = m_lexer.identifier();
    if (!literal_words::isConstructor(name))
        LiteralLexer::failAt(nameAt, "expected Date, Uint8Array, Map or Set after new");
    const Frame::Kind kind = name == literal_words::kDate    ? Frame::Kind::Date
                             : name == literal_words::kBytes ? Frame::Kind::Bytes
                             : name == literal_words::kMap   ? Frame::Kind::Map
                                                             : Frame::Kind::Set;
    Frame &frame = open(kind, at);
    expect('(', "'('");
    m_lexer.skipWhitespace();
    if (kind == Frame::Kind::Date) {
        frame.at = m_lexer.position();
        if (m_lexer.peek() == ')')
            m_lexer.fail("a number or an ISO 8601 date string");
        return std::nullopt;
    }
    if (m_lexer.consume(')')) { // new Uint8Array(), new Map(), new Set(): empty
        Value value = finish(frame);
        m_frames.pop_back();
        return value;
    }
    expect('[', "'['");
    frame.close = ']';
    frame.closesWithParenthesis = true;
    return openList(frame);
}

std::optional<Value> LiteralParser::openList(Frame &frame)
{
    m_lexer.skipWhitespace();
    if (m_lexer.consume(frame.close)) {
        Value value = finish(frame);
        m_frames.pop_back();
        return value;
    }
    beginItem(frame);
    return std::nullopt;
}

void LiteralParser::beginItem(Frame &frame)
{
    switch (frame.kind) {
    case Frame::Kind::Object:
        m_lexer.skipWhitespace();
        frame.memberName = parseMemberName();
        expect(':', "':'");
        break;
    case Frame::Kind::Bytes:
        m_lexer.skipWhitespace();
        frame.at = m_lexer.position();
        break;
    case Frame::Kind::Map:
        expect('[', "a [key, value] entry");
        break;
    default:
        break;
    }
}

bool LiteralParser::take(Frame &frame, Value value)
{
    switch (frame.kind) {
    case Frame::Kind::Array:
        frame.items.push_back(std::move(value));
        break;
    case Frame::Kind::Object:
        frame.object.add(std::move(frame.memberName), std::move(value));
        break;
    case Frame::Kind::Date:
        frame.items.push_back(finishDate(frame, value));
        return true;
    case Frame::Kind::Bytes:
        // Elements are read as any value and then checked, so the message can quote them.
        checkByte(frame, value);
        frame.bytes.data += static_cast<char>(static_cast<unsigned char>(value.asNumber()));
        break;
    case Frame::Kind::Map:
        if (!frame.readingMapValue) {
            frame.mapKey = std::move(value);
            expect(',', "',' (a Map entry is [key, value])");
            frame.readingMapValue = true;
            return false;
        }
        expect(']', "']' (a Map entry is [key, value])");
        frame.collection.addEntry(std::move(frame.mapKey), std::move(value));
        frame.readingMapValue = false;
        break;
    case Frame::Kind::Set:
        frame.collection.addItem(std::move(value));
        break;
    }
    return continueList(frame);
}

bool LiteralParser::continueList(Frame &frame)
{
    m_lexer.skipWhitespace();
    if (m_lexer.consume(frame.close))
        return true;
    const bool isObject = frame.kind == Frame::Kind::Object;
    if (!m_lexer.consume(','))
        m_lexer.fail(isObject ? "',' or '}'" : "',' or ']'", kOperatorsAfterValue);
    m_lexer.skipWhitespace();
    if (m_lexer.peek() == static_cast<unsigned char>(frame.close)) {
        const char *itemName = frame.kind == Frame::Kind::Object  ? "a member name"
                               : frame.kind == Frame::Kind::Bytes ? "a byte value"
                               : frame.kind == Frame::Kind::Map   ? "a [key, value] entry"
                                                                  : "a value";
        LiteralLexer::failAt(m_lexer.position(),
                             "trailing commas are not allowed, expected " + std::string(itemName));
    }
    beginItem(frame);
    return false;
}

Value LiteralParser::finish(Frame &frame)
{
    if (frame.closesWithParenthesis)
        expect(')', "')'");
    switch (frame.kind) {
    case Frame::Kind::Array:
        return Value::array(std::move(frame.items));
    case Frame::Kind::Object:
        return std::move(frame.object).build();
    case Frame::Kind::Date:
        return std::move(frame.items.front());
    case Frame::Kind::Bytes:
        return Value(std::move(frame.bytes));
    case Frame::Kind::Map:
        return std::move(frame.collection).buildMap();
    case Frame::Kind::Set:
        return std::move(frame.collection).buildSet();
    }
    return Value();
}

void LiteralParser::checkByte(const Frame &frame, const Value &element) const
{
    const double n = element.isNumber() ? element.asNumber() : -1;
    if (n >= 0 && n <= 255 && n == std::trunc(n))
        return;
    const std::string_view written = m_lexer.text().substr(frame.at, m_lexer.position() - frame.at);
    LiteralLexer::failAt(
        frame.at, "byte values must be integers 0..255, got " + LiteralLexer::excerpt(written));
}

Value LiteralParser::finishDate(const Frame &frame, const Value &argument)
{
    double ms = 0;
    if (argument.isNumber()) {
        ms = argument.asNumber();
    } else if (argument.type() == Value::Type::String) {
        const IsoDateTime parsed = parseIsoDateTime(argument.asString());
        if (!parsed.problem.empty()) {
            LiteralLexer::failAt(frame.at,
                                 parsed.problem + ", got \""
                                     + LiteralLexer::excerpt(argument.asString()) + "\"");
        }
        ms = parsed.ms;
    } else {
        LiteralLexer::failAt(frame.at, "expected a number or an ISO 8601 date string");
    }
    expect(')', "')'");
    return Value(Date(ms));
}

} // namespace

Value parseLiteral(std::string_view text)
{
    return LiteralParser(text).parseDocument();
}

Value parseLiteralAt(std::string_view text, std::size_t &position)
{
    return LiteralParser(text).parseValueAt(position);
}

Key parseKeyLiteral(std::string_view text)
{
    return keyFromValue(parseLiteral(text));
}

} // namespace kvs
