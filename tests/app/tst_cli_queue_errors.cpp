// Issue 43: `kvs queue errors TOPIC [--json]` and `kvs queue retry|delete-dead TOPIC --signature`,
// run as the real `kvs` binary (KVS_CLI_PATH) against a file the store API fills with dead
// letters at known times (a ManualClock).

#include "cli_test_support.h"
#include "support/test_paths.h"

#include <kvs/clock.h>
#include <kvs/kvstore.h>

#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace cli_test;

namespace {

constexpr std::int64_t kStart = 1'800'000'000'000; // 2027-01-15T08:00:00.000Z

// Fills db: on topic "jobs" three timeouts (failed at kStart + 0, 1, 2 s), two HTTP errors (3, 4
// s) and one without an error (5 s); on topic "other" one timeout. True when all died.
bool fillDeadLetters(const QString &db)
{
    const auto clock = std::make_shared<kvs::ManualClock>(kStart);
    kvs::KVStoreOptions options;
    options.clock = clock;
    kvs::KVStore store(QFile::encodeName(db).toStdString(), options);
    const auto fail = [&](const std::string &topic, const std::optional<std::string> &error) {
        kvs::QueueOptions queue;
        queue.topic = topic;
        queue.maxAttempts = 1;
        const std::int64_t id = store.enqueue(kvs::Value("job"), queue).id;
        const std::vector<kvs::QueueMessage> taken = store.dequeue(topic);
        if (taken.size() != 1 || taken[0].id != id)
            return false;
        kvs::NackOptions nack;
        nack.error = error;
        const bool died = store.nack(double(id), taken[0].token, nack);
        clock->advance(1000);
        return died;
    };
    return fail("jobs", "timeout after 30s calling 10.0.0.7:443")
           && fail("jobs", "timeout after 12s calling 10.0.0.9:443")
           && fail("jobs", "timeout after 5s calling 10.0.0.1:8443")
           && fail("jobs", "HTTP 503 for order 123e4567-e89b-12d3-a456-426614174000")
           && fail("jobs", "HTTP 502 for order 00000000-0000-4000-8000-000000000001")
           && fail("jobs", std::nullopt) && fail("other", "timeout after 1s calling 10.0.0.2:443");
}

} // namespace

