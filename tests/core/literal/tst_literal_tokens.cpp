// The literal as tokens (kvs/literal_tokens.h): the stream printLiteral and the GUI render, its
// structure marks and skipContainer, ISO dates, its depth without recursion; the scanner the
// GUI colours with, on good and broken text; and both agreeing on every vector's literal.
#include "support/kvs_vectors.h"
#include "support/test_support.h"

#include <kvs/literal.h>
#include <kvs/literal_tokens.h>

#include <QTest>
#include <QThread>

#include <cmath>

using namespace kvs;
using kvs::test::utf8;

namespace {

const char *kindName(LiteralTokenKind kind)
{
    switch (kind) {
    case LiteralTokenKind::Punctuation:
        return "p";
    case LiteralTokenKind::String:
        return "str";
    case LiteralTokenKind::MemberName:
        return "name";
    case LiteralTokenKind::Number:
        return "num";
    case LiteralTokenKind::BigInt:
        return "big";
    case LiteralTokenKind::Keyword:
        return "kw";
    case LiteralTokenKind::Constructor:
        return "new";
    case LiteralTokenKind::Comment:
        return "comment";
    case LiteralTokenKind::Invalid:
        return "bad";
    case LiteralTokenKind::Begin:
        return "Begin";
    case LiteralTokenKind::Item:
        return "Item";
    case LiteralTokenKind::End:
        return "End";
    }
    return "?";
}

// The stream as one line of "kind:text" words; marks as "Begin"/"Item<n>"/"End".
QString describeStream(LiteralTokenStream &&tokens)
{
    QStringList words;
    LiteralToken token;
    while (tokens.next(token)) {
        if (token.kind == LiteralTokenKind::Item)
            words << QStringLiteral("Item%1").arg(token.count);
        else if (token.kind == LiteralTokenKind::Begin || token.kind == LiteralTokenKind::End)
            words << QString::fromLatin1(kindName(token.kind));
        else
            words << QStringLiteral("%1:%2").arg(
                QString::fromLatin1(kindName(token.kind)),
                QString::fromUtf8(token.text.data(), qsizetype(token.text.size())));
    }
    return words.join(QLatin1Char(' '));
}

QString describeScan(std::string_view text)
{
    QStringList words;
    for (const LiteralTextToken &token : scanLiteralText(text)) {
        const std::string_view piece = text.substr(token.start, token.length);
        words << QStringLiteral("%1:%2").arg(
            QString::fromLatin1(kindName(token.kind)),
            QString::fromUtf8(piece.data(), qsizetype(piece.size())));
    }
    return words.join(QLatin1Char(' '));
}

// The text tokens of the stream, placed where printLiteral writes them.
std::vector<LiteralTextToken> placeStream(const Value &value)
{
    std::vector<LiteralTextToken> placed;
    std::string out;
    LiteralTokenStream tokens(value);
    LiteralToken token;
    while (tokens.next(token)) {
        if (token.kind == LiteralTokenKind::Item) {
            out += token.count > 0 ? " " : "";
            continue;
        }
        const std::size_t start = out.size();
        appendLiteralText(token, out);
        std::size_t length = out.size() - start;
        if (length == 0)
            continue;
        if (token.text == ": ")
            length = 1; // The space after a member name's colon is layout, not a token.
        placed.push_back({token.kind, start, length});
    }
    return placed;
}

Value nestedArrays(int depth)
{
    Value value(1);
    for (int i = 0; i < depth; ++i) {
        Value::Items items;
        items.push_back(std::move(value));
        value = Value::array(std::move(items));
    }
    return value;
}

} // namespace

class TestLiteralTokens : public QObject
{
    Q_OBJECT

private slots:
    void streamsTokensAndStructure();
    void streamsAKey();
    void skipsAContainer();
    void writesIsoDatesWhenAsked();
    void streamsDeepValuesWithoutRecursion();
    void scans_data();
    void scans();
    void scannerAgreesWithTheStream_data();
    void scannerAgreesWithTheStream();
};

