// The key codec (reference "Key Encoding", KVS-10, KVS-16, KVS-23): every key vector of
// kvs-vectors.json from its literal and from its parts, the sort order, cursors, and the errors
// the reference and the interpretation notes pin.
#include "support/kvs_vectors.h"
#include "support/test_support.h"

#include <kvs/errors.h>
#include <kvs/key.h>
#include <kvs/literal.h>

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace kvs;
using kvs::test::fromHex;
using kvs::test::throwsWith;
using kvs::test::toHex;
using kvs::test::utf8;

namespace {

struct HexCase
{
    const char *name;
    const char *hex;
    const char *expected;
};

// Each part of `literal` must encode below the next one.
void checkAscending(const char *literal)
{
    const Key parts = parseKeyLiteral(literal);
    for (std::size_t i = 1; i < parts.size(); ++i) {
        if (!(encodeKey({parts[i - 1]}) < encodeKey({parts[i]})))
            QFAIL(qPrintable(QStringLiteral("part %1 of %2").arg(i).arg(QLatin1String(literal))));
    }
}

} // namespace

class TestKeyCodec : public QObject
{
    Q_OBJECT

private slots:
    void keyVectors_data();
    void keyVectors();
    void sortedVector();
    void errorVectors_data();
    void errorVectors();
    void keyFromValueErrors_data();
    void keyFromValueErrors();
    void checkKeySizeLimit();
    void prefixSuccessor_data();
    void prefixSuccessor();
    void encodeKeyPrefixRange();
    void decodeKeyErrors_data();
    void decodeKeyErrors();
    void bigintMagnitudeLimit();
    void negativeBigintOrdering();
    void numberOrdering();
    void typeOrdering();
    void loneSurrogateKeyPart();
    void illFormedStringPartsDecodeAsTextDecoderReadsThem_data();
    void illFormedStringPartsDecodeAsTextDecoderReadsThem();
    void decodeCursorErrors_data();
    void decodeCursorErrors();
};

void TestKeyCodec::keyVectors_data()
{
    QTest::addColumn<QString>("literal");
    QTest::addColumn<QJsonArray>("parts");
    QTest::addColumn<QString>("hex");
    QTest::addColumn<QString>("cursor");
    for (const QJsonValue &entry : kvs::test::vectorArray("keys")) {
        const QJsonObject o = entry.toObject();
        const QString literal = o.value(QLatin1String("literal")).toString();
        QTest::newRow(literal.toUtf8().constData())
            << literal << o.value(QLatin1String("parts")).toArray()
            << o.value(QLatin1String("hex")).toString()
            << o.value(QLatin1String("cursor")).toString();
    }
}

void TestKeyCodec::keyVectors()
{
    QFETCH(QString, literal);
    QFETCH(QJsonArray, parts);
    QFETCH(QString, hex);
    QFETCH(QString, cursor);
    const std::string bytes = fromHex(hex);

    const Key fromLiteral = parseKeyLiteral(utf8(literal));
    QCOMPARE(toHex(encodeKey(fromLiteral)), hex);
    const Key fromParts = kvs::test::keyFromJson(parts);
    QCOMPARE(toHex(encodeKey(fromParts)), hex);
    QCOMPARE(QString::fromStdString(printKeyLiteral(fromParts)), literal); // -0 prints -0.

    // The appending encoder keeps what the buffer held.
    std::string appended = "prefix";
    encodeKey(fromParts, appended);
    QCOMPARE(appended, "prefix" + bytes);

    const Key decoded = decodeKey(bytes);
    QCOMPARE(toHex(encodeKey(decoded)), hex);
    // Decoding gives +0 for -0, which was normalised when encoded.
    const QString printed = QString::fromStdString(printKeyLiteral(decoded));
    QCOMPARE(printed, literal == QLatin1String("[-0]") ? QStringLiteral("[0]") : literal);

    QVERIFY(keyFromValue(keyToValue(fromParts)) == fromParts);
    QCOMPARE(QString::fromStdString(encodeCursor(bytes)), cursor);
    QCOMPARE(toHex(decodeCursor(utf8(cursor))), hex);
}

