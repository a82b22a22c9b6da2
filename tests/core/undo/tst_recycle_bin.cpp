// Issue 42: the recycle bin (kvs/recycle_bin.h), on SQLite and on the PostgreSQL server the test
// command starts: a subtree kept before it is deleted and restored byte for byte (new versions),
// keys written since skipped, counted and listed; its files 0600 and bounded by age (on the bin's
// clock) and size. What an import with overwrite replaced comes back (keys it created go), keys
// another store wrote since are skipped and named, and a bin that cannot be written stops the
// import before it writes anything.
#include "support/clocked_store.h"
#include "support/postgres_test_server.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/data_folder.h>
#include <kvs/entry_transfer.h>
#include <kvs/key.h>
#include <kvs/literal.h>
#include <kvs/recycle_bin.h>
#include <kvs/value_codec.h>

#include <QDir>
#include <QTest>

#include <fstream>
#include <sstream>
#include <sys/stat.h>

using namespace kvs;

namespace {

constexpr std::int64_t kStart = 1'700'000'000'000;
constexpr std::int64_t kDay = 24LL * 60 * 60 * 1000;

// The export text of range: equal texts are equal bytes of every key and value (the format
// writes a row whose literals would not give back its bytes as hex).
std::string exported(AsyncKVStore &store, const KeyRange &range)
{
    std::string text;
    (void)exportEntries(store, range, [&](std::string_view lines) { text += lines; });
    return text;
}

std::string importLine(const Key &key, const Value &value)
{
    return exportLine(encodeKey(key), encodeValue(value), std::nullopt) + "\n";
}

} // namespace

class TestRecycleBin : public QObject
{
    Q_OBJECT

private:
    test::TestFiles m_files;
    int m_stores = 0;

    struct Opened : test::ClockedStore
    {
        std::string folder;
    };

    Opened open()
    {
        QFETCH(bool, postgres);
        const std::string name = "r" + std::to_string(++m_stores);
        Opened o{test::openClockedStore(m_files, postgres, name, "recycle", kStart), {}};
        o.folder = m_files.path((name + "-recycle").c_str());
        return o;
    }

    static void backends()
    {
        QTest::addColumn<bool>("postgres");
        QTest::newRow("sqlite") << false;
        QTest::newRow("postgres") << true;
    }

    // count entries at ["prefix", 0] ... ["prefix", count - 1].
    static void fill(AsyncKVStore &store, const std::string &prefix, int count)
    {
        std::string lines;
        for (int i = 0; i < count; ++i) {
            const Key key = parseKeyLiteral("[\"" + prefix + "\", " + std::to_string(i) + "]");
            // Values of several kinds: numbers, strings, bytes, objects with special values.
            const Value value = i % 4 == 0   ? Value(double(i) * 1.5)
                                : i % 4 == 1 ? Value("value " + std::to_string(i) + " ü")
                                : i % 4 == 2
                                    ? Value(Bytes{std::string{char(i & 0xff), char(0), char(0xff)}})
                                    : Value::object({{"n", Value(i)}, {"big", Value(BigInt(i))}});
            lines += exportLine(encodeKey(key), encodeValue(value), std::nullopt) + "\n";
        }
        std::istringstream in(lines);
        (void)importEntries(store, in, ImportMode::Overwrite);
    }

private slots:
    void aDeletedSubtreeComesBackByteForByte_data() { backends(); }
    void aDeletedSubtreeComesBackByteForByte()
    {
        Opened o = open();
        fill(*o.store, "big", 100000);
        fill(*o.store, "other", 10);
        const KeyRange range = KeyRange::subtree({"big"});
        const std::string before = exported(*o.store, range);
        const std::int64_t oldVersion = o.store->get({"big", 7.0}).result()->version;

        RecycleBin bin(o.folder, "db", {}, o.clock);
        const RecycledItem item = bin.keep(*o.store, range, "subtree [\"big\"]");
        QCOMPARE(item.count, std::int64_t(100000));
        QCOMPARE(item.time, kStart);
        QCOMPARE(item.database, std::string("db"));
        QCOMPARE(deleteEntries(*o.store, range).done, std::int64_t(100000));
        QVERIFY(exported(*o.store, range).empty());

        const std::vector<RecycledItem> items = bin.list();
        QCOMPARE(items.size(), std::size_t(1));
        QCOMPARE(items[0].what, std::string("subtree [\"big\"]"));
        QCOMPARE(items[0].count, std::int64_t(100000));
        struct stat info
        {};
        QCOMPARE(::stat(items[0].path.c_str(), &info), 0);
        QCOMPARE(info.st_mode & 0777, mode_t(0600));

        const RecycleRestore restored = bin.restore(*o.store, items[0]);
        QCOMPARE(restored.restored, std::int64_t(100000));
        QCOMPARE(restored.skipped, std::int64_t(0));
        QVERIFY(exported(*o.store, range) == before); // every byte of every key and value
        QVERIFY(o.store->get({"big", 7.0}).result()->version > oldVersion); // versions are new
        QCOMPARE(o.store->get({"other", 5.0}).result()->value, Value("value 5 ü")); // untouched
    }