void TestLiteralTokens::streamsTokensAndStructure()
{
    const Value value = parseLiteral(
        R"({a: [1, -0, NaN, 2n], "m": new Map([["k", new Set([true])]]), b: new Uint8Array([7])})");
    QCOMPARE(
        describeStream(LiteralTokenStream(value)),
        QStringLiteral("Begin p:{ Item0 name:a p::  Begin p:[ Item0 num:1 p:, Item1 num:-0 p:, "
                       "Item2 kw:NaN p:, Item3 big:2n End p:] p:, Item1 name:m p::  Begin "
                       "new:new Map p:( p:[ Item0 Begin p:[ Item0 str:k p:, Item1 Begin "
                       "new:new Set p:( p:[ Item0 kw:true End p:] p:) End p:] End p:] p:) p:, "
                       "Item2 name:b p::  Begin new:new Uint8Array p:( p:[ Item0 num:7 End p:] "
                       "p:) End p:}"));
    QCOMPARE(describeStream(LiteralTokenStream(Value(Date(NAN)))),
             QStringLiteral("new:new Date p:( kw:NaN p:)"));
    QCOMPARE(describeStream(LiteralTokenStream(Value(-INFINITY))), QStringLiteral("kw:-Infinity"));

    // Begin says what it opens, and how many items follow.
    LiteralTokenStream tokens(value);
    LiteralToken token;
    QVERIFY(tokens.next(token));
    QCOMPARE(token.kind, LiteralTokenKind::Begin);
    QCOMPARE(token.container, LiteralContainer::Object);
    QCOMPARE(token.count, std::size_t{3});
    QCOMPARE(token.value, &value);
}

void TestLiteralTokens::streamsAKey()
{
    const Key key{"users", 42.0, BigInt(7), Bytes{std::string("\x01\xff", 2)}, true};
    QCOMPARE(describeStream(LiteralTokenStream(key)),
             QStringLiteral("Begin p:[ Item0 str:users p:, Item1 num:42 p:, Item2 big:7n p:, "
                            "Item3 Begin new:new Uint8Array p:( p:[ Item0 num:1 p:, Item1 "
                            "num:255 End p:] p:) p:, Item4 kw:true End p:]"));
}

void TestLiteralTokens::skipsAContainer()
{
    const Value value = parseLiteral(R"([[1, [2]], new Map([[3, 4]]), 5])");
    LiteralTokenStream tokens(value);
    LiteralToken token;
    std::string seen;
    int begins = 0;
    while (tokens.next(token)) {
        if (token.kind == LiteralTokenKind::Begin && begins++ > 0) {
            seen += "<skipped>";
            tokens.skipContainer(); // Every container but the outer one.
            continue;
        }
        if (token.kind == LiteralTokenKind::Item && token.count > 0)
            seen += ' ';
        appendLiteralText(token, seen);
    }
    QCOMPARE(QString::fromStdString(seen), QStringLiteral("[<skipped>, <skipped>, 5]"));
}

void TestLiteralTokens::writesIsoDatesWhenAsked()
{
    const auto iso = [](double ms) {
        std::string out;
        LiteralTokenStream tokens(Value(Date(ms)), LiteralStyle{.isoDates = true});
        LiteralToken token;
        while (tokens.next(token))
            appendLiteralText(token, out);
        return QString::fromStdString(out);
    };
    QCOMPARE(iso(1788265800250), QStringLiteral(R"(new Date("2026-09-01T12:30:00.250Z"))"));
    QCOMPARE(iso(0), QStringLiteral(R"(new Date("1970-01-01T00:00:00.000Z"))"));
    QCOMPARE(iso(-1), QStringLiteral(R"(new Date("1969-12-31T23:59:59.999Z"))"));
    QCOMPARE(iso(951782400000), QStringLiteral(R"(new Date("2000-02-29T00:00:00.000Z"))"));
    // Years 0 and 9999 are the ends of the four-digit form; beyond them, milliseconds.
    QCOMPARE(iso(-62167219200000), QStringLiteral(R"(new Date("0000-01-01T00:00:00.000Z"))"));
    QCOMPARE(iso(253402300799999), QStringLiteral(R"(new Date("9999-12-31T23:59:59.999Z"))"));
    QCOMPARE(iso(-62167219200001), QStringLiteral("new Date(-62167219200001)"));
    QCOMPARE(iso(253402300800000), QStringLiteral("new Date(253402300800000)"));
    QCOMPARE(iso(NAN), QStringLiteral("new Date(NaN)"));
    // Every ISO form reads back as the same date.
    for (const double ms : {1788265800250.0, -1.0, -62167219200000.0, 253402300799999.0}) {
        const Value back = parseLiteral(utf8(iso(ms)));
        QCOMPARE(back.asDate().ms, ms);
    }
}