void TestKeyCodec::sortedVector()
{
    std::vector<std::string> encoded;
    for (const QJsonValue &entry : kvs::test::vectorArray("keys")) {
        const QJsonArray parts = entry.toObject().value(QLatin1String("parts")).toArray();
        encoded.push_back(encodeKey(kvs::test::keyFromJson(parts)));
    }
    QStringList expected;
    for (const QJsonValue &hex : kvs::test::vectorArray("sorted"))
        expected << hex.toString();

    // std::string's operator< compares as unsigned bytes (char_traits<char>::compare is memcmp).
    std::vector<std::string> byString = encoded;
    std::sort(byString.begin(), byString.end());
    std::vector<std::string> byBytes = encoded;
    std::sort(byBytes.begin(), byBytes.end(), [](const std::string &a, const std::string &b) {
        return std::lexicographical_compare(
            a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
                return static_cast<unsigned char>(x) < static_cast<unsigned char>(y);
            });
    });
    QCOMPARE(byString, byBytes);
    QStringList actual;
    for (const std::string &bytes : byString)
        actual << toHex(bytes);
    QCOMPARE(actual, expected);
}

void TestKeyCodec::errorVectors_data()
{
    QTest::addColumn<QJsonArray>("parts");
    QTest::addColumn<QString>("error");
    int row = 0;
    for (const QJsonValue &entry : kvs::test::vectorArray("errors")) {
        const QJsonObject o = entry.toObject();
        QTest::addRow("error %d", row++) << o.value(QLatin1String("parts")).toArray()
                                         << o.value(QLatin1String("error")).toString();
    }
}

void TestKeyCodec::errorVectors()
{
    QFETCH(QJsonArray, parts);
    QFETCH(QString, error);
    const Key key = kvs::test::keyFromJson(parts);
    if (error == QLatin1String("TypeError")) {
        QVERIFY(
            throwsWith<TypeError>([&] { (void)encodeKey(key); }, "kvs: NaN cannot be a key part"));
        QVERIFY(throwsWith<TypeError>([] { (void)encodeKey(parseKeyLiteral("[1, NaN]")); },
                                      "kvs: NaN cannot be a key part"));
    } else {
        QVERIFY(error.startsWith(QLatin1String("RangeError")));
        const std::size_t size = key.at(0).asBigInt().magnitude().size();
        QCOMPARE(size, std::size_t{257});
        QVERIFY(throwsWith<RangeError>(
            [&] { (void)encodeKey(key); },
            "kvs: a bigint key part has at most 255 magnitude bytes, got " + std::to_string(size)));
    }
}

void TestKeyCodec::keyFromValueErrors_data()
{
    QTest::addColumn<QString>("literal");
    QTest::addColumn<QString>("message");
    const QString notArray = QStringLiteral("kvs: a key must be an array of key parts, got %1");
    const QString badPart = QStringLiteral("kvs: key part %1 is %2; a key part must be a string, "
                                           "number, bigint, boolean or Uint8Array");
    QTest::newRow("null") << "null" << notArray.arg(QLatin1String("null"));
    QTest::newRow("undefined") << "undefined" << notArray.arg(QLatin1String("undefined"));
    QTest::newRow("string") << "\"users\"" << notArray.arg(QLatin1String("a string"));
    QTest::newRow("number") << "1" << notArray.arg(QLatin1String("a number"));
    QTest::newRow("object") << "{}" << notArray.arg(QLatin1String("an object"));
    QTest::newRow("set") << "new Set([1])" << notArray.arg(QLatin1String("a Set"));
    QTest::newRow("part null") << "[null]" << badPart.arg(0).arg(QLatin1String("null"));
    QTest::newRow("part undefined")
        << "[\"a\", undefined]" << badPart.arg(1).arg(QLatin1String("undefined"));
    QTest::newRow("part object") << "[1, 2, {}]" << badPart.arg(2).arg(QLatin1String("an object"));
    QTest::newRow("part array") << "[[1]]" << badPart.arg(0).arg(QLatin1String("an array"));
    QTest::newRow("part date") << "[new Date(0)]" << badPart.arg(0).arg(QLatin1String("a Date"));
    QTest::newRow("part map") << "[new Map([])]" << badPart.arg(0).arg(QLatin1String("a Map"));
    QTest::newRow("part set") << "[new Set([])]" << badPart.arg(0).arg(QLatin1String("a Set"));
}