    void keysWrittenSinceAreSkippedCountedAndListed_data() { backends(); }
    void keysWrittenSinceAreSkippedCountedAndListed()
    {
        Opened o = open();
        fill(*o.store, "s", 20);
        RecycleBin bin(o.folder, "db", {}, o.clock);
        const KeyRange range = KeyRange::subtree({"s"});
        const RecycledItem item = bin.keep(*o.store, range, "subtree [\"s\"]");
        (void)deleteEntries(*o.store, range);
        o.store->set({"s", 3.0}, Value("new since")).waitForFinished();
        o.store->set({"s", 11.0}, Value("new since")).waitForFinished();
        const RecycleRestore restored = bin.restore(*o.store, item);
        QCOMPARE(restored.restored, std::int64_t(18));
        QCOMPARE(restored.skipped, std::int64_t(2));
        QCOMPARE(restored.skippedKeys.size(), std::size_t(2));
        QCOMPARE(restored.skippedKeys[0], encodeKey({"s", 3.0}));
        QCOMPARE(restored.skippedKeys[1], encodeKey({"s", 11.0}));
        QCOMPARE(o.store->get({"s", 3.0}).result()->value, Value("new since"));
        QCOMPARE(o.store->get({"s", 4.0}).result()->value, Value(6.0));
    }

