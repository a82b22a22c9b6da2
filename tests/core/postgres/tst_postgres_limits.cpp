// PostgreSQL at the edges of what its database holds (issue 17): a versionstamp sequence near
// 2^53 - 1. Every write that would take a version past it (set, increment, an atomic commit) is
// refused with the same error as on SQLite and writes nothing.
#include "support/postgres_test_server.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>

#include <QTest>

using namespace kvs;
using namespace kvs::test;

namespace {

constexpr std::int64_t kMaxVersion = 9007199254740991; // 2^53 - 1
const std::string kExhausted = "kvs: versionstamps are used up: the next version would pass "
                               "9007199254740991 (2^53 - 1), the largest integer JavaScript reads "
                               "exactly";

} // namespace

class TestPostgresLimits : public QObject
{
    Q_OBJECT

private slots:
    void versionsNeverPass2To53();
};

void TestPostgresLimits::versionsNeverPass2To53()
{
    const std::string schema = freshSchema("limits");
    AsyncKVStoreSettings settings;
    settings.schema = schema;
    AsyncKVStore store(postgresUrl(), settings);
    store.set({"created"}, Value(1)).result(); // migrates
    PgAdmin admin;
    admin.exec("SELECT setval('\"" + schema + "\".kv_versionstamp', "
               + std::to_string(kMaxVersion - 1) + ")");

    QCOMPARE(store.set({"last"}, Value(1)).result().version, kMaxVersion);
    QVERIFY(throwsWith<Error>([&] { store.set({"over"}, Value(1)).result(); }, kExhausted));
    QVERIFY(throwsWith<Error>([&] { store.increment({"counter"}, 1).result(); }, kExhausted));
    QVERIFY(throwsWith<Error>([&] { store.atomic().set({"atomic"}, Value(1)).commit().result(); },
                              kExhausted));
    QVERIFY(throwsWith<Error>([&] { store.atomic().sum({"summed"}, 2).commit().result(); },
                              kExhausted));
    for (const char *key : {"over", "counter", "atomic", "summed"})
        QVERIFY2(!store.get({key}).result(), key);
    QCOMPARE(store.get({"last"}).result()->version, kMaxVersion);
}

QTEST_GUILESS_MAIN(TestPostgresLimits)

#include "tst_postgres_limits.moc"