void TestKeyCodec::keyFromValueErrors()
{
    QFETCH(QString, literal);
    QFETCH(QString, message);
    const std::string text = utf8(literal);
    QVERIFY(throwsWith<TypeError>([&] { (void)keyFromValue(parseLiteral(text)); }, utf8(message)));
    QVERIFY(throwsWith<TypeError>([&] { (void)parseKeyLiteral(text); }, utf8(message)));
}

void TestKeyCodec::checkKeySizeLimit()
{
    checkKeySize(2048, 2048);
    checkKeySize(0, 1);
    const std::string message
        = "kvs: key is 2049 bytes encoded, over the 2048-byte limit (maxKeySize)";
    QVERIFY(throwsWith<RangeError>([] { checkKeySize(2049, 2048); }, message));
    // A real key: tag + 2046 bytes + separator is 2048; one more byte is over.
    checkKeySize(encodeKey({std::string(2046, 'x')}).size(), 2048);
    const std::string over = encodeKey({std::string(2047, 'x')});
    QVERIFY(throwsWith<RangeError>([&] { checkKeySize(over.size(), 2048); }, message));
    QVERIFY(
        throwsWith<RangeError>([] { checkKeySize(2, 1); },
                               "kvs: key is 2 bytes encoded, over the 1-byte limit (maxKeySize)"));
}

void TestKeyCodec::prefixSuccessor_data()
{
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QString>("successor");
    const HexCase cases[] = {{"normal", "0102", "0103"},
                             {"encoded key", "026100", "026101"},
                             {"trailing ff", "01ff", "02"},
                             {"trailing ffs", "01feffff", "01ff"},
                             {"all ff", "ffff", ""},
                             {"empty", "", ""}};
    for (const HexCase &c : cases)
        QTest::newRow(c.name) << QString::fromLatin1(c.hex) << QString::fromLatin1(c.expected);
}

void TestKeyCodec::prefixSuccessor()
{
    QFETCH(QString, prefix);
    QFETCH(QString, successor);
    QCOMPARE(toHex(kvs::prefixSuccessor(fromHex(prefix))), successor);
}

void TestKeyCodec::encodeKeyPrefixRange()
{
    const std::string prefix = encodeKeyPrefix({"events"});
    QCOMPARE(prefix, encodeKey({"events"}));
    const std::string upper = kvs::prefixSuccessor(prefix);
    const auto inside = [&](const Key &key) {
        const std::string bytes = encodeKey(key);
        return bytes >= prefix && bytes < upper;
    };
    // The low-level range includes the key itself and string siblings, unlike list({prefix}).
    QVERIFY(inside({"events"}));
    QVERIFY(inside({"events", 1}));
    QVERIFY(inside({"events", "a", true}));
    QVERIFY(inside({std::string("events\0x", 8)}));
    QVERIFY(!inside({"event"}));
    QVERIFY(!inside({"eventt"}));
    QVERIFY(!inside({"f"}));
    QVERIFY(!inside({Bytes{"events"}}));
    QCOMPARE(encodeKeyPrefix({}), std::string());
}

