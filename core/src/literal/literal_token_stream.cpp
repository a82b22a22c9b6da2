#include "literal/iso_date.h"
#include "literal/literal_words.h"

#include <kvs/js_number.h>
#include <kvs/literal_tokens.h>
#include <kvs/value_codec.h>

#include <cassert>
#include <cmath>

namespace kvs {

namespace {

constexpr std::string_view kComma = ",";
constexpr std::string_view kNameSeparator = ": ";

// "0".."255": a Uint8Array's items cost no formatting.
std::string_view byteText(unsigned char byte)
{
    static const std::array<std::string, 256> texts = [] {
        std::array<std::string, 256> result;
        for (std::size_t i = 0; i < result.size(); ++i)
            result[i] = std::to_string(i);
        return result;
    }();
    return texts[byte];
}

std::string_view opening(LiteralContainer container)
{
    return container == LiteralContainer::Object ? "{" : "[";
}

std::string_view closing(LiteralContainer container)
{
    return container == LiteralContainer::Object ? "}" : "]";
}

// Map, Set and Uint8Array are "new X([...])": their brackets sit inside parentheses.
bool isConstructed(LiteralContainer container)
{
    return container == LiteralContainer::Map || container == LiteralContainer::Set
           || container == LiteralContainer::Bytes;
}

} // namespace

// One container being printed: which, where it is in its items, and what it reads them from.
struct LiteralTokenStream::Frame
{
    LiteralContainer container = LiteralContainer::Array;
    std::size_t index = 0; // The next item (MapEntry: 0 key, 1 value, 2 the end).
    std::size_t size = 0;
    const Value *value = nullptr;                   // Array, Object, Map, Set.
    const std::pair<Value, Value> *entry = nullptr; // MapEntry.
    const std::string *bytes = nullptr;             // Bytes.
    const Key *key = nullptr;                       // A key (container Array).
};

LiteralTokenStream::LiteralTokenStream(const Value &value, LiteralStyle style)
    : m_style(style)
{
    addValue(value);
}

LiteralTokenStream::LiteralTokenStream(const Key &key)
{
    Frame frame;
    frame.size = key.size();
    frame.key = &key;
    m_frames.push_back(frame);
    addBegin(LiteralContainer::Array, key.size(), nullptr);
}

LiteralTokenStream::~LiteralTokenStream() = default;

bool LiteralTokenStream::next(LiteralToken &token)
{
    if (m_pendingNext == m_pendingSize) {
        m_pendingNext = 0;
        m_pendingSize = 0;
        if (m_frames.empty())
            return false;
        refill();
    }
    token = m_pending[m_pendingNext++];
    m_afterBegin = token.kind == LiteralTokenKind::Begin;
    return true;
}

void LiteralTokenStream::skipContainer()
{
    assert(m_afterBegin && !m_frames.empty());
    // A Begin is the last token of its step but for the opening text, and its container is the
    // innermost frame (addBegin).
    m_pendingNext = m_pendingSize;
    m_frames.pop_back();
    m_afterBegin = false;
}

void LiteralTokenStream::add(LiteralTokenKind kind, std::string_view text)
{
    assert(m_pendingSize < m_pending.size());
    LiteralToken &token = m_pending[m_pendingSize++];
    token = LiteralToken{};
    token.kind = kind;
    token.text = text;
}

void LiteralTokenStream::addMark(LiteralTokenKind kind,
                                 LiteralContainer container,
                                 std::size_t count)
{
    add(kind);
    m_pending[m_pendingSize - 1].container = container;
    m_pending[m_pendingSize - 1].count = count;
}

// Requires: the container's frame was pushed last. Ends the step: skipContainer relies on
// nothing but the opening text following a Begin.
void LiteralTokenStream::addBegin(LiteralContainer container, std::size_t count, const Value *value)
{
    addMark(LiteralTokenKind::Begin, container, count);
    m_pending[m_pendingSize - 1].value = value;
    switch (container) {
    case LiteralContainer::Map:
        add(LiteralTokenKind::Constructor, literal_words::kNewMap);
        break;
    case LiteralContainer::Set:
        add(LiteralTokenKind::Constructor, literal_words::kNewSet);
        break;
    case LiteralContainer::Bytes:
        add(LiteralTokenKind::Constructor, literal_words::kNewBytes);
        break;
    default:
        break;
    }
    if (isConstructed(container))
        add(LiteralTokenKind::Punctuation, "(");
    add(LiteralTokenKind::Punctuation, opening(container));
}

// Writes a scalar's tokens, or opens a container (its frame and Begin).
void LiteralTokenStream::addValue(const Value &value)
{
    switch (value.type()) {
    case Value::Type::Undefined:
        add(LiteralTokenKind::Keyword, literal_words::kUndefined);
        return;
    case Value::Type::Null:
        add(LiteralTokenKind::Keyword, literal_words::kNull);
        return;
    case Value::Type::Boolean:
        add(LiteralTokenKind::Keyword,
            value.asBoolean() ? literal_words::kTrue : literal_words::kFalse);
        return;
    case Value::Type::Number:
        addNumber(value.asNumber());
        return;
    case Value::Type::String:
        add(LiteralTokenKind::String, value.asString());
        return;
    case Value::Type::BigInt:
        addBigInt(value.asBigInt());
        return;
    case Value::Type::Date:
        addDate(value.asDate());
        return;
    case Value::Type::Bytes:
        pushBytes(value.asBytes().data, &value);
        return;
    case Value::Type::Array:
        pushContainer(LiteralContainer::Array, value.items().size(), value);
        return;
    case Value::Type::Set:
        pushContainer(LiteralContainer::Set, value.items().size(), value);
        return;
    case Value::Type::Object:
        pushContainer(LiteralContainer::Object, value.members().size(), value);
        return;
    case Value::Type::Map:
        pushContainer(LiteralContainer::Map, value.entries().size(), value);
        return;
    }
}

void LiteralTokenStream::pushContainer(LiteralContainer container,
                                       std::size_t size,
                                       const Value &value)
{
    Frame frame;
    frame.container = container;
    frame.size = size;
    frame.value = &value;
    m_frames.push_back(frame);
    addBegin(container, size, &value);
}

// Number::toString, except that -0 keeps its sign: the literal must read back as the same value.
void LiteralTokenStream::addNumber(double number)
{
    m_text.clear();
    if (number == 0 && std::signbit(number))
        m_text = "-0";
    else
        appendJsNumber(number, m_text);
    add(std::isfinite(number) ? LiteralTokenKind::Number : LiteralTokenKind::Keyword, m_text);
}

void LiteralTokenStream::addBigInt(const BigInt &number)
{
    m_text = number.toDecimal();
    m_text += 'n';
    add(LiteralTokenKind::BigInt, m_text);
}

void LiteralTokenStream::addDate(const Date &date)
{
    add(LiteralTokenKind::Constructor, literal_words::kNewDate);
    add(LiteralTokenKind::Punctuation, "(");
    m_text.clear();
    if (m_style.isoDates && appendIsoDateTime(date.ms, m_text))
        add(LiteralTokenKind::String, m_text);
    else
        addNumber(date.ms); // NaN for an invalid date; TimeClip leaves no -0.
    add(LiteralTokenKind::Punctuation, ")");
}

void LiteralTokenStream::addKeyPart(const KeyPart &part)
{
    switch (part.type()) {
    case KeyPart::Type::Bytes:
        pushBytes(part.asBytes().data, nullptr);
        return;
    case KeyPart::Type::String:
        add(LiteralTokenKind::String, part.asString());
        return;
    case KeyPart::Type::Number:
        addNumber(part.asNumber());
        return;
    case KeyPart::Type::BigInt:
        addBigInt(part.asBigInt());
        return;
    case KeyPart::Type::Boolean:
        add(LiteralTokenKind::Keyword,
            part.asBoolean() ? literal_words::kTrue : literal_words::kFalse);
        return;
    }
}

void LiteralTokenStream::pushBytes(const std::string &bytes, const Value *value)
{
    Frame frame;
    frame.container = LiteralContainer::Bytes;
    frame.size = bytes.size();
    frame.bytes = &bytes;
    m_frames.push_back(frame);
    addBegin(LiteralContainer::Bytes, bytes.size(), value);
}

// One step of the innermost container: its next item, or its end.
void LiteralTokenStream::refill()
{
    Frame &frame = m_frames.back();
    if (frame.container == LiteralContainer::MapEntry)
        advanceMapEntry(frame);
    else
        advanceContainer(frame);
}

void LiteralTokenStream::advanceContainer(Frame &frame)
{
    if (frame.index == frame.size) {
        const LiteralContainer container = frame.container;
        m_frames.pop_back();
        addMark(LiteralTokenKind::End, container, 0);
        add(LiteralTokenKind::Punctuation, closing(container));
        if (isConstructed(container))
            add(LiteralTokenKind::Punctuation, ")");
        return;
    }
    const std::size_t index = frame.index++;
    if (index > 0)
        add(LiteralTokenKind::Punctuation, kComma);
    addMark(LiteralTokenKind::Item, frame.container, index);
    // Pushing a child frame below may move `frame`: nothing reads it after these calls.
    if (frame.key) {
        addKeyPart((*frame.key)[index]);
        return;
    }
    switch (frame.container) {
    case LiteralContainer::Array:
    case LiteralContainer::Set:
        addValue(frame.value->items()[index]);
        return;
    case LiteralContainer::Object: {
        const auto &[name, member] = frame.value->members()[index];
        add(LiteralTokenKind::MemberName, name);
        add(LiteralTokenKind::Punctuation, kNameSeparator);
        addValue(member);
        return;
    }
    case LiteralContainer::Map: {
        Frame entry;
        entry.container = LiteralContainer::MapEntry;
        entry.size = 2;
        entry.entry = &frame.value->entries()[index];
        m_frames.push_back(entry);
        addBegin(LiteralContainer::MapEntry, 2, nullptr);
        return;
    }
    case LiteralContainer::Bytes:
        add(LiteralTokenKind::Number, byteText(static_cast<unsigned char>((*frame.bytes)[index])));
        return;
    case LiteralContainer::MapEntry:
        return;
    }
}

void LiteralTokenStream::advanceMapEntry(Frame &frame)
{
    const std::pair<Value, Value> &entry = *frame.entry;
    switch (frame.index++) {
    case 0:
        addMark(LiteralTokenKind::Item, LiteralContainer::MapEntry, 0);
        addValue(entry.first);
        return;
    case 1:
        add(LiteralTokenKind::Punctuation, kComma);
        addMark(LiteralTokenKind::Item, LiteralContainer::MapEntry, 1);
        addValue(entry.second);
        return;
    default:
        m_frames.pop_back();
        addMark(LiteralTokenKind::End, LiteralContainer::MapEntry, 0);
        add(LiteralTokenKind::Punctuation, closing(LiteralContainer::MapEntry));
        return;
    }
}

void appendLiteralText(const LiteralToken &token, std::string &out)
{
    switch (token.kind) {
    case LiteralTokenKind::String:
    case LiteralTokenKind::MemberName:
        appendJsonString(token.text, out);
        return;
    case LiteralTokenKind::Begin:
    case LiteralTokenKind::Item:
    case LiteralTokenKind::End:
        return;
    default:
        out += token.text;
        return;
    }
}

} // namespace kvs
