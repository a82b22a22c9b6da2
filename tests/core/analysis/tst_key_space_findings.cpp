// Issue 39: the findings of a key-space report (kvs/key_space_findings.h), each rule on the edge
// where it starts to hold, on reports built by hand.
#include <kvs/key_space_findings.h>

#include <QTest>

using namespace kvs;

namespace {

std::vector<std::string> rulesOf(const KeySpaceReport &report)
{
    std::vector<std::string> rules;
    for (const KeySpaceFinding &finding : keySpaceFindings(report))
        rules.push_back(finding.rule);
    return rules;
}

std::string textOf(const KeySpaceReport &report, const std::string &rule)
{
    for (const KeySpaceFinding &finding : keySpaceFindings(report)) {
        if (finding.rule == rule)
            return finding.text;
    }
    return "<none>";
}

KeySpaceNode child(const char *name, std::int64_t entries, std::int64_t bytes)
{
    KeySpaceNode node;
    node.key = Key{KeyPart(std::string(name))};
    node.totals.entries = entries;
    node.totals.valueBytes = bytes;
    return node;
}

} // namespace

class TestKeySpaceFindings : public QObject
{
    Q_OBJECT

private slots:
    void noneForAnOrdinaryReport()
    {
        KeySpaceReport report;
        report.root.totals.entries = 2;
        report.root.totals.valueBytes = 100;
        report.root.children = {child("a", 1, 50), child("b", 1, 50)};
        QVERIFY(keySpaceFindings(report).empty());
    }

    void expiredNotCleaned()
    {
        KeySpaceReport report;
        report.expiry[int(ExpiryGroup::UnderHour)].add(5, 10); // not expired: nothing
        QVERIFY(rulesOf(report).empty());
        report.expiry[int(ExpiryGroup::Expired)].add(5, 10);
        report.expiry[int(ExpiryGroup::Expired)].add(5, 20);
        QCOMPARE(rulesOf(report), std::vector<std::string>{"expired-not-cleaned"});
        QCOMPARE(textOf(report, "expired-not-cleaned"),
                 std::string("2 expired entries (40 bytes) are not yet cleaned; the maintenance "
                             "timer or cleanExpired() deletes them"));
    }

    void largeValues()
    {
        KeySpaceReport report;
        report.valueSizes.add(kLargeValueBytes - 1);
        QVERIFY(rulesOf(report).empty());
        report.valueSizes.add(kLargeValueBytes);
        QCOMPARE(textOf(report, "large-values"),
                 std::string("1 value is 1 MiB or larger; each read and write moves all of it"));
        report.valueSizes.add(std::int64_t(1) << 40);
        QCOMPARE(textOf(report, "large-values"),
                 std::string("2 values are 1 MiB or larger; each read and write moves all of it"));
    }

    void dominantPrefix()
    {
        KeySpaceReport report;
        report.root.totals.valueBytes = 100;
        report.root.children = {child("big", 1, 50), child("small", 1, 50)};
        QVERIFY(rulesOf(report).empty()); // exactly half: not more than half
        report.root.children = {child("big", 1, 51), child("small", 1, 49)};
        QCOMPARE(textOf(report, "dominant-prefix"),
                 std::string("[\"big\"] holds 51.0 % of the bytes of []"));
        // One child alone dominates nothing; with others summed past the cap it does.
        report.root.children = {child("big", 1, 51)};
        QVERIFY(rulesOf(report).empty());
        report.root.othersChildren = 1;
        QCOMPARE(rulesOf(report), std::vector<std::string>{"dominant-prefix"});
    }

    void oddRows()
    {
        KeySpaceReport report;
        report.odd.undecodable.add(3, 4);
        report.odd.outside.add(1, 1);
        report.odd.outside.add(1, 1);
        QCOMPARE(rulesOf(report),
                 (std::vector<std::string>{"undecodable-rows", "rows-outside-key-space"}));
        QCOMPARE(textOf(report, "undecodable-rows"),
                 std::string("1 row (7 bytes) does not decode as kvs keys and values; list() and "
                             "get() cannot read them"));
        QCOMPARE(textOf(report, "rows-outside-key-space"),
                 std::string("2 rows (4 bytes) lie outside the key space (another writer's); no "
                             "list() selects them"));
    }
};

QTEST_GUILESS_MAIN(TestKeySpaceFindings)
#include "tst_key_space_findings.moc"
