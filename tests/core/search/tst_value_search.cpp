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

    // ValuePrefilter::admits, which SQLite applies to every row it steps, on values chosen at
    // the rule's edges (the PostgreSQL test holds the server's statement to the same rule).
    void admitsFollowsItsRule()
    {
        const auto filter = [](std::string needle, bool caseless = false) {
            ValuePrefilter f;
            f.needle = std::move(needle);
            f.asciiCaseInsensitive = caseless;
            return f;
        };
        QVERIFY(ValuePrefilter{}.admits("anything"));
        QVERIFY(ValuePrefilter{}.admits(""));
        QVERIFY(filter("hay").admits("\"haystack\""));
        QVERIFY(!filter("hay").admits("\"HAYSTACK\""));
        QVERIFY(!filter("hay").admits("\"ha\""));
        QVERIFY(filter("hay", true).admits("\"HaYstack\""));
        QVERIFY(!filter("hay", true).admits("\"h\xc3\x84y\""));
        QVERIFY(filter("a\xc3\xa9").admits("\"ca\xc3\xa9\""));
        // Bytes, not text: a NUL and invalid UTF-8 around the needle change nothing.
        QVERIFY(filter("hay").admits(std::string("\0\xff hay", 6)));
        // Another writer's escapes, anywhere, even after an escaped backslash; not a lone or
        // final backslash.
        QVERIFY(filter("zzz").admits("\"\\u00e9\""));
        QVERIFY(filter("zzz").admits("\"a\\/b\""));
        QVERIFY(filter("zzz").admits("\"\\\\u\""));
        QVERIFY(filter("zzz").admits("\"\\\\ \\u0041\""));
        QVERIFY(!filter("zzz").admits("\"\\\\n\\\"\""));
        QVERIFY(!filter("zzz").admits("\"a\\"));
        // The typed, one-byte and number-form rows only when asked for.
        ValuePrefilter typed = filter("zzz");
        QVERIFY(!typed.admits("\x03{}"));
        typed.alsoTyped = true;
        QVERIFY(typed.admits("\x03{}"));
        QVERIFY(!typed.admits("{}\x03"));
        ValuePrefilter sentinels = filter("zzz");
        QVERIFY(!sentinels.admits("\x01"));
        sentinels.alsoSentinels = true;
        QVERIFY(sentinels.admits("\x01"));
        QVERIFY(sentinels.admits(""));
        QVERIFY(!sentinels.admits("12"));
        ValuePrefilter numbers = filter("zzz");
        QVERIFY(!numbers.admits("1.5"));
        numbers.alsoNumbers = true;
        QVERIFY(numbers.admits("1.5"));
        QVERIFY(numbers.admits("[1e21]"));
        QVERIFY(numbers.admits("2E3"));
        QVERIFY(numbers.admits("1234567890123456"));
        QVERIFY(!numbers.admits("123456789012345"));
        QVERIFY(!numbers.admits("\"x.e\""));
        QVERIFY(!numbers.admits("[1,.5]"));
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
