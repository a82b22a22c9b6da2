#include "condition/value_path.h"

#include <kvs/errors.h>
#include <kvs/literal.h>
#include <kvs/payload_path.h>

#include <cmath>

namespace kvs {

namespace {

[[noreturn]] void refuse(std::string_view text, const std::string &reason)
{
    throw TypeError("kvs: invalid payload path " + printLiteral(Value(std::string(text))) + ": "
                    + reason);
}

std::vector<PayloadPath::Part> arrayParts(std::string_view text)
{
    Value parsed;
    try {
        parsed = parseLiteral(text);
    } catch (const Error &e) {
        std::string reason = e.what();
        if (reason.rfind("kvs: ", 0) == 0)
            reason.erase(0, 5);
        refuse(text, reason);
    }
    if (parsed.type() != Value::Type::Array || parsed.items().empty())
        refuse(text, "an array literal needs at least one part");
    std::vector<PayloadPath::Part> parts;
    for (const Value &item : parsed.items()) {
        if (item.type() == Value::Type::String) {
            parts.emplace_back(item.asString());
        } else if (item.isNumber() && item.asNumber() >= 0
                   && std::trunc(item.asNumber()) == item.asNumber()
                   && std::isfinite(item.asNumber())) {
            parts.emplace_back(item.asNumber());
        } else {
            refuse(text,
                   std::string("parts are strings or integers >= 0, got ") + describeKind(item)
                       + " " + printLiteral(item));
        }
    }
    return parts;
}

std::vector<PayloadPath::Part> dottedParts(std::string_view text)
{
    std::vector<PayloadPath::Part> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = text.find('.', start);
        const std::string_view part = text.substr(
            start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
        if (part.empty())
            refuse(text, "empty part at position " + std::to_string(start));
        parts.emplace_back(std::string(part));
        if (dot == std::string_view::npos)
            return parts;
        start = dot + 1;
    }
}

} // namespace

PayloadPath PayloadPath::parse(std::string_view text)
{
    // Spaces around the path are not part of it (customer.id = 42 on a command line).
    const std::size_t first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        refuse(text, "the path is empty");
    const std::string_view trimmed = text.substr(first, text.find_last_not_of(" \t") - first + 1);
    PayloadPath path;
    path.m_parts = trimmed[0] == '[' ? arrayParts(trimmed) : dottedParts(trimmed);
    path.m_text = std::string(text);
    return path;
}

const Value *PayloadPath::find(const Value &payload) const
{
    // The steps of the condition language's paths (kvs/condition.h): a name is value.name, an
    // index value[3], so --payload-path and --where "value.a.b == X" find the same value.
    const Value *at = &payload;
    for (const Part &part : m_parts) {
        at = std::holds_alternative<std::string>(part)
                 ? detail::stepByName(*at, std::get<std::string>(part))
                 : detail::stepByLiteral(*at, Value(std::get<double>(part)));
        if (!at)
            return nullptr;
    }
    return at;
}

} // namespace kvs
