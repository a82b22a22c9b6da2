// PostgreSQL faults under load (issue 17): while a loop keeps eight writes in flight (sets and
// two-key atomic commits), backends are terminated twice, the server is restarted as after a
// crash (pg_ctl restart -m immediate) and stopped for a while, then started again. Every call
// must end within a generous bound (none hangs), succeed or fail with a kvs error ("kvs: ..."),
// no acknowledged write may be lost and no atomic commit may be half there. The test runs a
// cluster of its own (scripts/postgres-test-cluster.sh), so the faults never disturb the tests
// that share the run's server. Prints the counts as figures.
#include "support/postgres_test_server.h"
#include "support/test_paths.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <map>
#include <mutex>
#include <optional>

using namespace kvs;

namespace {

constexpr std::size_t kInFlight = 8;
constexpr int kCallBoundMs = 60'000;         // a call not finished by then has hung
constexpr long long kFailuresWhileDown = 40; // calls that fail before the server comes back
const std::string kApplication = "kvs_faults";

struct Call
{
    long long i = 0;
    bool atomic = false;
    QFuture<CommitResult> result;
};

} // namespace

class TestPostgresFaults : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_cluster;
    std::string m_url;

    std::mutex m_mutex;
    std::condition_variable m_changed;
    long long m_succeeded = 0; // Guarded by m_mutex.
    long long m_failed = 0;    // Guarded by m_mutex.
    bool m_faultsDone = false; // Guarded by m_mutex.

    std::optional<QByteArray> cluster(const char *action)
    {
        QProcess script;
        script.start(QStringLiteral("bash"),
                     {kvs::test::fromTest(KVS_SOURCE_DIR "/scripts/postgres-test-cluster.sh"),
                      QString::fromLatin1(action),
                      m_cluster});
        if (!script.waitForFinished(120000) || script.exitCode() != 0) {
            qWarning("postgres-test-cluster.sh %s failed: %s",
                     action,
                     script.readAllStandardError().constData());
            return std::nullopt;
        }
        return script.readAllStandardOutput().trimmed();
    }

    // Waits (at most two minutes, so a stuck loop cannot stall the injector) until pred holds.
    template <typename Pred>
    void waitUntil(Pred pred)
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait_for(lock, std::chrono::minutes(2), pred);
    }

    // The faults, in order, each after the loop made progress since the last one.
    void injectFaults()
    {
        test::PgAdmin admin(m_url);
        waitUntil([&] { return m_succeeded >= 300; });
        std::printf("postgres-faults: terminated %d backends\n",
                    admin.terminateBackends(kApplication));
        waitUntil([&] { return m_succeeded >= 600; });
        std::printf("postgres-faults: terminated %d backends\n",
                    admin.terminateBackends(kApplication));
        waitUntil([&] { return m_succeeded >= 900; });
        if (!cluster("restart"))
            qWarning("the restart failed");
        waitUntil([&] { return m_succeeded >= 1200; });
        long long failedBefore = 0;
        {
            std::lock_guard lock(m_mutex);
            failedBefore = m_failed;
        }
        if (!cluster("halt"))
            qWarning("the halt failed");
        waitUntil([&] { return m_failed >= failedBefore + kFailuresWhileDown; });
        if (!cluster("resume"))
            qWarning("the resume failed");
        waitUntil([&] { return m_succeeded >= 1800; });
        std::lock_guard lock(m_mutex);
        m_faultsDone = true;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_cluster = m_dir.filePath(QStringLiteral("pg"));
        const std::optional<QByteArray> url = cluster("start");
        QVERIFY2(url && url->startsWith("postgresql://"),
                 "the test's own PostgreSQL did not start");
        m_url = url->toStdString();
    }

    void cleanupTestCase() { cluster("stop"); }

    void writesSurviveTerminatedBackendsRestartAndHalt()
    {
        AsyncKVStoreSettings settings;
        settings.schema = test::freshSchema("faults");
        const std::string url = test::withParameter(m_url, "application_name=" + kApplication);
        std::map<long long, std::int64_t> acknowledged; // call -> version
        std::map<std::string, long long> failures;      // message start -> count
        std::vector<long long> atomics;
        long long calls = 0;
        long long hung = 0;
        long long unclear = 0;
        {
            AsyncKVStore store(url, settings);
            QThread *injector = QThread::create([this] { injectFaults(); });
            injector->start();
            std::deque<Call> inFlight;
            for (long long next = 0;;) {
                bool stopIssuing = false;
                {
                    std::lock_guard lock(m_mutex);
                    stopIssuing = m_faultsDone;
                }
                if (stopIssuing && inFlight.empty())
                    break;
                if (!stopIssuing && inFlight.size() < kInFlight) {
                    const long long i = next++;
                    const bool atomic = i % 2 == 1;
                    if (atomic)
                        atomics.push_back(i);
                    inFlight.push_back({i,
                                        atomic,
                                        atomic ? store.atomic()
                                                     .set({"x", i}, Value(double(i)))
                                                     .set({"y", i}, Value(double(i)))
                                                     .commit()
                                               : store.set({"s", i}, Value(double(i)))});
                    ++calls;
                    continue;
                }
                Call call = std::move(inFlight.front());
                inFlight.pop_front();
                if (!QTest::qWaitFor([&] { return call.result.isFinished(); }, kCallBoundMs)) {
                    ++hung;
                    break;
                }
                bool ok = false;
                try {
                    const CommitResult result = call.result.result();
                    ok = result.ok;
                    if (ok)
                        acknowledged[call.i] = result.version;
                } catch (const Error &e) {
                    const std::string message = e.what();
                    if (message.rfind("kvs: ", 0) != 0)
                        ++unclear;
                    ++failures[message.substr(0, message.find(" at "))];
                } catch (const std::exception &e) {
                    qWarning("not a kvs error: %s", e.what());
                    ++unclear;
                }
                std::lock_guard lock(m_mutex);
                ++(ok ? m_succeeded : m_failed);
                m_changed.notify_all();
            }
            {
                std::lock_guard lock(m_mutex);
                m_faultsDone = true; // ends the injector's waits should the loop stop early
                m_succeeded = m_failed = 1'000'000'000;
                m_changed.notify_all();
            }
            injector->wait();
            delete injector;
        }
        QCOMPARE(hung, 0LL);
        QCOMPARE(unclear, 0LL);

        // Read back with a store of its own: every acknowledged write is there with its version,
        // and each atomic commit is there whole or not at all.
        AsyncKVStore reader(m_url, settings);
        long long lost = 0;
        long long halfCommitted = 0;
        for (const auto &[i, version] : acknowledged) {
            const std::vector<Key> keys
                = i % 2 == 1 ? std::vector<Key>{{"x", i}, {"y", i}} : std::vector<Key>{{"s", i}};
            for (const auto &entry : reader.getMany(keys).result()) {
                if (!entry || entry->version != version || entry->value != Value(double(i)))
                    ++lost;
            }
        }
        for (const long long i : atomics) {
            const auto entries = reader.getMany({{"x", i}, {"y", i}}).result();
            if (entries[0].has_value() != entries[1].has_value())
                ++halfCommitted;
        }
        long long failed = 0;
        for (const auto &[message, count] : failures) {
            std::printf("postgres-faults: %lld x %s\n", count, message.c_str());
            failed += count;
        }
        std::printf("postgres-faults: %lld calls: %zu succeeded, %lld failed clearly, %lld hung, "
                    "%lld unclear; %lld acknowledged writes lost, %lld atomic commits half "
                    "there\n",
                    calls,
                    acknowledged.size(),
                    failed,
                    hung,
                    unclear,
                    lost,
                    halfCommitted);
        QCOMPARE(lost, 0LL);
        QCOMPARE(halfCommitted, 0LL);
        QVERIFY(failed >= kFailuresWhileDown); // the faults did reach the calls
        QVERIFY(acknowledged.size() >= 1800);
    }
};

QTEST_GUILESS_MAIN(TestPostgresFaults)
#include "tst_postgres_faults.moc"
