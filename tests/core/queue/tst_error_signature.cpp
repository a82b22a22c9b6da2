// The signature of a dead letter's last error (kvs/error_signature.h): one test per rule, the
// rules' order and boundaries, and the id's stability.
#include <kvs/error_signature.h>

#include <QTest>

using namespace kvs;

namespace {

QString sig(const char *error)
{
    return QString::fromStdString(errorSignatureText(error));
}

} // namespace

class TestErrorSignature : public QObject
{
    Q_OBJECT

private slots:
    void theIssuesExampleIsOneSignature()
    {
        QCOMPARE(sig("timeout after 30s calling 10.0.0.7:443"),
                 QStringLiteral("timeout after <num>s calling <ip>"));
        QCOMPARE(errorSignatureText("timeout after 12s calling 10.0.0.9:443"),
                 errorSignatureText("timeout after 30s calling 10.0.0.7:443"));
        QVERIFY(errorSignatureText("connection refused calling 10.0.0.7:443")
                != errorSignatureText("timeout after 30s calling 10.0.0.7:443"));
    }

    void numbers()
    {
        QCOMPARE(sig("HTTP 503 after 3 retries"), QStringLiteral("HTTP <num> after <num> retries"));
        QCOMPARE(sig("took 1.5 ms, limit -2"), QStringLiteral("took <num> ms, limit <num>"));
        QCOMPARE(sig("version 1.2.3 of order #42"),
                 QStringLiteral("version <num> of order #<num>"));
        QCOMPARE(sig("order-17 failed"), QStringLiteral("order-<num> failed"));
        // Digits inside a word stay: they name things, not instances.
        QCOMPARE(sig("s3 bucket utf8 user_42 v2"), QStringLiteral("s3 bucket utf8 user_42 v2"));
    }

    void hexNumbers()
    {
        QCOMPARE(sig("bad pointer 0x7ffd5e8c at 0XAB"),
                 QStringLiteral("bad pointer <hex> at <hex>"));
        QCOMPARE(sig("commit 3f9a2c1b07e4 missing"), QStringLiteral("commit <hex> missing"));
        QCOMPARE(sig("object 507f1f77bcf86cd799439011"), QStringLiteral("object <hex>"));
        // Under 8 hex digits, or no letter, or no digit: not a hex id.
        QCOMPARE(sig("color a3f9c2 deadbeef cafe"), QStringLiteral("color a3f9c2 deadbeef cafe"));
        QCOMPARE(sig("id 12345678"), QStringLiteral("id <num>"));
    }

    void uuids()
    {
        QCOMPARE(sig("job 123e4567-e89b-12d3-a456-426614174000 lost"),
                 QStringLiteral("job <uuid> lost"));
        QCOMPARE(sig("job 123E4567-E89B-12D3-A456-426614174000"), QStringLiteral("job <uuid>"));
    }

    void quotedStrings()
    {
        QCOMPARE(sig("unknown field 'customer_id' in \"orders\""),
                 QStringLiteral("unknown field <str> in <str>"));
        QCOMPARE(sig("key \"a \\\"b\\\" c\" and `x y`"), QStringLiteral("key <str> and <str>"));
        QCOMPARE(sig("can't parse 'it's 42' today"), QStringLiteral("can't parse <str> today"));
        // A quote never closed stays, and its numbers are still numbers.
        QCOMPARE(sig("unterminated \"abc 12"), QStringLiteral("unterminated \"abc <num>"));
        // Quoted text wins over the rules inside it.
        QCOMPARE(sig("file '/tmp/x 1.txt'"), QStringLiteral("file <str>"));
    }

    void timestamps()
    {
        QCOMPARE(sig("expired at 2026-12-06T16:21:47.123Z"), QStringLiteral("expired at <time>"));
        QCOMPARE(sig("at 2026-12-06 16:21:47+01:00 ok"), QStringLiteral("at <time> ok"));
        QCOMPARE(sig("at 2026-12-06T16:21+0100."), QStringLiteral("at <time>."));
        QCOMPARE(sig("on 2026-12-06, again"), QStringLiteral("on <time>, again"));
        QCOMPARE(sig("at 16:21:47.5 sharp"), QStringLiteral("at <time> sharp"));
        // hh:mm alone is not a time (could be a ratio or a port).
        QCOMPARE(sig("ratio 16:21"), QStringLiteral("ratio <num>:<num>"));
    }

