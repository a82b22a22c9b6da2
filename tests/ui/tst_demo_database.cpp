#include "startup/demo_database.h"
#include "support/raw_sqlite.h"
#include "support/test_support.h"

#include <kvs/data_folder.h>
#include <kvs/errors.h>
#include <kvs/kvstore.h>

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <limits>
#include <memory>

Q_DECLARE_METATYPE(kvs::Value)

using kvs::BigInt;
using kvs::Bytes;
using kvs::Date;
using kvs::Key;
using kvs::Value;

namespace {

constexpr double kMinute = 60'000;
constexpr double kDay = 24 * 60 * kMinute;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInfinity = std::numeric_limits<double>::infinity();

BigInt bigint(const char *decimal)
{
    return BigInt::fromDecimal(decimal).value();
}

Bytes bytes(std::initializer_list<unsigned char> octets)
{
    return Bytes{std::string(octets.begin(), octets.end())};
}

// Every live entry under prefix, following cursors.
std::vector<kvs::Entry> listAll(kvs::KVStore &store, const Key &prefix)
{
    kvs::ListSelector selector;
    selector.prefix = prefix;
    kvs::ListOptions options;
    options.limit = 1000;
    std::vector<kvs::Entry> all;
    for (;;) {
        kvs::ListResult page = store.list(selector, options);
        all.insert(all.end(), page.entries.begin(), page.entries.end());
        if (!page.cursor)
            return all;
        options.cursor = page.cursor;
    }
}

} // namespace

class TestDemoDatabase : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void defaultPathIsInTheDataFolder();
    void opensAtTheCurrentSchema();
    void holdsEveryEntryInOneCommit();
    void listsTheUsers();
    void storesUsersExactly();
    void storesOrdersByMonth();
    void storesTypedValues_data();
    void storesTypedValues();
    void sortsEveryKeyPartType();
    void sumsTheCounters();
    void givesSessionsTheirTtls();
    void queuesPendingAndDelayedMessages();
    void queuesProcessingAndDeadMessages();
    void leavesAnExistingDemoUntouched();
    void leavesAForeignFileUntouched();
    void replacesALeftoverPartialFile();
    void leavesNoFileWhenCreationFails();

private:
    QTemporaryDir m_dir;
    QString m_path;
    std::int64_t m_createdFrom = 0; // ms epoch, just before the demo was created
    std::int64_t m_createdTo = 0;   // and just after
    std::unique_ptr<kvs::KVStore> m_store;
};

void TestDemoDatabase::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(QStringLiteral("demo.kvs.db"));
    m_createdFrom = QDateTime::currentMSecsSinceEpoch();
    QVERIFY(kvs::ui::createDemoDatabase(m_path));
    m_createdTo = QDateTime::currentMSecsSinceEpoch();
    QVERIFY(QFileInfo::exists(m_path));
    QVERIFY(!QFileInfo::exists(m_path + QStringLiteral(".part")));

    kvs::KVStoreOptions options;
    options.readOnly = true;
    m_store = std::make_unique<kvs::KVStore>(m_path.toStdString(), options);
}

void TestDemoDatabase::cleanupTestCase()
{
    if (m_store)
        m_store->close();
}

// Issue 28: in the one data folder, $XDG_DATA_HOME/kvs-admin, not in the folder Qt derives from
// the organisation name.
void TestDemoDatabase::defaultPathIsInTheDataFolder()
{
    const QString path = kvs::ui::defaultDemoDatabasePath();
    const QString directory = QString::fromStdString(kvs::dataFolderPath());
    QCOMPARE(directory,
             QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
                 + QStringLiteral("/kvs-admin"));
    QCOMPARE(path, QDir(directory).filePath(QStringLiteral("demo.kvs.db")));
    QVERIFY(QFileInfo(directory).isDir());
}

void TestDemoDatabase::opensAtTheCurrentSchema()
{
    QCOMPARE(m_store->schemaVersion(), kvs::kSchemaVersion);
    QVERIFY(m_store->isReadOnly());
}

void TestDemoDatabase::holdsEveryEntryInOneCommit()
{
    const std::vector<kvs::Entry> all = listAll(*m_store, {});
    // 4 users, 1 preferences, 6 orders, 5 counters, 4 sessions + 1 cache, 26 types, 19 keyparts.
    QCOMPARE(all.size(), std::size_t(66));
    // One atomic() commit: one versionstamp on every entry, the sums included.
    for (const kvs::Entry &entry : all)
        QCOMPARE(entry.version, all.front().version);
    QVERIFY(all.front().version > 0);
}

