// Consistent SQLite backups and their restore (kvs/backup.h): the copy holds every row of every
// table as the source held them when the backup began, whatever another connection writes
// meanwhile; refusals leave both files as they were.
#include "support/raw_sqlite.h"
#include "support/test_support.h"

#include <kvs/backup.h>
#include <kvs/errors.h>
#include <kvs/kvstore.h>
#include <kvs/value.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

using namespace kvs;
using kvs::test::throwsWith;

namespace {

// Every row of every table of the database at path, each as its columns' bytes, in rowid order.
std::vector<std::vector<std::string>> everyRow(const std::string &path)
{
    test::RawSqlite db(path, true);
    std::vector<std::vector<std::string>> all;
    for (const char *table : {"kv", "queue", "meta", "kv_versionstamp"}) {
        auto rows = db.rows(std::string("SELECT * FROM ") + table + " ORDER BY rowid");
        all.push_back({std::string("table ") + table});
        all.insert(all.end(), rows.begin(), rows.end());
    }
    return all;
}

std::int64_t countOf(const std::string &path, const std::string &table)
{
    test::RawSqlite db(path, true);
    return std::stoll(db.rows("SELECT count(*) FROM " + table).at(0).at(0));
}

// A store with entries (large enough for many pages), messages and its meta rows.
void fill(const std::string &path, int entries)
{
    KVStore store(path);
    const std::string payload(900, 'p');
    for (int i = 0; i < entries; ++i)
        store.set({"items", double(i)}, Value(payload + std::to_string(i)));
    store.enqueue(Value(std::string("a message")));
    store.set({"last"}, Value(true));
}

} // namespace

