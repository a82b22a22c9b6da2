#include "cli/cli_analyze_text.h"

#include "cli/cli_output.h"

#include <kvs/json_line.h>
#include <kvs/key_space_findings.h>
#include <kvs/literal.h>

#include <QDateTime>
#include <QJsonObject>

#include <cstdio>

namespace kvs::cli {

namespace {

std::string percent(std::int64_t part, std::int64_t whole)
{
    char text[32];
    std::snprintf(
        text, sizeof text, "%.1f %%", whole > 0 ? 100.0 * double(part) / double(whole) : 0.0);
    return text;
}

std::string figuresText(const KeySpaceFigures &figures)
{
    return std::to_string(figures.entries) + " entries, " + std::to_string(figures.bytes())
           + " bytes (keys " + std::to_string(figures.keyBytes) + ", values "
           + std::to_string(figures.valueBytes) + ")";
}

std::string signedText(std::int64_t n)
{
    return (n > 0 ? "+" : "") + std::to_string(n);
}

void nodeText(const KeySpaceNode &node, std::int64_t parentBytes, int level, std::string &out)
{
    for (const KeySpaceNode &child : node.children) {
        out += std::string(std::size_t(2 * level), ' ') + printKeyLiteral(child.key) + "  "
               + figuresText(child.totals) + ", " + percent(child.totals.bytes(), parentBytes)
               + "\n";
        nodeText(child, child.totals.bytes(), level + 1, out);
    }
    if (node.othersChildren > 0) {
        out += std::string(std::size_t(2 * level), ' ') + "others ("
               + std::to_string(node.othersChildren) + " children)  " + figuresText(node.others)
               + ", " + percent(node.others.bytes(), parentBytes) + "\n";
    }
}

void sizesText(const char *title, const SizeDistribution &sizes, std::string &out)
{
    out += title;
    out += ":\n";
    for (std::size_t b = 0; b < sizes.counts.size(); ++b) {
        if (sizes.counts[b] == 0)
            continue;
        out += "  " + std::to_string(SizeDistribution::lowerOf(int(b))) + "-"
               + std::to_string(SizeDistribution::upperOf(int(b)))
               + " bytes: " + std::to_string(sizes.counts[b]) + "\n";
    }
}

// ms since the epoch as ISO 8601 UTC, or "never".
std::string timeText(const std::optional<std::int64_t> &ms)
{
    if (!ms)
        return "never";
    return QDateTime::fromMSecsSinceEpoch(*ms, Qt::UTC).toString(Qt::ISODateWithMs).toStdString();
}

void queueText(const std::vector<QueueStatusFigures> &queue, std::string &out)
{
    out += queue.empty() ? "Queue: no messages\n" : "Queue (by topic and status):\n";
    for (const QueueStatusFigures &figures : queue) {
        out += "  " + jsonQuoted(figures.topic) + " " + figures.status + ": "
               + std::to_string(figures.messages) + " messages, "
               + std::to_string(figures.payloadBytes) + " payload bytes, oldest enqueued "
               + timeText(figures.oldestEnqueuedAt);
        if (figures.oldestFinishedAt)
            out += ", oldest finished " + timeText(figures.oldestFinishedAt);
        out += "\n";
    }
}

void storageText(const StorageFigures &storage, std::string &out)
{
    out += "Storage:\n";
    if (storage.sqlite) {
        const SqliteStorageFigures &file = *storage.sqlite;
        out += "  file " + (file.path.empty() ? std::string("(in memory)") : file.path) + ": "
               + std::to_string(file.fileBytes) + " bytes; " + std::to_string(file.pageCount)
               + " pages of " + std::to_string(file.pageSize) + " bytes ("
               + std::to_string(file.databaseBytes()) + " bytes)\n";
        out += "  free pages: " + std::to_string(file.freePages) + " ("
               + std::to_string(file.freeBytes()) + " bytes, "
               + percent(file.freeBytes(), file.databaseBytes()) + "; VACUUM would reclaim them)\n";
        out += "  WAL: " + std::to_string(file.walBytes) + " bytes\n";
    }
    for (const PgTableFigures &table : storage.tables) {
        out += "  " + table.table + ": table " + std::to_string(table.tableBytes)
               + " bytes, indexes " + std::to_string(table.indexBytes) + " bytes, TOAST "
               + std::to_string(table.toastBytes) + " bytes, total "
               + std::to_string(table.totalBytes) + " bytes\n";
        if (table.liveTuples || table.deadTuples) {
            out += "    tuples: " + std::to_string(table.liveTuples.value_or(0)) + " live, "
                   + std::to_string(table.deadTuples.value_or(0)) + " dead; last vacuum "
                   + timeText(table.lastVacuum) + ", autovacuum " + timeText(table.lastAutovacuum)
                   + ", analyze " + timeText(table.lastAnalyze) + ", autoanalyze "
                   + timeText(table.lastAutoanalyze) + "\n";
        }
    }
}

} // namespace

std::string reportText(const KeySpaceReport &report)
{
    std::string out = "Key space of " + printKeyLiteral(report.request.prefix)
                      + (report.request.prefix.empty() ? " (the whole table)" : "") + ": "
                      + std::to_string(report.rowsRead) + " rows read in "
                      + std::to_string(report.elapsedMs) + " ms\n";
    if (report.partial) {
        out += std::string("PARTIAL REPORT: ")
               + (report.cancelled ? "interrupted" : "the --budget ran out")
               + "; only the rows up to the key bytes " + toHex(report.resumeAfter)
               + " are counted\n";
    }
    const std::int64_t total = report.root.totals.bytes();
    out += "Totals: " + figuresText(report.root.totals) + "\n";
    out += "Kinds:\n";
    for (const auto &[kind, figures] : report.kinds)
        out += "  " + kind + ": " + figuresText(figures) + ", " + percent(figures.bytes(), total)
               + "\n";
    out += "Expiry:\n";
    for (int g = 0; g < kExpiryGroupCount; ++g) {
        const KeySpaceFigures &figures = report.expiry[g];
        out += std::string("  ") + expiryGroupName(static_cast<ExpiryGroup>(g)) + ": "
               + figuresText(figures) + "\n";
    }
    out += "Tree by bytes (depth " + std::to_string(report.request.depth) + "):\n";
    nodeText(report.root, total, 1, out);
    if (!report.root.topByEntries.empty()) {
        out += "Top children by entries:\n";
        for (const auto &[key, figures] : report.root.topByEntries)
            out += "  " + printKeyLiteral(key) + "  " + figuresText(figures) + "\n";
    }
    out += "Largest entries:\n";
    for (const KeySpaceEntry &entry : report.largest) {
        out += "  " + printKeyLiteral(entry.decodedKey) + "  "
               + std::to_string(entry.keyBytes + entry.valueBytes) + " bytes, " + entry.kind
               + (entry.expiresAt ? ", expires at " + std::to_string(*entry.expiresAt) : "") + "\n";
    }
    sizesText("Key sizes", report.keySizes, out);
    sizesText("Value sizes", report.valueSizes, out);
    out += "Rows outside the key space: " + std::to_string(report.odd.outside.entries) + " ("
           + std::to_string(report.odd.outside.bytes()) + " bytes)\n";
    out += "Rows that do not decode: " + std::to_string(report.odd.undecodable.entries) + " ("
           + std::to_string(report.odd.undecodable.bytes()) + " bytes)\n";
    for (const UndecodableRow &row : report.odd.undecodableSamples)
        out += "  key bytes " + toHex(row.key) + ": " + row.problem + "\n";
    if (report.queue)
        queueText(*report.queue, out);
    if (report.storage)
        storageText(*report.storage, out);
    const std::vector<KeySpaceFinding> findings = keySpaceFindings(report);
    out += findings.empty() ? "Findings: none\n" : "Findings:\n";
    for (const KeySpaceFinding &finding : findings)
        out += "  " + finding.text + " (" + finding.rule + ")\n";
    return out;
}

std::string changesText(std::int64_t id, const std::vector<KeySpaceChange> &changes)
{
    std::string out = "Since report " + std::to_string(id) + ":";
    if (changes.empty())
        return out + " no change\n";
    out += "\n";
    for (const KeySpaceChange &change : changes) {
        out += "  " + change.key + "  ";
        if (change.appeared)
            out += "appeared: " + figuresText(change.after);
        else if (change.vanished)
            out += "vanished: " + figuresText(change.before);
        else
            out += signedText(change.after.entries - change.before.entries) + " entries, "
                   + signedText(change.after.bytes() - change.before.bytes()) + " bytes";
        out += "\n";
    }
    return out;
}

QJsonArray changesJson(const std::vector<KeySpaceChange> &changes)
{
    QJsonArray array;
    for (const KeySpaceChange &change : changes) {
        QJsonObject object;
        object.insert(QStringLiteral("key"), QString::fromStdString(change.key));
        object.insert(QStringLiteral("status"),
                      change.appeared   ? QStringLiteral("appeared")
                      : change.vanished ? QStringLiteral("vanished")
                                        : QStringLiteral("changed"));
        object.insert(QStringLiteral("entries"), double(change.after.entries));
        object.insert(QStringLiteral("bytes"), double(change.after.bytes()));
        object.insert(QStringLiteral("entriesBefore"), double(change.before.entries));
        object.insert(QStringLiteral("bytesBefore"), double(change.before.bytes()));
        array.append(object);
    }
    return array;
}

} // namespace kvs::cli