void TestKeyCodec::decodeKeyErrors_data()
{
    QTest::addColumn<QString>("hex");
    QTest::addColumn<QString>("detail");
    const HexCase cases[] = {
        {"truncated number", "03bff0", "truncated number at byte 1"},
        {"number without separator", "03bff0000000000000", "missing separator at byte 9"},
        {"string without separator", "0261", "missing separator at byte 2"},
        {"escape without separator", "026100ff", "missing separator at byte 4"},
        {"boolean without separator", "06", "missing separator at byte 1"},
        {"boolean with payload", "0601", "missing separator at byte 1"},
        {"unknown tag", "07", "unknown type tag at byte 0"},
        {"zero tag", "00", "unknown type tag at byte 0"},
        {"unknown second tag", "0261000700", "unknown type tag at byte 3"},
        {"truncated bigint header", "0401", "truncated bigint at byte 1"},
        {"truncated bigint magnitude", "040102ff", "truncated bigint at byte 3"},
        {"truncated negative bigint", "04000000", "truncated bigint at byte 3"},
        {"bigint bad sign", "040201", "bad bigint sign at byte 1"},
        {"bigint without separator", "040101ff", "missing separator at byte 4"},
    };
    for (const HexCase &c : cases)
        QTest::newRow(c.name) << QString::fromLatin1(c.hex) << QString::fromLatin1(c.expected);
}

void TestKeyCodec::decodeKeyErrors()
{
    QFETCH(QString, hex);
    QFETCH(QString, detail);
    const std::string bytes = fromHex(hex);
    try {
        (void)decodeKey(bytes);
        QFAIL("no exception");
    } catch (const Error &e) {
        QCOMPARE(e.kind(), ErrorKind::Error);
        QCOMPARE(QString::fromUtf8(e.what()), QLatin1String("kvs: cannot decode key: ") + detail);
    }
}

void TestKeyCodec::bigintMagnitudeLimit()
{
    for (const bool negative : {false, true}) {
        const BigInt largest = BigInt::fromMagnitude(negative, std::string(255, '\xff'));
        const std::string bytes = encodeKey({largest, 1});
        QCOMPARE(bytes.size(), std::size_t{1 + 2 + 255 + 1 + 10});
        const Key decoded = decodeKey(bytes);
        QCOMPARE(decoded.size(), std::size_t{2});
        QVERIFY(decoded[0].asBigInt() == largest);
        QCOMPARE(decoded[1].asNumber(), 1.0);

        const BigInt tooLong = BigInt::fromMagnitude(negative, "\x01" + std::string(255, '\0'));
        QVERIFY(throwsWith<RangeError>(
            [&] { (void)encodeKey({tooLong}); },
            "kvs: a bigint key part has at most 255 magnitude bytes, got 256"));
    }
}

void TestKeyCodec::negativeBigintOrdering()
{
    // Deterministic bigints of every magnitude length class and both signs, plus edge values;
    // the byte order of their keys must be their numeric order.
    std::vector<BigInt> values = {BigInt::fromMagnitude(true, std::string(255, '\xff')),
                                  BigInt::fromMagnitude(false, std::string(255, '\xff'))};
    for (const KeyPart &part : parseKeyLiteral("[0n, 1n, -1n, 255n, -255n, 256n, -256n, -65536n]"))
        values.push_back(part.asBigInt());
    std::uint64_t state = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < 300; ++i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        std::string magnitude(1 + (state >> 33) % 20, '\0');
        for (char &c : magnitude) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            c = static_cast<char>(state >> 56);
        }
        values.push_back(BigInt::fromMagnitude((state & 1) != 0, magnitude));
    }
    std::sort(values.begin(), values.end(), [](const BigInt &a, const BigInt &b) {
        return compare(a, b) < 0;
    });
    for (std::size_t i = 1; i < values.size(); ++i) {
        const std::string a = encodeKey({values[i - 1], "z"});
        const std::string b = encodeKey({values[i], "a"});
        if (values[i - 1] == values[i])
            continue;
        if (!(a < b))
            QFAIL(qPrintable(QStringLiteral("%1 does not sort before %2")
                                 .arg(QString::fromStdString(values[i - 1].toDecimal()),
                                      QString::fromStdString(values[i].toDecimal()))));
        QVERIFY(decodeKey(b)[0].asBigInt() == values[i]);
    }
}

