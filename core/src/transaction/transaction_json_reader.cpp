#include "codec/json_allocator.h"

#include <kvs/errors.h>
#include <kvs/literal.h>
#include <kvs/transaction_json.h>

#include <initializer_list>
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <set>
#include <string>

namespace kvs {

namespace {

using detail::JsonValue;

// Validating the UTF-8 makes a stray byte an error here rather than a key nobody typed; the
// iterative parser keeps deep garbage from recursing.
constexpr unsigned kParseFlags
    = rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag;

[[noreturn]] void fail(const std::string &path, const std::string &problem)
{
    throw Error("kvs: transaction JSON: " + path + " " + problem);
}

std::string member(const std::string &path, const char *name)
{
    return path.empty() ? std::string(name) : path + "." + name;
}

std::string element(const char *array, std::size_t index)
{
    return std::string(array) + "[" + std::to_string(index) + "]";
}

// A literal's own error after the path, without its second "kvs: ".
[[noreturn]] void failLiteral(const std::string &path, const Error &error)
{
    std::string message = error.what();
    if (message.rfind("kvs: ", 0) == 0)
        message.erase(0, 5);
    fail(path + ":", message);
}

std::string_view textOf(const JsonValue &value)
{
    return {value.GetString(), value.GetStringLength()};
}

// Refuses members other than allowed, and a member given twice (JSON.parse would keep the last,
// RapidJSON the first: neither is what the writer meant).
void requireMembers(const JsonValue &object,
                    const std::string &path,
                    std::initializer_list<const char *> allowed)
{
    std::set<std::string_view> seen;
    for (const auto &m : object.GetObject()) {
        const std::string_view name = textOf(m.name);
        bool known = false;
        for (const char *a : allowed)
            known = known || name == a;
        const std::string where = path.empty() ? std::string("the document") : path;
        if (!known)
            fail(where, "has an unknown member \"" + std::string(name) + "\"");
        if (!seen.insert(name).second)
            fail(where, "has the member \"" + std::string(name) + "\" twice");
    }
}

const JsonValue *find(const JsonValue &object, const char *name)
{
    const auto it = object.FindMember(name);
    return it == object.MemberEnd() ? nullptr : &it->value;
}

const JsonValue &required(const JsonValue &object, const std::string &path, const char *name)
{
    const JsonValue *value = find(object, name);
    if (!value)
        fail(member(path, name), "is required");
    return *value;
}

std::string_view stringAt(const JsonValue &value, const std::string &path)
{
    if (!value.IsString())
        fail(path, "must be a string");
    return textOf(value);
}

double numberAt(const JsonValue &value, const std::string &path)
{
    if (!value.IsNumber())
        fail(path, "must be a number");
    return value.GetDouble();
}

Key keyAt(const JsonValue &object, const std::string &path)
{
    const std::string where = member(path, "key");
    const std::string_view text = stringAt(required(object, path, "key"), where);
    try {
        return parseKeyLiteral(text);
    } catch (const Error &error) {
        failLiteral(where, error);
    }
}

Value valueAt(const JsonValue &object, const std::string &path)
{
    const std::string where = member(path, "value");
    const std::string_view text = stringAt(required(object, path, "value"), where);
    try {
        return parseLiteral(text);
    } catch (const Error &error) {
        failLiteral(where, error);
    }
}

Check checkAt(const JsonValue &json, const std::string &path)
{
    if (!json.IsObject())
        fail(path, "must be an object");
    requireMembers(json, path, {"key", "version"});
    Check check{keyAt(json, path), std::nullopt};
    const JsonValue *version = find(json, "version");
    if (!version)
        fail(member(path, "version"), "is required (a versionstamp, or null: must not exist)");
    if (!version->IsNull()) {
        if (!version->IsInt64())
            fail(member(path, "version"), "must be an integer versionstamp or null");
        check.version = version->GetInt64();
    }
    return check;
}

Mutation mutationAt(const JsonValue &json, const std::string &path)
{
    if (!json.IsObject())
        fail(path, "must be an object");
    const std::string typePath = member(path, "type");
    const std::string_view type = stringAt(required(json, path, "type"), typePath);
    Mutation mutation{Mutation::Type::Set, {}, {}, 0, {}, {}};
    if (type == "set") {
        requireMembers(json, path, {"type", "key", "value", "ttl"});
        mutation.key = keyAt(json, path);
        mutation.value = valueAt(json, path);
        if (const JsonValue *ttl = find(json, "ttl"))
            mutation.options.ttl = numberAt(*ttl, member(path, "ttl"));
    } else if (type == "delete") {
        requireMembers(json, path, {"type", "key"});
        mutation.type = Mutation::Type::Delete;
        mutation.key = keyAt(json, path);
    } else if (type == "sum") {
        requireMembers(json, path, {"type", "key", "delta"});
        mutation.type = Mutation::Type::Sum;
        mutation.key = keyAt(json, path);
        mutation.delta = numberAt(required(json, path, "delta"), member(path, "delta"));
    } else if (type == "enqueue") {
        requireMembers(json, path, {"type", "value", "topic", "delay", "maxAttempts"});
        mutation.type = Mutation::Type::Enqueue;
        mutation.value = valueAt(json, path);
        if (const JsonValue *topic = find(json, "topic"))
            mutation.queue.topic = std::string(stringAt(*topic, member(path, "topic")));
        if (const JsonValue *delay = find(json, "delay"))
            mutation.queue.delay = numberAt(*delay, member(path, "delay"));
        if (const JsonValue *attempts = find(json, "maxAttempts"))
            mutation.queue.maxAttempts = numberAt(*attempts, member(path, "maxAttempts"));
    } else {
        fail(typePath, "must be \"set\", \"delete\", \"sum\" or \"enqueue\"");
    }
    return mutation;
}

const JsonValue *arrayMember(const JsonValue &document, const char *name)
{
    const JsonValue *array = find(document, name);
    if (array && !array->IsArray())
        fail(name, "must be an array");
    return array;
}

// Counts the elements of the top-level "checks" and "mutations" arrays without building the
// document; stops at the first array over the limit (over names it). Syntax errors are the
// document parse's to report.
class EntryCounter : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, EntryCounter>
{
public:
    explicit EntryCounter(std::size_t limit)
        : m_limit(limit)
    {}

