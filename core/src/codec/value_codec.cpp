#include "codec/json_writer.h"
#include "codec/value_markers.h"

#include <kvs/value_codec.h>

#include <QByteArray>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace kvs {

namespace {

constexpr char kNull = 0x00;
constexpr char kTrue = 0x01;
constexpr char kFalse = 0x02;
constexpr char kTypedJson = 0x03;

// Whether the value needs typed JSON: one walk that stops at the first special value, reads
// the tree in place and allocates nothing (every write pays for it, reference KVS-09 "Cost").
bool holdsSpecial(const Value &value) noexcept
{
    switch (value.type()) {
    case Value::Type::Null:
    case Value::Type::Boolean:
    case Value::Type::String:
        return false;
    case Value::Type::Number:
        return !std::isfinite(value.asNumber());
    case Value::Type::Array:
        for (const Value &item : value.items()) {
            if (holdsSpecial(item))
                return true;
        }
        return false;
    case Value::Type::Object:
        for (const auto &member : value.members()) {
            if (holdsSpecial(member.second))
                return true;
        }
        return false;
    case Value::Type::Undefined:
    case Value::Type::BigInt:
    case Value::Type::Bytes:
    case Value::Type::Date:
    case Value::Type::Map:
    case Value::Type::Set:
        return true;
    }
    return true;
}

std::string quoted(const std::string &text)
{
    std::string out;
    appendJsonString(std::string_view(text).substr(0, 64), out);
    return out;
}

bool hasIndexNameOrRepeat(const Value::Members &members)
{
    for (const auto &member : members) {
        if (isArrayIndexName(member.first))
            return true;
    }
    if (members.size() <= 16) {
        for (std::size_t i = 1; i < members.size(); ++i) {
            for (std::size_t j = 0; j < i; ++j) {
                if (members[i].first == members[j].first)
                    return true;
            }
        }
        return false;
    }
    // Larger objects: an open-addressing table of member positions, one hash per name (sorting
    // the names cost more in memcmp than the rest of building the object).
    std::size_t capacity = 32;
    while (capacity < 2 * members.size())
        capacity *= 2;
    std::vector<std::uint32_t> table(capacity, 0); // Position + 1; 0 is empty.
    for (std::size_t i = 0; i < members.size(); ++i) {
        const std::string &name = members[i].first;
        std::size_t slot = std::hash<std::string_view>{}(name) & (capacity - 1);
        for (; table[slot] != 0; slot = (slot + 1) & (capacity - 1)) {
            if (members[table[slot] - 1].first == name)
                return true;
        }
        table[slot] = static_cast<std::uint32_t>(i + 1);
    }
    return false;
}

// [[a, b], ...] with exactly two items in each entry, a string first when stringFirst.
bool isPairList(const Value &v, bool stringFirst)
{
    if (v.type() != Value::Type::Array)
        return false;
    return std::all_of(v.items().begin(), v.items().end(), [&](const Value &entry) {
        return entry.type() == Value::Type::Array && entry.items().size() == 2
               && (!stringFirst || entry.items()[0].type() == Value::Type::String);
    });
}

bool decodeBase64(const std::string &text, Value &out)
{
    // Qt's strict mode refuses characters outside the standard alphabet (whitespace, '-', '_')
    // and misplaced padding, and accepts missing padding as atob() does; a length of 4n+1 is a
    // truncation in any base64 dialect.
    if (text.size() % 4 == 1)
        return false;
    const auto decoded = QByteArray::fromBase64Encoding(
        QByteArray::fromRawData(text.data(), static_cast<qsizetype>(text.size())),
        QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return false;
    out = Value(Bytes{std::string(decoded.decoded.constData(),
                                  static_cast<std::size_t>(decoded.decoded.size()))});
    return true;
}

} // namespace

Value buildObject(Value::Members members)
{
    // The common case (no index-like name, no repeat) keeps text order as it is; ObjectBuilder
    // does the rest with the rules in one place.
    if (!hasIndexNameOrRepeat(members))
        return Value::object(std::move(members));
    ObjectBuilder builder;
    for (auto &member : members)
        builder.add(std::move(member.first), std::move(member.second));
    return std::move(builder).build();
}

bool decodeMarker(MarkerParts &parts, Value &out, std::string &why)
{
    if (parts.tag.type() != Value::Type::String) {
        why = "a marker whose \"~\" is not a string";
        return false;
    }
    const std::string &tag = parts.tag.asString();
    // The message is built only on a refusal: markers are decoded on every typed read.
    const auto refuse = [&](const std::string &what) {
        why = "marker " + quoted(tag) + what;
        return false;
    };
    if (tag.size() != 1 || std::string_view("DBUMSuNO").find(tag[0]) == std::string_view::npos) {
        why = "unknown marker " + quoted(tag);
        return false;
    }
    if (tag[0] == 'u') {
        out = Value(); // A "v" is accepted and ignored, as the reference allows.
        return true;
    }
    if (!parts.hasV)
        return refuse(" without \"v\"");
    Value &v = parts.v;
    switch (tag[0]) {
    case 'D':
        if (v.type() != Value::Type::Number && v.type() != Value::Type::Null)
            return refuse(" needs a number or null as \"v\"");
        out = Value(Date(v.isNull() ? NAN : v.asNumber()));
        return true;
    case 'B': {
        if (v.type() != Value::Type::String)
            return refuse(" needs a decimal string as \"v\"");
        auto bigint = BigInt::fromDecimal(v.asString());
        if (!bigint)
            return refuse(" needs decimal digits as \"v\", got " + quoted(v.asString()));
        out = Value(std::move(*bigint));
        return true;
    }
    case 'U':
        if (v.type() != Value::Type::String || !decodeBase64(v.asString(), out))
            return refuse(" needs base64 as \"v\"");
        return true;
    case 'N': {
        const std::string *s = v.type() == Value::Type::String ? &v.asString() : nullptr;
        if (!s || (*s != "NaN" && *s != "Infinity" && *s != "-Infinity"))
            return refuse(" needs \"NaN\", \"Infinity\" or \"-Infinity\" as \"v\"");
        out = Value(*s == "NaN" ? NAN : *s == "Infinity" ? HUGE_VAL : -HUGE_VAL);
        return true;
    }
    case 'M': {
        if (!isPairList(v, false))
            return refuse(" needs [[key, value], ...] as \"v\"");
        CollectionBuilder map;
        for (Value &entry : v.items())
            map.addEntry(std::move(entry.items()[0]), std::move(entry.items()[1]));
        out = std::move(map).buildMap();
        return true;
    }
    case 'O': {
        if (!isPairList(v, true))
            return refuse(" needs [[name, value], ...] as \"v\"");
        Value::Members members;
        members.reserve(v.items().size());
        for (Value &entry : v.items())
            members.emplace_back(entry.items()[0].asString(), std::move(entry.items()[1]));
        out = buildObject(std::move(members));
        return true;
    }
    case 'S': {
        if (v.type() != Value::Type::Array)
            return refuse(" needs an array as \"v\"");
        CollectionBuilder set;
        for (Value &item : v.items())
            set.addItem(std::move(item));
        out = std::move(set).buildSet();
        return true;
    }
    }
    return false;
}

void encodeValue(const Value &value, std::string &out)
{
    switch (value.type()) {
    case Value::Type::Null:
        out += kNull;
        return;
    case Value::Type::Boolean:
        out += value.asBoolean() ? kTrue : kFalse;
        return;
    case Value::Type::String:
        appendJsonString(value.asString(), out); // The hot path: no scan, no writer.
        return;
    default:
        break;
    }
    if (holdsSpecial(value)) {
        out += kTypedJson;
        JsonWriter(out, JsonWriter::Mode::Typed).write(value);
    } else {
        JsonWriter(out, JsonWriter::Mode::Plain).write(value);
    }
}

std::string encodeValue(const Value &value)
{
    std::string out;
    encodeValue(value, out);
    return out;
}

} // namespace kvs
