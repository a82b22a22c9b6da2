// The transaction document of `kvs atomic` and the GUI's transaction editor: every member read,
// the round trip through printTransactionJson, and one error per bad member, each naming the
// member's path.
#include "support/test_support.h"

#include <kvs/errors.h>
#include <kvs/literal.h>
#include <kvs/transaction_json.h>

#include <QTest>

#include <cmath>

using namespace kvs;
using kvs::test::throwsWith;

class TestTransactionJson : public QObject
{
    Q_OBJECT

private slots:
    void readsEveryMember();
    void defaultsOfOptionalMembers();
    void roundTrips();
    void emptyDocument();
    void errorsNameThePath_data();
    void errorsNameThePath();
    void nonFiniteNumbersCannotBeWritten();
};

namespace {

// The example of issue 14, word for word.
const char *const kIssueExample = R"({"checks": [{"key": "[\"a\"]", "version": 1025},
 {"key": "[\"b\"]", "version": null}], "mutations": [{"type": "set", "key": "[\"a\"]",
 "value": "{\"n\": 1n}", "ttl": 5000}, {"type": "delete", "key": "[\"c\", 2]"}, {"type": "sum",
 "key": "[\"n\"]", "delta": 5}, {"type": "enqueue", "value": "\"mail\"", "topic": "emails",
 "delay": 0, "maxAttempts": 3}]})";

bool sameMutation(const Mutation &a, const Mutation &b)
{
    return a.type == b.type && a.key == b.key && printLiteral(a.value) == printLiteral(b.value)
           && a.delta == b.delta && a.options.ttl == b.options.ttl && a.queue.topic == b.queue.topic
           && a.queue.delay == b.queue.delay && a.queue.maxAttempts == b.queue.maxAttempts;
}

} // namespace

void TestTransactionJson::readsEveryMember()
{
    const TransactionSpec spec = parseTransactionJson(kIssueExample);
    QCOMPARE(spec.checks.size(), std::size_t(2));
    QVERIFY(spec.checks[0].key == Key{"a"});
    QCOMPARE(spec.checks[0].version, std::optional<std::int64_t>(1025));
    QCOMPARE(spec.checks[1].version, std::optional<std::int64_t>());
    QCOMPARE(spec.mutations.size(), std::size_t(4));
    const Mutation &set = spec.mutations[0];
    QVERIFY(set.type == Mutation::Type::Set);
    QCOMPARE(printLiteral(set.value), std::string("{\"n\": 1n}"));
    QCOMPARE(set.options.ttl, std::optional<double>(5000));
    QVERIFY(spec.mutations[1].type == Mutation::Type::Delete);
    QVERIFY((spec.mutations[1].key == Key{"c", 2}));
    QVERIFY(spec.mutations[2].type == Mutation::Type::Sum);
    QCOMPARE(spec.mutations[2].delta, 5.0);
    const Mutation &enqueue = spec.mutations[3];
    QVERIFY(enqueue.type == Mutation::Type::Enqueue);
    QCOMPARE(enqueue.value.asString(), std::string("mail"));
    QCOMPARE(enqueue.queue.topic, std::string("emails"));
    QCOMPARE(enqueue.queue.delay, 0.0);
    QCOMPARE(enqueue.queue.maxAttempts, 3.0);
}

void TestTransactionJson::defaultsOfOptionalMembers()
{
    const TransactionSpec spec = parseTransactionJson(
        R"({"mutations": [{"type": "set", "key": "[1]", "value": "2"},
            {"type": "enqueue", "value": "null"}]})");
    QVERIFY(spec.checks.empty());
    QCOMPARE(spec.mutations[0].options.ttl, std::optional<double>());
    QCOMPARE(spec.mutations[1].queue.topic, std::string("default"));
    QCOMPARE(spec.mutations[1].queue.delay, 0.0);
    QCOMPARE(spec.mutations[1].queue.maxAttempts, 3.0);
}