void TestLiteralTokens::streamsDeepValuesWithoutRecursion()
{
    // Printed on a thread with a 256 KB stack, far less than a recursive printer needs for
    // 20,000 levels; the value is built and destroyed on this thread.
    constexpr int kDepth = 20'000;
    const Value deep = nestedArrays(kDepth);
    std::string printed;
    QThread *thread = QThread::create([&] { printed = printLiteral(deep); });
    thread->setStackSize(256 * 1024);
    thread->start();
    QVERIFY(thread->wait(30'000));
    delete thread;
    QCOMPARE(printed.size(), std::size_t{2 * kDepth + 1});
    QCOMPARE(printed.find('1'), std::size_t{kDepth});
    QVERIFY(printed.starts_with("[[[") && printed.ends_with("]]]"));
}

void TestLiteralTokens::scans_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("tokens");
    QTest::newRow("members")
        << R"({name: "x", 'b' : 1, 2: 3n, "q\"": null})"
        << R"(p:{ name:name p:: str:"x" p:, name:'b' p:: num:1 p:, name:2 p:: )"
           R"(big:3n p:, name:"q\"" p:: kw:null p:})";
    QTest::newRow("constants")
        << "[true, false, undefined, NaN, Infinity, -Infinity, -2.5e-3, 1E+9]"
        << "p:[ kw:true p:, kw:false p:, kw:undefined p:, kw:NaN p:, kw:Infinity p:, "
           "kw:-Infinity p:, num:-2.5e-3 p:, num:1E+9 p:]";
    QTest::newRow("constructors") << "new Date(0), new  Uint8Array([]), new\tMap(), new Set"
                                  << "new:new Date p:( num:0 p:) p:, new:new  Uint8Array p:( p:[ "
                                     "p:] p:) p:, new:new\tMap p:( p:) p:, new:new Set";
    QTest::newRow("words as names") << "{new: 1, true: 2, foo: 3}"
                                    << "p:{ name:new p:: num:1 p:, name:true p:: num:2 p:, "
                                       "name:foo p:: num:3 p:}";
    QTest::newRow("unknown names") << "[foo, new Foo, bar()]"
                                   << "p:[ bad:foo p:, bad:new bad:Foo p:, bad:bar p:( p:) p:]";
    QTest::newRow("not numbers") << "[0x1f, 12px, -, - 1, +1, 1.5.2]"
                                 << "p:[ bad:0x1f p:, bad:12px p:, bad:- p:, bad:- num:1 p:, "
                                    "bad:+ num:1 p:, num:1.5 bad:. num:2 p:]";
    QTest::newRow("comments") << "// a note\n[1, /* two */ 2] /* open"
                              << "comment:// a note p:[ num:1 p:, comment:/* two */ num:2 p:] "
                                 "comment:/* open";
    QTest::newRow("unterminated string") << "[\"abc, 1]\n2"
                                         << "p:[ str:\"abc, 1] num:2";
    QTest::newRow("escaped quote at the end") << R"(["a\")"
                                              << R"(p:[ str:"a\")";
    QTest::newRow("unicode")
        << "{ñame: \"€🙂\",\u00a0é: 1} ¿"
        << "p:{ name:ñame p:: str:\"€🙂\" p:, name:é p:: num:1 p:} bad:¿";
    QTest::newRow("empty") << ""
                           << "";
}

void TestLiteralTokens::scans()
{
    QFETCH(QString, text);
    QFETCH(QString, tokens);
    QCOMPARE(describeScan(utf8(text)), tokens);
}

void TestLiteralTokens::scannerAgreesWithTheStream_data()
{
    QTest::addColumn<QString>("literal");
    for (const QJsonValue &entry : kvs::test::vectorArray("values")) {
        const QJsonObject o = entry.toObject();
        QTest::newRow(o.value(QLatin1String("name")).toString().toUtf8().constData())
            << o.value(QLatin1String("literal")).toString();
    }
    QTest::newRow("everything") << QStringLiteral(
        R"({"a": [1, -0, NaN, -Infinity, 2n, "s"], "m": new Map([[{"k": null}, new Set([true])]]),)"
        R"( "d": new Date(0), "u": undefined, "b": new Uint8Array([0, 255])})");
}

// What the stream writes, the scanner reads back token for token: the GUI colours a printed
// value exactly as it was printed.
void TestLiteralTokens::scannerAgreesWithTheStream()
{
    QFETCH(QString, literal);
    const Value value = parseLiteral(utf8(literal));
    const std::string printed = printLiteral(value);
    const std::vector<LiteralTextToken> streamed = placeStream(value);
    const std::vector<LiteralTextToken> scanned = scanLiteralText(printed);
    QCOMPARE(scanned.size(), streamed.size());
    for (std::size_t i = 0; i < scanned.size(); ++i) {
        const QString where = QStringLiteral("token %1 at %2 in %3")
                                  .arg(i)
                                  .arg(streamed[i].start)
                                  .arg(QString::fromStdString(printed));
        QVERIFY2(scanned[i].kind == streamed[i].kind, qPrintable(where));
        QVERIFY2(scanned[i].start == streamed[i].start, qPrintable(where));
        QVERIFY2(scanned[i].length == streamed[i].length, qPrintable(where));
    }
}

QTEST_GUILESS_MAIN(TestLiteralTokens)
#include "tst_literal_tokens.moc"
