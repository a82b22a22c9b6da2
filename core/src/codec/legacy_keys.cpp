#include "codec/legacy_keys.h"

namespace kvs::detail {

namespace {

constexpr std::string_view kLegacyMinusZero("\0\0\0\0\0\0\0\0", 8);
constexpr std::string_view kZero("\x80\0\0\0\0\0\0\0", 8);

// Finds the end of an escaped string/bytes payload (the index after its separator), or npos.
std::size_t skipEscaped(std::string_view bytes, std::size_t pos)
{
    for (;;) {
        const std::size_t zero = bytes.find('\0', pos);
        if (zero == std::string_view::npos)
            return zero;
        if (zero + 1 < bytes.size() && bytes[zero + 1] == '\xff') {
            pos = zero + 2;
            continue;
        }
        return zero + 1;
    }
}

} // namespace

std::optional<std::string> rekeyLegacyKey(std::string_view bytes)
{
    std::string out;
    out.reserve(bytes.size());
    bool changed = false;
    std::size_t pos = 0;
    while (pos < bytes.size()) {
        const std::size_t start = pos;
        const char tag = bytes[pos++];
        switch (tag) {
        case 0x01:
        case 0x02:
            pos = skipEscaped(bytes, pos);
            if (pos == std::string_view::npos)
                return std::nullopt;
            out.append(bytes, start, pos - start);
            break;
        case 0x03: {
            if (bytes.size() - pos < 9 || bytes[pos + 8] != '\0')
                return std::nullopt;
            const std::string_view payload = bytes.substr(pos, 8);
            out += tag;
            if (payload == kLegacyMinusZero) {
                out += kZero;
                changed = true;
            } else {
                out += payload;
            }
            out += '\0';
            pos += 9;
            break;
        }
        case 0x04: {
            if (bytes.size() - pos < 2 || bytes[pos] != '\x01')
                return std::nullopt; // negative (or malformed) bigint: left as it is
            const auto length = static_cast<unsigned char>(bytes[pos + 1]);
            const std::size_t end = pos + 2 + length;
            if (end >= bytes.size() || bytes[end] != '\0')
                return std::nullopt;
            out.append(bytes, start, end + 1 - start);
            pos = end + 1;
            break;
        }
        case 0x05:
        case 0x06:
            if (pos >= bytes.size() || bytes[pos] != '\0')
                return std::nullopt;
            out.append(bytes, start, 2);
            ++pos;
            break;
        default:
            return std::nullopt;
        }
    }
    if (!changed)
        return std::nullopt;
    return out;
}

} // namespace kvs::detail
