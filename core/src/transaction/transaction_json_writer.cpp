#include <kvs/errors.h>
#include <kvs/literal.h>
#include <kvs/transaction_json.h>
#include <kvs/value_codec.h>

#include <cmath>
#include <string>

namespace kvs {

namespace {

// One "name": value line of an object, the JSON text of the value already made.
void addMember(std::string &out, bool &first, const char *name, const std::string &json)
{
    out += first ? "" : ", ";
    first = false;
    appendJsonString(name, out);
    out += ": ";
    out += json;
}

std::string jsonString(std::string_view text)
{
    std::string out;
    appendJsonString(text, out);
    return out;
}

std::string jsonNumber(double number, std::size_t index, const char *name)
{
    if (!std::isfinite(number)) {
        throw Error("kvs: transaction JSON: mutations[" + std::to_string(index) + "]." + name
                    + " is not a finite number");
    }
    return printLiteral(Value(number)); // the JavaScript number text, which JSON reads back
}

std::string mutationJson(const Mutation &mutation, std::size_t index)
{
    std::string out = "{";
    bool first = true;
    addMember(out, first, "type", jsonString(mutationTypeName(mutation.type)));
    if (mutation.type != Mutation::Type::Enqueue)
        addMember(out, first, "key", jsonString(printKeyLiteral(mutation.key)));
    switch (mutation.type) {
    case Mutation::Type::Set:
        addMember(out, first, "value", jsonString(printLiteral(mutation.value)));
        if (mutation.options.ttl)
            addMember(out, first, "ttl", jsonNumber(*mutation.options.ttl, index, "ttl"));
        break;
    case Mutation::Type::Delete:
        break;
    case Mutation::Type::Sum:
        addMember(out, first, "delta", jsonNumber(mutation.delta, index, "delta"));
        break;
    case Mutation::Type::Enqueue:
        addMember(out, first, "value", jsonString(printLiteral(mutation.value)));
        addMember(out, first, "topic", jsonString(mutation.queue.topic));
        addMember(out, first, "delay", jsonNumber(mutation.queue.delay, index, "delay"));
        addMember(out,
                  first,
                  "maxAttempts",
                  jsonNumber(mutation.queue.maxAttempts, index, "maxAttempts"));
        break;
    }
    return out + "}";
}

std::string checkJson(const Check &check)
{
    std::string out = "{";
    bool first = true;
    addMember(out, first, "key", jsonString(printKeyLiteral(check.key)));
    addMember(out, first, "version", check.version ? std::to_string(*check.version) : "null");
    return out + "}";
}

// One element per line, so a saved transaction diffs well.
template <typename T, typename Print>
void addArray(std::string &out, const char *name, const std::vector<T> &items, Print print)
{
    out += "  ";
    appendJsonString(name, out);
    out += ": [";
    for (std::size_t i = 0; i < items.size(); ++i) {
        out += i == 0 ? "\n    " : ",\n    ";
        out += print(items[i], i);
    }
    out += items.empty() ? "]" : "\n  ]";
}

} // namespace

const char *mutationTypeName(Mutation::Type type)
{
    switch (type) {
    case Mutation::Type::Set:
        return "set";
    case Mutation::Type::Delete:
        return "delete";
    case Mutation::Type::Sum:
        return "sum";
    case Mutation::Type::Enqueue:
        return "enqueue";
    }
    return "set";
}

std::string printTransactionJson(const TransactionSpec &spec)
{
    std::string out = "{\n";
    addArray(out, "checks", spec.checks, [](const Check &check, std::size_t) {
        return checkJson(check);
    });
    out += ",\n";
    addArray(out, "mutations", spec.mutations, mutationJson);
    out += "\n}\n";
    return out;
}

} // namespace kvs
