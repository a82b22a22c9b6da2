#include "codec/json_allocator.h"
#include "codec/json_text.h"
#include "codec/value_markers.h"
#include "codec/wtf8.h"

#include <kvs/errors.h>
#include <kvs/value_codec.h>

#include <iterator>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>
#include <string>
#include <vector>

namespace kvs {

namespace {

// Deeper than JSON.stringify gets with Node's default stack (4174 nested arrays measured on
// Node 20), so every row a JS writer stores reads back; shallow enough that the recursive
// consumers of a Value (encoder, destructor, printer) stay far inside a thread's stack.
constexpr std::size_t kMaxDepth = 5000;

// Iterative: garbage such as a million '[' must not recurse. Numbers as strings: we convert
// them with from_chars (see json_text::toDouble). No other flag: JSON.parse accepts no
// comments, trailing commas, NaN or Infinity either.
constexpr unsigned kParseFlags
    = rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag;

[[noreturn]] void fail(const std::string &what, std::size_t at)
{
    throw Error("kvs: cannot decode value: " + what + " at byte " + std::to_string(at));
}

const char *describe(rapidjson::ParseErrorCode code)
{
    switch (code) {
    case rapidjson::kParseErrorDocumentEmpty:
        return "no JSON value";
    case rapidjson::kParseErrorValueInvalid:
        return "an invalid JSON value";
    case rapidjson::kParseErrorDocumentRootNotSingular:
        return "more text after the JSON value";
    case rapidjson::kParseErrorObjectMissName:
        return "missing a member name in an object";
    case rapidjson::kParseErrorObjectMissColon:
        return "missing ':' after a member name";
    case rapidjson::kParseErrorObjectMissCommaOrCurlyBracket:
        return "missing ',' or '}' in an object";
    case rapidjson::kParseErrorArrayMissCommaOrSquareBracket:
        return "missing ',' or ']' in an array";
    case rapidjson::kParseErrorStringUnicodeEscapeInvalidHex:
        return "a \\u escape without four hex digits";
    case rapidjson::kParseErrorStringUnicodeSurrogateInvalid:
        return "an invalid surrogate escape";
    case rapidjson::kParseErrorStringEscapeInvalid:
        return "an invalid escape or a control character in a string";
    case rapidjson::kParseErrorStringMissQuotationMark:
        return "a string without its closing quote";
    case rapidjson::kParseErrorStringInvalidEncoding:
        return "a string that is not UTF-8";
    case rapidjson::kParseErrorNumberTooBig:
        // RapidJSON 1.1 refuses exponents over 308, where JSON.parse gives Infinity. No JS writer
        // stores such a number (JSON.stringify writes no exponent over 308).
        return "a number with an exponent over 308";
    case rapidjson::kParseErrorNumberMissFraction:
        return "a number without digits after '.'";
    case rapidjson::kParseErrorNumberMissExponent:
        return "a number without exponent digits";
    default:
        return "invalid JSON";
    }
}

// Builds the Value straight from RapidJSON's SAX events, with its own stack of open arrays and
// objects (no DOM, no recursion). The items and members of all open containers share two
// scratch stacks, so a container costs one allocation of its exact size when it closes, however
// it grew. Objects get JavaScript's member order when they close; in typed JSON an object whose
// first member is "~" is a marker, interpreted when it closes.
class ValueHandler
{
public:
    ValueHandler(bool typed, const rapidjson::MemoryStream &stream)
        : m_stream(stream)
        , m_typed(typed)
    {
        // Room for common rows up front instead of growing 1, 2, 4, ...
        m_frames.reserve(8);
        m_items.reserve(16);
        m_members.reserve(16);
    }

