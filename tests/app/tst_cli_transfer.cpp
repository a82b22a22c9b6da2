// kvs export and kvs import (issue 12): the JSON-lines format, typed values and undecodable rows
// byte for byte, skip-existing and --overwrite, expired entries, a malformed line (its number,
// nothing of its batch written), stdin and stdout, and the summaries. Real SQLite files.
#include "cli_test_support.h"

#include <QTemporaryDir>
#include <QTest>

using namespace cli_test;

namespace {

const QString kTypedValue = QStringLiteral(
    "{d: new Date(1700000000000), big: 12345678901234567890n, bytes: new Uint8Array([0, 1, 255]), "
    "map: new Map([[\"k\", 1], [2, [true]]]), set: new Set([\"a\", 3]), u: undefined, n: NaN, "
    "neg: -0, inf: -Infinity, text: \"line\\nbreak \\u00e9\"}");

int countRows(const QString &db)
{
    return queryText(db, "SELECT count(*) FROM kv").toInt();
}

QByteArray entryLine(int i, const char *value = "1")
{
    return "{\"key\": \"[\\\"n\\\", " + QByteArray::number(i) + "]\", \"value\": \"" + value
           + "\", \"expiresAt\": null}\n";
}

} // namespace

class TestCliTransfer : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const char *name) const { return m_dir.filePath(QString::fromUtf8(name)); }
    Run kvs(const QString &db, const QStringList &args) const
    {
        return runKvs(QStringList{QStringLiteral("--db"), db} + args);
    }
    // A database with typed values, an entry with an expiry, one already expired, a queue
    // message, and rows another writer stored: key 02 61 (a string without its end), a key
    // outside the key space (ff ..), and a key with a lone surrogate (prints as another key).
    QString sourceDatabase(const char *name) const;

private slots:
    void exportWritesOneLinePerLiveEntry();
    void roundTripIsByteForByte();
    void prefixExportsTheKeysBelowIt();
    void stdoutAndStdin();
    void skipExistingAndOverwrite();
    void expiredEntriesAreSkipped();
    void malformedLineNamesItsLineAndWritesNothingOfItsBatch();
    void malformedLines_data();
    void malformedLines();
    void usageAndFileErrors();
};

QString TestCliTransfer::sourceDatabase(const char *name) const
{
    const QString db = path(name);
    [&] {
        QCOMPARE(kvs(db, {"set", "[\"typed\", 1]", kTypedValue}).code, 0);
        QCOMPARE(kvs(db, {"set", "[\"plain\", \"alice\"]", "{name: 'Alice'}"}).code, 0);
        QCOMPARE(kvs(db, {"set", "[\"plain\", 2n, true, new Uint8Array([7])]", "null"}).code, 0);
        QCOMPARE(kvs(db, {"set", "[\"ttl\"]", "'soon'", "--ttl", "3600000"}).code, 0);
        QCOMPARE(kvs(db, {"queue", "enqueue", "emails", "{to: 'a'}"}).code, 0);
        const SqlitePtr raw = openSqlite(db);
        QVERIFY(exec(raw.get(),
                     "INSERT INTO kv VALUES (x'0261', CAST('\"broken key\"' AS BLOB), 7, NULL);"
                     "INSERT INTO kv VALUES (x'ff01', CAST('\"outside\"' AS BLOB), 8, NULL);"
                     "INSERT INTO kv VALUES (x'02eda08000', CAST('\"s\"' AS BLOB), 9, NULL);"
                     "INSERT INTO kv VALUES (x'026f6c6400', CAST('\"gone\"' AS BLOB), 10, 1000);"));
    }();
    return db;
}

