// The baseline a search is measured against (bench/baselines/raw_key_order_read.h): every row of
// a kv table, in key order, across pages of 1,000, and a clear error for a file it cannot read.

#include "bench/baselines/raw_key_order_read.h"
#include "support/raw_sqlite.h"

#include <kvs/errors.h>

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <numeric>
#include <random>

namespace {

struct Filled
{
    std::string path;
    kvs::bench::RawReadResult expected;
};

// A kv table of rows keys written in random order, one in ten expired (the raw read reads
// every row, as a search's statement does).
Filled fill(const QTemporaryDir &dir, const char *name, int rows)
{
    Filled filled;
    filled.path = dir.filePath(QString::fromLatin1(name)).toStdString();
    kvs::test::RawSqlite db(filled.path);
    db.exec("CREATE TABLE kv (key BLOB PRIMARY KEY, value BLOB NOT NULL, version INTEGER NOT "
            "NULL, expires_at INTEGER)");
    std::vector<int> order(static_cast<std::size_t>(rows));
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), std::mt19937(7));
    db.exec("BEGIN");
    for (const int i : order) {
        const std::string key = "k" + std::to_string(100000 + i);
        const std::string value = "{\"n\":" + std::to_string(i) + "}";
        const QByteArray hexKey = QByteArray::fromStdString(key).toHex();
        const QByteArray hexValue = QByteArray::fromStdString(value).toHex();
        db.exec("INSERT INTO kv VALUES (x'" + hexKey.toStdString() + "', x'"
                + hexValue.toStdString() + "', 1, " + (i % 10 == 0 ? "5" : "NULL") + ")");
        filled.expected.rows += 1;
        filled.expected.bytes += std::int64_t(key.size() + value.size())
                                 + static_cast<unsigned char>(value.front())
                                 + static_cast<unsigned char>(value.back());
    }
    db.exec("COMMIT");
    return filled;
}

} // namespace

class TestRawKeyOrderRead : public QObject
{
    Q_OBJECT

private slots:
    void readsEveryRow_data()
    {
        QTest::addColumn<int>("rows");
        QTest::newRow("none") << 0;
        QTest::newRow("less than a page") << 7;
        QTest::newRow("whole pages") << 2000;
        QTest::newRow("a part page at the end") << 2500;
    }

    void readsEveryRow()
    {
        QFETCH(int, rows);
        QTemporaryDir dir;
        const Filled filled = fill(dir, "raw.db", rows);
        const kvs::bench::RawReadResult read = kvs::bench::rawKeyOrderRead(filled.path);
        QCOMPARE(read.rows, filled.expected.rows);
        QCOMPARE(read.bytes, filled.expected.bytes);
    }

    void failsClearly()
    {
        QTemporaryDir dir;
        const std::string missing = dir.filePath(QStringLiteral("none.db")).toStdString();
        try {
            (void)kvs::bench::rawKeyOrderRead(missing);
            QFAIL("no error");
        } catch (const kvs::DatabaseError &error) {
            QCOMPARE(QByteArray(error.what()),
                     QByteArray::fromStdString("kvs: bench: cannot open " + missing
                                               + ": unable to open database file"));
        }
        const Filled filled = fill(dir, "other.db", 3);
        try {
            (void)kvs::bench::rawKeyOrderRead(filled.path, "nope");
            QFAIL("no error");
        } catch (const kvs::DatabaseError &error) {
            const QByteArray message(error.what());
            QVERIFY2(message.startsWith("kvs: bench: cannot prepare SELECT key, value, expires_at "
                                        "FROM \"nope\""),
                     message.constData());
            QVERIFY2(message.endsWith(": no such table: nope"), message.constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestRawKeyOrderRead)
#include "tst_raw_key_order_read.moc"
