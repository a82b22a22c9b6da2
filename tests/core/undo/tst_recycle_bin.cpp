// Issue 42: the recycle bin (kvs/recycle_bin.h), on SQLite and on the PostgreSQL server the test
// command starts: a subtree kept before it is deleted and restored byte for byte (new versions),
// keys written since skipped, counted and listed; its files 0600 and bounded by age (on the bin's
// clock) and size.
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
