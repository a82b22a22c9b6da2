#include "transfer/import_line.h"

#include "codec/json_allocator.h"
#include "transfer/hex_text.h"

#include <kvs/errors.h>
#include <kvs/key.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

namespace kvs::detail {

namespace {

// Invalid UTF-8 is an error here rather than a key nobody wrote; the iterative parser keeps a
// deeply nested line from recursing.
constexpr unsigned kParseFlags
    = rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag;

[[noreturn]] void fail(const std::string &problem)
{
    throw ImportLineProblem(problem);
}

// A core error's text without its "kvs: ", after the field it is about.
[[noreturn]] void failIn(const char *field, const Error &error)
{
    std::string message = error.what();
    if (message.rfind("kvs: ", 0) == 0)
        message.erase(0, 5);
    fail(std::string(field) + ": " + message);
}

std::string_view textOf(const JsonValue &value)
{
    return {value.GetString(), value.GetStringLength()};
}

// The members a line may have, each at most once.
struct Members
{
    const JsonValue *key = nullptr;
    const JsonValue *keyHex = nullptr;
    const JsonValue *value = nullptr;
    const JsonValue *valueHex = nullptr;
    const JsonValue *expiresAt = nullptr;
    const JsonValue *version = nullptr;
};

Members membersOf(const JsonValue &object)
{
    Members members;
    for (const auto &m : object.GetObject()) {
        const std::string_view name = textOf(m.name);
        const JsonValue **slot = name == "key"         ? &members.key
                                 : name == "keyHex"    ? &members.keyHex
                                 : name == "value"     ? &members.value
                                 : name == "valueHex"  ? &members.valueHex
                                 : name == "expiresAt" ? &members.expiresAt
                                 : name == "version"   ? &members.version
                                                       : nullptr;
        if (slot == nullptr)
            fail("unknown member \"" + std::string(name) + "\"");
        if (*slot != nullptr)
            fail("\"" + std::string(name) + "\" is given twice");
        *slot = &m.value;
    }
    return members;
}

// The one of the literal and hex members that is given.
const JsonValue &
oneOf(const JsonValue *literal, const JsonValue *hex, const char *literalName, const char *hexName)
{
    if (literal && hex)
        fail(std::string("both \"") + literalName + "\" and \"" + hexName + "\" are given");
    if (!literal && !hex)
        fail(std::string("\"") + literalName + "\" (or \"" + hexName + "\") is missing");
    const JsonValue &given = literal ? *literal : *hex;
    if (!given.IsString()) {
        fail(std::string("\"") + (literal ? literalName : hexName) + "\" must be a string"
             + (literal ? " holding a literal" : " of hex digits"));
    }
    return given;
}

std::string hexBytes(const JsonValue &hex, const char *name)
{
    std::optional<std::string> bytes = bytesOfHex(textOf(hex));
    if (!bytes)
        fail(std::string("\"") + name + "\" is not hex bytes (an even number of 0-9 a-f)");
    return std::move(*bytes);
}

std::string keyBytes(const Members &members, long long maxKeySize)
{
    const JsonValue &given = oneOf(members.key, members.keyHex, "key", "keyHex");
    std::string bytes;
    if (members.key) {
        try {
            encodeKey(parseKeyLiteral(textOf(given)), bytes);
        } catch (const Error &error) {
            failIn("key", error);
        }
    } else {
        bytes = hexBytes(given, "keyHex");
    }
    try {
        checkKeySize(bytes.size(), maxKeySize);
    } catch (const Error &error) {
        failIn("key", error);
    }
    return bytes;
}

std::string valueBytes(const Members &members)
{
    const JsonValue &given = oneOf(members.value, members.valueHex, "value", "valueHex");
    if (!members.value)
        return hexBytes(given, "valueHex");
    try {
        return encodeValue(parseLiteral(textOf(given)));
    } catch (const Error &error) {
        failIn("value", error);
    }
}

std::optional<std::int64_t> expiryOf(const Members &members)
{
    if (!members.expiresAt || members.expiresAt->IsNull())
        return std::nullopt;
    if (!members.expiresAt->IsInt64())
        fail("\"expiresAt\" must be an integer (ms since the epoch) or null");
    return members.expiresAt->GetInt64();
}

} // namespace

ImportRow parseImportLine(std::string_view line, long long maxKeySize)
{
    JsonDocument document;
    document.Parse<kParseFlags>(line.data(), line.size());
    if (document.HasParseError()) {
        fail(std::string("not JSON: ") + rapidjson::GetParseError_En(document.GetParseError())
             + " (at character " + std::to_string(document.GetErrorOffset() + 1) + ")");
    }
    if (!document.IsObject())
        fail("not a JSON object");
    const Members members = membersOf(document);
    ImportRow row;
    row.key = keyBytes(members, maxKeySize);
    row.value = valueBytes(members);
    row.expiresAt = expiryOf(members);
    if (members.version && members.version->IsInt64())
        row.version = members.version->GetInt64();
    return row;
}

} // namespace kvs::detail