class TestCliQueueErrors : public QObject
{
    Q_OBJECT

private:
    QString dbPath(const char *name) const { return m_dir.filePath(QString::fromUtf8(name)); }
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void errorsPrintsTheGroups()
    {
        const QString db = dbPath("errors.db");
        QVERIFY(fillDeadLetters(db));
        const QByteArray before = fileBytes(db);
        Run run = runKvs({"--db", db, "queue", "errors", "jobs"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        QCOMPARE(run.out,
                 QByteArray("487f6a1a 3 (50.0 %) \"timeout after <num>s calling <ip>\": first "
                            "2027-01-15T08:00:00.000Z, last 2027-01-15T08:00:02.000Z, attempts 1, "
                            "e.g. 3 \"timeout after 5s calling 10.0.0.1:8443\"\n"
                            "82a0136f 2 (33.3 %) \"HTTP <num> for order <uuid>\": first "
                            "2027-01-15T08:00:03.000Z, last 2027-01-15T08:00:04.000Z, attempts 1, "
                            "e.g. 5 \"HTTP 502 for order 00000000-0000-4000-8000-000000000001\"\n"
                            "da39a3ee 1 (16.7 %) (no error): first 2027-01-15T08:00:05.000Z, last "
                            "2027-01-15T08:00:05.000Z, attempts 1, e.g. 6\n"
                            "6 dead letters in 3 groups\n"));
        QCOMPARE(fileBytes(db), before); // read-only

        run = runKvs({"--db", db, "--json", "queue", "errors", "jobs"});
        QCOMPARE(run.code, 0);
        const QList<QByteArray> groups = lines(run.out);
        QCOMPARE(groups.size(), 3);
        const QJsonObject timeout = parseObject(groups[0]);
        QCOMPARE(timeout[u"signature"].toString(),
                 QStringLiteral("timeout after <num>s calling <ip>"));
        QCOMPARE(timeout[u"id"].toString(), QStringLiteral("487f6a1a"));
        QCOMPARE(timeout[u"count"].toInt(), 3);
        QCOMPARE(timeout[u"share"].toDouble(), 50.0);
        QCOMPARE(qint64(timeout[u"first"].toDouble()), kStart);
        QCOMPARE(qint64(timeout[u"last"].toDouble()), kStart + 2000);
        QCOMPARE(timeout[u"minAttempts"].toInt(), 1);
        QCOMPARE(timeout[u"maxAttempts"].toInt(), 1);
        QCOMPARE(timeout[u"exampleId"].toInt(), 3);
        QCOMPARE(timeout[u"example"].toString(),
                 QStringLiteral("timeout after 5s calling 10.0.0.1:8443"));
        const QJsonObject none = parseObject(groups[2]);
        QCOMPARE(none[u"signature"].toString(), QString());
        QVERIFY(none[u"example"].isNull());

        // A topic without dead letters has no groups.
        QCOMPARE(runKvs({"--db", db, "queue", "errors", "none"}).out,
                 QByteArray("0 dead letters in 0 groups\n"));
        QCOMPARE(runKvs({"--db", db, "--json", "queue", "errors", "none"}).out, QByteArray());
        // Usage errors.
        for (const QStringList &args :
             QList<QStringList>{{"--db", db, "queue", "errors"},
                                {"--db", db, "queue", "errors", "jobs", "extra"},
                                {"--db", db, "queue", "errors", "jobs", "--limit", "5"}}) {
            run = runKvs(args);
            QCOMPARE(run.code, 2);
            VERIFY_ONE_ERROR_LINE(run);
        }
    }

    void retryAndDeleteBySignature()
    {
        const QString db = dbPath("signature.db");
        QVERIFY(fillDeadLetters(db));
        const QByteArray before = fileBytes(db);
        // By id, a dry run: counts and changes nothing.
        Run run = runKvs({"--db",
                          db,
                          "--json",
                          "queue",
                          "retry",
                          "jobs",
                          "--signature",
                          "487f6a1a",
                          "--dry-run"});
        QCOMPARE(run.code, 0);
        QCOMPARE(run.out, QByteArray("{\"retried\": 3, \"dryRun\": true}\n"));
        QCOMPARE(fileBytes(db), before);

        // The group's messages only: not the other groups, not the other topic's same signature.
        run = runKvs({"--db", db, "queue", "retry", "jobs", "--signature", "487f6a1a"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        QCOMPARE(run.out, QByteArray("3\n"));
        QVERIFY(runKvs({"--db", db, "queue", "stats", "jobs"})
                    .out.startsWith("\"jobs\": pending 3, delayed 0, processing 0, dead 3,"));
        QVERIFY(runKvs({"--db", db, "queue", "stats", "other"}).out.contains("dead 1"));
        const QString auditPath = QString::fromLocal8Bit(qgetenv("KVS_AUDIT_LOG"));
        QVERIFY(!auditPath.isEmpty());
        const QJsonObject retried = parseObject(lines(fileBytes(auditPath)).last());
        QCOMPARE(retried[u"action"].toString(), QStringLiteral("retry"));
        QCOMPARE(retried[u"filter"].toString(), QStringLiteral("--signature \"487f6a1a\""));
        QCOMPARE(retried[u"changed"].toInt(), 3);

        // By its placeholder text, and by an error text of the group.
        QCOMPARE(runKvs({"--db",
                         db,
                         "queue",
                         "delete-dead",
                         "jobs",
                         "--signature",
                         "HTTP 500 for order ffffffff-ffff-4fff-bfff-ffffffffffff",
                         "--dry-run"})
                     .out,
                 QByteArray("2\n"));
        run = runKvs({"--db",
                      db,
                      "queue",
                      "delete-dead",
                      "jobs",
                      "--signature",
                      "HTTP <num> for order <uuid>"});
        QCOMPARE(run.code, 0);
        QCOMPARE(run.out, QByteArray("2\n"));
        run = runKvs({"--db", db, "queue", "errors", "jobs"});
        QVERIFY(run.out.startsWith("da39a3ee 1 (100.0 %) (no error)"));
        QVERIFY(run.out.endsWith("\n1 dead letter in 1 group\n"));

        // --signature is a filter: not with an ID or --all.
        for (const QStringList &args : QList<QStringList>{
                 {"--db", db, "queue", "retry", "jobs", "6", "--signature", "da39a3ee"},
                 {"--db", db, "queue", "delete-dead", "jobs", "--all", "--signature", "x"}}) {
            run = runKvs(args);
            QCOMPARE(run.code, 2);
            VERIFY_ONE_ERROR_LINE(run);
            QVERIFY2(run.err.contains("--signature"), run.err.constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestCliQueueErrors)
#include "tst_cli_queue_errors.moc"