void TestCliTransfer::exportWritesOneLinePerLiveEntry()
{
    const QString db = sourceDatabase("export.db");
    const QString file = path("export.jsonl");
    const QByteArray before = fileBytes(db);
    const Run run = kvs(db, {"export", file});
    QCOMPARE(run.code, 0);
    QCOMPARE(run.out, QByteArray("exported 7\n"));
    QCOMPARE(run.err, QByteArray());
    QCOMPARE(fileBytes(db), before); // read-only

    const QList<QByteArray> lines = cli_test::lines(fileBytes(file));
    QCOMPARE(lines.size(), 7);
    // In key order: 02 61 sorts first, then the strings, the lone surrogate, and ff 01 last.
    QCOMPARE(lines[0],
             QByteArray("{\"keyHex\": \"0261\", \"valueHex\": \"2262726f6b656e206b657922\", "
                        "\"expiresAt\": null}"));
    QCOMPARE(lines[5].left(25), QByteArray("{\"keyHex\": \"02eda08000\", "));
    QCOMPARE(lines[6],
             QByteArray("{\"keyHex\": \"ff01\", \"valueHex\": \"226f75747369646522\", "
                        "\"expiresAt\": null}"));
    // The literal lines carry what kvs --json get prints, key and value, and the expiry.
    for (const char *key : {"[\"plain\", \"alice\"]",
                            "[\"plain\", 2n, true, new Uint8Array([7])]",
                            "[\"ttl\"]",
                            "[\"typed\", 1]"}) {
        const Run get = kvs(db, {"--json", "get", QString::fromUtf8(key)});
        QCOMPARE(get.code, 0);
        const QJsonObject expected = parseObject(get.out.trimmed());
        bool found = false;
        for (const QByteArray &line : lines) {
            const QJsonObject object = parseObject(line);
            if (object[u"key"] != expected[u"key"])
                continue;
            found = true;
            QCOMPARE(object[u"value"], expected[u"value"]);
            QCOMPARE(object[u"expiresAt"], expected[u"expiresAt"]);
            QCOMPARE(object.keys(),
                     (QStringList{QStringLiteral("expiresAt"),
                                  QStringLiteral("key"),
                                  QStringLiteral("value")}));
        }
        QVERIFY2(found, key);
    }
    QVERIFY(lines[4].startsWith("{\"key\": \"[\\\"typed\\\", 1]\", \"value\": \"{\\\"d\\\": new "
                                "Date(1700000000000), \\\"big\\\": 12345678901234567890n"));
    QVERIFY(!fileBytes(file).contains("emails")); // queue messages are not part of it
    QVERIFY(!fileBytes(file).contains("gone"));   // nor expired entries

    const Run json = kvs(db, {"--json", "export", file});
    QCOMPARE(json.out, QByteArray("{\"exported\": 7}\n"));
}

void TestCliTransfer::roundTripIsByteForByte()
{
    const QString source = sourceDatabase("round.db");
    const QString first = path("round1.jsonl");
    const QString target = path("round-target.db");
    const QString second = path("round2.jsonl");
    QCOMPARE(kvs(source, {"export", first}).code, 0);
    const Run import = kvs(target, {"import", first});
    QCOMPARE(import.code, 0);
    QCOMPARE(import.out, QByteArray("imported 7, skipped 0\n"));
    QCOMPARE(kvs(target, {"export", second}).code, 0);
    QCOMPARE(fileBytes(second), fileBytes(first));
    // Every live row's key, value bytes and expiry are those of the source.
    QByteArray sourceRows = kvRowsText(source);
    sourceRows.replace("026F6C6400 22676F6E6522 1000\n", ""); // the expired row stays behind
    QVERIFY(sourceRows.contains("0261 "));
    QCOMPARE(kvRowsText(target), sourceRows);
    // One versionstamp for the batch, a new one.
    QCOMPARE(queryText(target, "SELECT count(DISTINCT version) FROM kv"), QStringLiteral("1"));
    QCOMPARE(queryText(target, "SELECT count(*) FROM queue"), QStringLiteral("0"));
}

