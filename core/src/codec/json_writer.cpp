#include "codec/json_writer.h"

#include "codec/wtf8.h"

#include <kvs/js_number.h>
#include <kvs/value_codec.h>

#include <QByteArray>

#include <array>
#include <cmath>
#include <cstring>

namespace kvs {

namespace {

enum CharClass : unsigned char { kCopy, kEscape, kNonAscii };

// One table lookup per byte keeps the common case (printable ASCII) to a compare and a branch.
constexpr std::array<unsigned char, 256> kCharClasses = [] {
    std::array<unsigned char, 256> classes{};
    for (unsigned c = 0; c < 256; ++c) {
        if (c < 0x20 || c == '"' || c == '\\')
            classes[c] = kEscape;
        else if (c >= 0x80)
            classes[c] = kNonAscii;
        else
            classes[c] = kCopy;
    }
    return classes;
}();

constexpr char kHexDigits[] = "0123456789abcdef";
constexpr std::size_t kShortString = 62;

void appendUnicodeEscape(unsigned unit, std::string &out)
{
    const char escape[6] = {'\\',
                            'u',
                            kHexDigits[(unit >> 12) & 0xf],
                            kHexDigits[(unit >> 8) & 0xf],
                            kHexDigits[(unit >> 4) & 0xf],
                            kHexDigits[unit & 0xf]};
    out.append(escape, sizeof escape);
}

void appendEscape(unsigned char c, std::string &out)
{
    switch (c) {
    case '"':
        out += "\\\"";
        return;
    case '\\':
        out += "\\\\";
        return;
    case '\b':
        out += "\\b";
        return;
    case '\f':
        out += "\\f";
        return;
    case '\n':
        out += "\\n";
        return;
    case '\r':
        out += "\\r";
        return;
    case '\t':
        out += "\\t";
        return;
    default:
        appendUnicodeEscape(c, out);
        return;
    }
}

bool isHighSurrogate(char32_t c)
{
    return c >= 0xd800 && c <= 0xdbff;
}

bool isLowSurrogate(char32_t c)
{
    return c >= 0xdc00 && c <= 0xdfff;
}

} // namespace

void appendJsonString(std::string_view utf8, std::string &out)
{
    const auto *const begin = reinterpret_cast<const unsigned char *>(utf8.data());
    const auto *const end = begin + utf8.size();
    const auto *p = begin;
    while (p != end && kCharClasses[*p] == kCopy)
        ++p;
    if (p == end && utf8.size() <= kShortString) {
        // The hot case (a short key-like string, "v"): one append, no per-character calls.
        char quoted[kShortString + 2];
        quoted[0] = '"';
        std::memcpy(quoted + 1, utf8.data(), utf8.size());
        quoted[utf8.size() + 1] = '"';
        out.append(quoted, utf8.size() + 2);
        return;
    }
    out.reserve(out.size() + utf8.size() + 2);
    out.push_back('"');
    const auto *run = begin; // Start of the bytes not yet copied.
    while (p != end) {
        const unsigned char cls = kCharClasses[*p];
        if (cls == kCopy) {
            ++p;
            continue;
        }
        if (cls == kEscape) {
            out.append(reinterpret_cast<const char *>(run), static_cast<std::size_t>(p - run));
            appendEscape(*p, out);
            run = ++p;
            continue;
        }
        const wtf8::Sequence seq = wtf8::decode(p, end, true);
        if (seq.valid && !isHighSurrogate(seq.codePoint) && !isLowSurrogate(seq.codePoint)) {
            p += seq.length; // Non-ASCII is written as UTF-8, like JSON.stringify.
            continue;
        }
        out.append(reinterpret_cast<const char *>(run), static_cast<std::size_t>(p - run));
        if (!seq.valid) {
            // Not UTF-8 (a caller's bytes in a string): a JavaScript string cannot hold them, and
            // U+FFFD is what a JS reader of raw bytes would see, so the row stays valid JSON.
            out += wtf8::kReplacement;
        } else if (isHighSurrogate(seq.codePoint) && end - p >= 6) {
            // Two WTF-8 halves side by side are one character to JavaScript.
            const wtf8::Sequence next = wtf8::decode(p + 3, end, true);
            if (next.valid && isLowSurrogate(next.codePoint)) {
                wtf8::append(0x10000 + ((seq.codePoint - 0xd800) << 10) + (next.codePoint - 0xdc00),
                             out);
                p += 3;
            } else {
                appendUnicodeEscape(seq.codePoint, out);
            }
        } else {
            // A lone surrogate: well-formed JSON.stringify (ES2019) writes it as an escape.
            appendUnicodeEscape(seq.codePoint, out);
        }
        p += seq.length;
        run = p;
    }
    out.append(reinterpret_cast<const char *>(run), static_cast<std::size_t>(p - run));
    out.push_back('"');
}

void JsonWriter::write(const Value &value)
{
    switch (value.type()) {
    case Value::Type::Undefined:
        m_out += R"({"~":"u"})";
        return;
    case Value::Type::Null:
        m_out += "null";
        return;
    case Value::Type::Boolean:
        m_out += value.asBoolean() ? "true" : "false";
        return;
    case Value::Type::Number:
        writeNumber(value.asNumber());
        return;
    case Value::Type::String:
        appendJsonString(value.asString(), m_out);
        return;
    case Value::Type::BigInt:
        writeMarkerStart('B');
        m_out += '"';
        m_out += value.asBigInt().toDecimal(); // Digits and '-' need no escaping.
        m_out += "\"}";
        return;
    case Value::Type::Bytes: {
        const std::string &data = value.asBytes().data;
        const QByteArray base64
            = QByteArray::fromRawData(data.data(), static_cast<qsizetype>(data.size())).toBase64();
        writeMarkerStart('U');
        m_out += '"';
        m_out.append(base64.constData(), static_cast<std::size_t>(base64.size()));
        m_out += "\"}";
        return;
    }
    case Value::Type::Date:
        writeMarkerStart('D');
        if (value.asDate().isValid())
            appendJsNumber(value.asDate().ms, m_out);
        else
            m_out += "null"; // JSON.stringify(NaN) is null, which is what the JS writer relies on.
        m_out += '}';
        return;
    case Value::Type::Array:
        writeItems(value.items());
        return;
    case Value::Type::Object:
        writeObject(value.members());
        return;
    case Value::Type::Map: {
        writeMarkerStart('M');
        m_out += '[';
        bool first = true;
        for (const auto &[key, item] : value.entries()) {
            if (!first)
                m_out += ',';
            first = false;
            m_out += '[';
            write(key);
            m_out += ',';
            write(item);
            m_out += ']';
        }
        m_out += "]}";
        return;
    }
    case Value::Type::Set:
        writeMarkerStart('S');
        writeItems(value.items());
        m_out += '}';
        return;
    }
}

void JsonWriter::writeNumber(double n)
{
    if (std::isfinite(n)) {
        appendJsNumber(n, m_out); // -0 prints as 0, as JSON.stringify writes it.
        return;
    }
    writeMarkerStart('N');
    m_out += n != n ? "\"NaN\"}" : n < 0 ? "\"-Infinity\"}" : "\"Infinity\"}";
}

void JsonWriter::writeItems(const Value::Items &items)
{
    m_out += '[';
    bool first = true;
    for (const Value &item : items) {
        if (!first)
            m_out += ',';
        first = false;
        write(item);
    }
    m_out += ']';
}

void JsonWriter::writeObject(const Value::Members &members)
{
    bool hasTilde = false;
    if (m_typed) {
        for (const auto &member : members) {
            if (member.first == "~") {
                hasTilde = true;
                break;
            }
        }
    }
    if (hasTilde) {
        // {"~":"O","v":[[name,value],...]}: the user's own "~" can then never pass for a marker.
        writeMarkerStart('O');
        m_out += '[';
    } else {
        m_out += '{';
    }
    bool first = true;
    for (const auto &[name, member] : members) {
        if (!first)
            m_out += ',';
        first = false;
        if (hasTilde)
            m_out += '[';
        appendJsonString(name, m_out);
        m_out += hasTilde ? ',' : ':';
        write(member);
        if (hasTilde)
            m_out += ']';
    }
    m_out += hasTilde ? "]}" : "}";
}

// Writes {"~":"<tag>","v": and leaves the value and the closing brace to the caller.
void JsonWriter::writeMarkerStart(char tag)
{
    m_out += R"({"~":")";
    m_out += tag;
    m_out += R"(","v":)";
}

} // namespace kvs
