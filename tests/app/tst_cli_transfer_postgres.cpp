// kvs export and kvs import across backends (issue 12): SQLite -> file -> PostgreSQL -> file, the
// two files equal and every row's key, value bytes and expiry equal, typed values and rows that
// do not decode included; skip-existing decided by the insert on PostgreSQL.
#include "cli_test_support.h"
#include "support/postgres_test_server.h"

#include <QTemporaryDir>
#include <QTest>

using namespace cli_test;

namespace {

// Every kv row of the table as "KEYHEX VALUEHEX EXPIRES" lines, in key order, as the SQLite side
// of the test writes them.
QByteArray postgresRows(const std::string &schema)
{
    kvs::test::PgAdmin admin;
    return QByteArray::fromStdString(admin.exec(
        "SELECT coalesce(string_agg(upper(encode(key, 'hex')) || ' ' || upper(encode(value, "
        "'hex')) || ' ' || coalesce(expires_at::text, 'null'), E'\\n' ORDER BY key) || E'\\n', "
        "'') FROM \""
        + schema + "\".kv"));
}

} // namespace

class TestCliTransferPostgres : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString url() const { return QString::fromStdString(kvs::test::postgresUrl()); }
    Run onPostgres(const std::string &schema, const QStringList &args) const
    {
        return runKvs(QStringList{QStringLiteral("--db"),
                                  url(),
                                  QStringLiteral("--schema"),
                                  QString::fromStdString(schema)}
                      + args);
    }

private slots:
    void sqliteToPostgresAndBackIsByteForByte();
    void skipExistingOnPostgres();
};

void TestCliTransferPostgres::sqliteToPostgresAndBackIsByteForByte()
{
    const QString db = m_dir.filePath(QStringLiteral("source.db"));
    const auto sqlite = [&db](const QStringList &args) {
        return runKvs(QStringList{QStringLiteral("--db"), db} + args);
    };
    QCOMPARE(sqlite({"set",
                     "[\"typed\", 1]",
                     "{d: new Date(1700000000000), big: -98765432109876543210n, bytes: new "
                     "Uint8Array([0, 1, 255]), map: new Map([[\"k\", new Set([1, 'x'])]]), u: "
                     "undefined, n: NaN, neg: -0, text: 'tab\\there \\ud83d\\ude00'}"})
                 .code,
             0);
    QCOMPARE(sqlite({"set", "[\"typed\", 2]", "new Date(-1)"}).code, 0);
    QCOMPARE(sqlite({"set", "[\"typed\", 3]", "undefined"}).code, 0);
    QCOMPARE(sqlite({"set", "[\"typed\", 4]", "NaN"}).code, 0);
    QCOMPARE(sqlite({"set", "[\"typed\", 5]", "123n"}).code, 0);
    QCOMPARE(sqlite({"set", "[\"typed\", 6]", "new Uint8Array([9, 8])"}).code, 0);
    QCOMPARE(sqlite({"set", "[new Uint8Array([1]), 1.5, false, 7n]", "'key parts'"}).code, 0);
    QCOMPARE(sqlite({"set", "[\"ttl\"]", "'later'", "--ttl", "86400000"}).code, 0);
    {
        const SqlitePtr raw = openSqlite(db);
        QVERIFY(exec(raw.get(),
                     "INSERT INTO kv VALUES (x'0261', CAST('\"broken\"' AS BLOB), 7, NULL);"
                     "INSERT INTO kv VALUES (x'ff01', x'00ff', 8, NULL);"));
    }
    const QString first = m_dir.filePath(QStringLiteral("first.jsonl"));
    const Run exported = sqlite({"export", first});
    QCOMPARE(exported.code, 0);
    QCOMPARE(exported.out, QByteArray("exported 10\n"));

    const std::string schema = kvs::test::freshSchema("transfer");
    const Run imported = onPostgres(schema, {"--json", "import", first});
    QCOMPARE(imported.code, 0);
    QCOMPARE(imported.out, QByteArray("{\"imported\": 10, \"skipped\": 0}\n"));
    QCOMPARE(postgresRows(schema), kvRowsText(db));

    const QString second = m_dir.filePath(QStringLiteral("second.jsonl"));
    const Run again = onPostgres(schema, {"export", second});
    QCOMPARE(again.code, 0);
    QCOMPARE(again.out, QByteArray("exported 10\n"));
    QCOMPARE(fileBytes(second), fileBytes(first));
    QVERIFY(fileBytes(first).contains("{\"keyHex\": \"ff01\", \"valueHex\": \"00ff\""));

    // And back into a new SQLite file: the same rows once more.
    const QString back = m_dir.filePath(QStringLiteral("back.db"));
    QCOMPARE(runKvs({"--db", back, "import", second}).out, QByteArray("imported 10, skipped 0\n"));
    QCOMPARE(kvRowsText(back), kvRowsText(db));
}

void TestCliTransferPostgres::skipExistingOnPostgres()
{
    const std::string schema = kvs::test::freshSchema("transferskip");
    QCOMPARE(onPostgres(schema, {"set", "[\"a\"]", "'kept'"}).code, 0);
    const QString file = m_dir.filePath(QStringLiteral("skip.jsonl"));
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write("{\"key\": \"[\\\"a\\\"]\", \"value\": \"'new'\", \"expiresAt\": null}\n"
              "{\"key\": \"[\\\"b\\\"]\", \"value\": \"'first'\", \"expiresAt\": null}\n"
              "{\"key\": \"[\\\"b\\\"]\", \"value\": \"'second'\", \"expiresAt\": null}\n"
              "{\"key\": \"[\\\"c\\\"]\", \"value\": \"1\", \"expiresAt\": 5}\n");
    out.close();
    const Run skip = onPostgres(schema, {"import", file});
    QCOMPARE(skip.code, 0);
    QCOMPARE(skip.out, QByteArray("imported 1, skipped 3\n"));
    QCOMPARE(onPostgres(schema, {"get", "[\"a\"]"}).out, QByteArray("\"kept\"\n"));
    QCOMPARE(onPostgres(schema, {"get", "[\"b\"]"}).out, QByteArray("\"first\"\n"));
    const Run overwrite = onPostgres(schema, {"import", "--overwrite", file});
    QCOMPARE(overwrite.out, QByteArray("imported 3, skipped 1\n"));
    QCOMPARE(onPostgres(schema, {"get", "[\"a\"]"}).out, QByteArray("\"new\"\n"));
    QCOMPARE(onPostgres(schema, {"get", "[\"b\"]"}).out, QByteArray("\"second\"\n"));
    // A malformed line: nothing of its batch on PostgreSQL either.
    QFile badFile(m_dir.filePath(QStringLiteral("bad.jsonl")));
    QVERIFY(badFile.open(QIODevice::WriteOnly));
    badFile.write("{\"key\": \"[\\\"d\\\"]\", \"value\": \"1\", \"expiresAt\": null}\n{}\n");
    badFile.close();
    const Run malformed = onPostgres(schema, {"import", badFile.fileName()});
    QCOMPARE(malformed.code, 1);
    QVERIFY2(malformed.err.startsWith("kvs: import line 2: \"key\" (or \"keyHex\") is missing"),
             malformed.err.constData());
    QCOMPARE(onPostgres(schema, {"get", "[\"d\"]"}).code, 1);
}

QTEST_GUILESS_MAIN(TestCliTransferPostgres)
#include "tst_cli_transfer_postgres.moc"
