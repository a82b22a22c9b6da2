#include "cli/cli_output.h"

#include <kvs/errors.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <chrono>
#include <cstdio>

namespace kvs::cli {

namespace {

constexpr std::string_view kErrorPrefix = "kvs: ";

int hexDigit(char c) noexcept
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

} // namespace

std::string isoTime(std::int64_t ms)
{
    using namespace std::chrono;
    const sys_time<milliseconds> time{milliseconds(ms)};
    const sys_days day = floor<days>(time);
    const year_month_day date{day};
    const hh_mm_ss<milliseconds> clock{time - day};
    char text[64];
    std::snprintf(text,
                  sizeof text,
                  "%04d-%02u-%02uT%02d:%02d:%02d.%03dZ",
                  static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()),
                  static_cast<unsigned>(date.day()),
                  static_cast<int>(clock.hours().count()),
                  static_cast<int>(clock.minutes().count()),
                  static_cast<int>(clock.seconds().count()),
                  static_cast<int>(clock.subseconds().count()));
    return text;
}

std::string toHex(std::string_view bytes)
{
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string hex;
    hex.reserve(bytes.size() * 2);
    for (const char c : bytes) {
        const auto byte = static_cast<unsigned char>(c);
        hex += kDigits[byte >> 4];
        hex += kDigits[byte & 0x0f];
    }
    return hex;
}

std::string fromHex(std::string_view hex)
{
    if (hex.size() % 2 != 0) {
        throw Error("kvs: HEX is not hex bytes: it has an odd number of digits ("
                    + std::to_string(hex.size()) + ")");
    }
    std::string bytes;
    bytes.reserve(hex.size() / 2);
    for (std::size_t i = 0; i < hex.size(); i += 2) {
        const int high = hexDigit(hex[i]);
        const int low = hexDigit(hex[i + 1]);
        if (high < 0 || low < 0) {
            const std::size_t bad = high < 0 ? i : i + 1;
            throw Error("kvs: HEX is not hex bytes: unexpected character at position "
                        + std::to_string(bad));
        }
        bytes += static_cast<char>((high << 4) | low);
    }
    return bytes;
}

std::string entryJson(const Entry &entry)
{
    JsonLine line;
    line.string("key", printKeyLiteral(entry.key))
        .string("value", printLiteral(entry.value))
        .integer("version", entry.version);
    if (entry.expiresAt) {
        line.integer("expiresAt", *entry.expiresAt);
    } else {
        line.raw("expiresAt", "null");
    }
    return line.text();
}

std::string entryLine(const Entry &entry)
{
    std::string line = printKeyLiteral(entry.key);
    line += " = ";
    printLiteral(entry.value, line);
    return line;
}

std::string errorLine(std::string_view message)
{
    std::string line;
    if (!message.starts_with(kErrorPrefix)) {
        line = kErrorPrefix;
    }
    line += message;
    for (char &c : line) {
        if (c == '\n' || c == '\r') {
            c = ' ';
        }
    }
    return line;
}

} // namespace kvs::cli
