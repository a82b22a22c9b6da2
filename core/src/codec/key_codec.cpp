#include "codec/wtf8.h"

#include <kvs/errors.h>
#include <kvs/js_number.h>
#include <kvs/key.h>

#include <QByteArray>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace kvs {

namespace {

constexpr char kTagBytes = 0x01;
constexpr char kTagString = 0x02;
constexpr char kTagNumber = 0x03;
constexpr char kTagBigInt = 0x04;
constexpr char kTagFalse = 0x05;
constexpr char kTagTrue = 0x06;

// Strings and bytes: 0x00 becomes 0x00 0xff so the 0x00 separator stays unambiguous.
void appendEscaped(std::string_view data, std::string &out)
{
    std::size_t from = 0;
    for (std::size_t zero = data.find('\0'); zero != std::string_view::npos;
         zero = data.find('\0', from)) {
        out.append(data, from, zero - from + 1);
        out += '\xff';
        from = zero + 1;
    }
    out.append(data, from);
}

// A string may hold a lone surrogate (WTF-8, from JSON such as "\ud800"); JavaScript's
// TextEncoder writes U+FFFD for it, so the key bytes match a JS writer.
void appendStringPart(const std::string &s, std::string &out)
{
    if (s.find('\xed') == std::string::npos) {
        appendEscaped(s, out);
        return;
    }
    std::string utf8;
    utf8.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c == 0xed && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0xa0) {
            utf8 += "\xef\xbf\xbd";
            i += 2;
        } else {
            utf8 += s[i];
        }
    }
    appendEscaped(utf8, out);
}

void appendNumberPart(double n, std::string &out)
{
    if (n != n)
        throw TypeError("kvs: NaN cannot be a key part");
    if (n == 0)
        n = 0; // -0 is normalised to 0 (KVS-10).
    auto bits = std::bit_cast<std::uint64_t>(n);
    bits = n < 0 ? ~bits : bits ^ (std::uint64_t{1} << 63);
    for (int shift = 56; shift >= 0; shift -= 8)
        out += static_cast<char>((bits >> shift) & 0xff);
}

void appendBigIntPart(const BigInt &b, std::string &out)
{
    const std::string &magnitude = b.magnitude();
    if (magnitude.size() > 255) {
        throw RangeError("kvs: a bigint key part has at most 255 magnitude bytes, got "
                         + std::to_string(magnitude.size()));
    }
    if (!b.isNegative()) {
        out += '\x01';
        out += static_cast<char>(magnitude.size());
        out += magnitude;
        return;
    }
    out += '\x00';
    out += static_cast<char>(0xff - magnitude.size());
    for (char c : magnitude)
        out += static_cast<char>(0xff - static_cast<unsigned char>(c));
}

[[noreturn]] void malformed(const char *what, std::size_t at)
{
    throw Error(std::string("kvs: cannot decode key: ") + what + " at byte " + std::to_string(at));
}

// Reads an escaped string or bytes payload up to its separator; pos ends after the separator.
std::string readEscaped(std::string_view bytes, std::size_t &pos)
{
    std::string out;
    std::size_t from = pos;
    for (;;) {
        const std::size_t zero = bytes.find('\0', pos);
        if (zero == std::string_view::npos)
            malformed("missing separator", bytes.size());
        if (zero + 1 < bytes.size() && bytes[zero + 1] == '\xff') {
            out.append(bytes, from, zero - from + 1);
            pos = zero + 2;
            from = pos;
            continue;
        }
        out.append(bytes, from, zero - from);
        pos = zero + 1;
        return out;
    }
}

void expectSeparator(std::string_view bytes, std::size_t &pos)
{
    if (pos >= bytes.size() || bytes[pos] != '\0')
        malformed("missing separator", pos);
    ++pos;
}

double readNumber(std::string_view bytes, std::size_t &pos)
{
    if (bytes.size() - pos < 8)
        malformed("truncated number", pos);
    std::uint64_t bits = 0;
    for (int i = 0; i < 8; ++i)
        bits = (bits << 8) | static_cast<unsigned char>(bytes[pos + static_cast<std::size_t>(i)]);
    pos += 8;
    bits = (bits >> 63) != 0 ? bits ^ (std::uint64_t{1} << 63) : ~bits;
    return std::bit_cast<double>(bits);
}

BigInt readBigInt(std::string_view bytes, std::size_t &pos)
{
    if (bytes.size() - pos < 2)
        malformed("truncated bigint", pos);
    const auto sign = static_cast<unsigned char>(bytes[pos]);
    if (sign > 1)
        malformed("bad bigint sign", pos);
    const bool negative = sign == 0;
    auto length = static_cast<unsigned char>(bytes[pos + 1]);
    if (negative)
        length = static_cast<unsigned char>(0xff - length);
    pos += 2;
    if (bytes.size() - pos < length)
        malformed("truncated bigint", pos);
    std::string magnitude(bytes.substr(pos, length));
    if (negative) {
        for (char &c : magnitude)
            c = static_cast<char>(0xff - static_cast<unsigned char>(c));
    }
    pos += length;
    return BigInt::fromMagnitude(negative, magnitude);
}

} // namespace

KeyPart::Type KeyPart::type() const noexcept
{
    switch (m_data.index()) {
    case 0:
        return Type::Bytes;
    case 1:
        return Type::String;
    case 2:
        return Type::Number;
    case 3:
        return Type::BigInt;
    default:
        return Type::Boolean;
    }
}

