#include <kvs/errors.h>
#include <kvs/key_space_json.h>

#include <QJsonArray>

#include <algorithm>
#include <cstdlib>
#include <map>

namespace kvs {

namespace {

[[noreturn]] void notAReport(const std::string &reason)
{
    throw Error("kvs: not a key-space report: " + reason);
}

KeySpaceFigures figuresOf(const QJsonObject &object)
{
    KeySpaceFigures figures;
    figures.entries = static_cast<std::int64_t>(object.value(QStringLiteral("entries")).toDouble());
    figures.keyBytes
        = static_cast<std::int64_t>(object.value(QStringLiteral("keyBytes")).toDouble());
    figures.valueBytes
        = static_cast<std::int64_t>(object.value(QStringLiteral("valueBytes")).toDouble());
    return figures;
}

// Every node of a report's tree by key literal, with the order it was met in (for ties).
using Nodes = std::map<std::string, std::pair<KeySpaceFigures, int>>;

void collect(const QJsonObject &node, Nodes &nodes)
{
    const QJsonValue key = node.value(QStringLiteral("key"));
    if (!key.isString())
        notAReport("a tree node has no key");
    nodes.emplace(key.toString().toStdString(),
                  std::make_pair(figuresOf(node), static_cast<int>(nodes.size())));
    for (const QJsonValue child : node.value(QStringLiteral("children")).toArray())
        collect(child.toObject(), nodes);
}

Nodes nodesOf(const QJsonObject &report)
{
    if (report.value(QStringLiteral("version")).toInt() != kKeySpaceJsonVersion)
        notAReport("its version is not " + std::to_string(kKeySpaceJsonVersion));
    if (!report.value(QStringLiteral("tree")).isObject())
        notAReport("it has no tree");
    Nodes nodes;
    collect(report.value(QStringLiteral("tree")).toObject(), nodes);
    return nodes;
}

} // namespace

std::vector<KeySpaceChange> compareKeySpaceReports(const QJsonObject &before,
                                                   const QJsonObject &after)
{
    const Nodes earlier = nodesOf(before);
    const Nodes later = nodesOf(after);
    std::vector<std::pair<KeySpaceChange, int>> changes;
    for (const auto &[key, figures] : later) {
        KeySpaceChange change;
        change.key = key;
        change.after = figures.first;
        const auto found = earlier.find(key);
        if (found == earlier.end())
            change.appeared = true;
        else
            change.before = found->second.first;
        if (change.appeared || !(change.before == change.after))
            changes.emplace_back(std::move(change), figures.second);
    }
    for (const auto &[key, figures] : earlier) {
        if (later.count(key) != 0)
            continue;
        KeySpaceChange change;
        change.key = key;
        change.before = figures.first;
        change.vanished = true;
        changes.emplace_back(std::move(change), int(later.size()) + figures.second);
    }
    std::stable_sort(changes.begin(), changes.end(), [](const auto &a, const auto &b) {
        const std::int64_t ab = std::llabs(a.first.after.bytes() - a.first.before.bytes());
        const std::int64_t bb = std::llabs(b.first.after.bytes() - b.first.before.bytes());
        if (ab != bb)
            return ab > bb;
        const std::int64_t ae = std::llabs(a.first.after.entries - a.first.before.entries);
        const std::int64_t be = std::llabs(b.first.after.entries - b.first.before.entries);
        if (ae != be)
            return ae > be;
        return a.second < b.second;
    });
    std::vector<KeySpaceChange> result;
    result.reserve(changes.size());
    for (auto &change : changes)
        result.push_back(std::move(change.first));
    return result;
}

} // namespace kvs
