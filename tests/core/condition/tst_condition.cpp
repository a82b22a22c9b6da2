// The condition language (kvs/condition.h): paths, every operator and function, every pair of
// kinds, missing paths, and its errors with their positions.
#include "support/test_support.h"

#include <kvs/condition.h>
#include <kvs/errors.h>
#include <kvs/literal.h>

#include <QTest>

using kvs::Condition;
using kvs::ConditionSubject;
using kvs::Entry;

namespace {

// The entry most rows are evaluated on.
constexpr const char *kValue
    = R"({status: "failed", name: "Zoë", "odd name": 1, n: 5, big: 12n, neg: -0, nan: NaN,
         inf: Infinity, when: new Date(1000), bad: new Date(NaN), yes: true, no: false, nil: null,
         undef: undefined, bytes: new Uint8Array([1, 2, 255]), empty: "",
         items: [1, "two", 3n, {id: 7}], prices: [{amount: 9.5}, {amount: 12}],
         index: new Map([[1n, "one-n"], [1, "one"], ["k", "string key"], [new Date(0), "epoch"],
                         [[1, 2], "pair"]]),
         tags: new Set(["a", "b", 2]), emoji: "a😀b", lone: "\ud800x"})";

Entry entry(const char *value = kValue, std::optional<std::int64_t> expiresAt = std::nullopt)
{
    return Entry{
        kvs::parseKeyLiteral(R"(["users", 42, 7n])"), kvs::parseLiteral(value), 1025, expiresAt};
}

bool holds(const char *condition, const Entry &subject, std::int64_t size = 321)
{
    return Condition::parse(condition).matches(ConditionSubject::ofEntry(subject, size));
}

} // namespace

class TestCondition : public QObject
{
    Q_OBJECT

private slots:
    void conditions_data();
    void conditions();
    void everyKindPair();
    void rootsOfAnEntryAndOfAPayload();
    void expiresAtIsNullWithoutExpiry();
    void copiesShareTheParsedTree();
    void kindNames();
    void errors_data();
    void errors();
    void deepNestingIsAnError();
};

