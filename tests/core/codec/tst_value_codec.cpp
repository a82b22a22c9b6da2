// The value codec (reference "Values (KVS-09)"): every vector of kvs-vectors.json read and
// written back byte for byte, the same bytes from hand-built values, JavaScript's member order,
// JSON.stringify's escapes, sentinels, TEXT rows, numbers, large and deep values, and every
// decode error.
#include "support/test_paths.h"

#include <kvs/errors.h>
#include <kvs/value_codec.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <bit>
#include <cmath>
#include <limits>
#include <map>

using kvs::Value;

Q_DECLARE_METATYPE(kvs::Value)

namespace {

QByteArray hexOf(const std::string &bytes)
{
    return QByteArray::fromStdString(bytes).toHex();
}

std::string bytesOf(const QByteArray &hex)
{
    return QByteArray::fromHex(hex).toStdString();
}

Value decodeHex(const QByteArray &hex)
{
    return kvs::decodeValue(bytesOf(hex));
}

// The message of the kvs::Error (the plain kind, not TypeError or RangeError) that decodeValue
// throws, or a note saying what happened instead.
std::string decodeError(const std::string &bytes)
{
    try {
        (void)kvs::decodeValue(bytes);
    } catch (const kvs::Error &e) {
        if (e.kind() != kvs::ErrorKind::Error)
            return std::string("(wrong kind) ") + e.what();
        return e.what();
    }
    return "(no error)";
}

const double kInf = std::numeric_limits<double>::infinity();

Value members(Value::Members m)
{
    return Value::object(std::move(m));
}

// The hand-built value of every vector, by name.
std::map<std::string, Value> handBuiltValues()
{
    std::map<std::string, Value> v;
    v["null"] = Value(nullptr);
    v["true"] = Value(true);
    v["false"] = Value(false);
    v["zero"] = Value(0.0);
    v["minus-zero"] = Value(-0.0);
    v["int"] = Value(42);
    v["float"] = Value(0.1);
    v["big-float"] = Value(1e21);
    v["tiny"] = Value(1e-7);
    v["string"] = Value("v");
    v["unicode"] = Value("\u00e9\u65e5\u672c\U0001F642");
    v["escapes"] = Value("q\"b\\s/\n\t\x01");
    v["array"] = Value::array({1, "two", nullptr, true});
    v["object"] = members({{"name", "Alice"}, {"age", 30}, {"tags", Value::array({"a", "b"})}});
    v["empty-object"] = members({});
    v["empty-array"] = Value::array({});
    v["date"] = Value(kvs::Date(1788265800250));
    v["invalid-date"] = Value(kvs::Date(NAN));
    v["bigint"] = Value(kvs::BigInt(1999));
    v["neg-bigint"] = Value(*kvs::BigInt::fromDecimal("-1180591620717411303424"));
    v["bytes"] = Value(kvs::Bytes{std::string("\x01\x02\x03\xff", 4)});
    v["map"] = Value::map({{"a", 1}, {2, kvs::Date(0)}});
    v["set"] = Value::set({"a", 1});
    v["undefined"] = Value();
    v["nan"] = Value(std::nan(""));
    v["infinity"] = Value(kInf);
    v["neg-infinity"] = Value(-kInf);
    v["nested"] = members({{"at", kvs::Date(1788265800250)},
                           {"cents", kvs::BigInt(1999)},
                           {"blob", kvs::Bytes{"\x01"}},
                           {"tags", Value::set({"a"})}});
    v["undefined-in-object"] = members({{"a", Value()}, {"b", 1}});
    v["undefined-in-array"] = Value::array({1, Value(), 3});
    v["tilde-object-plain"] = members({{"~", "x"}, {"a", 1}});
    v["tilde-object-typed"] = members({{"~", "x"}, {"n", kvs::BigInt(1)}});
    return v;
}

QStringList memberNames(const Value &object)
{
    QStringList names;
    for (const auto &member : object.members())
        names << QString::fromStdString(member.first);
    return names;
}

} // namespace

class TestValueCodec : public QObject
{
    Q_OBJECT

private slots:
    void vectorsRoundTrip_data();
    void vectorsRoundTrip();
    void handBuilt_data();
    void handBuilt();
    void encodeAppends();
    void memberOrder_data();
    void memberOrder();
    void controlCharEscapes();
    void unicode_data();
    void unicode();
    void writerRepairsStrings();
    void sentinels();
    void textRows_data();
    void textRows();
    void plainTildeObjectIsNoMarker();
    void typedMarkersDecode();
    void numbers_data();
    void numbers();
    void decodeErrors_data();
    void decodeErrors();
    void largeString();
    void deepNesting();
};