    bool Default() { return element(); }
    bool StartObject()
    {
        if (!element())
            return false;
        ++m_depth;
        return true;
    }
    bool Key(const char *text, rapidjson::SizeType length, bool)
    {
        if (m_depth == 1)
            m_key.assign(text, length);
        return true;
    }
    bool EndObject(rapidjson::SizeType)
    {
        --m_depth;
        return true;
    }
    bool StartArray()
    {
        if (!element())
            return false;
        ++m_depth;
        if (m_depth == 2 && (m_key == "checks" || m_key == "mutations")) {
            m_counting = true;
            m_count = 0;
        }
        return true;
    }
    bool EndArray(rapidjson::SizeType)
    {
        if (m_depth == 2)
            m_counting = false;
        --m_depth;
        return true;
    }

    const std::string &over() const { return m_over; }

private:
    bool element()
    {
        if (!m_counting || m_depth != 2)
            return true;
        if (++m_count <= m_limit)
            return true;
        m_over = m_key;
        return false;
    }

    std::size_t m_limit;
    int m_depth = 0;
    std::string m_key; // the member of the document being read
    bool m_counting = false;
    std::size_t m_count = 0;
    std::string m_over;
};

void requireWithinLimits(std::string_view text, const TransactionLimits &limits)
{
    EntryCounter counter(limits.maxEntries);
    rapidjson::MemoryStream stream(text.data(), text.size());
    detail::JsonReader reader;
    (void)reader.Parse<kParseFlags>(stream, counter);
    if (!counter.over().empty()) {
        throw Error("kvs: transaction JSON: " + counter.over() + " holds more than "
                    + std::to_string(limits.maxEntries) + " entries, the limit");
    }
}

} // namespace

TransactionSpec parseTransactionJson(std::string_view text, const TransactionLimits &limits)
{
    requireWithinLimits(text, limits);
    detail::JsonDocument document;
    document.Parse<kParseFlags>(text.data(), text.size());
    if (document.HasParseError()) {
        throw Error("kvs: transaction JSON: not valid JSON at byte "
                    + std::to_string(document.GetErrorOffset()) + ": "
                    + rapidjson::GetParseError_En(document.GetParseError()));
    }
    if (!document.IsObject())
        throw Error("kvs: transaction JSON: the document must be an object");
    requireMembers(document, {}, {"checks", "mutations"});
    TransactionSpec spec;
    if (const JsonValue *checks = arrayMember(document, "checks")) {
        for (rapidjson::SizeType i = 0; i < checks->Size(); ++i)
            spec.checks.push_back(checkAt((*checks)[i], element("checks", i)));
    }
    if (const JsonValue *mutations = arrayMember(document, "mutations")) {
        for (rapidjson::SizeType i = 0; i < mutations->Size(); ++i)
            spec.mutations.push_back(mutationAt((*mutations)[i], element("mutations", i)));
    }
    return spec;
}

} // namespace kvs