void TestCliTransfer::prefixExportsTheKeysBelowIt()
{
    const QString db = sourceDatabase("prefix.db");
    QCOMPARE(kvs(db, {"set", "[\"plain\"]", "'the prefix itself'"}).code, 0);
    const QString file = path("prefix.jsonl");
    const Run run = kvs(db, {"export", "--prefix", "[\"plain\"]", file});
    QCOMPARE(run.code, 0);
    QCOMPARE(run.out, QByteArray("exported 2\n"));
    const QList<QByteArray> lines = cli_test::lines(fileBytes(file));
    QCOMPARE(lines.size(), 2);
    QVERIFY(lines[0].startsWith("{\"key\": \"[\\\"plain\\\", \\\"alice\\\"]\""));
    QVERIFY(lines[1].startsWith("{\"key\": \"[\\\"plain\\\", 2n, true, "));
    const Run bad = kvs(db, {"export", "--prefix", "[\"plain\"", file});
    QCOMPARE(bad.code, 1);
    VERIFY_ONE_ERROR_LINE(bad);
    QVERIFY2(bad.err.contains("(in --prefix)"), bad.err.constData());
}

void TestCliTransfer::stdoutAndStdin()
{
    const QString db = sourceDatabase("stdio.db");
    const Run out = kvs(db, {"--json", "export", "-"});
    QCOMPARE(out.code, 0);
    QCOMPARE(lines(out.out).size(), 7);
    QCOMPARE(out.err, QByteArray("{\"exported\": 7}\n")); // the summary keeps off the stream
    const QString target = path("stdio-target.db");
    const Run in = runKvsWithInput({"--db", target, "--json", "import", "-"}, out.out);
    QCOMPARE(in.code, 0);
    QCOMPARE(in.out, QByteArray("{\"imported\": 7, \"skipped\": 0}\n"));
    QCOMPARE(kvs(target, {"export", "-"}).out, out.out);
}

void TestCliTransfer::skipExistingAndOverwrite()
{
    const QString db = path("skip.db");
    QCOMPARE(kvs(db, {"set", "[\"n\", 1]", "'kept'"}).code, 0);
    const QString file = path("skip.jsonl");
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    // A key twice in the file, blank lines, CRLF, and a "version" as kvs --json list prints it.
    out.write(entryLine(1, "'new'") + entryLine(2, "'first'") + "\r\n\n"
              + "{\"key\": \"[\\\"n\\\", 2]\", \"value\": \"'second'\", \"version\": 99, "
                "\"expiresAt\": null}\r\n"
              + entryLine(3, "3"));
    out.close();
    const Run skip = kvs(db, {"import", file});
    QCOMPARE(skip.code, 0);
    QCOMPARE(skip.out, QByteArray("imported 2, skipped 2\n"));
    QCOMPARE(kvs(db, {"get", "[\"n\", 1]"}).out, QByteArray("\"kept\"\n"));
    QCOMPARE(kvs(db, {"get", "[\"n\", 2]"}).out, QByteArray("\"first\"\n"));
    QCOMPARE(kvs(db, {"get", "[\"n\", 3]"}).out, QByteArray("3\n"));

    const Run overwrite = kvs(db, {"--json", "import", file, "--overwrite"});
    QCOMPARE(overwrite.code, 0);
    QCOMPARE(overwrite.out, QByteArray("{\"imported\": 4, \"skipped\": 0}\n"));
    QCOMPARE(kvs(db, {"get", "[\"n\", 1]"}).out, QByteArray("\"new\"\n"));
    QCOMPARE(kvs(db, {"get", "[\"n\", 2]"}).out, QByteArray("\"second\"\n"));
}

