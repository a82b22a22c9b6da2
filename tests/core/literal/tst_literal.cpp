// The literal syntax (interpretation notes, "The literal syntax"): every value and key vector of
// kvs-vectors.json through parse, print, encode and decode, then the grammar: each accepted
// extra form and each refusal with its exact position and message (literal_cases.h).
#include "literal_cases.h"
#include "support/kvs_vectors.h"
#include "support/test_support.h"
#include "types/builder_comparisons.h"

#include <kvs/errors.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <QTest>

#include <cmath>
#include <limits>

using namespace kvs;
using kvs::test::fromHex;
using kvs::test::throwsWith;
using kvs::test::toHex;
using kvs::test::utf8;

namespace {

QString print(const Value &value)
{
    return QString::fromStdString(printLiteral(value));
}

QString parseAndPrint(std::string_view text)
{
    return print(parseLiteral(text));
}

} // namespace

class TestLiteral : public QObject
{
    Q_OBJECT

private slots:
    void valueVectors_data();
    void valueVectors();
    void keyVectors_data();
    void keyVectors();
    void accepted_data();
    void accepted();
    void refused_data();
    void refused();
    void refusedRawControlCharacters();
    void nestingLimit_data();
    void nestingLimit();
    void parsedValues();
    void numbersRoundCorrectly();
    void printsEveryKind();
    void printsControlCharactersEscaped();
    void appendingPrinter();
    void keyLiteralErrors();
    void largeInputsFindRepeatsWithoutAScan();
};

void TestLiteral::valueVectors_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("literal");
    QTest::addColumn<QString>("hex");
    for (const QJsonValue &entry : kvs::test::vectorArray("values")) {
        const QJsonObject o = entry.toObject();
        const QString name = o.value(QLatin1String("name")).toString();
        QTest::newRow(name.toUtf8().constData())
            << name << o.value(QLatin1String("literal")).toString()
            << o.value(QLatin1String("hex")).toString();
    }
}

void TestLiteral::valueVectors()
{
    QFETCH(QString, name);
    QFETCH(QString, literal);
    QFETCH(QString, hex);
    const Value parsed = parseLiteral(utf8(literal));
    QCOMPARE(toHex(encodeValue(parsed)), hex);
    QCOMPARE(print(parsed), literal);

    // Stored bytes lose -0 (JSON writes 0); everything else prints back as the vector's literal.
    const Value decoded = decodeValue(fromHex(hex));
    const QString printed = print(decoded);
    QCOMPARE(printed, name == QLatin1String("minus-zero") ? QStringLiteral("0") : literal);
    QCOMPARE(toHex(encodeValue(parseLiteral(utf8(printed)))), hex);
    QVERIFY(parseLiteral(utf8(printed)) == decoded);
}

void TestLiteral::keyVectors_data()
{
    QTest::addColumn<QString>("literal");
    for (const QJsonValue &entry : kvs::test::vectorArray("keys")) {
        const QString literal = entry.toObject().value(QLatin1String("literal")).toString();
        QTest::newRow(literal.toUtf8().constData()) << literal;
    }
}

void TestLiteral::keyVectors()
{
    QFETCH(QString, literal);
    const std::string text = utf8(literal);
    QCOMPARE(parseAndPrint(text), literal);
    QCOMPARE(QString::fromStdString(printKeyLiteral(parseKeyLiteral(text))), literal);
    QCOMPARE(print(keyToValue(parseKeyLiteral(text))), literal);
}

void TestLiteral::accepted_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("printed");
    for (const auto &c : literal_cases::kAccepted)
        QTest::newRow(c.name) << QByteArray(c.input) << QString::fromUtf8(c.printed);
}

void TestLiteral::accepted()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, printed);
    const Value value = parseLiteral(input.toStdString());
    QCOMPARE(print(value), printed);
    // The canonical print is a fixed point.
    QCOMPARE(parseAndPrint(utf8(printed)), printed);
}

void TestLiteral::refused_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("position");
    QTest::addColumn<QString>("message");
    for (const auto &c : literal_cases::kRefused)
        QTest::newRow(c.name) << QByteArray(c.input) << c.position << QString::fromUtf8(c.message);
}