    bool Null() { return put(Value(nullptr)); }
    bool Bool(bool b) { return put(Value(b)); }
    // Only RawNumber is called under kParseNumbersAsStringsFlag; the others complete the concept.
    bool Int(int i) { return put(Value(static_cast<double>(i))); }
    bool Uint(unsigned i) { return put(Value(static_cast<double>(i))); }
    bool Int64(std::int64_t i) { return put(Value(static_cast<double>(i))); }
    bool Uint64(std::uint64_t i) { return put(Value(static_cast<double>(i))); }
    bool Double(double d) { return put(Value(d)); }
    bool RawNumber(const char *text, rapidjson::SizeType length, bool)
    {
        return put(Value(json_text::toDouble(std::string_view(text, length))));
    }
    bool String(const char *text, rapidjson::SizeType length, bool)
    {
        return put(Value(std::string(text, length)));
    }
    bool StartObject() { return open(Frame::Kind::Object, m_members.size()); }
    bool Key(const char *text, rapidjson::SizeType length, bool);
    bool EndObject(rapidjson::SizeType);
    bool StartArray() { return open(Frame::Kind::Array, m_items.size()); }
    bool EndArray(rapidjson::SizeType);

    Value takeResult() { return std::move(m_result); }
    const std::string &error() const { return m_error; }
    std::size_t errorOffset() const { return m_errorOffset; }

private:
    struct Frame
    {
        enum class Kind { Array, Object, Marker } kind;
        std::size_t offset;      // Of its '{' or '['.
        std::size_t start;       // Its first item in m_items, or first member in m_members.
        bool readingTag = false; // Marker: the value being read is the "~" member's.
        MarkerParts marker;
    };

    bool open(Frame::Kind kind, std::size_t start);
    bool put(Value value);
    bool stop(std::string what, std::size_t at);