void TestCondition::conditions_data()
{
    QTest::addColumn<QString>("condition");
    QTest::addColumn<bool>("expected");
    const auto row = [](const char *condition, bool expected) {
        QTest::newRow(condition) << QString::fromUtf8(condition) << expected;
    };
    // Paths.
    row(R"(value.status == "failed")", true);
    row(R"(value["status"] == "failed")", true);
    row(R"(value["odd name"] == 1)", true);
    row(R"(value.items[1] == "two")", true);
    row(R"(value.items["1"] == "two")", true);
    row(R"(value.items.1 == "two")", true);
    row(R"(value.items[3].id == 7)", true);
    row(R"(value.prices[0].amount == 9.5)", true);
    row(R"(value.prices[1].amount > 11)", true);
    row(R"(value.index[1n] == "one-n")", true);
    row(R"(value.index[1] == "one")", true);
    row(R"(value.index.k == "string key")", true);
    row(R"(value.index["k"] == "string key")", true);
    row(R"(value.index[new Date(0)] == "epoch")", true);
    row(R"(value.index[[1, 2]] == "pair")", true);
    row(R"(value.index[2] == "one")", false);
    row(R"(key[0] == "users")", true);
    row(R"(key[1] == 42)", true);
    row(R"(key[-1] == 7n)", true);
    row(R"(key[-3] == "users")", true);
    row(R"(exists(key[-4]))", false);
    row(R"(exists(key[3]))", false);
    row(R"(version == 1025)", true);
    row(R"(version > 1024n)", true);
    row(R"(expiresAt == null)", true);
    row(R"(size == 321)", true);
    row(R"(size >= 321 && size <= 321)", true);
    // Missing paths: no value, every comparison false, != too; ! negates the whole.
    row(R"(value.missing == 1)", false);
    row(R"(value.missing != 1)", false);
    row(R"(value.missing < 1)", false);
    row(R"(!(value.missing == 1))", true);
    row(R"(value.status.length == 6)", false); // a string has no members
    row(R"(value.items[4] == 1)", false);
    row(R"(value.items[-1] == 1)", false); // negative indexes are the key's only
    row(R"(value.items[1.5] == 1)", false);
    row(R"(exists(value.undef))", true); // a member holding undefined exists
    row(R"(value.undef == undefined)", true);
    row(R"(exists(value.missing))", false);
    row(R"(value.nil == null)", true);
    row(R"(value.nil == undefined)", false);
    // Numbers and bigints.
    row(R"(value.n == 5)", true);
    row(R"(value.n == 5n)", true);
    row(R"(5n == value.n)", true);
    row(R"(value.n != 5n)", false);
    row(R"(value.n < 6n)", true);
    row(R"(value.n > 4.5)", true);
    row(R"(4.5 < value.n)", true);
    row(R"(value.n >= 5 && value.n <= 5)", true);
    row(R"(value.big == 12)", true);
    row(R"(value.big > 11.5)", true);
    row(R"(value.big < 12.5)", true);
    row(R"(value.big > 12.5)", false);
    row(R"(value.big == 12.000000000000002)", false);
    row(R"(value.neg == 0)", true);
    row(R"(value.neg == -0)", true);
    row(R"(value.neg == 0n)", true);
    row(R"(value.nan == NaN)", false);
    row(R"(value.nan != NaN)", true); // same kind, not equal
    row(R"(value.nan < 1)", false);
    row(R"(value.nan >= 1)", false);
    row(R"(value.nan == 1n)", false);
    row(R"(value.inf > 99999999999999999999999999999999999999999999999999n)", true);
    row(R"(value.inf == Infinity)", true);
    row(R"(-Infinity < value.big)", true);
    row(R"(value.big > -99999999999999999999999999n)", true);
    // Strings by code point.
    row(R"(value.name == "Zoë")", true);
    row(R"(value.name > "Zoe")", true); // ë U+00EB > e
    row(R"(value.name < "Zp")", true);
    row(R"(value.emoji > "a\uffff")", true); // U+1F600 beyond the BMP
    row(R"(value.lone < "\ue000")", true);   // a lone surrogate sorts as its code point
    row(R"(value.lone > "\ud7ff")", true);
    row(R"(value.empty == "")", true);
    row(R"(value.empty < "a")", true);
    // Dates by time; an invalid one as NaN.
    row(R"(value.when == new Date(1000))", true);
    row(R"(value.when == new Date("1970-01-01T00:00:01Z"))", true);
    row(R"(value.when < new Date(1001))", true);
    row(R"(value.when > new Date(-5))", true);
    row(R"(value.bad == new Date(NaN))", false);
    row(R"(value.bad != new Date(NaN))", true);
    row(R"(value.bad < new Date(0))", false);
    row(R"(value.when == 1000)", false); // a Date is not a number
    // Booleans, bytes.
    row(R"(value.yes == true)", true);
    row(R"(value.no < true)", true);
    row(R"(value.yes > false)", true);
    row(R"(value.bytes == new Uint8Array([1, 2, 255]))", true);
    row(R"(value.bytes > new Uint8Array([1, 2]))", true);
    row(R"(value.bytes < new Uint8Array([1, 3]))", true);
    // Containers: equal by content, no order.
    row(R"(value.items == [1, "two", 3n, {id: 7}])", true);
    row(R"(value.items == [1n, "two", 3, {id: 7n}])", true);
    row(R"(value.items == ["two", 1, 3n, {id: 7}])", false);
    row(R"(value.items != [1])", true);
    row(R"(value.items < [2])", false);
    row(R"(value.prices[0] == {amount: 9.5})", true);
    row(R"(value.items[3] == {id: 7, other: 1})", false);
    row(R"(value.tags == new Set([2, "b", "a"]))", true);
    row(R"(value.tags == new Set(["a", "b"]))", false);
    row(R"(value.index == new Map([[1n, "one-n"], [1, "one"], ["k", "string key"],
        [new Date(0), "epoch"], [[1, 2], "pair"]]))",
        true);
    // Kinds differ: every comparison false, != too.
    row(R"(value.status == 1)", false);
    row(R"(value.status != 1)", false);
    row(R"(!(value.status == 1))", true);
    row(R"(value.n != "5")", false);
    row(R"(value.nil != undefined)", false);
    // contains().
    row(R"(contains(value.status, "ail"))", true);
    row(R"(contains(value.status, "AIL"))", false);
    row(R"(contains(value.status, 1))", false);
    row(R"(contains(value.items, 3))", true); // 3n by value
    row(R"(contains(value.items, "two"))", true);
    row(R"(contains(value.items, {id: 7}))", true);
    row(R"(contains(value.items, "tw"))", false);
    row(R"(contains(value.tags, "a"))", true);
    row(R"(contains(value.tags, 2n))", true);
    row(R"(contains(value.index, 1n))", true);
    row(R"(contains(value.index, new Date(0)))", true);
    row(R"(contains(value.index, "one"))", false); // a value, not a key
    row(R"(contains(value, "odd name"))", true);
    row(R"(contains(value, "missing"))", false);
    row(R"(contains(value.n, 5))", false);
    row(R"(contains(value.missing, 5))", false);
    // matches().
    row(R"(matches(value.status, "^fail"))", true);
    row(R"(matches(value.status, "^ail"))", false);
    row(R"(matches(value.name, "Zo.$"))", true);
    row(R"(matches(value.emoji, "^a.b$"))", true);
    row(R"(matches(value.n, "5"))", false);
    row(R"(matches(value.missing, ".*"))", false);
    // exists(), kind(), length().
    row(R"(exists(value.items[3].id))", true);
    row(R"(kind(value.when) == "Date")", true);
    row(R"(kind(value.big) == "bigint")", true);
    row(R"(kind(value.bytes) == "bytes")", true);
    row(R"(kind(value.index) == "Map")", true);
    row(R"(kind(value.tags) == "Set")", true);
    row(R"(kind(value.items) == "array")", true);
    row(R"(kind(value) == "object")", true);
    row(R"(kind(value.undef) == "undefined")", true);
    row(R"(kind(value.nil) == "null")", true);
    row(R"(kind(value.yes) == "boolean")", true);
    row(R"(kind(value.n) == "number")", true);
    row(R"(kind(value.status) == "string")", true);
    row(R"(kind(value.missing) == "undefined")", false);
    row(R"(kind(value.missing) != "Date")", false);
    row(R"(kind(key) == "array")", true);
    row(R"("Date" == kind(value.when))", true);
    row(R"(length(value.name) == 3)", true); // code points
    row(R"(length(value.emoji) == 3)", true);
    row(R"(length(value.lone) == 2)", true);
    row(R"(length(value.bytes) == 3)", true);
    row(R"(length(value.items) == 4)", true);
    row(R"(length(value.tags) == 3)", true);
    row(R"(length(value.index) == 5)", true);
    row(R"(length(value) > 20)", true);
    row(R"(length(key) == 3)", true);
    row(R"(length(value.n) == 1)", false);
    row(R"(length(value.missing) >= 0)", false);
    // &&, ||, !, parentheses, precedence (&& binds tighter).
    row(R"(value.n == 5 && value.status == "failed")", true);
    row(R"(value.n == 6 && value.status == "failed")", false);
    row(R"(value.n == 6 || value.status == "failed")", true);
    row(R"(value.n == 6 || value.n == 7 || value.n == 5)", true);
    row(R"(value.n == 5 || value.n == 6 && value.n == 7)", true);
    row(R"((value.n == 5 || value.n == 6) && value.n == 7)", false);
    row(R"(!value.n == 5)", false); // ! applies to the comparison
    row(R"(!!(value.n == 5))", true);
    row(R"(  value.n==5&&!exists(value.missing)  )", true);
}