void TestTransactionJson::roundTrips()
{
    const TransactionSpec spec = parseTransactionJson(kIssueExample);
    const std::string text = printTransactionJson(spec);
    const TransactionSpec again = parseTransactionJson(text);
    QCOMPARE(again.checks.size(), spec.checks.size());
    for (std::size_t i = 0; i < spec.checks.size(); ++i) {
        QVERIFY(again.checks[i].key == spec.checks[i].key);
        QCOMPARE(again.checks[i].version, spec.checks[i].version);
    }
    QCOMPARE(again.mutations.size(), spec.mutations.size());
    for (std::size_t i = 0; i < spec.mutations.size(); ++i)
        QVERIFY(sameMutation(again.mutations[i], spec.mutations[i]));
    // Printing is stable, and writes the literals as JSON strings.
    QCOMPARE(printTransactionJson(again), text);
    QVERIFY(text.find(R"("key": "[\"a\"]", "version": 1025)") != std::string::npos);
}

void TestTransactionJson::emptyDocument()
{
    const TransactionSpec spec = parseTransactionJson("{}");
    QVERIFY(spec.checks.empty() && spec.mutations.empty());
    QCOMPARE(printTransactionJson(spec),
             std::string("{\n  \"checks\": [],\n  \"mutations\": []\n}\n"));
}

void TestTransactionJson::errorsNameThePath_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    const auto row = [](const char *name, const char *json, const char *message) {
        QTest::newRow(name) << QByteArray(
            json) << QString::fromUtf8("kvs: transaction JSON: ") + QString::fromUtf8(message);
    };
    row("not json", R"({"checks": [})", "not valid JSON at byte 12: Invalid value.");
    row("bad utf-8",
        "{\"checks\": [{\"key\": \"\xff\"}]}",
        "not valid JSON at byte 21: Invalid encoding in string.");
    row("not an object", "[]", "the document must be an object");
    row("unknown top member", R"({"check": []})", "the document has an unknown member \"check\"");
    row("duplicate top member",
        R"({"checks": [], "checks": []})",
        "the document has the member \"checks\" twice");
    row("checks not array", R"({"checks": {}})", "checks must be an array");
    row("mutations not array", R"({"mutations": 1})", "mutations must be an array");
    row("check not object", R"({"checks": [1]})", "checks[0] must be an object");
    row("check key missing", R"({"checks": [{"version": 1}]})", "checks[0].key is required");
    row("check key not string",
        R"({"checks": [{"key": ["a"], "version": 1}]})",
        "checks[0].key must be a string");
    row("check key bad literal",
        R"({"checks": [{"key": "[\"a\"", "version": 1}]})",
        "checks[0].key: expected ',' or ']' at position 4");
    row("check version missing",
        R"({"checks": [{"key": "[\"a\"]"}]})",
        "checks[0].version is required (a versionstamp, or null: must not exist)");
    row("check version text",
        R"({"checks": [{"key": "[\"a\"]", "version": "1"}]})",
        "checks[0].version must be an integer versionstamp or null");
    row("check version fraction",
        R"({"checks": [{"key": "[\"a\"]", "version": 1.5}]})",
        "checks[0].version must be an integer versionstamp or null");
    row("check unknown member",
        R"({"checks": [{"key": "[\"a\"]", "version": 1, "versionstamp": 1}]})",
        "checks[0] has an unknown member \"versionstamp\"");
    row("mutation not object", R"({"mutations": ["set"]})", "mutations[0] must be an object");
    row("type missing", R"({"mutations": [{"key": "[1]"}]})", "mutations[0].type is required");
    row("type unknown",
        R"({"mutations": [{"type": "put"}]})",
        "mutations[0].type must be \"set\", \"delete\", \"sum\" or \"enqueue\"");
    row("type not string", R"({"mutations": [{"type": 1}]})", "mutations[0].type must be a string");
    row("set value missing",
        R"({"mutations": [{"type": "set", "key": "[1]"}]})",
        "mutations[0].value is required");
    row("set value bad literal",
        R"({"mutations": [{"type": "delete", "key": "[1]"}, {"type": "set", "key": "[1]", "value": "{"}]})",
        "mutations[1].value: expected a member name at position 1");
    row("set ttl text",
        R"({"mutations": [{"type": "set", "key": "[1]", "value": "1", "ttl": "5"}]})",
        "mutations[0].ttl must be a number");
    row("set misspelt ttl",
        R"({"mutations": [{"type": "set", "key": "[1]", "value": "1", "tll": 5}]})",
        "mutations[0] has an unknown member \"tll\"");
    row("delete key missing",
        R"({"mutations": [{"type": "delete"}]})",
        "mutations[0].key is required");
    row("delete with value",
        R"({"mutations": [{"type": "delete", "key": "[1]", "value": "1"}]})",
        "mutations[0] has an unknown member \"value\"");
    row("sum delta missing",
        R"({"mutations": [{"type": "sum", "key": "[1]"}]})",
        "mutations[0].delta is required");
    row("sum delta text",
        R"({"mutations": [{"type": "sum", "key": "[1]", "delta": "5"}]})",
        "mutations[0].delta must be a number");
    row("enqueue value missing",
        R"({"mutations": [{"type": "enqueue"}]})",
        "mutations[0].value is required");
    row("enqueue topic number",
        R"({"mutations": [{"type": "enqueue", "value": "1", "topic": 1}]})",
        "mutations[0].topic must be a string");
    row("enqueue delay text",
        R"({"mutations": [{"type": "enqueue", "value": "1", "delay": "0"}]})",
        "mutations[0].delay must be a number");
    row("enqueue maxAttempts null",
        R"({"mutations": [{"type": "enqueue", "value": "1", "maxAttempts": null}]})",
        "mutations[0].maxAttempts must be a number");
    row("enqueue with key",
        R"({"mutations": [{"type": "enqueue", "value": "1", "key": "[1]"}]})",
        "mutations[0] has an unknown member \"key\"");
}

void TestTransactionJson::errorsNameThePath()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    const std::string text = json.toStdString();
    QVERIFY(throwsWith<Error>([&] { (void)parseTransactionJson(text); }, message.toStdString()));
}

void TestTransactionJson::nonFiniteNumbersCannotBeWritten()
{
    TransactionSpec spec;
    spec.mutations.push_back({Mutation::Type::Sum, Key{"n"}, {}, NAN, {}, {}});
    QVERIFY(throwsWith<Error>([&] { (void)printTransactionJson(spec); },
                              "kvs: transaction JSON: mutations[0].delta is not a finite number"));
    spec.mutations[0] = {Mutation::Type::Set, Key{"n"}, Value(1), 0, SetOptions{INFINITY}, {}};
    QVERIFY(throwsWith<Error>([&] { (void)printTransactionJson(spec); },
                              "kvs: transaction JSON: mutations[0].ttl is not a finite number"));
}

QTEST_GUILESS_MAIN(TestTransactionJson)
#include "tst_transaction_json.moc"
