// The bulk calls of kvs/entry_transfer.h on a real SQLite file, on the store's ManualClock:
// pages and batches, Cancel after a batch (what was written stays, nothing more), the subtree
// range, expiry on the store's clock, and their errors.
#include "support/raw_sqlite.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/entry_transfer.h>
#include <kvs/errors.h>
#include <kvs/literal.h>

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <sstream>

namespace {

kvs::Key key(const char *literal)
{
    return kvs::parseKeyLiteral(literal);
}

} // namespace

class TestEntryTransfer : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_files = 0;
    std::shared_ptr<kvs::ManualClock> m_clock = std::make_shared<kvs::ManualClock>();

    // A store on a new file with n keys ["n", i] and the key ["n"] itself.
    std::unique_ptr<kvs::AsyncKVStore> storeWith(int n, bool readOnly = false)
    {
        const std::string path
            = m_dir.filePath(QStringLiteral("t%1.db").arg(++m_files)).toStdString();
        {
            kvs::AsyncKVStoreSettings settings;
            settings.clock = m_clock;
            kvs::AsyncKVStore store(path, settings);
            kvs::AsyncAtomicOperation op = store.atomic();
            op.set(key("[\"n\"]"), kvs::Value("self"));
            for (int i = 0; i < n; ++i)
                op.set(kvs::Key{kvs::KeyPart(std::string("n")), kvs::KeyPart(double(i))},
                       kvs::Value(double(i)));
            (void)op.commit().result();
        }
        kvs::AsyncKVStoreSettings settings;
        settings.clock = m_clock;
        settings.readOnly = readOnly;
        return std::make_unique<kvs::AsyncKVStore>(path, settings);
    }
    kvs::TransferOptions options(int batchSize, int stopAfter = -1)
    {
        kvs::TransferOptions result;
        result.batchSize = batchSize;
        result.clock = m_clock;
        auto calls = std::make_shared<int>(0);
        result.onProgress = [calls, stopAfter](const kvs::TransferProgress &) {
            return ++*calls != stopAfter;
        };
        return result;
    }

private slots:
    void exportReadsInPagesAndStopsWhenAsked();
    void exportWritesBatchesOfPagesLargerThanThem();
    void exportCarriesVersionsOnlyWhenAsked();
    void countAndDeleteCoverTheSubtree();
    void deleteStopsAfterABatch();
    void expiryFollowsTheStoresClock();
    void errors();
    void copyWritesBatchesWithNewVersions();
    void copySkipsOrOverwritesAndStopsAfterABatch();
    void readKeysFindsRowsOutsideTheKeySpace();
};

void TestEntryTransfer::exportReadsInPagesAndStopsWhenAsked()
{
    const auto store = storeWith(25);
    std::vector<std::size_t> pages;
    const kvs::TransferResult all = kvs::exportEntries(
        *store,
        kvs::KeyRange::below(key("[\"n\"]")),
        [&pages](std::string_view lines) {
            pages.push_back(std::count(lines.begin(), lines.end(), '\n'));
        },
        options(10));
    QCOMPARE(all.done, 25);
    QVERIFY(!all.cancelled);
    QCOMPARE(pages, (std::vector<std::size_t>{10, 10, 5}));
    // Stopped after the first page: that page was written, nothing more.
    std::string written;
    const kvs::TransferResult stopped = kvs::exportEntries(
        *store,
        kvs::KeyRange::everything(),
        [&written](std::string_view lines) { written += lines; },
        options(10, 1));
    QCOMPARE(stopped.done, 10);
    QVERIFY(stopped.cancelled);
    QCOMPARE(std::count(written.begin(), written.end(), '\n'), 10);
    QVERIFY(written.starts_with("{\"key\": \"[\\\"n\\\"]\", \"value\": \"\\\"self\\\"\""));
}