void TestValueCodec::vectorsRoundTrip_data()
{
    QTest::addColumn<QByteArray>("hex");
    QFile file(kvs::test::fromTest(KVS_TEST_DATA_DIR "/kvs-vectors.json"));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
    const QJsonArray values = QJsonDocument::fromJson(file.readAll()).object()[u"values"].toArray();
    QVERIFY(values.size() >= 32);
    for (const auto &entry : values) {
        const QJsonObject vector = entry.toObject();
        QTest::newRow(qPrintable(vector[u"name"].toString()))
            << vector[u"hex"].toString().toLatin1();
    }
}

// Reading the JS library's bytes and writing them back gives the same bytes.
void TestValueCodec::vectorsRoundTrip()
{
    QFETCH(QByteArray, hex);
    QCOMPARE(hexOf(kvs::encodeValue(decodeHex(hex))), hex);
}

void TestValueCodec::handBuilt_data()
{
    QTest::addColumn<Value>("value");
    QTest::addColumn<QByteArray>("hex");
    const auto built = handBuiltValues();
    QFile file(kvs::test::fromTest(KVS_TEST_DATA_DIR "/kvs-vectors.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonArray values = QJsonDocument::fromJson(file.readAll()).object()[u"values"].toArray();
    for (const auto &entry : values) {
        const QJsonObject vector = entry.toObject();
        const std::string name = vector[u"name"].toString().toStdString();
        const auto it = built.find(name);
        QVERIFY2(it != built.end(), ("no hand-built value for vector " + name).c_str());
        QTest::newRow(name.c_str()) << it->second << vector[u"hex"].toString().toLatin1();
    }
}

// A value built in C++ encodes to the JS library's bytes, and those bytes decode to it.
void TestValueCodec::handBuilt()
{
    QFETCH(Value, value);
    QFETCH(QByteArray, hex);
    QCOMPARE(hexOf(kvs::encodeValue(value)), hex);
    const Value decoded = decodeHex(hex);
    if (value == Value(-0.0))
        QVERIFY(decoded == Value(0.0)); // -0 is stored as 0.
    else
        QVERIFY2(decoded == value, hexOf(kvs::encodeValue(decoded)).constData());
}

void TestValueCodec::encodeAppends()
{
    std::string out = "prefix";
    kvs::encodeValue(Value("v"), out);
    kvs::encodeValue(Value(nullptr), out);
    kvs::encodeValue(Value::array({Value()}), out);
    QCOMPARE(out, std::string("prefix\"v\"") + '\0' + "\x03[{\"~\":\"u\"}]");
}

void TestValueCodec::memberOrder_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QByteArray>("written");

    QTest::newRow("index names first")
        << QByteArray(R"({"b":1,"2":2,"1":3})") << QStringList{"1", "2", "b"}
        << QByteArray(R"({"1":3,"2":2,"b":1})");
    QTest::newRow("numeric order")
        << QByteArray(R"({"10":1,"9":2,"x":3,"0":4})") << QStringList{"0", "9", "10", "x"}
        << QByteArray(R"({"0":4,"9":2,"10":1,"x":3})");
    QTest::newRow("not index-like") << QByteArray(R"({"01":1,"-1":2,"4294967295":3,"1.5":4})")
                                    << QStringList{"01", "-1", "4294967295", "1.5"}
                                    << QByteArray(R"({"01":1,"-1":2,"4294967295":3,"1.5":4})");
    QTest::newRow("repeat keeps first place, last value")
        << QByteArray(R"({"a":1,"b":2,"a":3})") << QStringList{"a", "b"}
        << QByteArray(R"({"a":3,"b":2})");
    QTest::newRow("typed O marker")
        << QByteArray("\x03"
                      R"({"~":"O","v":[["b",1],["~",2],["1",3]]})")
        << QStringList{"1", "b", "~"}
        << QByteArray(R"({"1":3,"b":1,"~":2})"); // No special value: plain.

    // A large object takes the hashed path of the check.
    QByteArray big = "{";
    QByteArray bigWritten = "{\"0\":0,\"1\":0,";
    QStringList bigNames{"0", "1"};
    for (int i = 0; i < 40; ++i) {
        const QByteArray name = "k" + QByteArray::number(i);
        big += "\"" + name + "\":" + QByteArray::number(i) + ",";
        bigWritten += "\"" + name + "\":" + QByteArray::number(i == 3 ? 7 : i) + ",";
        bigNames << QString::fromLatin1(name);
    }
    big += R"("1":0,"k3":7,"0":0})";
    bigWritten.chop(1);
    bigWritten += "}";
    QTest::newRow("large object") << big << bigNames << bigWritten;
}

void TestValueCodec::memberOrder()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, names);
    QFETCH(QByteArray, written);
    const Value value = kvs::decodeValue(json.toStdString());
    QCOMPARE(memberNames(value), names);
    QCOMPARE(QByteArray::fromStdString(kvs::encodeValue(value)), written);
}

