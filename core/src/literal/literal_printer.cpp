#include <kvs/js_number.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <cmath>

namespace kvs {

namespace {

// Number::toString, except that -0 keeps its sign: the literal must read back as the same value.
void appendNumber(double n, std::string &out)
{
    if (n == 0 && std::signbit(n))
        out += "-0";
    else
        appendJsNumber(n, out);
}

void appendBigInt(const BigInt &b, std::string &out)
{
    out += b.toDecimal();
    out += 'n';
}

void appendBytes(const Bytes &bytes, std::string &out)
{
    out += "new Uint8Array([";
    bool first = true;
    for (const char c : bytes.data) {
        if (!first)
            out += ", ";
        first = false;
        out += std::to_string(static_cast<unsigned char>(c));
    }
    out += "])";
}

void appendDate(const Date &date, std::string &out)
{
    out += "new Date(";
    appendJsNumber(date.ms, out); // "NaN" for an invalid date; TimeClip leaves no -0.
    out += ')';
}

void appendItems(const Value::Items &items, std::string &out)
{
    out += '[';
    bool first = true;
    for (const Value &item : items) {
        if (!first)
            out += ", ";
        first = false;
        printLiteral(item, out);
    }
    out += ']';
}

} // namespace

void printLiteral(const Value &value, std::string &out)
{
    switch (value.type()) {
    case Value::Type::Undefined:
        out += "undefined";
        return;
    case Value::Type::Null:
        out += "null";
        return;
    case Value::Type::Boolean:
        out += value.asBoolean() ? "true" : "false";
        return;
    case Value::Type::Number:
        appendNumber(value.asNumber(), out);
        return;
    case Value::Type::String:
        appendJsonString(value.asString(), out);
        return;
    case Value::Type::BigInt:
        appendBigInt(value.asBigInt(), out);
        return;
    case Value::Type::Bytes:
        appendBytes(value.asBytes(), out);
        return;
    case Value::Type::Date:
        appendDate(value.asDate(), out);
        return;
    case Value::Type::Array:
        appendItems(value.items(), out);
        return;
    case Value::Type::Object: {
        out += '{';
        bool first = true;
        for (const auto &[name, member] : value.members()) {
            if (!first)
                out += ", ";
            first = false;
            appendJsonString(name, out);
            out += ": ";
            printLiteral(member, out);
        }
        out += '}';
        return;
    }
    case Value::Type::Map: {
        out += "new Map([";
        bool first = true;
        for (const auto &[key, entry] : value.entries()) {
            if (!first)
                out += ", ";
            first = false;
            out += '[';
            printLiteral(key, out);
            out += ", ";
            printLiteral(entry, out);
            out += ']';
        }
        out += "])";
        return;
    }
    case Value::Type::Set:
        out += "new Set(";
        appendItems(value.items(), out);
        out += ')';
        return;
    }
}

std::string printLiteral(const Value &value)
{
    std::string out;
    printLiteral(value, out);
    return out;
}

std::string printKeyLiteral(const Key &key)
{
    // Printed part by part rather than through keyToValue, which would copy every part.
    std::string out = "[";
    bool first = true;
    for (const KeyPart &part : key) {
        if (!first)
            out += ", ";
        first = false;
        switch (part.type()) {
        case KeyPart::Type::Bytes:
            appendBytes(part.asBytes(), out);
            break;
        case KeyPart::Type::String:
            appendJsonString(part.asString(), out);
            break;
        case KeyPart::Type::Number:
            appendNumber(part.asNumber(), out);
            break;
        case KeyPart::Type::BigInt:
            appendBigInt(part.asBigInt(), out);
            break;
        case KeyPart::Type::Boolean:
            out += part.asBoolean() ? "true" : "false";
            break;
        }
    }
    out += ']';
    return out;
}

} // namespace kvs