void TestLiteral::refused()
{
    QFETCH(QByteArray, input);
    QFETCH(int, position);
    QFETCH(QString, message);
    try {
        (void)parseLiteral(input.toStdString());
        QFAIL("accepted");
    } catch (const LiteralSyntaxError &e) {
        QCOMPARE(QString::fromUtf8(e.what()), message);
        QCOMPARE(e.position(), static_cast<std::size_t>(position));
        QCOMPARE(e.kind(), ErrorKind::Error);
    }
}

void TestLiteral::refusedRawControlCharacters()
{
    // Every C0 control character, NUL included, is refused raw inside a string (as in JSON);
    // outside strings only the JSON and JavaScript white space among them is allowed.
    for (int c = 0; c < 0x20; ++c) {
        const std::string text = std::string("\"a") + static_cast<char>(c) + "\"";
        QVERIFY(throwsWith<LiteralSyntaxError>(
            [&] { (void)parseLiteral(text); },
            "kvs: raw control characters are not allowed in a string, expected an escape such as "
            "\\n at position 2"));
    }
    const std::string nul("[1,\0 2]", 7);
    QVERIFY(throwsWith<LiteralSyntaxError>([&] { (void)parseLiteral(nul); },
                                           "kvs: expected a value at position 3"));
}

void TestLiteral::nestingLimit_data()
{
    QTest::addColumn<QString>("open");
    QTest::addColumn<QString>("close");
    QTest::newRow("arrays") << "["
                            << "]";
    QTest::newRow("objects") << "{a:"
                             << "}";
    QTest::newRow("sets") << "new Set(["
                          << "])";
    QTest::newRow("maps") << "new Map([[1,"
                          << "]])";
}

void TestLiteral::nestingLimit()
{
    QFETCH(QString, open);
    QFETCH(QString, close);
    const std::string o = utf8(open);
    const std::string c = utf8(close);
    const auto nested = [&](int depth) {
        std::string text;
        for (int i = 0; i < depth; ++i)
            text += o;
        text += "0";
        for (int i = 0; i < depth; ++i)
            text += c;
        return text;
    };
    (void)parseLiteral(nested(kMaxLiteralDepth));
    // The position is where the first container too many starts.
    const std::size_t position = o.size() * kMaxLiteralDepth;
    QVERIFY(throwsWith<LiteralSyntaxError>(
        [&] { (void)parseLiteral(nested(kMaxLiteralDepth + 1)); },
        "kvs: nesting is deeper than " + std::to_string(kMaxLiteralDepth)
            + " levels of arrays, objects and constructors at position "
            + std::to_string(position)));
    // A hostile input far deeper than any stack fails the same way, without recursing further.
    const std::string deep(1'000'000, '[');
    QVERIFY(throwsWith<LiteralSyntaxError>(
        [&] { (void)parseLiteral(deep); },
        "kvs: nesting is deeper than " + std::to_string(kMaxLiteralDepth)
            + " levels of arrays, objects and constructors at position "
            + std::to_string(kMaxLiteralDepth)));
}