void TestCondition::conditions()
{
    QFETCH(QString, condition);
    QFETCH(bool, expected);
    QCOMPARE(holds(condition.toStdString().c_str(), entry()), expected);
}

void TestCondition::everyKindPair()
{
    // One value of each kind: == holds for a kind with itself, never across kinds (but number
    // and bigint), and != likewise only within a kind.
    const std::vector<const char *> literals{"undefined",
                                             "null",
                                             "true",
                                             "1",
                                             "\"s\"",
                                             "1n",
                                             "new Uint8Array([1])",
                                             "new Date(1)",
                                             "[1]",
                                             "{a: 1}",
                                             "new Map([[1, 2]])",
                                             "new Set([1])"};
    for (std::size_t i = 0; i < literals.size(); ++i) {
        std::string object = "{x: ";
        object += literals[i];
        object += '}';
        const Entry subject = entry(object.c_str());
        for (std::size_t j = 0; j < literals.size(); ++j) {
            const bool numeric = (i == 3 || i == 5) && (j == 3 || j == 5);
            const bool sameKind = i == j || numeric;
            const std::string equal = std::string("value.x == ") + literals[j];
            const std::string notEqual = std::string("value.x != ") + literals[j];
            QVERIFY2(holds(equal.c_str(), subject) == sameKind, equal.c_str());
            QVERIFY2(!holds(notEqual.c_str(), subject), notEqual.c_str()); // equal or no kind
            const std::string less = std::string("value.x < ") + literals[j];
            QVERIFY2(!holds(less.c_str(), subject), less.c_str());
            const std::string order = std::string("value.x <= ") + literals[j];
            // Equal values are <= (containers too: equal, though never less).
            QCOMPARE(holds(order.c_str(), subject), sameKind);
        }
    }
}