void TestValueCodec::controlCharEscapes()
{
    const char *named[] = {"\\b", "\\t", "\\n", nullptr, "\\f", "\\r"};
    for (int c = 0; c < 0x20; ++c) {
        std::string expected = "\"";
        if (c >= 8 && c <= 13 && named[c - 8]) {
            expected += named[c - 8];
        } else {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\u%04x", c);
            expected += escape;
        }
        expected += '"';
        const Value value(std::string(1, static_cast<char>(c)));
        QCOMPARE(kvs::encodeValue(value), expected);
        QVERIFY(kvs::decodeValue(expected) == value);
    }
    // JSON.stringify escapes only these: '/', DEL and U+2028 stay as they are.
    QCOMPARE(kvs::encodeValue(Value("\"\\/\x7f\u2028")), std::string("\"\\\"\\\\/\x7f\u2028\""));
    QVERIFY(kvs::decodeValue(R"("\/\u0041\u00e9\"")") == Value("/A\u00e9\""));
    QCOMPARE(kvs::encodeValue(Value(std::string("a\0b", 3))), std::string("\"a\\u0000b\""));
    QVERIFY(kvs::decodeValue("\"a\\u0000b\"") == Value(std::string("a\0b", 3)));
}

void TestValueCodec::unicode_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QByteArray>("string"); // As held in the Value (UTF-8, WTF-8 surrogates).
    QTest::addColumn<QByteArray>("written");

    QTest::newRow("raw UTF-8") << QByteArray("\"\u00e9\U0001F642\"")
                               << QByteArray("\u00e9\U0001F642")
                               << QByteArray("\"\u00e9\U0001F642\"");
    QTest::newRow("escaped pair") << QByteArray(R"("\ud83d\ude42")") << QByteArray("\U0001F642")
                                  << QByteArray("\"\U0001F642\"");
    QTest::newRow("lone high") << QByteArray(R"("\ud800")") << QByteArray("\xed\xa0\x80")
                               << QByteArray(R"("\ud800")");
    QTest::newRow("lone low") << QByteArray(R"("x\uDC00")") << QByteArray("x\xed\xb0\x80")
                              << QByteArray(R"("x\udc00")");
    QTest::newRow("high then BMP") << QByteArray(R"("\ud83dA\ud800\u0041")")
                                   << QByteArray("\xed\xa0\xbd"
                                                 "A\xed\xa0\x80"
                                                 "A")
                                   << QByteArray(R"("\ud83dA\ud800A")");
    QTest::newRow("low then high")
        << QByteArray(R"("\ude42\ud83d")") << QByteArray("\xed\xb9\x82\xed\xa0\xbd")
        << QByteArray(R"("\ude42\ud83d")");
    QTest::newRow("escaped backslash") << QByteArray(R"(["\\ud800","\ud800"])") << QByteArray()
                                       << QByteArray(R"(["\\ud800","\ud800"])");
    // Bytes that are not UTF-8 read as V8 reads them: one U+FFFD per maximal subpart.
    QTest::newRow("ill-formed bytes") << QByteArray("\"\xed\xa0\x80"
                                                    "a\xe6\x97\"")
                                      << QByteArray("\ufffd\ufffd\ufffd"
                                                    "a\ufffd")
                                      << QByteArray("\"\ufffd\ufffd\ufffd"
                                                    "a\ufffd\"");
    QTest::newRow("truncated 4-byte")
        << QByteArray("\"\xf0\x9f\x99\"") << QByteArray("\ufffd") << QByteArray("\"\ufffd\"");
    QTest::newRow("bad bytes and lone escape")
        << QByteArray("[\"\xff\\ud800\"]") << QByteArray() << QByteArray("[\"\ufffd\\ud800\"]");
}

