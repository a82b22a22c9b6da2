// Issue 17, item 11: a call's client-side deadline. The test freezes its own server's backend
// (SIGSTOP) under a store with timeout_ms: the call returns, failing with ConnectionError
// (Timeout) that names the deadline, and once the server runs again the next call works on a
// new connection. Without timeout_ms such a call waits as long as the server does.
#include "support/postgres_test_server.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>

#include <QTest>
#include <QUrl>
#include <QUuid>

#include <csignal>
#include <sys/types.h>

using namespace kvs;
using namespace kvs::test;

namespace {

constexpr int kTimeoutMs = 3000;

// Resumes a stopped process however the test ends.
class Stopped
{
public:
    explicit Stopped(pid_t pid)
        : m_pid(pid)
    {
        m_ok = ::kill(m_pid, SIGSTOP) == 0;
    }
    ~Stopped() { ::kill(m_pid, SIGCONT); }
    bool ok() const { return m_ok; }

private:
    pid_t m_pid;
    bool m_ok = false;
};

// The test server's URL as libpq's key=value text.
std::string keywordForm(const std::string &url)
{
    const QUrl parsed(QString::fromStdString(url));
    return QStringLiteral("host=%1 port=%2 user=%3 password=%4 dbname=%5 sslmode=disable")
        .arg(parsed.host())
        .arg(parsed.port(5432))
        .arg(parsed.userName(), parsed.password(), parsed.path().mid(1))
        .toStdString();
}

std::string targetOf(const std::string &url)
{
    const QUrl parsed(QString::fromStdString(url));
    return QStringLiteral("%1:%2%3")
        .arg(parsed.host())
        .arg(parsed.port(5432))
        .arg(parsed.path())
        .toStdString();
}

} // namespace

class TestPostgresTimeout : public QObject
{
    Q_OBJECT

private slots:
    void frozenServerTimesOut_data();
    void frozenServerTimesOut();
    void badTimeoutIsRefused();
};

void TestPostgresTimeout::frozenServerTimesOut_data()
{
    QTest::addColumn<bool>("keywords");
    QTest::newRow("url") << false;
    QTest::newRow("key=value") << true;
}

void TestPostgresTimeout::frozenServerTimesOut()
{
    QFETCH(bool, keywords);
    const std::string schema = freshSchema("timeout");
    const std::string application
        = "kvs_timeout_" + QUuid::createUuid().toString(QUuid::Id128).left(10).toStdString();
    AsyncKVStoreSettings settings;
    settings.schema = schema;
    settings.maintenanceInterval = std::chrono::milliseconds(0);
    {
        AsyncKVStore setup(postgresUrl(), settings); // migrates without a deadline
        setup.set({"k"}, Value(1)).result();
    }
    const std::string own = " pool_max=1 timeout_ms=" + std::to_string(kTimeoutMs)
                            + " application_name=" + application;
    const std::string connection
        = keywords ? keywordForm(postgresUrl()) + own
                   : withParameter(postgresUrl(),
                                   "pool_max=1&timeout_ms=" + std::to_string(kTimeoutMs)
                                       + "&application_name=" + application);
    AsyncKVStore store(connection, settings);
    QCOMPARE(store.get({"k"}).result()->value, Value(1)); // connected

    PgAdmin admin;
    const std::string pid = admin.exec("SELECT pid FROM pg_stat_activity WHERE application_name = '"
                                       + application + "'");
    QVERIFY2(!pid.empty(), "the store's backend is not in pg_stat_activity");
    QFuture<std::optional<Entry>> frozen;
    {
        Stopped stopped(static_cast<pid_t>(std::stol(pid)));
        QVERIFY(stopped.ok());
        frozen = store.get({"k"});
        // Bounded only so that a regression fails instead of hanging; nothing asserts how long
        // the call took.
        QTRY_VERIFY_WITH_TIMEOUT(frozen.isFinished(), 120'000);
    }
    const std::string expected = "kvs: PostgreSQL at " + targetOf(postgresUrl())
                                 + " did not answer within " + std::to_string(kTimeoutMs)
                                 + " ms (timeout_ms); the statement was cancelled and the "
                                   "connection closed";
    try {
        (void)frozen.result();
        QFAIL("the call on the frozen server succeeded");
    } catch (const ConnectionError &error) {
        QCOMPARE(std::string(error.what()), expected);
        QCOMPARE(error.step(), ConnectionError::Step::Timeout);
    }
    // The server runs again: the next call opens a new connection and works.
    QCOMPARE(store.get({"k"}).result()->value, Value(1));
}

void TestPostgresTimeout::badTimeoutIsRefused()
{
    QVERIFY(throwsWith<TypeError>(
        [] { AsyncKVStore store(withParameter(postgresUrl(), "timeout_ms=soon")); },
        "kvs: timeout_ms must be an integer >= 1, got \"soon\""));
    QVERIFY(throwsWith<TypeError>(
        [] { AsyncKVStore store(keywordForm(postgresUrl()) + " timeout_ms=0"); },
        "kvs: timeout_ms must be an integer >= 1, got \"0\""));
}

QTEST_GUILESS_MAIN(TestPostgresTimeout)

#include "tst_postgres_timeout.moc"
