// kvs get and delete by a key's stored bytes (--key-hex, issue 17): any row is reachable, also
// one whose key bytes are not UTF-8 (its printed form, with U+FFFD, names another key) and one
// whose bytes are no key layout at all.
#include "cli_test_support.h"

#include <QTemporaryDir>
#include <QTest>

using namespace cli_test;

class TestCliKeyHex : public QObject
{
    Q_OBJECT

private slots:
    void getAndDeleteReachAnyRowByItsBytes();
    void aBadHexIsRefused();
    void issue12_listSkipsAnUndecodableRow();
};

void TestCliKeyHex::getAndDeleteReachAnyRowByItsBytes()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("kv.db"));
    QCOMPARE(runKvs({QStringLiteral("--db"),
                     db,
                     QStringLiteral("set"),
                     QStringLiteral("[\"a\"]"),
                     QStringLiteral("1")})
                 .code,
             0);
    {
        const SqlitePtr raw = openSqlite(db);
        // A JavaScript writer's key with an encoded lone surrogate, and bytes outside the key
        // space (0xff is no type tag).
        QVERIFY(exec(raw.get(),
                     "INSERT INTO kv VALUES (x'02eda08000', CAST('\"s\"' AS BLOB), 7, NULL);"
                     "INSERT INTO kv VALUES (x'ff01', CAST('\"raw\"' AS BLOB), 8, NULL)"));
    }
    // Its printed form is TextDecoder's, and names another key.
    const Run list = runKvs({QStringLiteral("--db"), db, QStringLiteral("list")});
    QCOMPARE(list.code, 0);
    QVERIFY2(list.out.contains("[\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"] = \"s\""), list.out);
    QCOMPARE(runKvs({QStringLiteral("--db"),
                     db,
                     QStringLiteral("get"),
                     QStringLiteral("[\"\\ufffd\\ufffd\\ufffd\"]")})
                 .code,
             1);

    const Run get = runKvs({QStringLiteral("--db"),
                            db,
                            QStringLiteral("get"),
                            QStringLiteral("--key-hex"),
                            QStringLiteral("02eda08000")});
    QCOMPARE(get.code, 0);
    QCOMPARE(get.out, QByteArray("\"s\"\n"));
    const Run json = runKvs({QStringLiteral("--json"),
                             QStringLiteral("--db"),
                             db,
                             QStringLiteral("get"),
                             QStringLiteral("--key-hex=ff01")});
    QCOMPARE(json.code, 0);
    const QJsonObject object = parseObject(json.out);
    QCOMPARE(object[u"keyHex"].toString(), QStringLiteral("ff01"));
    QVERIFY(object[u"key"].isNull());
    QCOMPARE(object[u"value"].toString(), QStringLiteral("\"raw\""));
    QCOMPARE(object[u"version"].toInt(), 8);

    for (const char *hex : {"02eda08000", "ff01"}) {
        const Run removed = runKvs({QStringLiteral("--db"),
                                    db,
                                    QStringLiteral("delete"),
                                    QStringLiteral("--key-hex"),
                                    QString::fromLatin1(hex)});
        QCOMPARE(removed.code, 0);
        QCOMPARE(removed.out, QByteArray("ok\n"));
        const Run gone = runKvs({QStringLiteral("--db"),
                                 db,
                                 QStringLiteral("get"),
                                 QStringLiteral("--key-hex"),
                                 QString::fromLatin1(hex)});
        QCOMPARE(gone.code, 1);
        QCOMPARE(gone.err, QByteArray("kvs: not found\n"));
    }
    QCOMPARE(queryText(db, "SELECT count(*) FROM kv"), QStringLiteral("1"));
}

void TestCliKeyHex::aBadHexIsRefused()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("kv.db"));
    const Run odd = runKvs({QStringLiteral("--db"),
                            db,
                            QStringLiteral("get"),
                            QStringLiteral("--key-hex"),
                            QStringLiteral("0")});
    QCOMPARE(odd.code, 1);
    QCOMPARE(odd.err,
             QByteArray("kvs: --key-hex is not hex bytes: it has an odd number of digits (1)\n"));
    const Run both = runKvs({QStringLiteral("--db"),
                             db,
                             QStringLiteral("delete"),
                             QStringLiteral("[\"a\"]"),
                             QStringLiteral("--key-hex"),
                             QStringLiteral("0261")});
    QCOMPARE(both.code, 2);
    QVERIFY(!QFile::exists(db)); // nothing was opened, nothing created
}

// Issue 12, defect 8: a row whose key does not decode (02 61, a string without its end) or whose
// value does not decode no longer fails the whole range: each is skipped with one warning line
// naming its key bytes, the others are listed, exit 0.
void TestCliKeyHex::issue12_listSkipsAnUndecodableRow()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("kv.db"));
    for (const char *key : {"[\"a\"]", "[\"b\"]"}) {
        QCOMPARE(runKvs({QStringLiteral("--db"),
                         db,
                         QStringLiteral("set"),
                         QString::fromLatin1(key),
                         QStringLiteral("1")})
                     .code,
                 0);
    }
    {
        const SqlitePtr raw = openSqlite(db);
        QVERIFY(exec(raw.get(),
                     "INSERT INTO kv VALUES (x'0261', CAST('\"broken key\"' AS BLOB), 7, NULL);"
                     "INSERT INTO kv VALUES (x'026300', x'03ff', 8, NULL)"));
    }
    const Run list = runKvs({QStringLiteral("--db"), db, QStringLiteral("list")});
    QCOMPARE(list.code, 0);
    QCOMPARE(list.out, QByteArray("[\"a\"] = 1\n[\"b\"] = 1\n"));
    const QList<QByteArray> warnings = lines(list.err);
    QCOMPARE(warnings.size(), 2);
    QVERIFY2(warnings[0].startsWith("kvs: warning: skipped a row that does not decode, key bytes "
                                    "0261: cannot decode key: "),
             list.err.constData());
    QVERIFY2(warnings[1].startsWith("kvs: warning: skipped a row that does not decode, key bytes "
                                    "026300: cannot decode value: "),
             list.err.constData());
    // --json: entries on stdout, the warnings on stderr; skipped rows count toward the page.
    const auto page = [&db](const QString &cursor) {
        QStringList args{QStringLiteral("--db"),
                         db,
                         QStringLiteral("--json"),
                         QStringLiteral("list"),
                         QStringLiteral("--limit"),
                         QStringLiteral("2")};
        if (!cursor.isEmpty())
            args << QStringLiteral("--cursor") << cursor;
        return runKvs(args);
    };
    const Run first = page({});
    QCOMPARE(first.code, 0);
    QCOMPARE(lines(first.out).size(), 2);
    QCOMPARE(parseObject(lines(first.out)[0])[u"key"].toString(), QStringLiteral("[\"a\"]"));
    QCOMPARE(lines(first.err).size(), 1);
    QVERIFY2(first.err.contains("key bytes 0261:"), first.err.constData());
    const Run second = page(parseObject(lines(first.out)[1])[u"cursor"].toString());
    QCOMPARE(second.code, 0);
    QCOMPARE(parseObject(lines(second.out)[0])[u"key"].toString(), QStringLiteral("[\"b\"]"));
    QCOMPARE(lines(second.err).size(), 1);
    QVERIFY2(second.err.contains("key bytes 026300:"), second.err.constData());
}

QTEST_GUILESS_MAIN(TestCliKeyHex)

#include "tst_cli_key_hex.moc"