void TestLiteral::parsedValues()
{
    // The values behind the prints: dates to the millisecond, strings as UTF-8 / WTF-8.
    QVERIFY(parseLiteral(R"(new Date("2026-09-01T14:30:00+02:00"))") == Value(Date(1788265800000)));
    QVERIFY(parseLiteral(R"(new Date("2026-09-01T12:30:00.250Z"))") == Value(Date(1788265800250)));
    QVERIFY(!parseLiteral("new Date(NaN)").asDate().isValid());
    QCOMPARE(parseLiteral(R"("\ud800")").asString(), std::string("\xed\xa0\x80"));
    QCOMPARE(parseLiteral(R"("\udfff\udbff")").asString(), std::string("\xed\xbf\xbf\xed\xaf\xbf"));
    QCOMPARE(parseLiteral(R"("\ud83d\ude42")").asString(), std::string("\xf0\x9f\x99\x82"));
    QCOMPARE(parseLiteral(R"("\u0000")").asString(), std::string(1, '\0'));
    QCOMPARE(parseLiteral("new Uint8Array([0, 255, 7])").asBytes().data,
             std::string("\x00\xff\x07", 3));
    QVERIFY(std::signbit(parseLiteral("-0").asNumber()));
    QVERIFY(!std::signbit(parseLiteral("0").asNumber()));
    QVERIFY(std::isnan(parseLiteral("NaN").asNumber()));
    QCOMPARE(parseLiteral("-Infinity").asNumber(), -std::numeric_limits<double>::infinity());
    QCOMPARE(parseLiteral("-5n").asBigInt().toDecimal(), std::string("-5"));
    QVERIFY(parseLiteral("undefined").isUndefined());
    QVERIFY(parseLiteral("null").isNull());
    const Value object = parseLiteral("{b: 1, 2: 2, a: [true, false]}");
    QCOMPARE(object.members().size(), std::size_t{3});
    QCOMPARE(object.members()[0].first, std::string("2"));
    QCOMPARE(object.members()[1].first, std::string("b"));
    QVERIFY(object.members()[2].second == Value::array({true, false}));
}

void TestLiteral::numbersRoundCorrectly()
{
    QCOMPARE(parseLiteral("0.1").asNumber(), 0.1);
    QCOMPARE(parseLiteral("9007199254740993").asNumber(), 9007199254740992.0); // Ties to even.
    QCOMPARE(parseLiteral("9007199254740995").asNumber(), 9007199254740996.0);
    QCOMPARE(parseLiteral("2.2250738585072011e-308").asNumber(), 2.2250738585072011e-308);
    QCOMPARE(parseLiteral("1.7976931348623157e308").asNumber(), 1.7976931348623157e308);
    QCOMPARE(parseLiteral("1.7976931348623159e308").asNumber(),
             std::numeric_limits<double>::infinity());
    QCOMPARE(parseLiteral("4.9406564584124654e-324").asNumber(), 5e-324);
    QCOMPARE(parseLiteral("2e-324").asNumber(), 0.0);
    QCOMPARE(parseLiteral("0.000000000000000000000000000000000000001e-300").asNumber(), 0.0);
    QCOMPARE(parseLiteral("100000000000000000000000000000e300").asNumber(),
             std::numeric_limits<double>::infinity());
}

void TestLiteral::printsEveryKind()
{
    QCOMPARE(print(Value()), QStringLiteral("undefined"));
    QCOMPARE(print(Value(-0.0)), QStringLiteral("-0"));
    QCOMPARE(print(Value(Date(NAN))), QStringLiteral("new Date(NaN)"));
    QCOMPARE(print(Value(Bytes{})), QStringLiteral("new Uint8Array([])"));
    QCOMPARE(print(Value(Bytes{std::string("\x01\x02", 2)})),
             QStringLiteral("new Uint8Array([1, 2])"));
    QCOMPARE(print(Value::map({})), QStringLiteral("new Map([])"));
    QCOMPARE(print(Value::set({})), QStringLiteral("new Set([])"));
    QCOMPARE(print(Value::array({})), QStringLiteral("[]"));
    QCOMPARE(print(Value::object({})), QStringLiteral("{}"));
    QCOMPARE(
        print(Value::map({{Value("k"), Value(1)}, {Value(2), Value::set({Value(BigInt(12))})}})),
        QStringLiteral(R"(new Map([["k", 1], [2, new Set([12n])]]))"));
    QCOMPARE(print(Value::object({{"a b", Value::array({Value(), Value(nullptr)})}})),
             QStringLiteral(R"({"a b": [undefined, null]})"));
    QCOMPARE(QString::fromStdString(printKeyLiteral({-0.0, BigInt(-7), Bytes{}, false})),
             QStringLiteral("[-0, -7n, new Uint8Array([]), false]"));
    QCOMPARE(QString::fromStdString(printKeyLiteral({})), QStringLiteral("[]"));
}