void TestKeyCodec::numberOrdering()
{
    checkAscending("[-Infinity, -1.7976931348623157e308, -1e21, -1, -0.5, -5e-324, 0, 5e-324, "
                   "1e-7, 1, 2, 9007199254740991, 1e21, Infinity]");
    QCOMPARE(encodeKey({-0.0}), encodeKey({0.0}));
    QVERIFY(!std::signbit(decodeKey(encodeKey({-0.0}))[0].asNumber()));
}

void TestKeyCodec::typeOrdering()
{
    // Uint8Array < string < number < bigint < false < true.
    checkAscending(R"([new Uint8Array([255]), "", "\uffff", -1e300, 1e300, -1n, 1n, false, true])");
    QVERIFY(encodeKey({"users", 1}) < encodeKey({"users", 2}));
    QVERIFY(encodeKey({"a"}) < encodeKey({"a", 0}));
    QCOMPARE(encodeKey({}), std::string());
    QVERIFY(decodeKey("").empty());
}

void TestKeyCodec::loneSurrogateKeyPart()
{
    // JavaScript's TextEncoder writes U+FFFD for a lone surrogate; a pair is one code point.
    QCOMPARE(toHex(encodeKey(parseKeyLiteral(R"(["\ud800"])"))), QStringLiteral("02efbfbd00"));
    QCOMPARE(toHex(encodeKey(parseKeyLiteral(R"(["a\udc00b"])"))),
             QStringLiteral("0261efbfbd6200"));
    QCOMPARE(toHex(encodeKey(parseKeyLiteral(R"(["\ud83d\ude42"])"))),
             QStringLiteral("02f09f998200"));
}

void TestKeyCodec::illFormedStringPartsDecodeAsTextDecoderReadsThem_data()
{
    QTest::addColumn<QString>("hex");
    QTest::addColumn<QString>("literal");
    // Issue 17: an encoded surrogate printed as "\ud800", a pair joined; JavaScript's
    // TextDecoder (the reference's decodeKey) gives U+FFFD per maximal ill-formed subpart.
    QTest::newRow("encoded lone surrogate") << "02eda08000"
                                            << R"(["\ufffd\ufffd\ufffd"])";
    QTest::newRow("encoded surrogate pair") << "02eda0bdedb88200"
                                            << R"(["\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd"])";
    QTest::newRow("0xff byte") << "0261ff000262ff00"
                               << R"(["a\ufffd", "b\ufffd"])";
    QTest::newRow("truncated sequence") << "02e282"
                                           "6100"
                                        << R"(["\ufffda"])";
    QTest::newRow("well-formed kept") << "02f09f998200"
                                      << R"(["\ud83d\ude42"])";
}

void TestKeyCodec::illFormedStringPartsDecodeAsTextDecoderReadsThem()
{
    QFETCH(QString, hex);
    QFETCH(QString, literal);
    const Key key = decodeKey(QByteArray::fromHex(hex.toLatin1()).toStdString());
    QCOMPARE(key, parseKeyLiteral(utf8(literal)));
    // A well-formed key reads back to its own bytes; an ill-formed one names another key.
    QCOMPARE(encodeKey(key) == QByteArray::fromHex(hex.toLatin1()).toStdString(),
             hex == QStringLiteral("02f09f998200"));
}

void TestKeyCodec::decodeCursorErrors_data()
{
    QTest::addColumn<QString>("cursor");
    for (const char *cursor : {"***", "AmE!", "Am A", "A-_A", "AmEA\n"})
        QTest::newRow(cursor) << QString::fromLatin1(cursor);
}

void TestKeyCodec::decodeCursorErrors()
{
    QFETCH(QString, cursor);
    const std::string text = utf8(cursor);
    QVERIFY(throwsWith<RangeError>([&] { (void)decodeCursor(text); },
                                   "kvs: list cursor is not valid base64: \"" + text + "\""));
}

QTEST_GUILESS_MAIN(TestKeyCodec)
#include "tst_key_codec.moc"