void TestValueCodec::unicode()
{
    QFETCH(QByteArray, json);
    QFETCH(QByteArray, string);
    QFETCH(QByteArray, written);
    const Value value = kvs::decodeValue(json.toStdString());
    if (!string.isNull())
        QCOMPARE(QByteArray::fromStdString(value.asString()).toHex(), string.toHex());
    QCOMPARE(QByteArray::fromStdString(kvs::encodeValue(value)), written);
}

// WTF-8 halves of a pair are one character to JavaScript; bytes that are not UTF-8 cannot be
// in a JS string and are written as U+FFFD, so every row is valid JSON text.
void TestValueCodec::writerRepairsStrings()
{
    QCOMPARE(kvs::encodeValue(Value("\xed\xa0\xbd\xed\xb9\x82")), std::string("\"\U0001F642\""));
    QCOMPARE(kvs::encodeValue(Value("\xed\xa0\xbd"
                                    "x")),
             std::string("\"\\ud83dx\""));
    QCOMPARE(kvs::encodeValue(Value("a\xff\xc3")), std::string("\"a\ufffd\ufffd\""));
    QCOMPARE(kvs::encodeValue(Value("\xc0\xaf")), std::string("\"\ufffd\ufffd\"")); // Overlong '/'.
    std::string json;
    kvs::appendJsonString("\xf4\x90\x80\x80", json); // Beyond U+10FFFF.
    QCOMPARE(json, std::string("\"\ufffd\ufffd\ufffd\ufffd\""));
}

void TestValueCodec::sentinels()
{
    QVERIFY(decodeHex("00") == Value(nullptr));
    QVERIFY(decodeHex("01") == Value(true));
    QVERIFY(decodeHex("02") == Value(false));
    // Nested null/true/false are JSON text, in plain and in typed JSON.
    const Value nested = Value::array({nullptr, true, false, members({{"n", nullptr}})});
    QCOMPARE(kvs::encodeValue(nested), std::string(R"([null,true,false,{"n":null}])"));
    const Value typed = Value::array({nullptr, true, false, Value()});
    QCOMPARE(kvs::encodeValue(typed), std::string("\x03[null,true,false,{\"~\":\"u\"}]"));
    QVERIFY(kvs::decodeValue(kvs::encodeValue(typed)) == typed);
}

void TestValueCodec::textRows_data()
{
    QTest::addColumn<QString>("text"); // A row stored as TEXT by an old version.
    QTest::addColumn<Value>("value");
    QTest::newRow("null") << QStringLiteral("null") << Value(nullptr);
    QTest::newRow("true") << QStringLiteral("true") << Value(true);
    QTest::newRow("false") << QStringLiteral("false") << Value(false);
    QTest::newRow("number") << QStringLiteral("-12.5") << Value(-12.5);
    QTest::newRow("string") << QStringLiteral("\"h\u00e9\"") << Value("h\u00e9");
    QTest::newRow("whitespace") << QStringLiteral(" [ 1 ,\n\t2 ]\r\n") << Value::array({1, 2});
    QTest::newRow("reordered, then empty")
        << QStringLiteral(R"([{"b":1,"1":2},{},{"a":[]}])")
        << Value::array(
               {members({{"1", 2}, {"b", 1}}), members({}), members({{"a", Value::array({})}})});
    QTest::newRow("object") << QStringLiteral(R"({"a": {"b": []}})")
                            << members({{"a", members({{"b", Value::array({})}})}});
}

void TestValueCodec::textRows()
{
    QFETCH(QString, text);
    QFETCH(Value, value);
    QVERIFY(kvs::decodeValue(text.toUtf8().toStdString()) == value);
}