void TestCliTransfer::expiredEntriesAreSkipped()
{
    const QString db = path("expired.db");
    const QString file = path("expired.jsonl");
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    const qint64 later = QDateTime::currentMSecsSinceEpoch() + 3600000;
    out.write("{\"key\": \"[\\\"past\\\"]\", \"value\": \"1\", \"expiresAt\": 1000}\n"
              "{\"key\": \"[\\\"future\\\"]\", \"value\": \"2\", \"expiresAt\": "
              + QByteArray::number(later) + "}\n");
    out.close();
    const Run run = kvs(db, {"import", file});
    QCOMPARE(run.code, 0);
    QCOMPARE(run.out, QByteArray("imported 1, skipped 1\n"));
    QCOMPARE(queryText(db, "SELECT expires_at FROM kv"), QString::number(later));
    QCOMPARE(countRows(db), 1);
}

void TestCliTransfer::malformedLineNamesItsLineAndWritesNothingOfItsBatch()
{
    const QString db = path("malformed.db");
    const QString file = path("malformed.jsonl");
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    for (int i = 1; i <= 1500; ++i)
        out.write(i == 1200 ? QByteArray("{\"key\": \"[\\\"n\\\", 1200]\", \"value\": }\n")
                            : entryLine(i));
    out.close();
    const Run run = kvs(db, {"import", file});
    QCOMPARE(run.code, 1);
    VERIFY_ONE_ERROR_LINE(run);
    QCOMPARE(run.err,
             QByteArray("kvs: import line 1200: not JSON: Invalid value. (at character 35) "
                        "(nothing of its batch was written; imported 1000, skipped 0 before "
                        "it)\n"));
    QCOMPARE(run.out, QByteArray());
    // The first batch (lines 1-1000, ["n", 1000] its last) was committed; nothing of 1001-1500.
    QCOMPARE(countRows(db), 1000);
    QCOMPARE(queryText(db, "SELECT count(*) FROM kv WHERE key = x'026e0003c08f40000000000000'"),
             QStringLiteral("1"));
    QCOMPARE(kvs(db, {"get", "[\"n\", 1001]"}).code, 1);

    // In the first batch: nothing at all is written.
    const QString small = path("malformed-small.db");
    QFile few(path("few.jsonl"));
    QVERIFY(few.open(QIODevice::WriteOnly));
    few.write(entryLine(1) + entryLine(2) + "[1]\n" + entryLine(4));
    few.close();
    const Run early = kvs(small, {"import", few.fileName()});
    QCOMPARE(early.code, 1);
    QCOMPARE(early.err,
             QByteArray("kvs: import line 3: not a JSON object (nothing of its batch was "
                        "written; imported 0, skipped 0 before it)\n"));
    QCOMPARE(countRows(small), 0);
}

void TestCliTransfer::malformedLines_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QByteArray>("problem");
    QTest::newRow("unknown member")
        << QByteArray(R"({"key": "[\"a\"]", "value": "1", "expiresAt": null, "ttl": 5})")
        << QByteArray("unknown member \"ttl\"");
    QTest::newRow("member twice") << QByteArray(R"({"key": "[\"a\"]", "key": "[\"b\"]"})")
                                  << QByteArray("\"key\" is given twice");
    QTest::newRow("no key") << QByteArray(R"({"value": "1"})")
                            << QByteArray("\"key\" (or \"keyHex\") is missing");
    QTest::newRow("no value") << QByteArray(R"({"key": "[\"a\"]"})")
                              << QByteArray("\"value\" (or \"valueHex\") is missing");
    QTest::newRow("both key forms") << QByteArray(R"({"key": "[\"a\"]", "keyHex": "02"})")
                                    << QByteArray("both \"key\" and \"keyHex\" are given");
    QTest::newRow("key not a string") << QByteArray(R"({"key": ["a"], "value": "1"})")
                                      << QByteArray("\"key\" must be a string holding a literal");
    QTest::newRow("key literal") << QByteArray(R"({"key": "[\"a\"", "value": "1"})")
                                 << QByteArray("key: expected ',' or ']' at position 4");
    QTest::newRow("key not a key") << QByteArray(R"({"key": "[null]", "value": "1"})")
                                   << QByteArray("key: key part 0 is null");
    QTest::newRow("value literal")
        << QByteArray(R"({"key": "[\"a\"]", "value": "{a: }"})") << QByteArray("value: ");
    QTest::newRow("bad hex") << QByteArray(R"({"keyHex": "0g", "valueHex": "00"})")
                             << QByteArray("\"keyHex\" is not hex bytes");
    QTest::newRow("expiry not an integer")
        << QByteArray(R"({"key": "[\"a\"]", "value": "1", "expiresAt": "soon"})")
        << QByteArray("\"expiresAt\" must be an integer (ms since the epoch) or null");
    QTest::newRow("key too long")
        << QByteArray(R"({"key": "[\")" + QByteArray(3000, 'x') + R"(\"]", "value": "1"})")
        << QByteArray("key: key is 3002 bytes encoded, over the 2048-byte limit (maxKeySize)");
    QTest::newRow("invalid UTF-8") << QByteArray("{\"key\": \"[\\\"\xff\\\"]\", \"value\": \"1\"}")
                                   << QByteArray("not JSON: Invalid encoding in string.");
}

