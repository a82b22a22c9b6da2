// Issue 17 item 9: every value the value reader takes (nested up to its 5,000 levels) prints
// to a literal that parses back to the same stored bytes, and the parser needs no deep
// recursion for it: it runs on a thread with a 256 KiB stack, far less than a recursive parser
// needs for 5,000 levels. One level more is refused with a clear message by both.
#include "support/test_support.h"

#include <kvs/errors.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <QTest>
#include <QThread>

#include <functional>
#include <optional>
#include <string>

using namespace kvs;
using kvs::test::throwsWith;

namespace {

constexpr int kReaderDepth = 5000; // decodeValue's limit (core/src/codec/value_json_reader.cpp)
constexpr unsigned kSmallStack = 256 * 1024;

// `depth` levels of the container that `wrap` builds around `inner`, innermost first.
Value nested(int depth, Value inner, const std::function<Value(Value)> &wrap)
{
    for (int i = 0; i < depth; ++i)
        inner = wrap(std::move(inner));
    return inner;
}

Value inArray(Value v)
{
    Value::Items items;
    items.push_back(std::move(v));
    return Value::array(std::move(items));
}

Value inObject(Value v)
{
    Value::Members members;
    members.emplace_back("a", std::move(v));
    return Value::object(std::move(members));
}

// Alternates arrays and objects: the typed-JSON form (a bigint leaf) keeps both one JSON level.
Value inArrayOrObject(Value v)
{
    return v.type() == Value::Type::Array ? inObject(std::move(v)) : inArray(std::move(v));
}

// Runs fn on a thread with a small stack; returns the error text it threw, if any.
std::optional<std::string> onSmallStack(const std::function<void()> &fn)
{
    std::optional<std::string> error;
    QThread *thread = QThread::create([&] {
        try {
            fn();
        } catch (const std::exception &e) {
            error = e.what();
        }
    });
    thread->setStackSize(kSmallStack);
    thread->start();
    const bool finished = thread->wait(60'000);
    delete thread;
    if (!finished)
        return std::string("did not finish");
    return error;
}

} // namespace

class TestLiteralDepth : public QObject
{
    Q_OBJECT

private slots:
    void limitIsTheReaders();
    void deepValuesRoundTrip_data();
    void deepValuesRoundTrip();
    void oneLevelMoreIsRefused_data();
    void oneLevelMoreIsRefused();
};

void TestLiteralDepth::limitIsTheReaders()
{
    QCOMPARE(kMaxLiteralDepth, kReaderDepth);
    // The reader takes kReaderDepth levels and refuses one more.
    const std::string deepest = std::string(kReaderDepth, '[') + std::string(kReaderDepth, ']');
    QVERIFY(decodeValue(deepest).type() == Value::Type::Array);
    QVERIFY(throwsWith<Error>(
        [&] { (void)decodeValue("[" + deepest + "]"); },
        "kvs: cannot decode value: nesting deeper than 5000 levels at byte 5000"));
}

void TestLiteralDepth::deepValuesRoundTrip_data()
{
    QTest::addColumn<int>("shape");
    QTest::addColumn<int>("depth");
    QTest::newRow("arrays, plain JSON") << 0 << kReaderDepth;
    QTest::newRow("objects, plain JSON") << 1 << kReaderDepth;
    // The bigint leaf is a marker object in typed JSON, one JSON level of its own.
    QTest::newRow("arrays and objects, typed JSON") << 2 << kReaderDepth - 1;
}

void TestLiteralDepth::deepValuesRoundTrip()
{
    QFETCH(int, shape);
    QFETCH(int, depth);
    const std::function<Value(Value)> wrap = shape == 0   ? inArray
                                             : shape == 1 ? inObject
                                                          : inArrayOrObject;
    const Value leaf = shape == 0   ? Value(1)
                       : shape == 1 ? Value("x")
                                    : Value(*BigInt::fromDecimal("12"));
    // Stored bytes as the codec writes them, read back by the reader at its deepest.
    const std::string stored = encodeValue(nested(depth, leaf, wrap));
    const Value read = decodeValue(stored);

    // Printed and parsed on a small stack; the value is built and destroyed on this thread.
    std::string literal;
    std::optional<Value> parsed;
    const std::optional<std::string> error = onSmallStack([&] {
        literal = printLiteral(read);
        parsed = parseLiteral(literal);
    });
    QVERIFY2(!error, error ? error->c_str() : "");
    QVERIFY(parsed.has_value());
    QVERIFY(literal.size() > 2 * std::size_t(depth));
    QCOMPARE(encodeValue(*parsed), stored);
}

void TestLiteralDepth::oneLevelMoreIsRefused_data()
{
    QTest::addColumn<QByteArray>("open");
    QTest::addColumn<QByteArray>("close");
    QTest::newRow("arrays") << QByteArray("[") << QByteArray("]");
    QTest::newRow("objects") << QByteArray("{a:") << QByteArray("}");
    QTest::newRow("dates") << QByteArray("new Date(") << QByteArray(")");
    QTest::newRow("bytes") << QByteArray("new Uint8Array([") << QByteArray("])");
    QTest::newRow("maps") << QByteArray("new Map([[1,") << QByteArray("]])");
    QTest::newRow("sets") << QByteArray("new Set([") << QByteArray("])");
}

void TestLiteralDepth::oneLevelMoreIsRefused()
{
    QFETCH(QByteArray, open);
    QFETCH(QByteArray, close);
    std::string text;
    for (int i = 0; i <= kReaderDepth; ++i)
        text += open.toStdString();
    text += "0";
    for (int i = 0; i <= kReaderDepth; ++i)
        text += close.toStdString();
    // Refused where the container one too many starts, on a small stack too.
    const std::string message = "kvs: nesting is deeper than 5000 levels of arrays, objects and "
                                "constructors at position "
                                + std::to_string(std::size_t(open.size()) * kReaderDepth);
    const std::optional<std::string> error = onSmallStack([&] { (void)parseLiteral(text); });
    QCOMPARE(error.value_or("no error"), message);
}

QTEST_GUILESS_MAIN(TestLiteralDepth)
#include "tst_literal_depth.moc"
