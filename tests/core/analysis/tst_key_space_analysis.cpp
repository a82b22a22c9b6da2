// Key-space analysis (kvs/key_space_analysis.h) on SQLite files: every figure against a
// brute-force count over generated rows (key_space_cases.h), subtrees, the budget and cancel,
// bad requests, a read-only file, and the queue and storage sections (store_figures_cases.h; the
// file's figures against the test's own PRAGMA reads, the file's header and its size on disk).
#include "key_space_cases.h"
#include "store_figures_cases.h"
#include "support/raw_sqlite.h"
#include "support/stalling_adapter.h"
#include "support/test_support.h"

#include <kvs/key_space_json.h>
#include <kvs/sqlite_async_adapter.h>

#include <QFileInfo>
#include <QTemporaryDir>

#include <sys/stat.h>

using namespace kvs;

namespace {

std::int64_t sizeOnDisk(const std::string &path)
{
    const QFileInfo info(QString::fromStdString(path));
    return info.exists() ? info.size() : 0;
}

std::int64_t pragma(test::RawSqlite &db, const char *name)
{
    return std::stoll(db.scalar(std::string("PRAGMA ") + name));
}

// The big-endian number of size bytes at offset of the database header.
std::int64_t headerNumber(const QByteArray &file, int offset, int size)
{
    std::int64_t n = 0;
    for (int i = 0; i < size; ++i)
        n = n * 256 + static_cast<unsigned char>(file.at(offset + i));
    return n;
}

class SqliteBackend : public test::AnalysisBackend
{
public:
    SqliteBackend()
    {
        static int files = 0;
        m_path = m_dir.filePath(QStringLiteral("a%1.db").arg(++files)).toStdString();
        open(false);
    }

    AsyncKVStore &store() override { return *m_store; }
    void insertRows(const std::string &valuesList) override
    {
        test::RawSqlite(m_path).exec("INSERT INTO kv (key, value, version, expires_at) VALUES "
                                     + valuesList);
    }
    // Reopens the store read-only over a file nobody may write.
    void reopenReadOnly()
    {
        m_store->close().waitForFinished();
        m_store.reset();
        ::chmod(m_path.c_str(), 0444);
        open(true);
    }
    const std::string &path() const { return m_path; }

private:
    void open(bool readOnly)
    {
        if (m_store)
            m_store->close().waitForFinished();
        AsyncKVStoreSettings settings;
        settings.clock = clock;
        settings.readOnly = readOnly;
        settings.maintenanceInterval = std::chrono::milliseconds(0);
        settings.queue.doneRetention = test::kDoneRetention;
        m_store = std::make_unique<AsyncKVStore>(m_path, settings);
        if (!readOnly)
            m_store->get({"warm"}).waitForFinished(); // creates the tables
    }

    QTemporaryDir m_dir;
    std::string m_path;
    std::unique_ptr<AsyncKVStore> m_store;
};

} // namespace

class TestKeySpaceAnalysis : public QObject
{
    Q_OBJECT

private slots:
    void exactWholeTable()
    {
        SqliteBackend b;
        test::exactWholeTable(b);
    }
    void exactSubtree()
    {
        SqliteBackend b;
        test::exactSubtree(b);
    }
    void pagesGrowToPageBytes()
    {
        SqliteBackend b;
        test::pagesGrowToPageBytes(b);
    }
    void slowPagesStaySmall()
    {
        SqliteBackend b;
        test::slowPagesStaySmall(b);
    }
    void exactInLargePages()
    {
        SqliteBackend b;
        test::exactInLargePages(b);
    }
    void budgetAndCancel()
    {
        SqliteBackend b;
        test::budgetAndCancel(b);
    }
    void badRequests()
    {
        SqliteBackend b;
        test::badRequests(b);
    }
    void emptyTable()
    {
        SqliteBackend b;
        test::emptyTable(b);
    }

    // A read-only file: the analysis reads it and changes nothing, expired rows included.
    void readOnlyFileIsUnchanged()
    {
        SqliteBackend b;
        const test::AnalysisCorpus corpus(b.clock->now(), 5);
        corpus.writeTo(b);
        b.reopenReadOnly();
        const QByteArray before = test::fileBytes(QString::fromStdString(b.path()));
        KeySpaceRequest request;
        request.childCap = 5;
        request.top = 5;
        const KeySpaceReport report = analyzeKeySpace(b.store(), request, test::optionsFor(b, 50));
        test::BruteForce(corpus.rows(), request, b.clock->now()).check(report);
        QVERIFY(report.expiry[int(ExpiryGroup::Expired)].entries > 0);
        QCOMPARE(test::fileBytes(QString::fromStdString(b.path())), before);
        // The sections too, read without writing: the figures against the file's own header
        // (page size at offset 16, 1 meaning 65536; page count at 28; free pages at 36).
        QVERIFY(report.queue.has_value() && report.queue->empty());
        QVERIFY(report.storage && report.storage->sqlite && report.storage->tables.empty());
        const SqliteStorageFigures &file = *report.storage->sqlite;
        const std::int64_t pageSize = headerNumber(before, 16, 2);
        QCOMPARE(file.pageSize, pageSize == 1 ? 65536 : pageSize);
        QCOMPARE(file.pageCount, headerNumber(before, 28, 4));
        QCOMPARE(file.freePages, headerNumber(before, 36, 4));
        QCOMPARE(file.fileBytes, std::int64_t(before.size()));
        QCOMPARE(file.walBytes, sizeOnDisk(b.path() + "-wal"));
    }