// Pages grow past the batch size (kvs reads about 4 MB a statement); the export still writes and
// reports batch by batch, every entry once, in key order, and stops after the batch it was told.
void TestEntryTransfer::exportWritesBatchesOfPagesLargerThanThem()
{
    const auto store = storeWith(3000);
    std::vector<std::size_t> batches;
    std::string written;
    const kvs::TransferResult all = kvs::exportEntries(
        *store,
        kvs::KeyRange::below(key("[\"n\"]")),
        [&](std::string_view lines) {
            batches.push_back(std::count(lines.begin(), lines.end(), '\n'));
            written += lines;
        },
        options(10));
    QCOMPARE(all.done, 3000);
    QCOMPARE(batches, std::vector<std::size_t>(300, 10));
    std::istringstream lines(written);
    std::vector<double> numbers;
    for (std::string line; std::getline(lines, line);) {
        const auto at = line.find("\"value\": \"") + 10;
        numbers.push_back(std::stod(line.substr(at)));
    }
    std::vector<double> sorted = numbers;
    std::sort(sorted.begin(), sorted.end());
    QCOMPARE(numbers.size(), std::size_t(3000));
    QCOMPARE(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end()); // each once
    QCOMPARE(sorted.front(), 0.0);
    QCOMPARE(sorted.back(), 2999.0);
    // Stopped inside the second page (10 rows, then 640): 7 batches written, nothing more.
    written.clear();
    const kvs::TransferResult stopped = kvs::exportEntries(
        *store,
        kvs::KeyRange::below(key("[\"n\"]")),
        [&written](std::string_view lines) { written += lines; },
        options(10, 7));
    QCOMPARE(stopped.done, 70);
    QVERIFY(stopped.cancelled);
    QCOMPARE(std::count(written.begin(), written.end(), '\n'), 70);
}

// `kvs export` writes no versions; the recycle bin asks for them (exportVersions): each line
// ends with its row's versionstamp, and an import of such lines ignores it (new versionstamps).
void TestEntryTransfer::exportCarriesVersionsOnlyWhenAsked()
{
    const auto store = storeWith(2);
    const kvs::KeyRange range = kvs::KeyRange::below(key("[\"n\"]"));
    const auto exported = [&](bool versions) {
        kvs::TransferOptions withVersions = options(10);
        withVersions.exportVersions = versions;
        std::string text;
        (void)kvs::exportEntries(
            *store, range, [&text](std::string_view lines) { text += lines; }, withVersions);
        return text;
    };
    const std::int64_t version = store->get(key("[\"n\", 1]")).result()->version;
    QCOMPARE(exported(false),
             std::string("{\"key\": \"[\\\"n\\\", 0]\", \"value\": \"0\", \"expiresAt\": null}\n"
                         "{\"key\": \"[\\\"n\\\", 1]\", \"value\": \"1\", \"expiresAt\": null}\n"));
    const std::string versioned = exported(true);
    QCOMPARE(versioned,
             "{\"key\": \"[\\\"n\\\", 0]\", \"value\": \"0\", \"expiresAt\": null, \"version\": "
                 + std::to_string(version)
                 + "}\n{\"key\": \"[\\\"n\\\", 1]\", \"value\": \"1\", \"expiresAt\": null, "
                   "\"version\": "
                 + std::to_string(version) + "}\n");
    std::istringstream in(versioned);
    QCOMPARE(kvs::importEntries(*store, in, kvs::ImportMode::Overwrite, options(10)).done, 2);
    QVERIFY(store->get(key("[\"n\", 1]")).result()->version > version);
}

