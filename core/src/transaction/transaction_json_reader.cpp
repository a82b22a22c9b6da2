#include <kvs/errors.h>
#include <kvs/literal.h>
#include <kvs/transaction_json.h>

#include <initializer_list>
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <set>
#include <string>

namespace kvs {

namespace {

using JsonValue = rapidjson::Value;

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

} // namespace

TransactionSpec parseTransactionJson(std::string_view text)
{
    rapidjson::Document document;
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
