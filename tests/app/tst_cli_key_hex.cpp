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

QTEST_GUILESS_MAIN(TestCliKeyHex)

#include "tst_cli_key_hex.moc"
