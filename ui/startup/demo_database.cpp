#include "startup/demo_database.h"

#include "common/ui_logging.h"

#include <kvs/data_folder.h>
#include <kvs/errors.h>
#include <kvs/kvstore.h>

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <utility>

namespace kvs::ui {

namespace {

constexpr double kMinute = 60'000;
constexpr double kHour = 60 * kMinute;
constexpr double kDay = 24 * kHour;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The files of one SQLite database: the main file (""), its WAL, WAL index and rollback journal.
constexpr const char *kDatabaseFileSuffixes[] = {"", "-wal", "-shm", "-journal"};

// An object in JavaScript's member order (ObjectBuilder), as a JS writer would store it.
Value object(std::initializer_list<std::pair<std::string_view, Value>> members)
{
    ObjectBuilder builder;
    for (const auto &[name, value] : members)
        builder.add(std::string(name), value);
    return std::move(builder).build();
}

Value array(std::initializer_list<Value> items)
{
    return Value::array(Value::Items(items));
}

Value setOf(std::initializer_list<Value> items)
{
    CollectionBuilder builder;
    for (const Value &item : items)
        builder.addItem(item);
    return std::move(builder).buildSet();
}

Value mapOf(std::initializer_list<std::pair<Value, Value>> entries)
{
    CollectionBuilder builder;
    for (const auto &[key, value] : entries)
        builder.addEntry(key, value);
    return std::move(builder).buildMap();
}

Bytes bytes(std::initializer_list<unsigned char> octets)
{
    return Bytes{std::string(octets.begin(), octets.end())};
}

// Requires: decimal is an optional '-' and digits.
BigInt bigint(std::string_view decimal)
{
    return BigInt::fromDecimal(decimal).value();
}

void addUsers(AtomicOperation &op)
{
    op.set({"users", "alice"},
           object({{"name", "Alice Martin"},
                   {"email", "alice@example.com"},
                   {"signup", Date(1741944600000)}, // 2025-03-14T09:30:00Z
                   {"tags", setOf({"admin", "beta"})},
                   {"plan", "pro"},
                   {"age", 34}}));
    op.set({"users", "bob"},
           object({{"name", "Bob Chen"},
                   {"email", "bob@example.com"},
                   {"signup", Date(1751371200000)}, // 2025-07-01T12:00:00Z
                   {"tags", setOf({"beta"})},
                   {"plan", "free"},
                   {"nickname", Value::undefined()}}));
    op.set({"users", "carol"},
           object({{"name", "Carol Díaz"},
                   {"email", "carol@example.org"},
                   {"signup", Date(1768896900000)}, // 2026-01-20T08:15:00Z
                   {"tags", setOf({})},
                   {"plan", "team"},
                   {"manager", "alice"}}));
    op.set({"users", "dave"},
           object({{"name", "Dave O'Neil"},
                   {"email", "dave@example.net"},
                   {"signup", Date(1788220799000)}, // 2026-08-31T23:59:59Z
                   {"tags", setOf({"trial"})},
                   {"plan", "free"},
                   {"verified", false}}));
    op.set({"preferences", "alice"},
           object({{"theme", "dark"},
                   {"locale", "fr-FR"},
                   {"notifications", mapOf({{"email", true}, {"sms", false}})}}));
}

Value order(const char *user,
            BigInt amountCents,
            const char *currency,
            const char *status,
            double placedAtMs,
            Value items)
{
    return object({{"user", user},
                   {"amountCents", std::move(amountCents)},
                   {"currency", currency},
                   {"status", status},
                   {"placedAt", Date(placedAtMs)},
                   {"items", std::move(items)}});
}

Value item(const char *sku, int quantity)
{
    return object({{"sku", sku}, {"qty", quantity}});
}

void addOrders(AtomicOperation &op)
{
    op.set(
        {"orders", "2026-08", 1001},
        order("alice", BigInt(12900), "EUR", "paid", 1786529040000, array({item("KB-ERGO", 1)})));
    op.set(
        {"orders", "2026-08", 1002},
        order("bob", BigInt(4999), "USD", "refunded", 1787848800000, array({item("BOOK-042", 1)})));
    op.set(
        {"orders", "2026-09", 1003},
        order("alice", BigInt(259800), "EUR", "paid", 1788340320000, array({item("MON-27", 2)})));
    op.set({"orders", "2026-09", 1004},
           order("carol",
                 BigInt(1500),
                 "EUR",
                 "pending",
                 1789482600000,
                 array({item("CABLE-USB-C", 3), item("ADAPTER-EU", 1)})));
    // 2^53 + 1 cents: a bigint keeps what a double would round.
    op.set({"orders", "2026-09", 1005},
           order("dave",
                 bigint("9007199254740993"),
                 "USD",
                 "flagged",
                 1790624700000,
                 array({item("GOLD-BAR", 1)})));
    op.set({"orders", "2026-10", 1006},
           order("bob", BigInt(7450), "GBP", "paid", 1791012000000, array({item("MUG", 2)})));
}

void addCounters(AtomicOperation &op)
{
    // Two sums on one key in one commit add up (the reference's sum() sequencing).
    op.sum({"counters", "page_views"}, 15000);
    op.sum({"counters", "page_views"}, 230);
    op.sum({"counters", "signups"}, 4);
    op.sum({"counters", "orders", "2026-09"}, 3);
    op.sum({"counters", "cpu_load"}, 0.75);
    op.sum({"counters", "temperature_delta"}, -3.5);
}

void addSessions(AtomicOperation &op, double nowMs)
{
    const auto session = [nowMs](const char *user, const char *ip) {
        return object({{"user", user}, {"createdAt", Date(nowMs)}, {"ip", ip}});
    };
    op.set({"sessions", "3f2a9c1e"}, session("alice", "203.0.113.7"), {.ttl = 5 * kMinute});
    op.set({"sessions", "7b41d0aa"}, session("bob", "198.51.100.23"), {.ttl = 15 * kMinute});
    op.set({"sessions", "c09e5f72"}, session("carol", "2001:db8::42"), {.ttl = 2 * kDay});
    op.set({"sessions", "e6d8b314"}, session("dave", "192.0.2.200"), {.ttl = 7 * kDay});
    op.set({"cache", "exchange_rates", "EUR"},
           object({{"USD", 1.08}, {"GBP", 0.85}, {"fetchedAt", Date(nowMs)}}),
           {.ttl = kHour});
}

// No -0: the value format writes it as 0, as JSON.stringify does, so it would read back as 0.
void addTypedValues(AtomicOperation &op)
{
    const auto put = [&op](const char *name, Value value) {
        op.set({"types", name}, std::move(value));
    };
    put("uint8array", bytes({0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff}));
    put("uint8array_empty", Bytes{});
    put("map_mixed_keys",
        mapOf({{1, "number key"},
               {-0.5, "fractional key"},
               {true, "boolean key"},
               {BigInt(10), "bigint key"},
               {Value::null(), "null key"},
               {"name", "string key"},
               {Date(0), "Date key"},
               {array({1, 2}), "array key"}}));
    put("map_empty", mapOf({}));
    put("set", setOf({1, "1", BigInt(1), true, Value::null(), kNaN}));
    put("date", Date(-14182980000)); // 1969-07-20T20:17:00Z, before the epoch
    put("date_invalid", Date(kNaN));
    put("bigint", bigint("123456789012345678901234567890"));
    put("bigint_negative", bigint("-9007199254740993"));
    put("bigint_zero", BigInt());
    put("nan", kNaN);
    put("infinity", kInfinity);
    put("negative_infinity", -kInfinity);
    put("number_fractional", 3.141592653589793);
    put("number_tiny", 5e-324);
    put("null", Value::null());
    put("true", true);
    put("false", false);
    put("undefined", Value::undefined());
    put("string", "h\u00e9llo w\u00f6rld \u2603 \U0001F30D \"quoted\"\nsecond line");
    put("string_empty", "");
    put("object_with_undefined", object({{"a", 1}, {"b", Value::undefined()}, {"c", "three"}}));
    // Looks like a typed-JSON marker but is a user object: it must read back as written.
    put("object_with_tilde", object({{"~", "D"}, {"v", 5}}));
    // JavaScript puts index-like names first, ascending: {"2", "10", "b", "a"}.
    put("object_index_names", object({{"b", 1}, {"10", 2}, {"a", 3}, {"2", 4}}));
    put("array", array({1, "two", Value::null(), Value::undefined(), array({3, array({4})})}));
    put("nested",
        object({{"profile",
                 object({{"avatar", bytes({0x89, 'P', 'N', 'G'})},
                         {"joined", Date(1741944600000)},
                         {"lastSeen", Date(kNaN)}})},
                {"stats", mapOf({{"visits", BigInt(42)}, {2026, setOf({"jan", "feb"})}})},
                {"scores", array({kNaN, kInfinity, -kInfinity, 1.5})},
                {"extra", Value::undefined()}}));
}

void addKeyPartSamples(AtomicOperation &op)
{
    const auto put = [&op](KeyPart part, const char *description) {
        op.set({"keyparts", std::move(part)}, description);
    };
    put(bytes({0x00}), "bytes 00");
    put(bytes({0xde, 0xad, 0xbe, 0xef}), "bytes deadbeef");
    put("", "empty string");
    put("string", "string");
    put(-kInfinity, "number -Infinity");
    put(-1e9, "number -1e9");
    put(-42, "number -42");
    put(-1.5, "number -1.5");
    put(0, "number 0");
    put(0.25, "number 0.25");
    put(3.14159, "number 3.14159");
    put(1e21, "number 1e21");
    put(kInfinity, "number Infinity");
    put(bigint("-12345678901234567890"), "bigint -12345678901234567890n");
    put(BigInt(), "bigint 0n");
    put(bigint("18446744073709551616"), "bigint 2^64");
    put(false, "boolean false");
    put(true, "boolean true");
    op.set({"keyparts", "mixed", bytes({0x01}), 7, BigInt(7), true, -0.5},
           "bytes, number, bigint, boolean and fraction in one key");
}

void addQueueMessages(AtomicOperation &op, double nowMs)
{
    op.enqueue(object({{"to", "alice@example.com"},
                       {"template", "welcome"},
                       {"vars", object({{"name", "Alice"}})}}),
               {.topic = "emails", .delay = 0, .maxAttempts = 5});
    op.enqueue(object({{"to", "bob@example.com"}, {"template", "receipt"}, {"order", 1002}}),
               {.topic = "emails"});
    op.enqueue(object({{"to", "carol@example.org"}, {"template", "trial-ending"}}),
               {.topic = "emails", .delay = kHour});
    op.enqueue(object({{"url", "https://hooks.example.com/orders"},
                       {"event", "order.paid"},
                       {"orderId", 1003}}),
               {.topic = "webhooks", .delay = 0, .maxAttempts = 10});
    op.enqueue(object({{"url", "https://hooks.example.com/orders"},
                       {"event", "order.refunded"},
                       {"orderId", 1002},
                       {"amountCents", BigInt(4999)}}),
               {.topic = "webhooks"});
    op.enqueue(object({{"url", "https://hooks.example.com/billing"},
                       {"event", "subscription.renew"},
                       {"user", "dave"},
                       {"at", Date(nowMs + kDay)}}),
               {.topic = "webhooks", .delay = kDay, .maxAttempts = 10});
}

// Deliveries go through the queue API, as a worker would make them: one invoice failed on its
// only attempt (dead, with its error), one is being processed under a long lease, one waits.
void addQueueDeliveries(KVStore &store)
{
    const std::string topic = "invoices";
    store.enqueue(object({{"invoice", "2026-0042"}, {"customer", "carol"}, {"totalCents", 129900}}),
                  {.topic = topic, .delay = 0, .maxAttempts = 1});
    for (const QueueMessage &failed : store.dequeue(topic)) {
        (void)store.nack(
            failed.id,
            failed.token,
            {.error = "PDF renderer: template 'invoice-v2' not found", .delay = std::nullopt});
    }
    store.enqueue(object({{"invoice", "2026-0043"}, {"customer", "alice"}, {"totalCents", 4999}}),
                  {.topic = topic, .delay = 0, .maxAttempts = 5});
    (void)store.dequeue(topic, 1, {.visibilityTimeout = 6 * kHour});
    store.enqueue(object({{"invoice", "2026-0044"}, {"customer", "bob"}, {"totalCents", 1500}}),
                  {.topic = topic, .delay = 0, .maxAttempts = 5});
}

void removeDatabaseFiles(const QString &path)
{
    for (const char *suffix : kDatabaseFileSuffixes) {
        const QString file = path + QLatin1String(suffix);
        if (QFileInfo::exists(file) && !QFile::remove(file))
            qCWarning(lcUi) << "cannot remove partial demo database file" << file;
    }
}

// Moves the closed database at from, and a WAL that SQLite kept, to to. Returns false when a
// file could not be moved (for instance because to exists by now), after undoing the moves.
bool moveDatabaseFiles(const QString &from, const QString &to)
{
    QFile::remove(from + QStringLiteral("-shm")); // A cache of the WAL index; SQLite rebuilds it.
    QStringList moved;
    for (const char *suffix : kDatabaseFileSuffixes) {
        const QString source = from + QLatin1String(suffix);
        if (!QFileInfo::exists(source))
            continue;
        const QString target = to + QLatin1String(suffix);
        if (!QFile::rename(source, target)) {
            for (const QString &file : std::as_const(moved))
                QFile::remove(file);
            return false;
        }
        moved.append(target);
    }
    return true;
}

} // namespace

QString defaultDemoDatabasePath()
{
    // The one data folder (kvs/data_folder.h), private to the user like the rest of it.
    const QString directory = QString::fromStdString(dataFolderPath());
    if (!QFileInfo::exists(directory)) {
        if (QDir().mkpath(directory))
            QFile::setPermissions(directory,
                                  QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                      | QFileDevice::ExeOwner);
        else
            qCWarning(lcUi) << "cannot create the data folder" << directory;
    }
    return QDir(directory).filePath(QStringLiteral("demo.kvs.db"));
}

bool createDemoDatabase(const QString &path)
{
    if (QFileInfo::exists(path))
        return false;

    const QString partial = path + QStringLiteral(".part");
    removeDatabaseFiles(partial); // Left by a run that crashed while writing.
    try {
        {
            KVStore store(partial.toStdString());
            const double nowMs = static_cast<double>(QDateTime::currentMSecsSinceEpoch());
            AtomicOperation op = store.atomic();
            addUsers(op);
            addOrders(op);
            addCounters(op);
            addSessions(op, nowMs);
            addTypedValues(op);
            addKeyPartSamples(op);
            addQueueMessages(op, nowMs);
            // No checks, so the commit either succeeds or throws.
            op.commit();
            addQueueDeliveries(store);
            store.close();
        }
        if (!moveDatabaseFiles(partial, path))
            throw Error("kvs-admin: cannot move the demo database into place at "
                        + path.toStdString());
    } catch (...) {
        removeDatabaseFiles(partial);
        throw;
    }
    qCInfo(lcUi) << "created the demo database" << path;
    return true;
}

} // namespace kvs::ui