void TestCondition::rootsOfAnEntryAndOfAPayload()
{
    const kvs::Value payload = kvs::parseLiteral(R"({customer: {id: 42}})");
    const ConditionSubject subject = ConditionSubject::ofPayload(payload);
    QVERIFY(Condition::parse("value.customer.id == 42").matches(subject));
    // A payload has no key, version, expiry or size: no value, so false, != too.
    for (const char *text : {"key[0] == 1",
                             "version > 0",
                             "version != 0",
                             "expiresAt == null",
                             "size > 0",
                             "exists(key)",
                             "exists(version)"})
        QVERIFY2(!Condition::parse(text).matches(subject), text);
}

void TestCondition::expiresAtIsNullWithoutExpiry()
{
    QVERIFY(holds("expiresAt == null", entry(kValue)));
    QVERIFY(!holds("kind(expiresAt) == \"Date\"", entry(kValue)));
    const Entry expiring = entry(kValue, 1700000000000);
    QVERIFY(holds("expiresAt == new Date(1700000000000)", expiring));
    QVERIFY(holds("expiresAt > new Date(\"2023-01-01T00:00:00Z\")", expiring));
    QVERIFY(holds("kind(expiresAt) == \"Date\"", expiring));
    QVERIFY(!holds("expiresAt == null", expiring));
}

void TestCondition::copiesShareTheParsedTree()
{
    const Condition parsed = Condition::parse("matches(value.status, \"^f\")");
    const Condition copy = parsed;
    QCOMPARE(copy.text(), std::string("matches(value.status, \"^f\")"));
    QVERIFY(copy.matches(ConditionSubject::ofEntry(entry(), 1)));
}

void TestCondition::kindNames()
{
    QCOMPARE(std::string(kvs::conditionKindName(kvs::Value::Type::Date)), std::string("Date"));
    QCOMPARE(std::string(kvs::conditionKindName(kvs::Value::Type::BigInt)), std::string("bigint"));
    QCOMPARE(std::string(kvs::conditionKindName(kvs::Value::Type::Bytes)), std::string("bytes"));
}

