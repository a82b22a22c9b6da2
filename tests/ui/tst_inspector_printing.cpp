// The inspector's pure parts: the pretty printer (reads back as the same value, bounded work on
// huge values, no recursion on deep ones), the highlighter (core's token kinds), the hex model
// (under QAbstractItemModelTester), the expiry rules and the preparation of a raw row (undecodable
// key and value).
#include "common/literal_highlighter.h"
#include "common/literal_pretty_printer.h"
#include "inspector/expiry_choice.h"
#include "inspector/hex_bytes_model.h"
#include "inspector/inspected_entry.h"
#include "theme/ui_palette.h"

#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QThread>

using kvs::ui::prettyPrintLiteral;

class TestInspectorPrinting : public QObject
{
    Q_OBJECT

private slots:
    void roundTrips_data();
    void roundTrips();
    void printsNestedValuesOverIndentedLines();
    void printsBytesSixteenPerLine();
    void cutsAHugeStringWithoutEscapingTheRest();
    void cutsAHugeObjectAfterTheLimit();
    void printsDeepValuesWithoutRecursion();
    void highlightsByCoreTokenKinds();
    void hexModelFormatsRowsOnDemand();
    void expiryKeepTurnsTheRemainingTimeIntoATtl();
    void formatsCountdowns();
    void preparesAnUndecodableKeyAndValue();
};

void TestInspectorPrinting::roundTrips_data()
{
    QTest::addColumn<QString>("literal");
    const char *cases[] = {
        R"("hello \"world\"\n")",
        "42",
        "-0",
        "NaN",
        "-Infinity",
        "123456789012345678901234567890n",
        "-5n",
        "true",
        "null",
        "undefined",
        R"(new Date("2026-09-01T12:30:00.250Z"))",
        "new Date(NaN)",
        "new Date(-8640000000000000)",
        "new Uint8Array([])",
        "new Uint8Array([0, 1, 2, 255])",
        "new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, "
        "20])",
        R"(new Map([["a", 1], [2n, {"x": [1, 2]}], [{"k": 1}, new Set([1, "two"])]]))",
        R"(new Set([1, "two", [3], new Map()]))",
        R"({"name": "Alice", "tags": ["a", "b"], "nested": {"deep": {"deeper": [1, {"x": null}]}},)"
        R"( "empty": {}, "list": [], "long": "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890"})",
        R"([[[[[]]]], {"": undefined}, "€ and 🙂"])",
    };
    for (const char *literal : cases)
        QTest::newRow(literal) << QString::fromUtf8(literal);
}

void TestInspectorPrinting::roundTrips()
{
    QFETCH(QString, literal);
    const kvs::Value value = kvs::parseLiteral(literal.toStdString());
    const kvs::ui::PrettyText pretty = prettyPrintLiteral(value);
    QVERIFY(!pretty.truncated);
    try {
        const kvs::Value back = kvs::parseLiteral(pretty.text);
        QVERIFY2(back == value, pretty.text.c_str());
    } catch (const std::exception &e) {
        QFAIL(
            qPrintable(QStringLiteral("%1 in:\n%2")
                           .arg(QString::fromUtf8(e.what()), QString::fromStdString(pretty.text))));
    }
}

void TestInspectorPrinting::printsNestedValuesOverIndentedLines()
{
    const kvs::Value value
        = kvs::parseLiteral(R"({name: "Alice", since: new Date(1788265800000), tags: ["a", "b"], )"
                            R"(prefs: new Map([["theme", {dark: true, size: 12n}]])})");
    const std::string expected = R"({
  "name": "Alice",
  "since": new Date("2026-09-01T12:30:00.000Z"),
  "tags": ["a", "b"],
  "prefs": new Map([
    ["theme", {"dark": true, "size": 12n}]
  ])
})";
    QCOMPARE(QString::fromStdString(prettyPrintLiteral(value).text),
             QString::fromStdString(expected));
}

void TestInspectorPrinting::printsBytesSixteenPerLine()
{
    std::string bytes;
    for (int i = 0; i < 20; ++i)
        bytes += char(i);
    const std::string text = prettyPrintLiteral(kvs::Value(kvs::Bytes{bytes})).text;
    QCOMPARE(QString::fromStdString(text),
             QStringLiteral("new Uint8Array([\n  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, "
                            "15,\n  16, 17, 18, 19\n])"));
}