void TestDemoDatabase::listsTheUsers()
{
    const std::vector<kvs::Entry> users = listAll(*m_store, {"users"});
    QCOMPARE(users.size(), std::size_t(4));
    const Key expected[]
        = {{"users", "alice"}, {"users", "bob"}, {"users", "carol"}, {"users", "dave"}};
    for (std::size_t i = 0; i < users.size(); ++i) {
        QVERIFY(users[i].key == expected[i]);
        QCOMPARE(users[i].value.type(), Value::Type::Object);
        QVERIFY(!users[i].expiresAt);
    }
}

void TestDemoDatabase::storesUsersExactly()
{
    const auto alice = m_store->get({"users", "alice"});
    QVERIFY(alice);
    const Value expectedAlice = Value::object({
        {"name", "Alice Martin"},
        {"email", "alice@example.com"},
        {"signup", Date(1741944600000)},
        {"tags", Value::set({"admin", "beta"})},
        {"plan", "pro"},
        {"age", 34},
    });
    QVERIFY(alice->value == expectedAlice);
    QCOMPARE(alice->value.members()[2].second.asDate().ms, 1741944600000.0);

    const auto bob = m_store->get({"users", "bob"});
    QVERIFY(bob);
    // undefined inside an object survives the round trip.
    QCOMPARE(bob->value.members().back().first, std::string("nickname"));
    QVERIFY(bob->value.members().back().second.isUndefined());

    const auto preferences = m_store->get({"preferences", "alice"});
    QVERIFY(preferences);
    QVERIFY(preferences->value
            == Value::object({{"theme", "dark"},
                              {"locale", "fr-FR"},
                              {"notifications", Value::map({{"email", true}, {"sms", false}})}}));
}

void TestDemoDatabase::storesOrdersByMonth()
{
    QCOMPARE(listAll(*m_store, {"orders"}).size(), std::size_t(6));

    kvs::ListSelector september;
    september.prefix = Key{"orders"};
    september.start = Key{"orders", "2026-09"};
    september.end = Key{"orders", "2026-10"};
    const kvs::ListResult page = m_store->list(september);
    QCOMPARE(page.entries.size(), std::size_t(3));
    QVERIFY(page.entries[0].key == (Key{"orders", "2026-09", 1003}));
    QVERIFY(page.entries[2].key == (Key{"orders", "2026-09", 1005}));

    const Value expected = Value::object({
        {"user", "dave"},
        {"amountCents", bigint("9007199254740993")}, // 2^53 + 1: exact as a bigint
        {"currency", "USD"},
        {"status", "flagged"},
        {"placedAt", Date(1790624700000)},
        {"items", Value::array({Value::object({{"sku", "GOLD-BAR"}, {"qty", 1}})})},
    });
    QVERIFY(page.entries[2].value == expected);
    QCOMPARE(page.entries[2].value.members()[1].second.asBigInt().toDecimal(),
             std::string("9007199254740993"));
}

void TestDemoDatabase::storesTypedValues_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<Value>("expected");
    const auto row = [](const char *name, Value expected) {
        QTest::newRow(name) << QString::fromUtf8(name) << expected;
    };
    row("uint8array", bytes({0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff}));
    row("uint8array_empty", Bytes{});
    row("map_mixed_keys",
        Value::map({{1, "number key"},
                    {-0.5, "fractional key"},
                    {true, "boolean key"},
                    {BigInt(10), "bigint key"},
                    {Value::null(), "null key"},
                    {"name", "string key"},
                    {Date(0), "Date key"},
                    {Value::array({1, 2}), "array key"}}));
    row("map_empty", Value::map({}));
    row("set", Value::set({1, "1", BigInt(1), true, Value::null(), kNaN}));
    row("date", Date(-14182980000));
    row("date_invalid", Date(kNaN));
    row("bigint", bigint("123456789012345678901234567890"));
    row("bigint_negative", bigint("-9007199254740993"));
    row("bigint_zero", BigInt());
    row("nan", kNaN);
    row("infinity", kInfinity);
    row("negative_infinity", -kInfinity);
    row("number_fractional", 3.141592653589793);
    row("number_tiny", 5e-324);
    row("null", Value::null());
    row("true", true);
    row("false", false);
    row("undefined", Value::undefined());
    row("string", "h\u00e9llo w\u00f6rld \u2603 \U0001F30D \"quoted\"\nsecond line");
    row("string_empty", "");
    row("object_with_undefined",
        Value::object({{"a", 1}, {"b", Value::undefined()}, {"c", "three"}}));
    row("object_with_tilde", Value::object({{"~", "D"}, {"v", 5}}));
    row("object_index_names", Value::object({{"2", 4}, {"10", 2}, {"b", 1}, {"a", 3}}));
    row("array",
        Value::array(
            {1, "two", Value::null(), Value::undefined(), Value::array({3, Value::array({4})})}));
    row("nested",
        Value::object({
            {"profile",
             Value::object({{"avatar", bytes({0x89, 'P', 'N', 'G'})},
                            {"joined", Date(1741944600000)},
                            {"lastSeen", Date(kNaN)}})},
            {"stats", Value::map({{"visits", BigInt(42)}, {2026, Value::set({"jan", "feb"})}})},
            {"scores", Value::array({kNaN, kInfinity, -kInfinity, 1.5})},
            {"extra", Value::undefined()},
        }));
}