void TestCondition::errors_data()
{
    QTest::addColumn<QString>("condition");
    QTest::addColumn<QString>("message");
    const auto row = [](const char *condition, const QString &message) {
        QTest::newRow(condition) << QString::fromUtf8(condition) << message;
    };
    // Built with QString: GCC 12 warns about std::string's operator+ on literals (array-bounds).
    const auto expectedCondition = [](int position) {
        return QStringLiteral("kvs: expected a condition (a comparison, exists(), contains(), "
                              "matches(), '!' or '(') at position %1")
            .arg(position);
    };
    row("", expectedCondition(0));
    row("   ", expectedCondition(3));
    row("value.a ==", "kvs: expected a value at position 10");
    row("value.a = 1", "kvs: expected == (a single = compares nothing) at position 8");
    row("value.a === 1",
        "kvs: === and !== are not operators here (== already compares 1 and 1n "
        "as equal), expected ==, !=, <, <=, > or >= at position 8");
    row("value.a 1", "kvs: expected ==, !=, <, <=, > or >= at position 8");
    row("value.a == 1 &", "kvs: expected && or || or the end of the condition at position 13");
    row("value.a == 1 && ", expectedCondition(16));
    row("value.a == 1)", "kvs: unmatched ')', expected && or || or the end at position 12");
    row("(value.a == 1", "kvs: expected ')' or && or || at position 13");
    row("foo == 1",
        "kvs: unknown name 'foo', expected a path (value, key, version, expiresAt, size), a "
        "function (exists, contains, matches, kind, length) or a literal at position 0");
    row("value.a == bar", "kvs: unknown name 'bar', expected a value at position 11");
    row("value. == 1", "kvs: expected a member name or an index after '.' at position 7");
    row("value[1 == 1", "kvs: expected ']' at position 8");
    row("value.a == [1,]", "kvs: trailing commas are not allowed, expected a value at position 14");
    row("value.a == 'x",
        "kvs: unterminated string (opened at position 11), expected \"'\" at position 13");
    row("1 == 2",
        "kvs: expected a path (value, key, version, expiresAt, size), kind() or "
        "length() at position 5");
    row("exists value.a", "kvs: expected '(' after exists at position 7");
    row("exists(value.a", "kvs: expected ')' to end exists() at position 14");
    row("exists(1)", "kvs: expected a path (value, key, version, expiresAt, size) at position 7");
    row("contains(value.a)", "kvs: expected ',' and a literal at position 16");
    row("matches(value.a, 1)",
        "kvs: matches() needs a regular expression as a string at position 17");
    row("matches(value.a, \"(\")",
        "kvs: invalid regular expression: missing closing parenthesis at offset 1 at position 17");
    row("kind(value.a) == \"date\"",
        "kvs: unknown kind \"date\" (kinds are undefined, null, boolean, number, string, bigint, "
        "bytes, Date, array, object, Map, Set) at position 17");
    row("kind(value.a) == 1", "kvs: kind() compares with a string such as \"Date\" at position 17");
    row("kind(value.a)", "kvs: expected ==, !=, <, <=, > or >= at position 13");
    row("exists(value.a) == true",
        "kvs: expected && or || or the end of the condition at position 16");
    row("value.a == new Date()",
        "kvs: expected a number or an ISO 8601 date string at position 20");
}

void TestCondition::errors()
{
    QFETCH(QString, condition);
    QFETCH(QString, message);
    QVERIFY(kvs::test::throwsWith<kvs::LiteralSyntaxError>(
        [&] { (void)Condition::parse(condition.toStdString()); }, message.toStdString()));
}

void TestCondition::deepNestingIsAnError()
{
    std::string deep(300, '(');
    deep += "value.a == 1";
    deep.append(300, ')');
    QVERIFY(kvs::test::throwsWith<kvs::LiteralSyntaxError>(
        [&] { (void)Condition::parse(deep); },
        "kvs: the condition nests deeper than 256 levels of parentheses and '!' at position 256"));
    std::string fine(200, '!');
    fine += "(value.a == 1)";
    QVERIFY(Condition::parse(fine).matches(ConditionSubject::ofEntry(entry("{a: 1}"), 1)));
    // A long chain of || is one node: no depth at all.
    std::string chain = "value.a == 0";
    for (int i = 1; i < 5000; ++i)
        chain += " || value.a == " + std::to_string(i);
    QVERIFY(Condition::parse(chain).matches(ConditionSubject::ofEntry(entry("{a: 4999}"), 1)));
}

QTEST_GUILESS_MAIN(TestCondition)
#include "tst_condition.moc"