    // An adapter of the user's without the analysis calls (StallingAdapter forwards the
    // contract's required calls only): the rows are analysed, the two sections are absent, in
    // the JSON too, and no finding needs them.
    void sectionsAbsentWithoutTheCalls()
    {
        SqliteBackend b;
        b.store().enqueue(Value(1.0)).waitForFinished();
        auto inner = std::make_shared<SQLiteAsyncAdapter>(b.path());
        const auto adapter = std::make_shared<test::StallingAdapter>(
            inner, 1e9, 1e9, std::chrono::milliseconds(0));
        QVERIFY(test::throwsWith<Error>([&] { (void)adapter->queueFigures(0).result(); },
                                        "kvs: this adapter has no queueFigures()"));
        QVERIFY(test::throwsWith<Error>([&] { (void)adapter->storageFigures().result(); },
                                        "kvs: this adapter has no storageFigures()"));
        AsyncKVStoreSettings settings;
        settings.maintenanceInterval = std::chrono::milliseconds(0);
        AsyncKVStore store(adapter, settings);
        QVERIFY(store.set({"k"}, Value(2.0)).result().ok);
        const KeySpaceReport report = analyzeKeySpace(store, {}, test::optionsFor(b));
        QCOMPARE(report.root.totals.entries, std::int64_t(1));
        QVERIFY(!report.queue);
        QVERIFY(!report.storage);
        const QJsonObject json = keySpaceReportJson(report);
        QVERIFY(!json.contains(QStringLiteral("queue")));
        QVERIFY(!json.contains(QStringLiteral("storage")));
        store.close().waitForFinished();
    }

    void queueSection()
    {
        SqliteBackend b;
        test::queueSection(b);
    }

    // A file where deletes left free pages and the WAL outgrew the database: each figure against
    // the test's own PRAGMA reads and the files' sizes, and the findings on both sides of their
    // edges (a checkpoint that truncates the WAL ends that one).
    void storageSection()
    {
        SqliteBackend b;
        test::RawSqlite db(b.path());
        const auto check = [&](const KeySpaceReport &report) {
            QVERIFY(report.storage && report.storage->sqlite);
            const SqliteStorageFigures &file = *report.storage->sqlite;
            QCOMPARE(QFileInfo(QString::fromStdString(file.path)).canonicalFilePath(),
                     QFileInfo(QString::fromStdString(b.path())).canonicalFilePath());
            QCOMPARE(file.pageSize, pragma(db, "page_size"));
            QCOMPARE(file.pageCount, pragma(db, "page_count"));
            QCOMPARE(file.freePages, pragma(db, "freelist_count"));
            QCOMPARE(file.fileBytes, sizeOnDisk(b.path()));
            QCOMPARE(file.walBytes, sizeOnDisk(b.path() + "-wal"));
            const double freeShare = double(file.freePages) / double(file.pageCount);
            QCOMPARE(test::hasRule(report, "free-pages"), freeShare > kFreePagesShare);
            QCOMPARE(test::hasRule(report, "wal-larger-than-database"),
                     file.walBytes > file.pageCount * file.pageSize);
        };
        db.exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400) "
                "INSERT INTO kv (key, value, version, expires_at) SELECT X'02' || "
                "CAST(printf('%05d', i) AS BLOB) || X'00', zeroblob(3000), i, NULL FROM n");
        KeySpaceReport report = analyzeKeySpace(b.store(), {}, test::optionsFor(b));
        check(report);
        QCOMPARE(report.storage->sqlite->freePages, std::int64_t(0));
        QVERIFY(!test::hasRule(report, "free-pages"));

        db.exec("DELETE FROM kv WHERE version > 100");
        // Rewrites of the rows left add frames to the WAL, not pages to the database.
        for (int i = 0; i < 3; ++i)
            db.exec("UPDATE kv SET value = zeroblob(3000 + " + std::to_string(i) + ")");
        QVERIFY(pragma(db, "freelist_count") * 5 > pragma(db, "page_count")); // over a fifth
        QVERIFY(sizeOnDisk(b.path() + "-wal") > pragma(db, "page_count") * pragma(db, "page_size"));
        report = analyzeKeySpace(b.store(), {}, test::optionsFor(b));
        check(report);
        QVERIFY(test::hasRule(report, "free-pages"));
        QVERIFY(test::hasRule(report, "wal-larger-than-database"));

        QCOMPARE(db.scalar("PRAGMA wal_checkpoint(TRUNCATE)"), std::string("0")); // not busy
        report = analyzeKeySpace(b.store(), {}, test::optionsFor(b));
        check(report);
        QCOMPARE(report.storage->sqlite->walBytes, std::int64_t(0));
        QCOMPARE(report.storage->sqlite->fileBytes, report.storage->sqlite->databaseBytes());
        QVERIFY(!test::hasRule(report, "wal-larger-than-database"));
        QVERIFY(test::hasRule(report, "free-pages"));
    }
};

QTEST_GUILESS_MAIN(TestKeySpaceAnalysis)
#include "tst_key_space_analysis.moc"