void TestDemoDatabase::storesTypedValues()
{
    QFETCH(QString, name);
    QFETCH(Value, expected);
    const auto entry = m_store->get({"types", name.toStdString()});
    QVERIFY(entry);
    QCOMPARE(entry->value.type(), expected.type());
    QVERIFY(entry->value == expected);
}

void TestDemoDatabase::sortsEveryKeyPartType()
{
    const std::vector<kvs::Entry> parts = listAll(*m_store, {"keyparts"});
    const char *expectedValues[] = {
        "bytes 00",
        "bytes deadbeef",
        "empty string",
        "bytes, number, bigint, boolean and fraction in one key",
        "string",
        "number -Infinity",
        "number -1e9",
        "number -42",
        "number -1.5",
        "number 0",
        "number 0.25",
        "number 3.14159",
        "number 1e21",
        "number Infinity",
        "bigint -12345678901234567890n",
        "bigint 0n",
        "bigint 2^64",
        "boolean false",
        "boolean true",
    };
    QCOMPARE(parts.size(), std::size(expectedValues));
    for (std::size_t i = 0; i < parts.size(); ++i)
        QCOMPARE(parts[i].value.asString(), std::string(expectedValues[i]));

    QVERIFY(parts[0].key == (Key{"keyparts", bytes({0x00})}));
    QVERIFY(parts[3].key == (Key{"keyparts", "mixed", bytes({0x01}), 7, BigInt(7), true, -0.5}));
    QVERIFY(parts[8].key == (Key{"keyparts", -1.5}));
    QVERIFY(parts[14].key == (Key{"keyparts", bigint("-12345678901234567890")}));
    QVERIFY(parts[16].key == (Key{"keyparts", bigint("18446744073709551616")}));
    QVERIFY(parts[18].key == (Key{"keyparts", true}));
    QCOMPARE(parts[3].key[2].type(), kvs::KeyPart::Type::Bytes);
    QCOMPARE(parts[3].key[4].type(), kvs::KeyPart::Type::BigInt);
    QCOMPARE(parts[3].key[5].type(), kvs::KeyPart::Type::Boolean);
}

void TestDemoDatabase::sumsTheCounters()
{
    const auto number = [this](const Key &key) {
        const auto entry = m_store->get(key);
        return entry && entry->value.isNumber() && !entry->expiresAt ? entry->value.asNumber()
                                                                     : kNaN;
    };
    QCOMPARE(number({"counters", "page_views"}), 15230.0);
    QCOMPARE(number({"counters", "signups"}), 4.0);
    QCOMPARE(number({"counters", "orders", "2026-09"}), 3.0);
    QCOMPARE(number({"counters", "cpu_load"}), 0.75);
    QCOMPARE(number({"counters", "temperature_delta"}), -3.5);
}

void TestDemoDatabase::givesSessionsTheirTtls()
{
    const struct
    {
        const char *id;
        const char *user;
        double ttl;
    } sessions[] = {
        {"3f2a9c1e", "alice", 5 * kMinute},
        {"7b41d0aa", "bob", 15 * kMinute},
        {"c09e5f72", "carol", 2 * kDay},
        {"e6d8b314", "dave", 7 * kDay},
    };
    for (const auto &session : sessions) {
        const auto entry = m_store->get({"sessions", session.id});
        QVERIFY2(entry, session.id);
        QVERIFY(entry->expiresAt);
        const auto ttl = static_cast<std::int64_t>(session.ttl);
        QVERIFY(*entry->expiresAt >= m_createdFrom + ttl);
        QVERIFY(*entry->expiresAt <= m_createdTo + ttl);
        QCOMPARE(entry->value.members()[0].second.asString(), std::string(session.user));
        const double createdAt = entry->value.members()[1].second.asDate().ms;
        QVERIFY(createdAt >= m_createdFrom && createdAt <= m_createdTo);
    }
    const auto cache = m_store->get({"cache", "exchange_rates", "EUR"});
    QVERIFY(cache && cache->expiresAt);
}

