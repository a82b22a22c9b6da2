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
    return findings;
}

} // namespace kvs
