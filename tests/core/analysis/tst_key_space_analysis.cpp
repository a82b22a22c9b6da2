// Key-space analysis (kvs/key_space_analysis.h) on SQLite files: every figure against a
// brute-force count over generated rows (key_space_cases.h), subtrees, the budget and cancel,
// bad requests, and a read-only file.
#include "key_space_cases.h"
#include "support/raw_sqlite.h"
#include "support/test_support.h"

#include <QTemporaryDir>

#include <sys/stat.h>

using namespace kvs;

namespace {

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
    }
};

QTEST_GUILESS_MAIN(TestKeySpaceAnalysis)
#include "tst_key_space_analysis.moc"