// Plain JSON is read without marker interpretation, and written back the same.
void TestValueCodec::plainTildeObjectIsNoMarker()
{
    const std::string row = R"({"~":"D","v":0,"x":[{"~":"u"}]})";
    const Value value = kvs::decodeValue(row);
    QCOMPARE(value.type(), Value::Type::Object);
    QCOMPARE(memberNames(value), (QStringList{"~", "v", "x"}));
    QCOMPARE(kvs::encodeValue(value), row);
    // Once the value needs typed JSON, those objects become "O" markers.
    Value::Members withBigInt = value.members();
    withBigInt.emplace_back("n", kvs::BigInt(-5));
    const std::string typed = kvs::encodeValue(Value::object(withBigInt));
    QCOMPARE(typed,
             std::string("\x03")
                 + R"({"~":"O","v":[["~","D"],["v",0],["x",[{"~":"O","v":)"
                   R"([["~","u"]]}]],["n",{"~":"B","v":"-5"}]]})");
    QVERIFY(kvs::decodeValue(typed) == Value::object(withBigInt));
}

void TestValueCodec::typedMarkersDecode()
{
    const auto typed = [](const char *json) {
        return kvs::decodeValue(std::string("\x03") + json);
    };
    QVERIFY(typed(R"({"~":"u","v":[1,2]})").isUndefined());        // A reader accepts a "v".
    QVERIFY(typed(R"({"~":"D","v":1.9})") == Value(kvs::Date(1))); // TimeClip.
    QVERIFY(typed(R"({"~":"D","v":9e15})") == Value(kvs::Date(NAN)));
    QVERIFY(typed(R"({"~":"B","v":"-0"})") == Value(kvs::BigInt(0)));
    QVERIFY(typed(R"({"~":"U","v":""})") == Value(kvs::Bytes{}));
    QVERIFY(typed(R"({"~":"U","v":"AQ"})") == Value(kvs::Bytes{"\x01"})); // Padding optional.
    // Map and Set keep JavaScript's de-duplication; a -0 key becomes 0.
    const Value map = typed(R"({"~":"M","v":[["a",1],[-0,2],["a",3],[0,4],[{},5],[{},6]]})");
    QCOMPARE(map.entries().size(), std::size_t(4));
    QVERIFY(map.entries()[0] == std::make_pair(Value("a"), Value(3)));
    QVERIFY(map.entries()[1] == std::make_pair(Value(0.0), Value(4)));
    const Value set = typed(R"({"~":"S","v":[1,1,{"~":"N","v":"NaN"},{"~":"N","v":"NaN"},[],[]]})");
    QCOMPARE(set.items().size(), std::size_t(4));
    QCOMPARE(kvs::encodeValue(set),
             std::string("\x03") + R"({"~":"S","v":[1,{"~":"N","v":"NaN"},[],[]]})");
    // Markers nest anywhere, also as Map keys and inside "O".
    const std::string nested = std::string("\x03")
                               + R"({"~":"M","v":[[{"~":"B","v":"7"},{"~":"O","v":[["~",)"
                                 R"({"~":"S","v":[{"~":"D","v":null}]}]]}]]})";
    const Value decoded = kvs::decodeValue(nested);
    QVERIFY(decoded.entries()[0].first == Value(kvs::BigInt(7)));
    QVERIFY(decoded.entries()[0].second.members()[0].second.items()[0] == Value(kvs::Date(NAN)));
    QCOMPARE(kvs::encodeValue(decoded), nested);
}

void TestValueCodec::numbers_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<double>("number");
    QTest::addColumn<QByteArray>("written");
    const auto row = [](const char *json, double n, const char *written) {
        QTest::newRow(json) << QByteArray(json) << n << QByteArray(written);
    };
    row("1e21", 1e21, "1e+21");
    row("1e-7", 1e-7, "1e-7");
    row("5e-324", 5e-324, "5e-324");
    row("1.7976931348623157e308", 1.7976931348623157e308, "1.7976931348623157e+308");
    row("0.1", 0.1, "0.1");
    row("123456789012345680000", 123456789012345680000.0, "123456789012345680000");
    row("123456789012345678901", 123456789012345678901.0, "123456789012345680000");
    row("9007199254740993", 9007199254740992.0, "9007199254740992");
    row("-0", -0.0, "0");
    row("-0.0", -0.0, "0");
    row("1E5", 1e5, "100000");
    row("1.5e+2", 150, "150");
    row("0e-88", 0, "0"); // RapidJSON 1.1's full-precision mode returns garbage here.
    row("4.9753192097316524626264e-153", 4.975319209731652e-153, "4.975319209731652e-153");
    row("7044.0821046733157395727e-211", 7.044082104673315e-208, "7.044082104673315e-208");
    row("1e-400", 0, "0");
    row("-1e-400", -0.0, "0");
    row("100e307", kInf, "\x03{\"~\":\"N\",\"v\":\"Infinity\"}");
    row("0.000001", 1e-6, "0.000001");
}