void TestDemoDatabase::queuesPendingAndDelayedMessages()
{
    // The queue API comes later; read the rows with SQL, in the file's own format.
    kvs::test::RawSqlite db(m_path.toStdString(), /*readOnly=*/true);
    const auto rows = db.rows("SELECT topic, status, max_attempts, attempts,"
                              " deliver_at - enqueued_at FROM queue WHERE topic <> 'invoices'"
                              " ORDER BY id");
    const struct
    {
        const char *topic;
        const char *maxAttempts;
        double delay;
    } expected[] = {
        {"emails", "5", 0},
        {"emails", "3", 0},
        {"emails", "3", 60 * kMinute},
        {"webhooks", "10", 0},
        {"webhooks", "3", 0},
        {"webhooks", "10", kDay},
    };
    QCOMPARE(rows.size(), std::size(expected));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        QCOMPARE(rows[i][0], std::string(expected[i].topic));
        QCOMPARE(rows[i][1], std::string("pending"));
        QCOMPARE(rows[i][2], std::string(expected[i].maxAttempts));
        QCOMPARE(rows[i][3], std::string("0"));
        const double delay = std::stod(rows[i][4]);
        QVERIFY2(delay >= expected[i].delay && delay < expected[i].delay + 1000,
                 rows[i][0].c_str());
    }
}

void TestDemoDatabase::queuesProcessingAndDeadMessages()
{
    kvs::KVStoreOptions readOnly;
    readOnly.readOnly = true;
    kvs::KVStore store(m_path.toStdString(), readOnly);
    const std::vector<kvs::QueueStats> stats = store.queueStats(std::string("invoices"));
    QCOMPARE(stats.size(), std::size_t(1));
    QCOMPARE(stats[0].pending, std::int64_t(1));
    QCOMPARE(stats[0].processing, std::int64_t(1));
    QCOMPARE(stats[0].dead, std::int64_t(1));
    const std::vector<kvs::QueueDeadMessage> dead = store.listDead("invoices");
    QCOMPARE(dead.size(), std::size_t(1));
    QCOMPARE(dead[0].lastError,
             std::optional<std::string>("PDF renderer: template 'invoice-v2' not found"));
    QCOMPARE(dead[0].attempts, std::int64_t(1));
}

void TestDemoDatabase::leavesAnExistingDemoUntouched()
{
    const QByteArray before = kvs::test::fileBytes(m_path);
    const QDateTime modified = QFileInfo(m_path).lastModified();
    QVERIFY(!before.isEmpty());
    QVERIFY(!kvs::ui::createDemoDatabase(m_path));
    QCOMPARE(kvs::test::fileBytes(m_path), before);
    QCOMPARE(QFileInfo(m_path).lastModified(), modified);
}

void TestDemoDatabase::leavesAForeignFileUntouched()
{
    const QString path = m_dir.filePath(QStringLiteral("notes.txt"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("not a database");
    file.close();
    QVERIFY(!kvs::ui::createDemoDatabase(path));
    QCOMPARE(kvs::test::fileBytes(path), QByteArray("not a database"));
}

void TestDemoDatabase::replacesALeftoverPartialFile()
{
    // A run that crashed mid-way leaves "<path>.part"; the next run starts over.
    const QString path = m_dir.filePath(QStringLiteral("crashed.kvs.db"));
    QFile partial(path + QStringLiteral(".part"));
    QVERIFY(partial.open(QIODevice::WriteOnly));
    partial.write("half-made");
    partial.close();

    QVERIFY(kvs::ui::createDemoDatabase(path));
    QVERIFY(!QFileInfo::exists(path + QStringLiteral(".part")));
    kvs::KVStoreOptions options;
    options.readOnly = true;
    kvs::KVStore store(path.toStdString(), options);
    QCOMPARE(listAll(store, {}).size(), std::size_t(66));
    store.close();
}

void TestDemoDatabase::leavesNoFileWhenCreationFails()
{
    const QString directory = m_dir.filePath(QStringLiteral("missing"));
    const QString path = directory + QStringLiteral("/demo.kvs.db");
    QVERIFY_THROWS_EXCEPTION(kvs::DatabaseError, kvs::ui::createDemoDatabase(path));
    QVERIFY(!QFileInfo::exists(directory));
    QVERIFY(!QFileInfo::exists(path));
    QVERIFY(!QFileInfo::exists(path + QStringLiteral(".part")));
}

QTEST_MAIN(TestDemoDatabase)
#include "tst_demo_database.moc"