    void ipAddressesWithPorts()
    {
        QCOMPARE(sig("connect 192.168.1.20 failed"), QStringLiteral("connect <ip> failed"));
        QCOMPARE(sig("connect 10.0.0.7:5432: refused"), QStringLiteral("connect <ip>: refused"));
        QCOMPARE(sig("peer [2001:db8::1]:443 reset"), QStringLiteral("peer <ip> reset"));
        QCOMPARE(sig("peer [::1] reset"), QStringLiteral("peer <ip> reset"));
        QCOMPARE(sig("from fe80::1ff:fe23:4567:890a to ::1"), QStringLiteral("from <ip> to <ip>"));
        // Five parts, or a part of four digits: not an address.
        QCOMPARE(sig("v1.2.3.4.5"), QStringLiteral("v1.2.3.4.5"));
        QCOMPARE(sig("build 1.2.3.4.5"), QStringLiteral("build <num>"));
        QCOMPARE(sig("build 1000.2.3.4"), QStringLiteral("build <num>"));
    }

    void paths()
    {
        QCOMPARE(sig("cannot open /var/lib/kvs/db-7.sqlite: denied"),
                 QStringLiteral("cannot open <path>: denied"));
        QCOMPARE(sig("missing ./config/app.json, ../x and ~/y."),
                 QStringLiteral("missing <path>, <path> and <path>."));
        QCOMPARE(sig("no C:\\Users\\ops\\file.txt"), QStringLiteral("no <path>"));
        QCOMPARE(sig("at handler (/app/src/worker.js:10:5)"),
                 QStringLiteral("at handler (<path>:<num>:<num>)"));
        // URLs keep their host, and a slash inside a word is no path.
        QCOMPARE(
            sig("GET https://api.example.com/v1/items/42 and/or 5/10 and /"),
            QStringLiteral("GET https://api.example.com/v1/items/<num> and/or <num>/<num> and /"));
    }

    void textWithoutVariablePartsStaysAsItIs()
    {
        QCOMPARE(sig("connection refused"), QStringLiteral("connection refused"));
        QCOMPARE(sig(""), QString());
        QCOMPARE(sig("größe überschritten"), QStringLiteral("größe überschritten"));
        QCOMPARE(sig("größe2 x"), QStringLiteral("größe2 x"));
    }

    void theIdIsStableAndShort()
    {
        // SHA-1 of the placeholder text, its first 8 hex digits: these values hold on every
        // machine and in every run.
        QCOMPARE(QString::fromStdString(errorSignatureId("timeout after <num>s calling <ip>")),
                 QStringLiteral("487f6a1a"));
        const ErrorSignature signature
            = errorSignature(std::string("timeout after 12s calling 10.0.0.9:443"));
        QCOMPARE(QString::fromStdString(signature.id), QStringLiteral("487f6a1a"));
        QCOMPARE(QString::fromStdString(signature.text),
                 QStringLiteral("timeout after <num>s calling <ip>"));
        // No last error: the empty text's signature.
        const ErrorSignature none = errorSignature(std::nullopt);
        QCOMPARE(QString::fromStdString(none.text), QString());
        QCOMPARE(QString::fromStdString(none.id), QStringLiteral("da39a3ee"));
        QVERIFY(looksLikeErrorSignatureId("487f6a1a"));
        QVERIFY(!looksLikeErrorSignatureId("487F6A1A"));
        QVERIFY(!looksLikeErrorSignatureId("487f6a1"));
        QVERIFY(!looksLikeErrorSignatureId("487f6a1g"));
    }
};

QTEST_GUILESS_MAIN(TestErrorSignature)
#include "tst_error_signature.moc"