void TestInspectorPrinting::cutsAHugeStringWithoutEscapingTheRest()
{
    const kvs::Value value(std::string(20 * 1024 * 1024, 'x'));
    kvs::ui::PrettyPrintOptions options;
    options.maxBytes = 1000;
    const kvs::ui::PrettyText pretty = prettyPrintLiteral(value, options);
    QVERIFY(pretty.truncated);
    QCOMPARE(pretty.text.size(), std::size_t(1000));
    QCOMPARE(pretty.text.substr(0, 4), std::string("\"xxx"));
    // Only the part shown is escaped: the text never held more than that. A printer that
    // escaped the whole 20 MB string and cut it afterwards leaves a 20 MB buffer behind (cutting
    // a std::string keeps its capacity, and the text is moved out, buffer and all).
    QVERIFY2(pretty.text.capacity() <= 4 * options.maxBytes,
             qPrintable(QString::number(pretty.text.capacity())));
}

void TestInspectorPrinting::cutsAHugeObjectAfterTheLimit()
{
    kvs::Value::Members members;
    for (int i = 0; i < 200000; ++i)
        members.emplace_back("member" + std::to_string(i), kvs::Value(i));
    const kvs::Value value = kvs::Value::object(std::move(members));
    kvs::ui::PrettyPrintOptions options;
    options.maxBytes = 4096;
    const kvs::ui::PrettyText pretty = prettyPrintLiteral(value, options);
    QVERIFY(pretty.truncated);
    QVERIFY(pretty.text.size() <= 4096);
    QVERIFY(pretty.text.starts_with("{\n  \"member0\": 0,\n  \"member1\": 1,"));
    // Not truncated when everything fits: no false alarm at the exact limit.
    options.maxBytes = prettyPrintLiteral(kvs::Value(std::string("ab"))).text.size();
    QVERIFY(!prettyPrintLiteral(kvs::Value(std::string("ab")), options).truncated);
}