void TestEntryTransfer::countAndDeleteCoverTheSubtree()
{
    const auto store = storeWith(25);
    QCOMPARE(kvs::countEntries(*store, kvs::KeyRange::subtree(key("[\"n\"]")), options(7)).done,
             26);
    QCOMPARE(kvs::countEntries(*store, kvs::KeyRange::below(key("[\"n\"]")), options(7)).done, 25);
    QCOMPARE(kvs::countEntries(*store, kvs::KeyRange::subtree(key("[\"other\"]")), options(7)).done,
             0);
    const kvs::TransferResult deleted
        = kvs::deleteEntries(*store, kvs::KeyRange::subtree(key("[\"n\"]")), options(7));
    QCOMPARE(deleted.done, 26);
    QCOMPARE(kvs::countEntries(*store, kvs::KeyRange::everything(), options(7)).done, 0);
}

void TestEntryTransfer::deleteStopsAfterABatch()
{
    const auto store = storeWith(25);
    const kvs::TransferResult stopped
        = kvs::deleteEntries(*store, kvs::KeyRange::everything(), options(10, 2));
    QCOMPARE(stopped.done, 20);
    QVERIFY(stopped.cancelled);
    QCOMPARE(kvs::countEntries(*store, kvs::KeyRange::everything(), options(10)).done, 6);
}

void TestEntryTransfer::expiryFollowsTheStoresClock()
{
    const auto store = storeWith(0);
    kvs::SetOptions ttl;
    ttl.ttl = 1000;
    (void)store->set(key("[\"soon\"]"), kvs::Value(1.0), ttl).result();
    std::string written;
    const auto write = [&written](std::string_view lines) {
        written += lines;
    };
    QCOMPARE(kvs::exportEntries(*store, kvs::KeyRange::everything(), write, options(10)).done, 2);
    const std::string expected = "\"expiresAt\": " + std::to_string(m_clock->now() + 1000) + "}";
    QVERIFY2(written.find(expected) != std::string::npos, written.c_str());
    // An import at a later time skips it; its expiry is kept, not turned into a TTL.
    m_clock->advance(500);
    const auto target = storeWith(0);
    std::istringstream in(written);
    const kvs::TransferResult imported
        = kvs::importEntries(*target, in, kvs::ImportMode::Overwrite, options(10));
    QCOMPARE(imported.done, 2);
    QCOMPARE(target->get(key("[\"soon\"]")).result()->expiresAt, m_clock->now() + 500);
    m_clock->advance(500);
    std::istringstream again(written);
    const kvs::TransferResult late
        = kvs::importEntries(*target, again, kvs::ImportMode::SkipExisting, options(10));
    QCOMPARE(late.done, 0);
    QCOMPARE(late.skipped, 2); // ["n"] is there; ["soon"] has expired
    written.clear();
    QCOMPARE(kvs::exportEntries(*store, kvs::KeyRange::everything(), write, options(10)).done, 1);
}

void TestEntryTransfer::errors()
{
    const auto store = storeWith(1);
    try {
        (void)kvs::countEntries(*store, kvs::KeyRange::everything(), options(0));
        QFAIL("no error for batch size 0");
    } catch (const kvs::RangeError &error) {
        QCOMPARE(std::string(error.what()),
                 std::string("kvs: batch size must be an integer >= 1, got 0"));
    }
    const auto readOnly = storeWith(1, true);
    std::istringstream in("{\"key\": \"[\\\"a\\\"]\", \"value\": \"1\"}\n");
    try {
        (void)kvs::importEntries(*readOnly, in, kvs::ImportMode::SkipExisting, options(10));
        QFAIL("no error for a read-only store");
    } catch (const kvs::ReadOnlyError &error) {
        QCOMPARE(std::string(error.what()),
                 std::string("kvs: the store is open read-only; import needs write access"));
    }
    try {
        (void)kvs::deleteEntries(*readOnly, kvs::KeyRange::everything(), options(10));
        QFAIL("no error for a read-only store");
    } catch (const kvs::ReadOnlyError &error) {
        QCOMPARE(std::string(error.what()),
                 std::string("kvs: the store is open read-only; deleting entries needs write "
                             "access"));
    }
    // A malformed line in the second batch: the first stays, its own batch is not written.
    std::istringstream lines("{\"key\": \"[\\\"a\\\"]\", \"value\": \"1\"}\n"
                             "{\"key\": \"[\\\"b\\\"]\", \"value\": \"1\"}\n"
                             "\n"
                             "{\"key\": \"[\\\"c\\\"]\", \"value\": \"1\"}\n"
                             "{\"key\": \"[\\\"d\\\"]\", \"value\": nope}\n");
    try {
        (void)kvs::importEntries(*store, lines, kvs::ImportMode::SkipExisting, options(2));
        QFAIL("no error for a malformed line");
    } catch (const kvs::ImportFormatError &error) {
        QCOMPARE(error.line(), 5);
        QCOMPARE(error.imported(), 2);
        QCOMPARE(error.skipped(), 0);
        QVERIFY2(std::string(error.what()).starts_with("kvs: import line 5: not JSON: "),
                 error.what());
    }
    QVERIFY(store->get(key("[\"b\"]")).result().has_value());
    QVERIFY(!store->get(key("[\"c\"]")).result().has_value());
}