void TestCliTransfer::malformedLines()
{
    QFETCH(QByteArray, line);
    QFETCH(QByteArray, problem);
    const QString db = path("lines.db");
    QFile::remove(db);
    const Run run = runKvsWithInput({"--db", db, "import", "-"}, entryLine(1) + line + '\n');
    QCOMPARE(run.code, 1);
    VERIFY_ONE_ERROR_LINE(run);
    QVERIFY2(run.err.startsWith("kvs: import line 2: " + problem), run.err.constData());
    QCOMPARE(countRows(db), 0);
}

void TestCliTransfer::usageAndFileErrors()
{
    const QString db = path("usage.db");
    const Run noFile = kvs(db, {"export"});
    QCOMPARE(noFile.code, 2);
    QCOMPARE(noFile.err,
             QByteArray("kvs: wrong number of arguments (usage: kvs [options] export [--prefix "
                        "KEY] FILE|-)\n"));
    const Run overwrite = kvs(db, {"export", "--overwrite", "x"});
    QCOMPARE(overwrite.code, 2);
    QCOMPARE(overwrite.err, QByteArray("kvs: --overwrite is not an option of export\n"));
    const Run noDb = runKvs({"import", "x"});
    QCOMPARE(noDb.code, 2);
    QCOMPARE(noDb.err, QByteArray("kvs: this command needs --db PATH\n"));
    // A missing import file creates no database.
    const Run missing = kvs(db, {"import", path("missing.jsonl")});
    QCOMPARE(missing.code, 1);
    QCOMPARE(missing.err,
             "kvs: cannot read \"" + path("missing.jsonl").toUtf8()
                 + "\": No such file or directory\n");
    QVERIFY(!QFile::exists(db));
    // Export of a database that is not there.
    const Run none = kvs(db, {"export", path("none.jsonl")});
    QCOMPARE(none.code, 1);
    VERIFY_ONE_ERROR_LINE(none);
    QVERIFY(!QFile::exists(path("none.jsonl")));
    // An export that fails leaves an existing file as it was.
    const QString kept = path("kept.jsonl");
    QFile keptFile(kept);
    QVERIFY(keptFile.open(QIODevice::WriteOnly));
    keptFile.write("old\n");
    keptFile.close();
    QCOMPARE(kvs(db, {"export", kept}).code, 1);
    QCOMPARE(fileBytes(kept), QByteArray("old\n"));
    // An unwritable destination.
    const Run unwritable = kvs(sourceDatabase("unwritable.db"), {"export", path("no/such/dir/x")});
    QCOMPARE(unwritable.code, 1);
    VERIFY_ONE_ERROR_LINE(unwritable);
    QVERIFY2(unwritable.err.startsWith("kvs: cannot write \""), unwritable.err.constData());
}

QTEST_GUILESS_MAIN(TestCliTransfer)
#include "tst_cli_transfer.moc"