class TestSqliteBackup : public QObject
{
    Q_OBJECT

private slots:
    void copiesEveryRowOfEveryTable()
    {
        QTemporaryDir dir;
        const std::string source = dir.filePath("source.db").toStdString();
        const std::string copy = dir.filePath("copy.db").toStdString();
        fill(source, 300);
        std::vector<BackupProgress> seen;
        BackupOptions options;
        options.pagesPerStep = 16;
        options.onProgress = [&seen](const BackupProgress &p) {
            seen.push_back(p);
            return true;
        };
        const BackupResult result = backupSqliteStore(source, copy, options);
        // Nothing else beside it: no partial file, no -wal or -shm of the copy.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
                 QStringList({QStringLiteral("copy.db"),
                              QStringLiteral("source.db"),
                              QStringLiteral("source.db-shm"),
                              QStringLiteral("source.db-wal")}));
        QCOMPARE(result.entries, 301);
        QVERIFY(!result.cancelled);
        QCOMPARE(result.bytes, std::int64_t(std::filesystem::file_size(copy)));
        QVERIFY(everyRow(copy) == everyRow(source));
        QVERIFY(seen.size() > 3); // stepped, with progress
        QCOMPARE(seen.back().pagesDone, seen.back().pagesTotal);
        QCOMPARE(seen.back().pagesTotal, result.pages);
        QVERIFY(!std::filesystem::exists(copy + kPartialSuffix));
    }

    // Another connection commits between every two steps: the copy is the snapshot of the
    // backup's start (no write of those in it) and the backup ends (a restarting copy would not).
    void aWriterBetweenEveryStepNeitherRestartsNorLeaksIn()
    {
        QTemporaryDir dir;
        const std::string source = dir.filePath("source.db").toStdString();
        const std::string copy = dir.filePath("copy.db").toStdString();
        fill(source, 400);
        const auto before = everyRow(source);
        KVStore writer(source);
        int steps = 0;
        BackupOptions options;
        options.pagesPerStep = 4;
        options.onProgress = [&](const BackupProgress &) {
            ++steps;
            writer.set({"during", double(steps)}, Value(std::string(2000, 'w')));
            return steps < 100000; // a copy that restarts forever fails here, not hangs
        };
        const BackupResult result = backupSqliteStore(source, copy, options);
        QVERIFY(!result.cancelled);
        QVERIFY(steps > 10);
        QCOMPARE(result.entries, 401);
        QVERIFY(everyRow(copy) == before);
        QCOMPARE(countOf(source, "kv"), 401 + steps);
    }

    // The WAL that grew while the snapshot was held is written back by the backup itself only
    // when asked: without it the source file is left as it was (a read-only open changes nothing).
    void checkpointAfterWritesTheGrownWalBack()
    {
        for (const bool checkpoint : {false, true}) {
            QTemporaryDir dir;
            const std::string source = dir.filePath("source.db").toStdString();
            fill(source, 200);
            KVStore writer(source);
            const auto sizeBefore = std::filesystem::file_size(source);
            BackupOptions options;
            options.pagesPerStep = 4;
            options.checkpointAfter = checkpoint;
            int steps = 0;
            options.onProgress = [&](const BackupProgress &) {
                writer.set({"during", double(++steps)}, Value(std::string(3000, 'w')));
                return true;
            };
            const std::string copy = dir.filePath("copy.db").toStdString();
            QCOMPARE(backupSqliteStore(source, copy, options).entries, 201);
            const auto sizeAfter = std::filesystem::file_size(source);
            if (checkpoint)
                QVERIFY(sizeAfter > sizeBefore + std::uintmax_t(steps) * 3000 / 2);
            else
                QCOMPARE(sizeAfter, sizeBefore);
        }
    }

    void refusesWhatItCannotDo()
    {
        QTemporaryDir dir;
        const std::string source = dir.filePath("source.db").toStdString();
        const std::string copy = dir.filePath("copy.db").toStdString();
        fill(source, 3);
        QFile existing(QString::fromStdString(copy));
        QVERIFY(existing.open(QIODevice::WriteOnly));
        existing.write("keep me");
        existing.close();
        QVERIFY(throwsWith<Error>([&] { (void)backupSqliteStore(source, copy); },
                                  "kvs: the backup destination " + copy
                                      + " already exists; give a new file name"));
        QCOMPARE(QFile(existing.fileName()).size(), 7);

        const std::string missing = dir.filePath("missing.db").toStdString();
        QVERIFY(throwsWith<Error>([&] { (void)backupSqliteStore(missing, copy + "2"); },
                                  "kvs: no database at " + missing));
        QVERIFY(!std::filesystem::exists(missing));

        const std::string other = dir.filePath("other.db").toStdString();
        test::RawSqlite(other).exec("CREATE TABLE notes (t TEXT)");
        QVERIFY(throwsWith<Error>([&] { (void)backupSqliteStore(other, copy + "3"); },
                                  "kvs: " + other + " is not a kvs database (no table kv)"));
        QVERIFY(!std::filesystem::exists(copy + "3"));

        QVERIFY(throwsWith<Error>(
            [&] { (void)backupSqliteStore("postgresql://u@127.0.0.1/db", copy + "4"); },
            "kvs: kvs backup copies a SQLite file; for PostgreSQL use pg_dump (or kvs export)"));
    }

    void cancelLeavesNothing()
    {
        QTemporaryDir dir;
        const std::string source = dir.filePath("source.db").toStdString();
        const std::string copy = dir.filePath("copy.db").toStdString();
        fill(source, 200);
        int calls = 0;
        BackupOptions options;
        options.pagesPerStep = 8;
        options.onProgress = [&calls](const BackupProgress &) {
            return ++calls < 3;
        };
        const BackupResult result = backupSqliteStore(source, copy, options);
        QVERIFY(result.cancelled);
        QVERIFY(!std::filesystem::exists(copy));
        QVERIFY(!std::filesystem::exists(copy + kPartialSuffix));
    }

    // A backup killed earlier left its partial file: the next one replaces it.
    void aStalePartialFileIsReplaced()
    {
        QTemporaryDir dir;
        const std::string source = dir.filePath("source.db").toStdString();
        const std::string copy = dir.filePath("copy.db").toStdString();
        fill(source, 5);
        QFile stale(QString::fromStdString(copy + kPartialSuffix));
        QVERIFY(stale.open(QIODevice::WriteOnly));
        stale.write("half a backup");
        stale.close();
        QCOMPARE(backupSqliteStore(source, copy).entries, 6);
        QVERIFY(everyRow(copy) == everyRow(source));
    }

    void restoresIntoANewOrEmptyFile()
    {
        QTemporaryDir dir;
        const std::string source = dir.filePath("source.db").toStdString();
        const std::string copy = dir.filePath("copy.db").toStdString();
        fill(source, 20);
        (void)backupSqliteStore(source, copy);
        const std::string fresh = dir.filePath("fresh.db").toStdString();
        const RestoreResult restored = restoreSqliteStore(copy, fresh, RestoreOverwrite::Refuse);
        QCOMPARE(restored.entries, 21);
        QVERIFY(!restored.replaced);
        QVERIFY(!QFile::exists(QString::fromStdString(fresh + "-wal")));
        QVERIFY(!QFile::exists(QString::fromStdString(fresh + kPartialSuffix)));
        QVERIFY(everyRow(fresh) == everyRow(source));

        const std::string empty = dir.filePath("empty.db").toStdString();
        QFile(QString::fromStdString(empty)).open(QIODevice::WriteOnly);
        QCOMPARE(restoreSqliteStore(copy, empty, RestoreOverwrite::Refuse).entries, 21);
        QVERIFY(everyRow(empty) == everyRow(source));
    }

    void restoreOverDataAsksAndThenReplacesNeverMerges()
    {
        QTemporaryDir dir;
        const std::string source = dir.filePath("source.db").toStdString();
        const std::string copy = dir.filePath("copy.db").toStdString();
        fill(source, 10);
        (void)backupSqliteStore(source, copy);
        const std::string target = dir.filePath("target.db").toStdString();
        {
            KVStore other(target);
            other.set({"only", "in", "target"}, Value(1.0));
            other.enqueue(Value(2.0));
        }
        const auto targetBefore = everyRow(target);
        QVERIFY(throwsWith<Error>(
            [&] { (void)restoreSqliteStore(copy, target, RestoreOverwrite::Refuse); },
            "kvs: the restore destination " + target
                + " holds 1 entries and 1 messages; restoring replaces them (kvs restore "
                  "--force)"));
        QVERIFY(everyRow(target) == targetBefore);

        // Replaced while another connection has it open: that one reads the new contents.
        KVStore reader(target);
        QVERIFY(reader.get({"only", "in", "target"}).has_value());
        const RestoreResult replaced = restoreSqliteStore(copy, target, RestoreOverwrite::Replace);
        QVERIFY(replaced.replaced);
        QCOMPARE(replaced.entries, 11);
        QVERIFY(everyRow(target) == everyRow(source));
        QVERIFY(!reader.get({"only", "in", "target"}).has_value());
        QVERIFY(reader.get({"last"}).has_value());
    }

    void restoreRefusesWhatIsNoBackup()
    {
        QTemporaryDir dir;
        const std::string target = dir.filePath("target.db").toStdString();
        const std::string missing = dir.filePath("missing.db").toStdString();
        QVERIFY(throwsWith<Error>(
            [&] { (void)restoreSqliteStore(missing, target, RestoreOverwrite::Refuse); },
            "kvs: no backup at " + missing));
        const std::string notes = dir.filePath("notes.db").toStdString();
        test::RawSqlite(notes).exec("CREATE TABLE notes (t TEXT)");
        QVERIFY(throwsWith<Error>(
            [&] { (void)restoreSqliteStore(notes, target, RestoreOverwrite::Refuse); },
            "kvs: " + notes + " is not a kvs backup (no table kv)"));
        const std::string text = dir.filePath("text.db").toStdString();
        QFile file(QString::fromStdString(text));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(5000, 'x'));
        file.close();
        QVERIFY(throwsWith<Error>(
            [&] { (void)restoreSqliteStore(text, target, RestoreOverwrite::Refuse); },
            "kvs: " + text + " is not a kvs backup (quick_check: file is not a database)"));
        QVERIFY(!std::filesystem::exists(target));
        QVERIFY(throwsWith<Error>(
            [&] {
                (void)restoreSqliteStore(
                    notes, "postgresql://u@127.0.0.1/db", RestoreOverwrite::Refuse);
            },
            "kvs: kvs restore writes a SQLite file; between SQLite and PostgreSQL use kvs export "
            "and kvs import"));
    }
};

QTEST_GUILESS_MAIN(TestSqliteBackup)
#include "tst_sqlite_backup.moc"