void TestLiteral::printsControlCharactersEscaped()
{
    std::string all;
    for (int c = 0; c < 0x20; ++c)
        all += static_cast<char>(c);
    const char *expected = R"("\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r)"
                           R"(\u000e\u000f\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018)"
                           R"(\u0019\u001a\u001b\u001c\u001d\u001e\u001f")";
    const Value values[] = {Value(all),
                            Value::object({{all, Value(all)}}),
                            Value::map({{Value(all), Value::set({Value(all)})}})};
    for (const Value &value : values) {
        const std::string printed = printLiteral(value);
        QVERIFY(printed.find(expected) != std::string::npos);
        QVERIFY(std::none_of(printed.begin(), printed.end(), [](char c) {
            return static_cast<unsigned char>(c) < 0x20;
        }));
        QVERIFY(parseLiteral(printed) == value);
    }
    QCOMPARE(printKeyLiteral({all}), "[" + std::string(expected) + "]");
}

void TestLiteral::appendingPrinter()
{
    std::string out = "value: ";
    printLiteral(parseLiteral("[1, {a: 2n}]"), out);
    QCOMPARE(out, std::string(R"(value: [1, {"a": 2n}])"));
    printLiteral(Value(true), out);
    QCOMPARE(out, std::string(R"(value: [1, {"a": 2n}]true)"));
}

void TestLiteral::keyLiteralErrors()
{
    QVERIFY(throwsWith<TypeError>([] { (void)parseKeyLiteral("[null]"); },
                                  "kvs: key part 0 is null; a key part must be a string, number, "
                                  "bigint, boolean or Uint8Array"));
    QVERIFY(throwsWith<LiteralSyntaxError>([] { (void)parseKeyLiteral("[\"a\",]"); },
                                           "kvs: trailing commas are not allowed, expected a value "
                                           "at position 5"));
    QCOMPARE(parseKeyLiteral(" [ 'users' , 42 , 1n ] ").size(), std::size_t{3});
}

void TestLiteral::largeInputsFindRepeatsWithoutAScan()
{
    // A quadratic step (a member or Set scan per insert) compares about n * n / 2 names here,
    // tens of billions, and takes minutes; the builders' hash index compares each repeat with
    // the one it repeats and a new name with none. Counted (detail::builderComparisons), not
    // timed.
    constexpr int kCount = 100'000;
    std::string object = "{";
    std::string set = "new Set([";
    std::string map = "new Map([";
    std::string bytes = "new Uint8Array([";
    for (int i = kCount; i > 0; --i) {
        const std::string n = std::to_string(i);
        object += "\"" + n + "\": " + n + ", k" + n + ": 1,";
        set += n + ", \"" + n + "\",";
        map += "[" + n + ", 1], ['" + n + "', 2],";
        bytes += std::to_string(i % 256) + ",";
    }
    // Repeats found through the builders' hash index: first position, last value.
    object += "k1: 9, 1: 8}";
    set += "1, '1', 0])";
    map += "[1, 3]])";
    bytes += "0])";
    const std::uint64_t before = kvs::detail::builderComparisons();
    const Value o = parseLiteral(object);
    const Value s = parseLiteral(set);
    const Value m = parseLiteral(map);
    const Value b = parseLiteral(bytes);
    // 6 * kCount names and keys added, 5 of them repeats; a scan of at most 16 before each
    // builder's index.
    const std::uint64_t comparisons = kvs::detail::builderComparisons() - before;
    QVERIFY2(comparisons >= 5 && comparisons <= 5 + 3 * 16 * 16,
             qPrintable(QString::number(comparisons)));
    QCOMPARE(o.members().size(), std::size_t{2 * kCount});
    QVERIFY(o.members().front() == std::make_pair(std::string("1"), Value(8)));
    QCOMPARE(o.members()[kCount].first, "k" + std::to_string(kCount));
    QVERIFY(o.members().back() == std::make_pair(std::string("k1"), Value(9)));
    QCOMPARE(s.items().size(), std::size_t{2 * kCount + 1});
    QCOMPARE(m.entries().size(), std::size_t{2 * kCount});
    QVERIFY(m.entries()[2 * kCount - 2].second == Value(3));
    QCOMPARE(b.asBytes().data.size(), std::size_t{kCount + 1});
}

QTEST_GUILESS_MAIN(TestLiteral)
#include "tst_literal.moc"