void TestInspectorPrinting::printsDeepValuesWithoutRecursion()
{
    // On a 256 KB stack, far less than a recursive printer needs for 20,000 levels; the value
    // is built and destroyed on this thread.
    constexpr int kDepth = 20'000;
    kvs::Value value(1);
    for (int i = 0; i < kDepth; ++i) {
        kvs::Value::Items items;
        items.push_back(std::move(value));
        value = kvs::Value::array(std::move(items));
    }
    kvs::ui::PrettyText pretty;
    QThread *thread = QThread::create([&] { pretty = prettyPrintLiteral(value); });
    thread->setStackSize(256 * 1024);
    thread->start();
    QVERIFY(thread->wait(30'000));
    delete thread;
    QVERIFY(pretty.truncated); // Indentation alone outgrows 256 KB.
    QVERIFY(pretty.text.starts_with("[\n  [\n    [\n"));
}

void TestInspectorPrinting::highlightsByCoreTokenKinds()
{
    using Role = kvs::ui::UiPalette::Role;
    const kvs::ui::UiPalette palette(QApplication::palette());
    QTextDocument document;
    kvs::ui::LiteralHighlighter highlighter(&document, palette);
    const QString text = QStringLiteral(
        R"({"naïve 🙂": [1, 2n, true], d: new Date(0), s: 'x', e: -Infinity} // note, foo)");
    document.setPlainText(text);
    highlighter.rehighlight(); // Now, rather than from the event loop.
    const QList<QTextLayout::FormatRange> ranges = document.firstBlock().layout()->formats();
    // The colour of the run that covers piece, and that it spans piece exactly.
    const auto colourOf = [&](const QString &piece) -> QColor {
        const int at = int(text.indexOf(piece));
        for (const QTextLayout::FormatRange &range : ranges) {
            if (range.start == at && range.length == piece.size())
                return range.format.foreground().color();
        }
        return {};
    };
    QCOMPARE(colourOf(QStringLiteral("\"naïve 🙂\"")), palette.color(Role::SyntaxMemberName));
    QCOMPARE(colourOf(QStringLiteral("1")), palette.color(Role::SyntaxNumber));
    QCOMPARE(colourOf(QStringLiteral("2n")), palette.color(Role::SyntaxBigInt));
    QCOMPARE(colourOf(QStringLiteral("true")), palette.color(Role::SyntaxKeyword));
    QCOMPARE(colourOf(QStringLiteral("d")), palette.color(Role::SyntaxMemberName));
    QCOMPARE(colourOf(QStringLiteral("new Date")), palette.color(Role::SyntaxConstructor));
    QCOMPARE(colourOf(QStringLiteral("0")), palette.color(Role::SyntaxNumber));
    QCOMPARE(colourOf(QStringLiteral("'x'")), palette.color(Role::SyntaxString));
    QCOMPARE(colourOf(QStringLiteral("-Infinity")), palette.color(Role::SyntaxKeyword));
    QCOMPARE(colourOf(QStringLiteral("// note, foo")), palette.color(Role::Muted));
    // Punctuation keeps the text colour.
    for (const QTextLayout::FormatRange &range : ranges)
        QVERIFY(text.at(range.start) != QLatin1Char('[')
                && text.at(range.start) != QLatin1Char(','));

    // What has no place in a literal shows as an error while being typed.
    document.setPlainText(QStringLiteral("[foo, 0x1f]"));
    highlighter.rehighlight();
    const QList<QTextLayout::FormatRange> typed = document.firstBlock().layout()->formats();
    QCOMPARE(typed.size(), 2);
    QCOMPARE(typed[0].format.foreground().color(), palette.color(Role::Error));
}

void TestInspectorPrinting::hexModelFormatsRowsOnDemand()
{
    kvs::ui::HexBytesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    std::string bytes("Hello, world!\x00\x01\x7f", 16);
    bytes += std::string("\xff\x80 kvs", 6);
    model.setBytes(std::make_shared<const std::string>(bytes));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), 3);
    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("00000000"));
    QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("00000010"));
    QCOMPARE(model.index(0, 1).data().toString(),
             QStringLiteral("48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 00 01 7f"));
    QCOMPARE(model.index(0, 2).data().toString(), QStringLiteral("Hello, world!..."));
    QCOMPARE(model.index(1, 1).data().toString(), QStringLiteral("ff 80 20 6b 76 73"));
    QCOMPARE(model.index(1, 2).data().toString(), QStringLiteral(".. kvs"));

    // 20 MB: a row count, no formatting until a row is asked for.
    model.setBytes(std::make_shared<const std::string>(20 * 1024 * 1024, 'a'));
    QCOMPARE(model.rowCount(), 20 * 1024 * 1024 / 16);
    QCOMPARE(model.index(model.rowCount() - 1, 0).data().toString(), QStringLiteral("013ffff0"));
    model.setBytes(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestInspectorPrinting::expiryKeepTurnsTheRemainingTimeIntoATtl()
{
    using kvs::ui::ExpiryChoice;
    using kvs::ui::resolveExpiry;
    QCOMPARE(resolveExpiry(ExpiryChoice::keep(), 10'000, 4'000)->ttl, std::optional(6000.0));
    QVERIFY(!resolveExpiry(ExpiryChoice::keep(), std::nullopt, 4'000)->ttl);
    QVERIFY(!resolveExpiry(ExpiryChoice::keep(), 10'000, 10'000)); // expired meanwhile
    QVERIFY(!resolveExpiry(ExpiryChoice::clear(), 10'000, 4'000)->ttl);
    QCOMPARE(resolveExpiry(ExpiryChoice::in(500), 10'000, 40'000)->ttl, std::optional(500.0));
}

void TestInspectorPrinting::formatsCountdowns()
{
    QCOMPARE(kvs::ui::formatRemaining(0), QStringLiteral("00:00"));
    QCOMPARE(kvs::ui::formatRemaining(400), QStringLiteral("00:01"));
    QCOMPARE(kvs::ui::formatRemaining(65'000), QStringLiteral("01:05"));
    QCOMPARE(kvs::ui::formatRemaining(3'725'000), QStringLiteral("01:02:05"));
    QCOMPARE(kvs::ui::formatRemaining(2 * 86'400'000LL + 5'000), QStringLiteral("2 d 00:00:05"));
}

void TestInspectorPrinting::preparesAnUndecodableKeyAndValue()
{
    kvs::RawEntry raw;
    raw.key = "\x09\xff";
    raw.value = "\x05garbage";
    raw.version = 7;
    const kvs::ui::InspectedEntry entry = kvs::ui::inspectEntry(raw.key, raw);
    QVERIFY(entry.found);
    QVERIFY(!entry.key);
    QVERIFY(!entry.keyError.isEmpty());
    QCOMPARE(entry.keyHex, QStringLiteral("09ff"));
    QVERIFY(!entry.value);
    QVERIFY(entry.valueError.startsWith(QStringLiteral("kvs: cannot decode value")));
    QVERIFY(!entry.editable);
    QCOMPARE(entry.rawValue->size(), raw.value.size());
}

QTEST_MAIN(TestInspectorPrinting)
#include "tst_inspector_printing.moc"