// Numbers read as JSON.parse reads them (the double nearest the decimal) and are written as
// JSON.stringify writes them, at the top level (fast path) and inside an array (parser).
void TestValueCodec::numbers()
{
    QFETCH(QByteArray, json);
    QFETCH(double, number);
    QFETCH(QByteArray, written);
    const Value top = kvs::decodeValue(json.toStdString());
    QVERIFY(top == Value(number));
    QCOMPARE(std::bit_cast<std::uint64_t>(top.asNumber()), std::bit_cast<std::uint64_t>(number));
    QCOMPARE(QByteArray::fromStdString(kvs::encodeValue(top)), written);
    const Value nested = kvs::decodeValue("[" + json.toStdString() + "]");
    QVERIFY(nested == Value::array({number}));
}

void TestValueCodec::decodeErrors_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("message"); // After "kvs: cannot decode value: ".
    const auto row = [](const char *name, QByteArray bytes, const char *message) {
        QTest::newRow(name) << bytes << QString::fromUtf8(message);
    };
    const QByteArray t("\x03");
    row("empty", QByteArray(), "no bytes at byte 0");
    row("sentinel and more",
        QByteArray("\x01\x01", 2),
        "more bytes after the sentinel byte at byte 1");
    row("empty typed", t, "no JSON value at byte 1");
    row("blank", "  ", "no JSON value at byte 2");
    row("truncated array", "[1,", "truncated JSON text at byte 3");
    row("truncated object", R"({"a")", "truncated JSON text at byte 4");
    row("truncated string", "\"abc", "truncated JSON text at byte 4");
    row("truncated typed", t + R"({"~":"D","v":)", "truncated JSON text at byte 14");
    row("missing comma", "[1 2]", "missing ',' or ']' in an array at byte 3");
    row("missing colon", R"({"a" 1})", "missing ':' after a member name at byte 5");
    row("bad value", "x", "an invalid JSON value at byte 0");
    row("two values", "1 2", "more text after the JSON value at byte 2");
    row("trailing comma", "[1,]", "an invalid JSON value at byte 3");
    row("NaN text", "[NaN]", "an invalid JSON value at byte 1");
    row("leading zero", "[01]", "missing ',' or ']' in an array at byte 2");
    row("control char",
        "\"a\x01\"",
        "an invalid escape or a control character in a string at byte 2");
    row("bad escape", R"("\x")", "an invalid escape or a control character in a string at byte 1");
    row("bad hex", R"("\u12g4")", "a \\u escape without four hex digits at byte 1");
    row("NUL inside", QByteArray("[1\0]", 4), "a NUL byte in JSON text at byte 2");
    row("NUL after", QByteArray("[1]\0", 4), "a NUL byte in JSON text at byte 3");
    row("exponent over 308", "1e400", "a number with an exponent over 308 at byte 0");
    row("not UTF-8 outside strings", "\xff", "an invalid JSON value at byte 0");
    row("offset after repair", "[\"\xff\xfe\", x]", "an invalid JSON value at byte 7");
    row("unknown marker", t + R"({"~":"Z","v":1})", "unknown marker \"Z\" at byte 1");
    row("long marker name", t + R"({"~":"DD","v":1})", "unknown marker \"DD\" at byte 1");
    row("nested marker offset", t + R"([0,{"~":"Z"}])", "unknown marker \"Z\" at byte 4");
    row("tag not a string",
        t + R"({"~":1,"v":1})",
        "a marker whose \"~\" is not a string at byte 1");
    row("no v", t + R"({"~":"D"})", "marker \"D\" without \"v\" at byte 1");
    row("bad date",
        t + R"({"~":"D","v":"2020"})",
        "marker \"D\" needs a number or null as \"v\" at byte 1");
    row("bad bigint digits",
        t + R"({"~":"B","v":"12x"})",
        "marker \"B\" needs decimal digits as \"v\", got \"12x\" at byte 1");
    row("empty bigint",
        t + R"({"~":"B","v":""})",
        "marker \"B\" needs decimal digits as \"v\", got \"\" at byte 1");
    row("bigint number",
        t + R"({"~":"B","v":12})",
        "marker \"B\" needs a decimal string as \"v\" at byte 1");
    row("bad base64",
        t + R"({"~":"U","v":"AQ_D"})",
        "marker \"U\" needs base64 as \"v\" at byte 1");
    row("truncated base64",
        t + R"({"~":"U","v":"AQIDB"})",
        "marker \"U\" needs base64 as \"v\" at byte 1");
    row("base64 whitespace",
        t + R"({"~":"U","v":"AQ ID"})",
        "marker \"U\" needs base64 as \"v\" at byte 1");
    row("bad number marker",
        t + R"({"~":"N","v":"nan"})",
        "marker \"N\" needs \"NaN\", \"Infinity\" or \"-Infinity\" as \"v\" at byte 1");
    row("map not pairs",
        t + R"({"~":"M","v":[[1]]})",
        "marker \"M\" needs [[key, value], ...] as \"v\" at byte 1");
    row("map object",
        t + R"({"~":"M","v":{}})",
        "marker \"M\" needs [[key, value], ...] as \"v\" at byte 1");
    row("set not array",
        t + R"({"~":"S","v":1})",
        "marker \"S\" needs an array as \"v\" at byte 1");
    row("O name not string",
        t + R"({"~":"O","v":[[1,2]]})",
        "marker \"O\" needs [[name, value], ...] as \"v\" at byte 1");
    row("extra member",
        t + R"({"~":"D","v":0,"x":1})",
        "a marker with an unexpected member \"x\" at byte 1");
    row("v twice",
        t + R"({"~":"D","v":0,"v":1})",
        "a marker with an unexpected member \"v\" at byte 1");
    row("tilde not first",
        t + R"({"a":1,"~":"D","v":0})",
        "a \"~\" member that is not the first member at byte 1");
}