void TestEntryTransfer::copyWritesBatchesWithNewVersions()
{
    const auto from = storeWith(25);
    kvs::SetOptions ttl;
    ttl.ttl = 1000;
    (void)from
        ->set(kvs::Key{kvs::KeyPart(std::string("n")), kvs::KeyPart(3.5)}, kvs::Value("soon"), ttl)
        .result();
    (void)from->set(key("[\"other\"]"), kvs::Value(1.0)).result();
    const auto to = storeWith(0);
    (void)to->remove(key("[\"n\"]")).waitForFinished();
    std::vector<std::int64_t> progress;
    kvs::TransferOptions batches = options(10);
    batches.onProgress = [&progress](const kvs::TransferProgress &at) {
        progress.push_back(at.done);
        return true;
    };
    const kvs::TransferResult copied = kvs::copyEntries(
        *from, kvs::KeyRange::subtree(key("[\"n\"]")), *to, kvs::ImportMode::SkipExisting, batches);
    QCOMPARE(copied.done, 27); // ["n"], 25 children and the one with a TTL; not ["other"]
    QCOMPARE(copied.skipped, 0);
    QVERIFY(!copied.cancelled);
    QCOMPARE(progress, (std::vector<std::int64_t>{10, 20, 27}));
    QVERIFY(!to->get(key("[\"other\"]")).result().has_value());
    const std::optional<kvs::Entry> self = to->get(key("[\"n\"]")).result();
    QVERIFY(self.has_value());
    QCOMPARE(self->value, kvs::Value("self"));
    // The target's own versionstamps, one per batch; the expiry is kept as a time.
    const std::optional<kvs::Entry> soon
        = to->get(kvs::Key{kvs::KeyPart(std::string("n")), kvs::KeyPart(3.5)}).result();
    QVERIFY(soon.has_value());
    QCOMPARE(soon->expiresAt, m_clock->now() + 1000);
    const auto versionOf = [&to](double i) {
        return to->get(kvs::Key{kvs::KeyPart(std::string("n")), kvs::KeyPart(i)}).result()->version;
    };
    QCOMPARE(versionOf(0), self->version); // the first batch
    QVERIFY(versionOf(20) > versionOf(8)); // the third batch, a later commit
    // Expired in the source when its page is read: not copied.
    m_clock->advance(1000);
    const auto later = storeWith(0);
    QCOMPARE(
        kvs::copyEntries(
            *from, kvs::KeyRange::everything(), *later, kvs::ImportMode::Overwrite, options(10))
            .done,
        27);
    QVERIFY(!later->get(kvs::Key{kvs::KeyPart(std::string("n")), kvs::KeyPart(3.5)})
                 .result()
                 .has_value());
}

