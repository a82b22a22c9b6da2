#include "undo/undo_step_json.h"

#include "codec/json_allocator.h"
#include "transfer/hex_text.h"
#include "undo/json_members.h"

#include <kvs/json_line.h>

#include <rapidjson/document.h>

namespace kvs::detail {

namespace {

const char *stackName(UndoStack stack)
{
    return stack == UndoStack::Undo ? "undo" : "redo";
}

std::string hexOf(std::string_view bytes)
{
    std::string out;
    appendHex(bytes, out);
    return out;
}

std::string optionalInteger(const std::optional<std::int64_t> &value)
{
    return value ? std::to_string(*value) : "null";
}

std::string changeJson(const UndoChange &change)
{
    JsonLine line;
    line.string("key", hexOf(change.key));
    if (change.before)
        line.string("before", hexOf(*change.before));
    else
        line.raw("before", "null");
    line.integer("beforeVersion", change.beforeVersion);
    line.raw("beforeExpiresAt", optionalInteger(change.beforeExpiresAt));
    line.raw("written", optionalInteger(change.written));
    return line.text();
}

std::string stepJson(const UndoStep &step)
{
    std::string changes = "[";
    for (std::size_t i = 0; i < step.changes.size(); ++i) {
        if (i > 0)
            changes += ", ";
        changes += changeJson(step.changes[i]);
    }
    changes += ']';
    return JsonLine()
        .string("id", step.id)
        .string("label", step.label)
        .integer("time", step.time)
        .raw("changes", changes)
        .text();
}

// nullopt inside: the member is null; outer nullopt: missing or not an integer.
std::optional<std::optional<std::int64_t>> integerMember(const JsonValue &object, const char *name)
{
    const auto it = object.FindMember(name);
    if (it == object.MemberEnd())
        return std::nullopt;
    if (it->value.IsNull())
        return std::optional<std::int64_t>();
    if (!it->value.IsInt64())
        return std::nullopt;
    return std::optional<std::int64_t>(it->value.GetInt64());
}

std::optional<UndoChange> parseChange(const JsonValue &object)
{
    if (!object.IsObject())
        return std::nullopt;
    UndoChange change;
    const auto keyHex = stringMember(object, "key");
    const auto key = keyHex ? bytesOfHex(*keyHex) : std::nullopt;
    const auto beforeVersion = integerMember(object, "beforeVersion");
    const auto expiresAt = integerMember(object, "beforeExpiresAt");
    const auto written = integerMember(object, "written");
    if (!key || !beforeVersion || !*beforeVersion || !expiresAt || !written)
        return std::nullopt;
    change.key = *key;
    change.beforeVersion = **beforeVersion;
    change.beforeExpiresAt = *expiresAt;
    change.written = *written;
    const auto before = object.FindMember("before");
    if (before == object.MemberEnd())
        return std::nullopt;
    if (!before->value.IsNull()) {
        const auto beforeHex = stringMember(object, "before");
        change.before = beforeHex ? bytesOfHex(*beforeHex) : std::nullopt;
        if (!change.before)
            return std::nullopt;
    }
    return change;
}

std::optional<UndoStep> parseStep(const JsonValue &object)
{
    if (!object.IsObject())
        return std::nullopt;
    UndoStep step;
    const auto id = stringMember(object, "id");
    const auto label = stringMember(object, "label");
    const auto time = integerMember(object, "time");
    const auto changes = object.FindMember("changes");
    if (!id || !label || !time || !*time || changes == object.MemberEnd()
        || !changes->value.IsArray())
        return std::nullopt;
    step.id = *id;
    step.label = *label;
    step.time = **time;
    for (const JsonValue &item : changes->value.GetArray()) {
        std::optional<UndoChange> change = parseChange(item);
        if (!change)
            return std::nullopt;
        step.changes.push_back(std::move(*change));
    }
    return step;
}

} // namespace

std::string pushLine(UndoStack stack, const UndoStep &step)
{
    return JsonLine()
               .string("event", "push")
               .string("stack", stackName(stack))
               .raw("step", stepJson(step))
               .text()
           + '\n';
}

std::string popLine(UndoStack stack, const std::string &id)
{
    return JsonLine()
               .string("event", "pop")
               .string("stack", stackName(stack))
               .string("id", id)
               .text()
           + '\n';
}

std::string clearLine(UndoStack stack)
{
    return JsonLine().string("event", "clear").string("stack", stackName(stack)).text() + '\n';
}

std::optional<UndoJournalLine> parseUndoJournalLine(std::string_view text)
{
    JsonDocument document;
    document.Parse(text.data(), text.size());
    if (document.HasParseError() || !document.IsObject())
        return std::nullopt;
    const auto event = stringMember(document, "event");
    const auto stack = stringMember(document, "stack");
    if (!event || !stack || (*stack != "undo" && *stack != "redo"))
        return std::nullopt;
    UndoJournalLine line;
    line.stack = *stack == "undo" ? UndoStack::Undo : UndoStack::Redo;
    if (*event == "clear") {
        line.event = UndoJournalLine::Event::Clear;
        return line;
    }
    if (*event == "pop") {
        const auto id = stringMember(document, "id");
        if (!id)
            return std::nullopt;
        line.event = UndoJournalLine::Event::Pop;
        line.id = *id;
        return line;
    }
    if (*event != "push")
        return std::nullopt;
    const auto step = document.FindMember("step");
    if (step == document.MemberEnd())
        return std::nullopt;
    std::optional<UndoStep> parsed = parseStep(step->value);
    if (!parsed)
        return std::nullopt;
    line.event = UndoJournalLine::Event::Push;
    line.step = std::move(*parsed);
    return line;
}

} // namespace kvs::detail