void TestValueCodec::decodeErrors()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, message);
    QCOMPARE(QString::fromStdString(decodeError(bytes.toStdString())),
             QStringLiteral("kvs: cannot decode value: ") + message);
}

void TestValueCodec::largeString()
{
    std::string big;
    while (big.size() < (1u << 20))
        big += "plain ascii text \"quoted\" \\ \n\t \u00e9\u65e5 \U0001F642 ";
    const Value value(big);
    const std::string encoded = kvs::encodeValue(value);
    QVERIFY(encoded.size() > big.size());
    QVERIFY(kvs::decodeValue(encoded) == value);
    const Value plain(std::string(1u << 20, 'x')); // The fast path.
    QVERIFY(kvs::decodeValue(kvs::encodeValue(plain)) == plain);
    const Value array = Value::array({value, plain, members({{"k", value}})});
    QVERIFY(kvs::decodeValue(kvs::encodeValue(array)) == array);
}

void TestValueCodec::deepNesting()
{
    const auto nested = [](int depth, const char *open, const char *close) {
        std::string s;
        for (int i = 0; i < depth; ++i)
            s += open;
        s += "1";
        for (int i = 0; i < depth; ++i)
            s += close;
        return s;
    };
    for (int depth : {300, 5000}) {
        const std::string arrays = nested(depth, "[", "]");
        QCOMPARE(kvs::encodeValue(kvs::decodeValue(arrays)), arrays);
        const std::string objects = nested(depth, R"({"a":)", "}");
        QCOMPARE(kvs::encodeValue(kvs::decodeValue(objects)), objects);
    }
    const std::string typed = "\x03" + nested(2500, R"({"~":"S","v":[)", "]}");
    QCOMPARE(kvs::encodeValue(kvs::decodeValue(typed)), typed);
    QCOMPARE(decodeError(nested(5001, "[", "]")),
             std::string("kvs: cannot decode value: nesting deeper than 5000 levels at byte 5000"));
    QCOMPARE(
        decodeError("\x03" + nested(2501, R"({"~":"S","v":[)", "]}")),
        std::string("kvs: cannot decode value: nesting deeper than 5000 levels at byte 35001"));
    QCOMPARE(decodeError(std::string(1'000'000, '[')),
             std::string("kvs: cannot decode value: nesting deeper than 5000 levels at byte 5000"));
}

QTEST_GUILESS_MAIN(TestValueCodec)
#include "tst_value_codec.moc"
