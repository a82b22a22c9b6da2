// Issue 39: the findings of a key-space report (kvs/key_space_findings.h), each rule on the edge
// where it starts to hold, on reports built by hand (the queue and storage rules too).
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

    // Dead letters: older than 7 days on the report's clock (finished_at; enqueued_at when the
    // table has no finished_at), one finding per topic; other statuses never.
    void oldDeadLetters()
    {
        KeySpaceReport report;
        report.now = 1'700'000'000'000;
        QueueStatusFigures dead{"jobs",
                                "dead",
                                3,
                                120,
                                report.now - 9 * kOldDeadLetterMs,
                                report.now - kOldDeadLetterMs};
        QueueStatusFigures done{"jobs",
                                "done",
                                1,
                                5,
                                report.now - 9 * kOldDeadLetterMs,
                                report.now - 9 * kOldDeadLetterMs};
        QueueStatusFigures pending{"jobs", "pending", 1, 5, report.now - 9 * kOldDeadLetterMs, {}};
        report.queue = std::vector<QueueStatusFigures>{dead, done, pending};
        QVERIFY(rulesOf(report).empty()); // exactly 7 days: not older
        (*report.queue)[0].oldestFinishedAt = report.now - kOldDeadLetterMs - 1;
        QCOMPARE(rulesOf(report), std::vector<std::string>{"old-dead-letters"});
        QCOMPARE(textOf(report, "old-dead-letters"),
                 std::string("topic \"jobs\" has dead letters older than 7 days: the oldest died "
                             "7.0 days ago (3 dead letters, 120 payload bytes); retry or delete "
                             "them"));
        // Without finished_at (kvs <= 0.3 tables) the enqueue time decides.
        QueueStatusFigures old{"a\"b", "dead", 1, 9, report.now - 8 * 24 * 3'600'000, {}};
        report.queue->push_back(old);
        QCOMPARE(rulesOf(report),
                 (std::vector<std::string>{"old-dead-letters", "old-dead-letters"}));
        QCOMPARE(keySpaceFindings(report)[1].text,
                 std::string("topic \"a\\\"b\" has dead letters older than 7 days: the oldest "
                             "died 8.0 days ago (1 dead letter, 9 payload bytes); retry or delete "
                             "them"));
        report.queue.reset(); // no section: no finding
        QVERIFY(rulesOf(report).empty());
    }

    // Free pages: more than a fifth of the database's pages.
    void freePages()
    {
        KeySpaceReport report;
        SqliteStorageFigures file;
        file.pageSize = 4096;
        file.pageCount = 100;
        file.freePages = 20;
        file.fileBytes = 409600;
        report.storage = StorageFigures{file, {}};
        QVERIFY(rulesOf(report).empty()); // exactly 20 %
        report.storage->sqlite->freePages = 21;
        QCOMPARE(rulesOf(report), std::vector<std::string>{"free-pages"});
        QCOMPARE(textOf(report, "free-pages"),
                 std::string("21.0 % of the SQLite database is free pages (86016 bytes); VACUUM "
                             "would reclaim them"));
        report.storage->sqlite->pageCount = 0; // an empty database: nothing to say
        report.storage->sqlite->freePages = 0;
        QVERIFY(rulesOf(report).empty());
        // PostgreSQL's storage has no such rule.
        PgTableFigures kv;
        kv.table = "kv";
        kv.tableBytes = 8192;
        report.storage = StorageFigures{std::nullopt, {kv}};
        QVERIFY(rulesOf(report).empty());
    }

    // A WAL larger than the database (its pages).
    void walLargerThanDatabase()
    {
        KeySpaceReport report;
        SqliteStorageFigures file;
        file.pageSize = 4096;
        file.pageCount = 10;
        file.walBytes = 40960;
        report.storage = StorageFigures{file, {}};
        QVERIFY(rulesOf(report).empty()); // as large: not larger
        report.storage->sqlite->walBytes = 40961;
        QCOMPARE(rulesOf(report), std::vector<std::string>{"wal-larger-than-database"});
        QCOMPARE(textOf(report, "wal-larger-than-database"),
                 std::string("the WAL file (40961 bytes) is larger than the database (40960 "
                             "bytes): a long reader held checkpoints back, or writes outpace "
                             "them; PRAGMA wal_checkpoint(TRUNCATE) shrinks it when no reader "
                             "needs it"));
    }
};

QTEST_GUILESS_MAIN(TestKeySpaceFindings)
#include "tst_key_space_findings.moc"