void TestEntryTransfer::copySkipsOrOverwritesAndStopsAfterABatch()
{
    const auto from = storeWith(25);
    const auto to = storeWith(0); // holds ["n"] = "self" too
    (void)to->set(key("[\"n\", 0]"), kvs::Value("mine")).result();
    const kvs::TransferResult skipping = kvs::copyEntries(
        *from, kvs::KeyRange::everything(), *to, kvs::ImportMode::SkipExisting, options(10));
    QCOMPARE(skipping.done, 24);
    QCOMPARE(skipping.skipped, 2);
    QCOMPARE(to->get(key("[\"n\", 0]")).result()->value, kvs::Value("mine"));
    const kvs::TransferResult overwriting = kvs::copyEntries(
        *from, kvs::KeyRange::everything(), *to, kvs::ImportMode::Overwrite, options(10));
    QCOMPARE(overwriting.done, 26);
    QCOMPARE(to->get(key("[\"n\", 0]")).result()->value, kvs::Value(0.0));
    // Stopped after the second batch: 20 written, nothing more.
    const auto fresh = storeWith(0);
    (void)fresh->remove(key("[\"n\"]")).waitForFinished();
    const kvs::TransferResult stopped = kvs::copyEntries(
        *from, kvs::KeyRange::everything(), *fresh, kvs::ImportMode::Overwrite, options(10, 2));
    QVERIFY(stopped.cancelled);
    QCOMPARE(stopped.done, 20);
    QCOMPARE(kvs::countEntries(*fresh, kvs::KeyRange::everything(), options(10)).done, 20);
    // A read-only target refuses before anything is read.
    const auto readOnly = storeWith(0, true);
    try {
        (void)kvs::copyEntries(
            *from, kvs::KeyRange::everything(), *readOnly, kvs::ImportMode::Overwrite, options(10));
        QFAIL("no error for a read-only target");
    } catch (const kvs::ReadOnlyError &error) {
        QCOMPARE(std::string(error.what()),
                 std::string("kvs: the store is open read-only; copy needs write access"));
    }
}

void TestEntryTransfer::readKeysFindsRowsOutsideTheKeySpace()
{
    const std::string path = m_dir.filePath(QStringLiteral("outside.db")).toStdString();
    {
        kvs::AsyncKVStore store(path);
        (void)store.set(key("[\"inside\"]"), kvs::Value(1.0)).result();
    }
    {
        kvs::test::RawSqlite raw(path);
        raw.exec("INSERT INTO kv (key, value, version) VALUES (x'00', x'01', 1), "
                 "(x'0041', x'01', 1), (x'07', x'01', 1), (x'ff01', x'02', 1), "
                 "(x'ffff', x'03', 1), (x'0261', x'01', 1)");
        raw.exec("INSERT INTO kv (key, value, version, expires_at) VALUES (x'fe', x'01', 1, 1)");
    }
    kvs::AsyncKVStore store(path);
    const std::vector<kvs::KeyRange> outside = kvs::KeyRange::outsideKeySpace();
    QCOMPARE(outside.size(), std::size_t(2));
    QCOMPARE(kvs::readKeys(store, outside[0], 10),
             (std::vector<std::string>{std::string(1, '\0'), std::string("\0A", 2)}));
    // In byte order; the expired row is not there; 02 61 is inside the key space.
    QCOMPARE(kvs::readKeys(store, outside[1], 10),
             (std::vector<std::string>{"\x07", "\xff\x01", "\xff\xff"}));
    QCOMPARE(kvs::readKeys(store, outside[1], 2), (std::vector<std::string>{"\x07", "\xff\x01"}));
    try {
        (void)kvs::readKeys(store, outside[1], 0);
        QFAIL("no error for limit 0");
    } catch (const kvs::RangeError &error) {
        QCOMPARE(std::string(error.what()),
                 std::string("kvs: limit must be an integer >= 1, got 0"));
    }
}

QTEST_GUILESS_MAIN(TestEntryTransfer)
#include "tst_entry_transfer.moc"