void encodeKey(const Key &key, std::string &out)
{
    for (const KeyPart &part : key) {
        switch (part.type()) {
        case KeyPart::Type::Bytes:
            out += kTagBytes;
            appendEscaped(part.asBytes().data, out);
            break;
        case KeyPart::Type::String:
            out += kTagString;
            appendStringPart(part.asString(), out);
            break;
        case KeyPart::Type::Number:
            out += kTagNumber;
            appendNumberPart(part.asNumber(), out);
            break;
        case KeyPart::Type::BigInt:
            out += kTagBigInt;
            appendBigIntPart(part.asBigInt(), out);
            break;
        case KeyPart::Type::Boolean:
            out += part.asBoolean() ? kTagTrue : kTagFalse;
            break;
        }
        out += '\0';
    }
}

std::string encodeKey(const Key &key)
{
    std::string out;
    out.reserve(32);
    encodeKey(key, out);
    return out;
}

KeyPart decodeKeyPart(std::string_view bytes, std::size_t &pos)
{
    if (pos >= bytes.size())
        malformed("truncated part", pos);
    const char tag = bytes[pos++];
    switch (tag) {
    case kTagBytes:
        return KeyPart(Bytes{readEscaped(bytes, pos)});
    case kTagString:
        // As the reference's decodeKey does with TextDecoder: ill-formed bytes become U+FFFD.
        return KeyPart(wtf8::toWellFormed(readEscaped(bytes, pos)));
    case kTagNumber: {
        KeyPart part(readNumber(bytes, pos));
        expectSeparator(bytes, pos);
        return part;
    }
    case kTagBigInt: {
        KeyPart part(readBigInt(bytes, pos));
        expectSeparator(bytes, pos);
        return part;
    }
    case kTagFalse:
    case kTagTrue:
        expectSeparator(bytes, pos);
        return KeyPart(tag == kTagTrue);
    default:
        malformed("unknown type tag", pos - 1);
    }
}

Key decodeKey(std::string_view bytes)
{
    Key key;
    std::size_t pos = 0;
    while (pos < bytes.size())
        key.push_back(decodeKeyPart(bytes, pos));
    return key;
}

std::string encodeKeyPrefix(const Key &prefix)
{
    return encodeKey(prefix);
}

std::string prefixSuccessor(std::string_view prefix)
{
    std::size_t i = prefix.size();
    while (i > 0 && static_cast<unsigned char>(prefix[i - 1]) == 0xff)
        --i;
    if (i == 0)
        return {};
    std::string out(prefix.substr(0, i));
    out.back() = static_cast<char>(static_cast<unsigned char>(out.back()) + 1);
    return out;
}

void checkKeySize(std::size_t encodedSize, long long maxKeySize)
{
    if (static_cast<long long>(encodedSize) > maxKeySize) {
        throw RangeError("kvs: key is " + std::to_string(encodedSize) + " bytes encoded, over the "
                         + std::to_string(maxKeySize) + "-byte limit (maxKeySize)");
    }
}

Value keyToValue(const Key &key)
{
    Value::Items items;
    items.reserve(key.size());
    for (const KeyPart &part : key) {
        switch (part.type()) {
        case KeyPart::Type::Bytes:
            items.emplace_back(part.asBytes());
            break;
        case KeyPart::Type::String:
            items.emplace_back(part.asString());
            break;
        case KeyPart::Type::Number:
            items.emplace_back(part.asNumber());
            break;
        case KeyPart::Type::BigInt:
            items.emplace_back(part.asBigInt());
            break;
        case KeyPart::Type::Boolean:
            items.emplace_back(part.asBoolean());
            break;
        }
    }
    return Value::array(std::move(items));
}

Key keyFromValue(const Value &value)
{
    if (value.type() != Value::Type::Array) {
        throw TypeError(std::string("kvs: a key must be an array of key parts, got ")
                        + describeKind(value));
    }
    Key key;
    key.reserve(value.items().size());
    std::size_t index = 0;
    for (const Value &item : value.items()) {
        switch (item.type()) {
        case Value::Type::Bytes:
            key.emplace_back(item.asBytes());
            break;
        case Value::Type::String:
            key.emplace_back(item.asString());
            break;
        case Value::Type::Number:
            key.emplace_back(item.asNumber());
            break;
        case Value::Type::BigInt:
            key.emplace_back(item.asBigInt());
            break;
        case Value::Type::Boolean:
            key.emplace_back(item.asBoolean());
            break;
        default:
            throw TypeError("kvs: key part " + std::to_string(index) + " is " + describeKind(item)
                            + "; a key part must be a string, number, bigint, boolean or "
                              "Uint8Array");
        }
        ++index;
    }
    return key;
}

std::string encodeCursor(std::string_view encodedKey)
{
    const QByteArray raw
        = QByteArray::fromRawData(encodedKey.data(), static_cast<qsizetype>(encodedKey.size()));
    const QByteArray b64 = raw.toBase64();
    return std::string(b64.constData(), static_cast<std::size_t>(b64.size()));
}

std::string decodeCursor(std::string_view cursor)
{
    const QByteArray text(cursor.data(), static_cast<qsizetype>(cursor.size()));
    const auto decoded
        = QByteArray::fromBase64Encoding(text, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded) {
        std::string quoted(cursor.substr(0, 64));
        throw RangeError("kvs: list cursor is not valid base64: \"" + quoted + "\"");
    }
    return std::string(decoded.decoded.constData(),
                       static_cast<std::size_t>(decoded.decoded.size()));
}

} // namespace kvs