    // A restore that ends marks its item (when, how many put back and skipped), and every bin of
    // the folder lists the mark; a cancelled one leaves the item as it was.
    void aRestoreMarksItsItem_data() { backends(); }
    void aRestoreMarksItsItem()
    {
        Opened o = open();
        fill(*o.store, "m", 20);
        RecycleBin bin(o.folder, "db", {}, o.clock);
        const KeyRange range = KeyRange::subtree({"m"});
        const RecycledItem item = bin.keep(*o.store, range, "subtree [\"m\"]");
        QCOMPARE(item.restoredAt, std::int64_t(0));
        (void)deleteEntries(*o.store, range);
        o.store->set({"m", 3.0}, Value("new since")).waitForFinished();

        TransferOptions cancel;
        cancel.batchSize = 5;
        cancel.onProgress = [](const TransferProgress &) {
            return false;
        };
        QVERIFY(bin.restore(*o.store, item, cancel).cancelled);
        QCOMPARE(bin.list().at(0).restoredAt, std::int64_t(0));

        o.clock->advance(60'000);
        const RecycleRestore restored = bin.restore(*o.store, item);
        QVERIFY(!restored.cancelled);
        QVERIFY(restored.skipped >= 1); // ["m", 3], and what the cancelled one wrote
        QCOMPARE(restored.restored + restored.skipped, std::int64_t(20));
        RecycleBin other(o.folder, "db", {}, o.clock); // another tab's, or the next run's
        const std::vector<RecycledItem> items = other.list();
        QCOMPARE(items.size(), std::size_t(1));
        QCOMPARE(items[0].restoredAt, kStart + 60'000);
        QCOMPARE(items[0].restoredCount, restored.restored);
        QCOMPARE(items[0].restoredSkipped, restored.skipped);
        // The rest of the description is as it was.
        QCOMPARE(items[0].what, item.what);
        QCOMPARE(items[0].time, item.time);
        QCOMPARE(items[0].count, std::int64_t(20));
    }

    // The delete after a keep deletes exactly what was kept. Another store writes a new value at
    // a kept key, writes a new key into the subtree and deletes a kept key in between: the first
    // two stay as written, the rewritten and the deleted key are skipped and counted, and the
    // bin still holds the kept value.
    void theDeleteAfterAKeepLeavesWhatWasWrittenSince_data() { backends(); }
    void theDeleteAfterAKeepLeavesWhatWasWrittenSince()
    {
        Opened o = open();
        fill(*o.store, "w", 20);
        fill(*o.store, "x", 3);
        RecycleBin bin(o.folder, "db", {}, o.clock);
        const KeyRange range = KeyRange::subtree({"w"});
        const RecycledItem item = bin.keep(*o.store, range, "subtree [\"w\"]");
        AsyncKVStore other(o.connection, o.settings);
        other.set({"w", 5.0}, Value("written since")).waitForFinished();
        other.set({"w", 100.0}, Value("new since")).waitForFinished();
        other.remove({"w", 7.0}).waitForFinished();

        TransferOptions options;
        options.batchSize = 6;
        const TransferResult deleted = bin.deleteKept(*o.store, item, options);
        QCOMPARE(deleted.done, std::int64_t(18));
        QCOMPARE(deleted.skipped, std::int64_t(2)); // ["w", 5] written since, ["w", 7] gone
        QVERIFY(!deleted.cancelled);
        QCOMPARE(o.store->get({"w", 5.0}).result()->value, Value("written since"));
        QCOMPARE(o.store->get({"w", 100.0}).result()->value, Value("new since"));
        QCOMPARE(countEntries(*o.store, range).done, std::int64_t(2)); // only those two
        QCOMPARE(countEntries(*o.store, KeyRange::subtree({"x"})).done, std::int64_t(3));

        // The bin holds ["w", 5] as it was kept: with the new value gone, a restore brings it
        // back, and the key written after the keep is no part of it.
        o.store->remove({"w", 5.0}).waitForFinished();
        o.store->remove({"w", 100.0}).waitForFinished();
        const RecycleRestore restored = bin.restore(*o.store, item);
        QCOMPARE(restored.restored, std::int64_t(20));
        QCOMPARE(o.store->get({"w", 5.0}).result()->value, Value("value 5 ü"));
        QVERIFY(!o.store->get({"w", 100.0}).result());
    }

    // Everything kept and unchanged is deleted, a batch per transaction with progress after
    // each; Cancel stops between batches (what was deleted stays deleted), and a delete of the
    // same item afterwards skips those and deletes the rest. A stop asked for after the last
    // batch is no cancel.
    void theDeleteAfterAKeepDeletesWhatWasKeptAndStopsOnCancel_data() { backends(); }
    void theDeleteAfterAKeepDeletesWhatWasKeptAndStopsOnCancel()
    {
        Opened o = open();
        fill(*o.store, "d", 23);
        fill(*o.store, "e", 4);
        RecycleBin bin(o.folder, "db", {}, o.clock);
        const KeyRange range = KeyRange::subtree({"d"});
        const RecycledItem item = bin.keep(*o.store, range, "subtree [\"d\"]");
        QCOMPARE(item.count, std::int64_t(23));

        std::vector<std::int64_t> seen; // done + skipped after each batch
        TransferOptions cancel;
        cancel.batchSize = 10;
        cancel.onProgress = [&seen](const TransferProgress &progress) {
            seen.push_back(progress.done + progress.skipped);
            return false;
        };
        TransferResult deleted = bin.deleteKept(*o.store, item, cancel);
        QVERIFY(deleted.cancelled);
        QCOMPARE(deleted.done, std::int64_t(10));
        QCOMPARE(seen, std::vector<std::int64_t>{10});
        QCOMPARE(countEntries(*o.store, range).done, std::int64_t(13));

        seen.clear();
        TransferOptions rest = cancel;
        rest.onProgress = [&seen](const TransferProgress &progress) {
            seen.push_back(progress.done + progress.skipped);
            return progress.done + progress.skipped < 23; // stop after the last batch
        };
        deleted = bin.deleteKept(*o.store, item, rest);
        QVERIFY(!deleted.cancelled);
        QCOMPARE(deleted.done, std::int64_t(13));
        QCOMPARE(deleted.skipped, std::int64_t(10)); // deleted by the first, gone since
        QCOMPARE(seen, (std::vector<std::int64_t>{10, 20, 23}));
        QCOMPARE(countEntries(*o.store, range).done, std::int64_t(0));
        QCOMPARE(countEntries(*o.store, KeyRange::subtree({"e"})).done, std::int64_t(4));
        // keep() of an empty range makes no file, and its delete deletes nothing.
        const RecycledItem none = bin.keep(*o.store, range, "subtree [\"d\"]");
        QCOMPARE(bin.deleteKept(*o.store, none).done, std::int64_t(0));
    }

    // A delete of kept entries refuses a file it cannot read as kept entries with their versions
    // (nothing of the bad line's batch is deleted), a file that is gone, and a read-only store.
    void theDeleteAfterAKeepRefusesWhatItCannotCheck_data() { backends(); }
    void theDeleteAfterAKeepRefusesWhatItCannotCheck()
    {
        Opened o = open();
        fill(*o.store, "f", 3);
        RecycleBin bin(o.folder, "db", {}, o.clock);
        const auto refused = [&](const RecycledItem &item, const std::string &expected) {
            try {
                (void)bin.deleteKept(*o.store, item);
                QFAIL("deleted without checking");
            } catch (const Error &error) {
                QCOMPARE(QString::fromUtf8(error.what()), QString::fromStdString(expected));
            }
        };
        // Entries kept as read (a search's delete) carry no version.
        const RecycledItem unversioned
            = bin.keepEntries({*o.store->get({"f", 0.0}).result()}, "search results");
        refused(unversioned,
                "kvs: cannot read the recycle bin " + unversioned.path
                    + ": line 1 holds no version: its entry cannot be told from a newer one");
        RecycledItem malformed = bin.keep(*o.store, KeyRange::subtree({"f"}), "subtree [\"f\"]");
        {
            std::ofstream out(malformed.path, std::ios::app);
            out << "not json\n";
        }
        refused(malformed,
                "kvs: cannot read the recycle bin " + malformed.path
                    + ": line 4 is not a kept entry: not JSON: Invalid value. (at character 2)");
        QCOMPARE(countEntries(*o.store, KeyRange::subtree({"f"})).done, std::int64_t(3));
        bin.remove(malformed);
        refused(malformed, "kvs: cannot read the recycle bin " + malformed.path + ": it is gone");

        AsyncKVStoreSettings settings = o.settings;
        settings.readOnly = true;
        AsyncKVStore readOnly(o.connection, settings);
        const RecycledItem item = bin.keep(*o.store, KeyRange::subtree({"f"}), "subtree [\"f\"]");
        try {
            (void)bin.deleteKept(readOnly, item);
            QFAIL("deleted on a read-only store");
        } catch (const ReadOnlyError &error) {
            QCOMPARE(QString::fromUtf8(error.what()),
                     QStringLiteral("kvs: the store is open read-only; deleting entries needs "
                                    "write access"));
        }
        QCOMPARE(countEntries(*o.store, KeyRange::subtree({"f"})).done, std::int64_t(3));
    }

    void staysInsideItsBounds_data() { backends(); }
    void staysInsideItsBounds()
    {
        Opened o = open();
        fill(*o.store, "a", 50);
        fill(*o.store, "b", 50);
        UndoJournalBounds bounds;
        bounds.maxAgeMs = 7 * kDay;
        RecycleBin bin(o.folder, "db", bounds, o.clock);
        const RecycledItem a = bin.keep(*o.store, KeyRange::subtree({"a"}), "a");
        o.clock->advance(6 * kDay);
        bin.keep(*o.store, KeyRange::subtree({"b"}), "b");
        QCOMPARE(bin.list().size(), std::size_t(2));
        o.clock->advance(kDay + 1); // a is past its age
        std::vector<RecycledItem> items = bin.list();
        QCOMPARE(items.size(), std::size_t(1));
        QCOMPARE(items[0].what, std::string("b"));
        QVERIFY(!QFile::exists(QString::fromStdString(a.path)));

        // By size: the newest stays, older ones go once all of them are over the bound.
        bounds.maxBytes = items[0].bytes + 10;
        RecycleBin small(o.folder, "db", bounds, o.clock);
        const RecycledItem c = small.keep(*o.store, KeyRange::subtree({"a"}), "c");
        items = small.list();
        QCOMPARE(items.size(), std::size_t(1));
        QCOMPARE(items[0].path, c.path);
        // An empty range keeps nothing.
        QCOMPARE(small.keep(*o.store, KeyRange::subtree({"none"}), "none").count, std::int64_t(0));
        QCOMPARE(small.list().size(), std::size_t(1));
    }

    // A bulk delete of search results keeps the entries as read.
    void keepsEntriesAsRead_data() { backends(); }
    void keepsEntriesAsRead()
    {
        Opened o = open();
        fill(*o.store, "found", 6);
        std::vector<Entry> entries;
        for (int i = 0; i < 6; i += 2)
            entries.push_back(*o.store->get({"found", double(i)}).result());
        RecycleBin bin(o.folder, "db", {}, o.clock);
        const RecycledItem item = bin.keepEntries(entries, "search results");
        QCOMPARE(item.count, std::int64_t(3));
        for (const Entry &entry : entries)
            o.store->remove(entry.key).waitForFinished();
        const RecycleRestore restored = bin.restore(*o.store, bin.list().at(0));
        QCOMPARE(restored.restored, std::int64_t(3));
        for (const Entry &entry : entries)
            QCOMPARE(o.store->get(entry.key).result()->value, entry.value);
        QCOMPARE(bin.keepEntries({}, "nothing").count, std::int64_t(0));
        QCOMPARE(bin.list().size(), std::size_t(1));
    }

    // An import over 2,500 existing keys that also creates 500, in batches of 1,000, one key
    // imported twice (in two batches): its restore gives back every byte of the old values.
    void anImportOverwriteComesBackByteForByte_data() { backends(); }
    void anImportOverwriteComesBackByteForByte()
    {
        Opened o = open();
        fill(*o.store, "imp", 3000);
        const std::string before = exported(*o.store, KeyRange::everything());
        std::string file;
        for (int i = 0; i < 2500; ++i)
            file += importLine({"imp", double(i)}, Value("imported " + std::to_string(i)));
        for (int i = 0; i < 500; ++i)
            file += importLine({"new", double(i)}, Value(double(i)));
        file += importLine({"imp", 5.0}, Value("imported twice"));
        std::istringstream in(file);

        RecycleBin bin(o.folder, "db", {}, o.clock);
        const KeptImport kept = bin.keepImport(*o.store, in, "import data.jsonl");
        QCOMPARE(kept.result.done, std::int64_t(3001));
        QCOMPARE(kept.item.count, std::int64_t(3000));
        QCOMPARE(o.store->get({"imp", 5.0}).result()->value, Value("imported twice"));
        QCOMPARE(o.store->get({"new", 7.0}).result()->value, Value(7.0));
        const std::vector<RecycledItem> items = bin.list();
        QCOMPARE(items.size(), std::size_t(1));
        QCOMPARE(items[0].kind, RecycledKind::ReplacedByImport);
        QCOMPARE(items[0].what, std::string("import data.jsonl"));
        QCOMPARE(items[0].count, std::int64_t(3000));
        struct stat info
        {};
        QCOMPARE(::stat(items[0].path.c_str(), &info), 0);
        QCOMPARE(info.st_mode & 0777, mode_t(0600));

        const RecycleRestore restored = bin.restore(*o.store, items[0]);
        QCOMPARE(restored.restored, std::int64_t(2500));
        QCOMPARE(restored.removed, std::int64_t(500));
        QCOMPARE(restored.skipped, std::int64_t(0));
        QVERIFY(exported(*o.store, KeyRange::everything()) == before); // every byte
    }

    // Another store writes a key the import replaced and a key it created: the restore leaves
    // both as that store wrote them, and counts and names them.
    void keysWrittenSinceTheImportAreSkippedAndNamed_data() { backends(); }
    void keysWrittenSinceTheImportAreSkippedAndNamed()
    {
        Opened o = open();
        fill(*o.store, "k", 10);
        std::string file;
        for (int i = 0; i < 10; ++i)
            file += importLine({"k", double(i)}, Value("imported"));
        file += importLine({"k", 100.0}, Value("created"));
        file += importLine({"k", 101.0}, Value("created"));
        std::istringstream in(file);
        RecycleBin bin(o.folder, "db", {}, o.clock);
        (void)bin.keepImport(*o.store, in, "import k.jsonl");

        AsyncKVStore other(o.connection, o.settings);
        other.set({"k", 3.0}, Value("other store")).waitForFinished();
        other.set({"k", 100.0}, Value("other store")).waitForFinished();
        const RecycleRestore restored = bin.restore(*o.store, bin.list().at(0));
        QCOMPARE(restored.restored, std::int64_t(9));
        QCOMPARE(restored.removed, std::int64_t(1));
        QCOMPARE(restored.skipped, std::int64_t(2));
        QCOMPARE(restored.skippedKeys,
                 (std::vector<std::string>{encodeKey({"k", 3.0}), encodeKey({"k", 100.0})}));
        QCOMPARE(o.store->get({"k", 3.0}).result()->value, Value("other store"));
        QCOMPARE(o.store->get({"k", 100.0}).result()->value, Value("other store"));
        QCOMPARE(o.store->get({"k", 4.0}).result()->value, Value(6.0)); // as before the import
        QVERIFY(!o.store->get({"k", 101.0}).result());                  // created, removed
    }

    // The recycle folder cannot be made (a file is in its place): the import writes nothing.
    void anUnwritableBinLeavesTheDatabaseUnchanged_data() { backends(); }
    void anUnwritableBinLeavesTheDatabaseUnchanged()
    {
        Opened o = open();
        fill(*o.store, "u", 20);
        const std::string before = exported(*o.store, KeyRange::everything());
        QFile blocker(QString::fromStdString(o.folder));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        std::istringstream in(importLine({"u", 1.0}, Value("imported"))
                              + importLine({"v", 1.0}, Value("created")));
        RecycleBin bin(o.folder, "db", {}, o.clock);
        try {
            (void)bin.keepImport(*o.store, in, "import u.jsonl");
            QFAIL("the import went on without its recycle bin");
        } catch (const Error &error) {
            const std::string message = error.what();
            QVERIFY2(message.starts_with("kvs: cannot write the recycle bin " + o.folder + "/"),
                     message.c_str());
        }
        QVERIFY(exported(*o.store, KeyRange::everything()) == before);
    }

    // A malformed line ends the import after its first batch: that batch is kept and restored.
    void anImportStoppedByABadLineKeepsWhatItWrote_data() { backends(); }
    void anImportStoppedByABadLineKeepsWhatItWrote()
    {
        Opened o = open();
        fill(*o.store, "b", 1500);
        const std::string before = exported(*o.store, KeyRange::everything());
        std::string file;
        for (int i = 0; i < 1500; ++i)
            file += importLine({"b", double(i)}, Value("imported"));
        file += "not json\n";
        std::istringstream in(file);
        RecycleBin bin(o.folder, "db", {}, o.clock);
        QVERIFY_THROWS_EXCEPTION(ImportFormatError,
                                 (void)bin.keepImport(*o.store, in, "import b.jsonl"));
        QCOMPARE(o.store->get({"b", 999.0}).result()->value, Value("imported"));
        QCOMPARE(o.store->get({"b", 1000.0}).result()->value, Value(1500.0));
        const std::vector<RecycledItem> items = bin.list();
        QCOMPARE(items.size(), std::size_t(1));
        QCOMPARE(items[0].count, std::int64_t(1000));
        const RecycleRestore restored = bin.restore(*o.store, items[0]);
        QCOMPARE(restored.restored, std::int64_t(1000));
        QVERIFY(exported(*o.store, KeyRange::everything()) == before);
    }

    void aBinEndsWithItsStore()
    {
        auto store = std::make_shared<AsyncKVStore>(m_files.path("attached.db"));
        auto bin = std::make_shared<RecycleBin>(
            m_files.path("attached"), "db", UndoJournalBounds{}, nullptr);
        setRecycleBin(store, bin);
        QCOMPARE(recycleBinOf(*store), bin);
        setRecycleBin(store, nullptr);
        QVERIFY(!recycleBinOf(*store));
        QCOMPARE(RecycleBin::defaultFolder(), undoDataFolder() + "/recycle");
    }
};

QTEST_GUILESS_MAIN(TestRecycleBin)
#include "tst_recycle_bin.moc"
