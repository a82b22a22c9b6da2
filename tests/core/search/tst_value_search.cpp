// Search inside values (kvs/value_search.h) on SQLite files: text, regex and conditions, the
// prefilter against full decoding over the vectors and a generated corpus, the database's
// prefilter against its rule, expiry, undecodable rows, pages, limit and cancel; and the case
// folding the prefilter relies on.
#include "support/raw_sqlite.h"
#include "support/test_support.h"
#include "value_search_cases.h"

#include <QTemporaryDir>

using namespace kvs;

namespace {

class SqliteBackend : public test::SearchBackend
{
public:
    SqliteBackend()
    {
        static int files = 0;
        m_path = m_dir.filePath(QStringLiteral("s%1.db").arg(++files)).toStdString();
        AsyncKVStoreSettings settings;
        settings.clock = clock;
        m_store = std::make_unique<AsyncKVStore>(m_path, settings);
        m_store->get({"warm"}).waitForFinished(); // creates the tables
    }

    AsyncKVStore &store() override { return *m_store; }

    void writeRow(const std::string &key,
                  const std::string &value,
                  std::optional<std::int64_t> expiresAt) override
    {
        test::RawSqlite db(m_path);
        const auto hex = [](const std::string &bytes) {
            return QByteArray::fromStdString(bytes).toHex().toStdString();
        };
        db.exec("INSERT INTO kv (key, value, version, expires_at) VALUES (x'" + hex(key) + "', x'"
                + hex(value) + "', 1, "
                + (expiresAt ? std::to_string(*expiresAt) : std::string("NULL")) + ")");
    }

    void exec(const std::string &sql) { test::RawSqlite(m_path).exec(sql); }

private:
    QTemporaryDir m_dir;
    std::string m_path;
    std::unique_ptr<AsyncKVStore> m_store;
};

} // namespace

class TestValueSearch : public QObject
{
    Q_OBJECT

private slots:
    void criteria()
    {
        SqliteBackend b;
        test::searchCriteria(b);
    }
    void expiredAndUndecodableRows()
    {
        SqliteBackend b;
        test::expiredAndUndecodableRows(b);
    }
    void pagesLimitAndCancel()
    {
        SqliteBackend b;
        test::pagesLimitAndCancel(b);
    }
    void prefilteredEqualsFull()
    {
        SqliteBackend b;
        test::prefilteredEqualsFull(b, 600);
    }
    void scanValuesFollowsTheRule()
    {
        SqliteBackend b;
        test::scanValuesFollowsTheRule(b);
    }

    // Rows another program stored as TEXT (SQLite's other type) are found as the BLOB rows are.
    void textRowsAreSearchedToo()
    {
        SqliteBackend b;
        b.exec("INSERT INTO kv VALUES (x'"
               + QByteArray::fromStdString(encodeKey({"t", 1})).toHex().toStdString()
               + "', '{\"word\":\"Needle\"}', 1, NULL)");
        b.exec("INSERT INTO kv VALUES (x'"
               + QByteArray::fromStdString(encodeKey({"t", 2})).toHex().toStdString()
               + "', char(3) || '{\"~\":\"B\",\"v\":\"42\"}', 1, NULL)");
        QCOMPARE(test::found(b, test::textQuery("Needle", true)), test::literals({R"(["t", 1])"}));
        QCOMPARE(test::found(b, test::textQuery("needle", false)), test::literals({R"(["t", 1])"}));
        QCOMPARE(test::found(b, test::textQuery("42n", true)), test::literals({R"(["t", 2])"}));
    }

    // The prefilter's case-insensitive rule: under Qt's case folding, the only characters
    // outside ASCII that match an ASCII letter are U+212A (k) and U+017F (s).
    void onlyKelvinAndLongSFoldToAscii()
    {
        std::set<char32_t> folding;
        for (char32_t cp = 0x80; cp <= 0x10ffff; ++cp) {
            if (cp >= 0xd800 && cp <= 0xdfff)
                continue;
            const QString character = QString::fromUcs4(&cp, 1);
            const QString folded = character.toCaseFolded();
            if (folded.size() == 1 && folded[0].unicode() < 0x80)
                folding.insert(cp);
            if (cp <= 0xffff) {
                for (char letter = 'a'; letter <= 'z'; ++letter) {
                    if (character.contains(QLatin1Char(letter), Qt::CaseInsensitive))
                        folding.insert(cp);
                }
            }
        }
        QCOMPARE(folding, (std::set<char32_t>{0x017f, 0x212a}));
        QVERIFY(QStringLiteral("\u212A").contains(QLatin1Char('k'), Qt::CaseInsensitive));
        QVERIFY(QStringLiteral("\u017F").contains(QLatin1Char('S'), Qt::CaseInsensitive));
    }
};

QTEST_GUILESS_MAIN(TestValueSearch)
#include "tst_value_search.moc"
