#include <kvs/json_line.h>
#include <kvs/key_space_findings.h>
#include <kvs/literal.h>

#include <cstdio>

namespace kvs {

namespace {

std::string percentText(double share)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %%", 100.0 * share);
    return text;
}

std::string rowsText(const KeySpaceFigures &figures)
{
    return std::to_string(figures.entries) + (figures.entries == 1 ? " row (" : " rows (")
           + std::to_string(figures.bytes()) + " bytes)";
}

std::string daysText(std::int64_t ms)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f days", double(ms) / (24.0 * 60 * 60 * 1000));
    return text;
}

void addQueueFindings(const KeySpaceReport &report, std::vector<KeySpaceFinding> &findings)
{
    if (!report.queue)
        return;
    for (const QueueStatusFigures &figures : *report.queue) {
        if (figures.status != "dead" || figures.messages == 0)
            continue;
        const std::int64_t died = figures.oldestFinishedAt.value_or(figures.oldestEnqueuedAt);
        const std::int64_t age = report.now - died;
        if (age <= kOldDeadLetterMs)
            continue;
        findings.push_back(
            {"old-dead-letters",
             "topic " + jsonQuoted(figures.topic) + " has dead letters older than 7 days: the "
                 + "oldest died " + daysText(age) + " ago (" + std::to_string(figures.messages)
                 + (figures.messages == 1 ? " dead letter, " : " dead letters, ")
                 + std::to_string(figures.payloadBytes) + " payload bytes); retry or delete them"});
    }
}

void addStorageFindings(const KeySpaceReport &report, std::vector<KeySpaceFinding> &findings)
{
    if (!report.storage || !report.storage->sqlite)
        return;
    const SqliteStorageFigures &file = *report.storage->sqlite;
    const std::int64_t database = file.databaseBytes();
    if (database > 0) {
        const double share = double(file.freeBytes()) / double(database);
        if (share > kFreePagesShare) {
            findings.push_back({"free-pages",
                                percentText(share) + " of the SQLite database is free pages ("
                                    + std::to_string(file.freeBytes())
                                    + " bytes); VACUUM would reclaim them"});
        }
    }
    if (file.walBytes > database) {
        findings.push_back(
            {"wal-larger-than-database",
             "the WAL file (" + std::to_string(file.walBytes)
                 + " bytes) is larger than the database (" + std::to_string(database)
                 + " bytes): a long reader held checkpoints back, or writes outpace them; "
                   "PRAGMA wal_checkpoint(TRUNCATE) shrinks it when no reader needs it"});
    }
}

} // namespace

std::vector<KeySpaceFinding> keySpaceFindings(const KeySpaceReport &report)
{
    std::vector<KeySpaceFinding> findings;
    const KeySpaceFigures &expired = report.expiry[static_cast<int>(ExpiryGroup::Expired)];
    if (expired.entries > 0) {
        findings.push_back({"expired-not-cleaned",
                            std::to_string(expired.entries) + " expired entries ("
                                + std::to_string(expired.bytes())
                                + " bytes) are not yet cleaned; the maintenance timer or "
                                  "cleanExpired() deletes them"});
    }
    std::int64_t large = 0;
    const int firstLarge = SizeDistribution::bucketOf(kLargeValueBytes);
    for (std::size_t b = static_cast<std::size_t>(firstLarge); b < report.valueSizes.counts.size();
         ++b)
        large += report.valueSizes.counts[b];
    if (large > 0) {
        findings.push_back({"large-values",
                            std::to_string(large) + (large == 1 ? " value is" : " values are")
                                + " 1 MiB or larger; each read and write moves all of it"});
    }
    const KeySpaceNode &root = report.root;
    const std::int64_t children
        = static_cast<std::int64_t>(root.children.size()) + root.othersChildren;
    if (children >= 2 && !root.children.empty() && root.totals.bytes() > 0) {
        const KeySpaceNode &largest = root.children.front();
        const double share = double(largest.totals.bytes()) / double(root.totals.bytes());
        if (share > kDominantShare) {
            findings.push_back({"dominant-prefix",
                                printKeyLiteral(largest.key) + " holds " + percentText(share)
                                    + " of the bytes of " + printKeyLiteral(root.key)});
        }
    }
    if (report.odd.undecodable.entries > 0) {
        findings.push_back({"undecodable-rows",
                            rowsText(report.odd.undecodable)
                                + (report.odd.undecodable.entries == 1 ? " does" : " do")
                                + " not decode as kvs keys and values; list() and get() cannot "
                                  "read them"});
    }
    if (report.odd.outside.entries > 0) {
        findings.push_back({"rows-outside-key-space",
                            rowsText(report.odd.outside)
                                + (report.odd.outside.entries == 1 ? " lies" : " lie")
                                + " outside the key space (another writer's); no list() "
                                  "selects them"});
    }
    addQueueFindings(report, findings);
    addStorageFindings(report, findings);
    return findings;
}

} // namespace kvs