    const rapidjson::MemoryStream &m_stream; // Not owned.
    bool m_typed;
    std::vector<Frame> m_frames; // The open containers, innermost last.
    Value::Items m_items;        // Items of the open arrays, innermost array's last.
    Value::Members m_members;    // Members of the open objects; the last one may await its value.
    Value m_result;
    std::string m_error;
    std::size_t m_errorOffset = 0;
};

bool ValueHandler::open(Frame::Kind kind, std::size_t start)
{
    if (m_frames.size() == kMaxDepth)
        return stop("nesting deeper than " + std::to_string(kMaxDepth) + " levels",
                    m_stream.Tell());
    // RapidJSON calls us before it takes the bracket, so Tell() is the bracket's offset.
    m_frames.push_back(Frame{kind, m_stream.Tell(), start, false, MarkerParts{}});
    return true;
}

bool ValueHandler::Key(const char *text, rapidjson::SizeType length, bool)
{
    Frame &frame = m_frames.back();
    const std::string_view name(text, length);
    if (m_typed && frame.kind == Frame::Kind::Object && name == "~") {
        // The JS writer puts "~" first in a marker and turns a user object with its own "~"
        // into an "O" marker; a "~" anywhere else was not written by it, and either reading
        // (marker or plain member) could be wrong, so it is refused.
        if (m_members.size() != frame.start)
            return stop("a \"~\" member that is not the first member", frame.offset);
        frame.kind = Frame::Kind::Marker;
        frame.readingTag = true;
        return true;
    }
    if (frame.kind == Frame::Kind::Marker) {
        // The JS writer writes "~" and at most one "v"; anything more is refused rather than
        // dropped, so that writing the value back cannot lose data silently.
        if (name != "v" || frame.marker.hasV) {
            std::string quoted;
            appendJsonString(name.substr(0, 64), quoted);
            return stop("a marker with an unexpected member " + quoted, frame.offset);
        }
        frame.readingTag = false;
        return true;
    }
    m_members.emplace_back(std::string(name), Value());
    return true;
}

bool ValueHandler::EndObject(rapidjson::SizeType)
{
    Frame &frame = m_frames.back();
    Value value;
    if (frame.kind == Frame::Kind::Marker) {
        std::string why;
        if (!decodeMarker(frame.marker, value, why))
            return stop(std::move(why), frame.offset);
    } else {
        const auto first = m_members.begin() + static_cast<std::ptrdiff_t>(frame.start);
        value = buildObject(Value::Members(std::make_move_iterator(first),
                                           std::make_move_iterator(m_members.end())));
        m_members.erase(first, m_members.end());
    }
    m_frames.pop_back();
    return put(std::move(value));
}

bool ValueHandler::EndArray(rapidjson::SizeType)
{
    const auto first = m_items.begin() + static_cast<std::ptrdiff_t>(m_frames.back().start);
    Value value = Value::array(
        Value::Items(std::make_move_iterator(first), std::make_move_iterator(m_items.end())));
    m_items.erase(first, m_items.end());
    m_frames.pop_back();
    return put(std::move(value));
}

bool ValueHandler::put(Value value)
{
    if (m_frames.empty()) {
        m_result = std::move(value);
        return true;
    }
    Frame &frame = m_frames.back();
    switch (frame.kind) {
    case Frame::Kind::Array:
        m_items.push_back(std::move(value));
        break;
    case Frame::Kind::Object:
        m_members.back().second = std::move(value); // Its name came with Key().
        break;
    case Frame::Kind::Marker:
        if (frame.readingTag) {
            frame.marker.tag = std::move(value);
        } else {
            frame.marker.v = std::move(value);
            frame.marker.hasV = true;
        }
        break;
    }
    return true;
}

bool ValueHandler::stop(std::string what, std::size_t at)
{
    m_error = std::move(what);
    m_errorOffset = at;
    return false;
}

// The fast path for the commonest row, a short plain string such as "v": printable ASCII or
// well-formed UTF-8 without escapes needs no parser. Returns whether text is such a string.
bool isSimpleString(std::string_view text) noexcept
{
    if (text.size() < 2 || text.front() != '"' || text.back() != '"')
        return false;
    const auto *p = reinterpret_cast<const unsigned char *>(text.data()) + 1;
    const auto *const end = reinterpret_cast<const unsigned char *>(text.data()) + text.size() - 1;
    while (p != end) {
        if (*p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\') {
            ++p;
            continue;
        }
        if (*p < 0x80)
            return false;
        const wtf8::Sequence seq = wtf8::decode(p, end, false);
        if (!seq.valid)
            return false;
        p += seq.length;
    }
    return true;
}

// base is where text starts in the stored bytes (1 after the 0x03 of typed JSON), so offsets in
// messages count from the start of the row.
Value readJson(std::string_view text, bool typed, std::size_t base)
{
    json_text::Normalized normalized;
    const bool isNormalized = json_text::needsNormalizing(text);
    if (isNormalized) {
        normalized = json_text::normalize(text);
        text = normalized.text;
    }
    const auto rowOffset = [&](std::size_t at) {
        return base + (isNormalized ? normalized.inputOffset(at) : at);
    };

    rapidjson::MemoryStream stream(text.data(), text.size());
    ValueHandler handler(typed, stream);
    detail::JsonReader reader;
    const rapidjson::ParseResult result = reader.Parse<kParseFlags>(stream, handler);
    if (result.IsError()) {
        if (result.Code() == rapidjson::kParseErrorTermination)
            fail(handler.error(), rowOffset(handler.errorOffset()));
        const std::size_t at = result.Offset();
        // MemoryStream reads a NUL byte as the end of the text.
        if (at < text.size() && text[at] == '\0')
            fail("a NUL byte in JSON text", rowOffset(at));
        if (at >= text.size() && result.Code() != rapidjson::kParseErrorDocumentEmpty)
            fail("truncated JSON text", rowOffset(at));
        fail(describe(result.Code()), rowOffset(at));
    }
    if (stream.Tell() != text.size())
        fail("a NUL byte in JSON text", rowOffset(stream.Tell()));
    return handler.takeResult();
}

} // namespace

Value decodeValue(std::string_view bytes)
{
    if (bytes.empty())
        fail("no bytes", 0);
    const auto first = static_cast<unsigned char>(bytes[0]);
    if (first <= 0x02) {
        if (bytes.size() != 1)
            fail("more bytes after the sentinel byte", 1);
        return first == 0x00 ? Value(nullptr) : Value(first == 0x01);
    }
    if (first == 0x03)
        return readJson(bytes.substr(1), true, 1);
    // Plain JSON (the 0.4 format; rows stored as TEXT are the same bytes), read without markers.
    if (isSimpleString(bytes))
        return Value(std::string(bytes.substr(1, bytes.size() - 2))); // Built in place: one move.
    double number = 0;
    if (bytes.size() <= 32 && json_text::readSimpleNumber(bytes, number))
        return Value(number);
    return readJson(bytes, false, 0);
}

} // namespace kvs
