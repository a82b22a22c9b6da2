// Runs the real `kvs` binary's queue commands (KVS_CLI_PATH) against files that the store API
// fills with the states the CLI cannot make (leased and dead messages).

#include "cli_test_support.h"
#include "support/test_paths.h"

#include <kvs/clock.h>
#include <kvs/kvstore.h>
#include <kvs/literal.h>

#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace cli_test;

namespace {

// Enqueues a message with one attempt, already due for a minute (so a FIFO dequeue takes it before
// the topic's other messages), and nacks its only delivery: a dead message. Returns its id, or -1.
qint64 makeDeadMessage(const QString &db,
                       const std::string &topic,
                       const char *error,
                       const kvs::Value &payload = kvs::Value("job"))
{
    kvs::KVStore store(QFile::encodeName(db).toStdString());
    kvs::QueueOptions options;
    options.topic = topic;
    options.maxAttempts = 1;
    options.delay = -60000; // due before any message enqueued or retried in the last minute
    const qint64 id = store.enqueue(payload, options).id;
    const std::vector<kvs::QueueMessage> messages = store.dequeue(topic);
    if (messages.size() != 1 || messages[0].id != id) {
        return -1;
    }
    kvs::NackOptions nack;
    nack.error = error;
    return store.nack(double(id), messages[0].token, nack) ? id : -1;
}

} // namespace

class TestCliQueue : public QObject
{
    Q_OBJECT

private:
    QString dbPath(const char *name) const { return m_dir.filePath(QString::fromUtf8(name)); }
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void queueEnqueueStatsPeek()
    {
        const QString db = dbPath("queue.db");
        Run run = runKvs({"--db", db, "queue", "enqueue", "emails", "{to: 'a@b'}"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        QCOMPARE(run.out, QByteArray("1\n"));
        run = runKvs({"--db", db, "--json", "queue", "enqueue", "emails", "[1, 2n]"});
        QCOMPARE(run.out, QByteArray("{\"ok\": true, \"id\": 2}\n"));
        run = runKvs({"--db",
                      db,
                      "queue",
                      "enqueue",
                      "emails",
                      "'later'",
                      "--delay",
                      "3600000",
                      "--max-attempts",
                      "5"});
        QCOMPARE(run.out, QByteArray("3\n"));
        QCOMPARE(runKvs({"--db", db, "queue", "enqueue", "other", "null"}).out, QByteArray("4\n"));

        // stats: plain and JSON, every topic by name, or one (all zero when it has no rows).
        run = runKvs({"--db", db, "queue", "stats"});
        QCOMPARE(run.code, 0);
        QList<QByteArray> rows = lines(run.out);
        QCOMPARE(rows.size(), 2);
        QVERIFY2(rows[0].startsWith("\"emails\": pending 2, delayed 1, processing 0, dead 0, "
                                    "done 0, oldest pending due 20"),
                 rows[0].constData());
        QVERIFY(rows[1].startsWith("\"other\": pending 1,"));
        run = runKvs({"--db", db, "--json", "queue", "stats", "emails"});
        QCOMPARE(run.code, 0);
        rows = lines(run.out);
        QCOMPARE(rows.size(), 1);
        QVERIFY(rows[0].startsWith("{\"topic\": \"emails\", \"pending\": 2, \"delayed\": 1, "
                                   "\"processing\": 0, \"dead\": 0, \"done\": 0, "
                                   "\"oldestPendingAt\": "));
        const QJsonObject stats = parseObject(rows[0]);
        QCOMPARE(stats.size(), 7);
        QVERIFY(stats[u"oldestPendingAt"].toDouble() > 1.7e12);
        QCOMPARE(runKvs({"--db", db, "--json", "queue", "stats", "none"}).out,
                 QByteArray("{\"topic\": \"none\", \"pending\": 0, \"delayed\": 0, \"processing\": "
                            "0, \"dead\": 0, \"done\": 0, \"oldestPendingAt\": null}\n"));
        QCOMPARE(runKvs({"--db", db, "queue", "stats", "none"}).out,
                 QByteArray("\"none\": pending 0, delayed 0, processing 0, dead 0, done 0\n"));

        // peek: due pending messages by id; JSON carries the literal and the times.
        run = runKvs({"--db", db, "queue", "peek", "emails"});
        QCOMPARE(run.code, 0);
        rows = lines(run.out);
        QCOMPARE(rows.size(), 2);
        QVERIFY2(rows[0].startsWith("1 {\"to\": \"a@b\"} (attempts 0/3, due 20"),
                 rows[0].constData());
        QVERIFY(rows[0].endsWith("Z)"));
        QVERIFY(rows[1].startsWith("2 [1, 2n] (attempts 0/3, due "));
        run = runKvs({"--db", db, "--json", "queue", "peek", "emails", "--status", "delayed"});
        rows = lines(run.out);
        QCOMPARE(rows.size(), 1);
        const QJsonObject delayed = parseObject(rows[0]);
        QCOMPARE(delayed.size(), 9);
        QCOMPARE(delayed[u"id"].toInt(), 3);
        QCOMPARE(delayed[u"topic"].toString(), QStringLiteral("emails"));
        QCOMPARE(delayed[u"payload"].toString(), QStringLiteral("\"later\""));
        QCOMPARE(delayed[u"maxAttempts"].toInt(), 5);
        QCOMPARE(delayed[u"attempts"].toInt(), 0);
        QVERIFY(delayed[u"lastError"].isNull());
        QVERIFY(delayed[u"lockedUntil"].isNull());
        QCOMPARE(delayed[u"deliverAt"].toDouble() - delayed[u"enqueuedAt"].toDouble(), 3600000.0);

        // Paging: a full page ends with the id for --after.
        run = runKvs({"--db", db, "queue", "peek", "emails", "--limit", "1"});
        QCOMPARE(lines(run.out).size(), 2);
        QCOMPARE(lines(run.out)[1], QByteArray("after: 1"));
        run = runKvs(
            {"--db", db, "--json", "queue", "peek", "emails", "--limit=1", "--after", "1"});
        rows = lines(run.out);
        QCOMPARE(rows.size(), 2);
        QCOMPARE(parseObject(rows[0])[u"id"].toInt(), 2);
        QCOMPARE(rows[1], QByteArray("{\"after\": 2}"));
        QCOMPARE(runKvs({"--db", db, "queue", "peek", "emails", "--after", "2"}).out, QByteArray());

        // A leased message shows under processing, with its lease end.
        {
            kvs::KVStore store(QFile::encodeName(db).toStdString());
            QCOMPARE(store.dequeue("emails").size(), std::size_t(1));
        }
        run = runKvs({"--db", db, "queue", "peek", "emails", "--status", "processing"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.out.startsWith("1 {\"to\": \"a@b\"} (attempts 1/3, due ")
                     && run.out.contains(", leased until 20"),
                 run.out.constData());
        run = runKvs({"--db", db, "--json", "queue", "peek", "emails", "--status", "processing"});
        QVERIFY(parseObject(lines(run.out).value(0))[u"lockedUntil"].toDouble() > 1.7e12);
        QVERIFY(runKvs({"--db", db, "queue", "stats", "emails"}).out.contains("processing 1"));

        // The store's validation errors exit 1.
        for (const QStringList &args : QList<QStringList>{
                 {"--db", db, "queue", "enqueue", "t", "1", "--max-attempts", "0"},
                 {"--db", db, "queue", "enqueue", "t", "1", "--delay", "Infinity"},
                 {"--db", db, "queue", "enqueue", "t", "{a: 1,}"},
                 {"--db", db, "queue", "peek", "t", "--limit", "0"},
                 {"--db", db, "queue", "dead", "t", "--limit", "2.5"},
                 {"--db", dbPath("no-queue.db"), "queue", "stats"},
             }) {
            run = runKvs(args);
            QVERIFY2(run.code == 1, qPrintable(args.join(u' ')));
            QVERIFY(run.out.isEmpty());
            VERIFY_ONE_ERROR_LINE(run);
        }
        QVERIFY(!QFile::exists(dbPath("no-queue.db")));
    }

    void queueDeadRetryDelete()
    {
        const QString db = dbPath("dead.db");
        const qint64 first = makeDeadMessage(db, "jobs", "boom");
        const qint64 second = makeDeadMessage(db, "jobs", "second \"failure\"");
        QCOMPARE(first, 1);
        QCOMPARE(second, 2);

        Run run = runKvs({"--db", db, "queue", "dead", "jobs"});
        QCOMPARE(run.code, 0);
        QList<QByteArray> rows = lines(run.out);
        QCOMPARE(rows.size(), 2);
        QVERIFY2(rows[0].startsWith("1 \"job\" (attempts 1/1, due 20")
                     && rows[0].contains(", failed 20")
                     && rows[0].endsWith(", last error \"boom\")"),
                 rows[0].constData());
        QVERIFY(rows[1].endsWith(", last error \"second \\\"failure\\\"\")"));
        run = runKvs({"--db", db, "--json", "queue", "dead", "jobs", "--limit", "1"});
        rows = lines(run.out);
        QCOMPARE(rows.size(), 2);
        const QJsonObject dead = parseObject(rows[0]);
        QCOMPARE(dead.size(), 9);
        QCOMPARE(dead[u"id"].toInt(), 1);
        QCOMPARE(dead[u"payload"].toString(), QStringLiteral("\"job\""));
        QCOMPARE(dead[u"lastError"].toString(), QStringLiteral("boom"));
        QCOMPARE(dead[u"attempts"].toInt(), 1);
        QVERIFY(dead[u"failedAt"].toDouble() >= dead[u"enqueuedAt"].toDouble());
        QVERIFY(!dead.contains(u"lockedUntil"));
        QCOMPARE(rows[1], QByteArray("{\"after\": 1}"));
        QCOMPARE(lines(runKvs({"--db", db, "queue", "dead", "jobs", "--after", "1"}).out).size(),
                 1);
        QVERIFY(runKvs({"--db", db, "queue", "stats", "jobs"}).out.contains("dead 2"));

        // Nothing is retried without an ID or --all.
        run = runKvs({"--db", db, "queue", "retry", "jobs"});
        QCOMPARE(run.code, 2);
        VERIFY_ONE_ERROR_LINE(run);
        QVERIFY(runKvs({"--db", db, "queue", "stats", "jobs"}).out.contains("dead 2"));

        run = runKvs({"--db", db, "queue", "retry", "jobs", "1"});
        QCOMPARE(run.code, 0);
        QCOMPARE(run.out, QByteArray("1\n"));
        run = runKvs({"--db", db, "--json", "queue", "peek", "jobs"});
        const QJsonObject retried = parseObject(lines(run.out).value(0));
        QCOMPARE(retried[u"id"].toInt(), 1);
        QCOMPARE(retried[u"attempts"].toInt(), 0);
        QCOMPARE(retried[u"lastError"].toString(), QStringLiteral("boom")); // kept
        QVERIFY(runKvs({"--db", db, "queue", "stats", "jobs"})
                    .out.startsWith("\"jobs\": pending 1, delayed 0, processing 0, dead 1,"));

        // An ID that is no dead message of the topic: not found, exit 1.
        for (const QStringList &args :
             QList<QStringList>{{"--db", db, "queue", "retry", "jobs", "1"},
                                {"--db", db, "queue", "retry", "x", "2"},
                                {"--db", db, "queue", "delete-dead", "jobs", "9"}}) {
            run = runKvs(args);
            QCOMPARE(run.code, 1);
            QVERIFY(run.out.isEmpty());
            VERIFY_ONE_ERROR_LINE(run);
            QVERIFY2(run.err.startsWith("kvs: not found (no dead message "), run.err.constData());
        }

        QCOMPARE(makeDeadMessage(db, "jobs", "third"), 3);
        run = runKvs({"--db", db, "--json", "queue", "delete-dead", "jobs", "--all"});
        QCOMPARE(run.code, 0);
        QCOMPARE(run.out, QByteArray("{\"deleted\": 2, \"dryRun\": false}\n"));
        QCOMPARE(runKvs({"--db", db, "queue", "delete-dead", "jobs", "--all"}).out,
                 QByteArray("0\n"));
        QCOMPARE(runKvs({"--db", db, "queue", "dead", "jobs"}).out, QByteArray());

        QCOMPARE(makeDeadMessage(db, "jobs", "fourth"), 4);
        QCOMPARE(runKvs({"--db", db, "--json", "queue", "retry", "jobs", "--all"}).out,
                 QByteArray("{\"retried\": 1, \"dryRun\": false}\n"));
        QCOMPARE(makeDeadMessage(db, "jobs", "fifth"), 5);
        QCOMPARE(runKvs({"--db", db, "queue", "delete-dead", "jobs", "5"}).out, QByteArray("1\n"));
        QVERIFY(runKvs({"--db", db, "queue", "stats", "jobs"})
                    .out.startsWith("\"jobs\": pending 2, delayed 0, processing 0, dead 0,"));
    }

    void queueFilteredRepairs()
    {
        const QString db = dbPath("queue-filtered.db");
        // Ten dead letters: even ones failed with a timeout, odd ones with a refusal.
        for (int i = 0; i < 10; ++i) {
            const std::string error = i % 2 == 0 ? "timeout after 30s" : "HTTP 503 refused";
            QVERIFY(makeDeadMessage(db, "jobs", error.c_str()) > 0);
        }
        QVERIFY(makeDeadMessage(db, "other", "timeout after 30s") > 0);
        const QByteArray before = fileBytes(db);

        // A dry run counts and changes nothing (it opens the file read-only).
        Run run = runKvs(
            {"--db", db, "--json", "queue", "retry", "jobs", "--error", "timeout", "--dry-run"});
        QCOMPARE(run.code, 0);
        QCOMPARE(run.out, QByteArray("{\"retried\": 5, \"dryRun\": true}\n"));
        QCOMPARE(fileBytes(db), before);
        // Substrings are case-sensitive; a regex is QRegularExpression's.
        QCOMPARE(
            runKvs({"--db", db, "queue", "retry", "jobs", "--error", "TIMEOUT", "--dry-run"}).out,
            QByteArray("0\n"));
        QCOMPARE(runKvs({"--db",
                         db,
                         "queue",
                         "delete-dead",
                         "jobs",
                         "--error-regex",
                         "^HTTP 5\\d\\d",
                         "--dry-run"})
                     .out,
                 QByteArray("5\n"));
        // Filters combine with AND: every dead letter failed less than a day ago.
        QCOMPARE(runKvs({"--db",
                         db,
                         "queue",
                         "retry",
                         "jobs",
                         "--error",
                         "timeout",
                         "--older-than",
                         "1d",
                         "--dry-run"})
                     .out,
                 QByteArray("0\n"));
        QCOMPARE(runKvs({"--db",
                         db,
                         "queue",
                         "retry",
                         "jobs",
                         "--payload",
                         "job",
                         "--older-than",
                         "0s",
                         "--dry-run"})
                     .out,
                 QByteArray("10\n"));

        // The real run: only the matches of the topic, at a rate.
        run = runKvs({"--db",
                      db,
                      "--json",
                      "queue",
                      "retry",
                      "jobs",
                      "--error",
                      "timeout",
                      "--rate",
                      "1000"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        QCOMPARE(run.out, QByteArray("{\"retried\": 5, \"dryRun\": false}\n"));
        QVERIFY(runKvs({"--db", db, "queue", "stats", "jobs"})
                    .out.startsWith("\"jobs\": pending 5, delayed 0, processing 0, dead 5,"));
        QVERIFY(runKvs({"--db", db, "queue", "stats", "other"}).out.contains("dead 1"));
        run = runKvs({"--db", db, "queue", "delete-dead", "jobs", "--error-regex", "refused$"});
        QCOMPARE(run.out, QByteArray("5\n"));
        QVERIFY(runKvs({"--db", db, "queue", "stats", "jobs"}).out.contains("dead 0"));

        // Every write is in the audit log, without payloads; the log is the user's alone.
        const QString auditPath = QString::fromLocal8Bit(qgetenv("KVS_AUDIT_LOG"));
        QVERIFY(!auditPath.isEmpty());
        const QList<QByteArray> audit = lines(fileBytes(auditPath));
        QVERIFY(audit.size() >= 4);
        // Each write: a started line, then its ended line (issue 28).
        const QJsonObject retried = parseObject(audit[audit.size() - 3]);
        QCOMPARE(retried[u"event"].toString(), QStringLiteral("ended"));
        QCOMPARE(parseObject(audit[audit.size() - 4])[u"expected"].toInt(), 5);
        QCOMPARE(retried[u"action"].toString(), QStringLiteral("retry"));
        QCOMPARE(retried[u"topic"].toString(), QStringLiteral("jobs"));
        QCOMPARE(retried[u"filter"].toString(), QStringLiteral("--error \"timeout\" --rate 1000"));
        QCOMPARE(retried[u"matched"].toInt(), 5);
        QCOMPARE(retried[u"changed"].toInt(), 5);
        QCOMPARE(retried[u"result"].toString(), QStringLiteral("done"));
        QCOMPARE(retried[u"database"].toString(), db);
        QVERIFY(!retried[u"user"].toString().isEmpty());
        QVERIFY(!retried[u"time"].toString().isEmpty());
        const QJsonObject deleted = parseObject(audit.last());
        QCOMPARE(deleted[u"action"].toString(), QStringLiteral("delete-dead"));
        QCOMPARE(deleted[u"changed"].toInt(), 5);
        QCOMPARE(QFileInfo(auditPath).permissions()
                     & ~(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadUser | QFile::WriteUser),
                 QFileDevice::Permissions());

        // Usage errors: nothing touched.
        for (const QStringList &args : QList<QStringList>{
                 {"--db", db, "queue", "retry", "jobs", "1", "--error", "x"},
                 {"--db", db, "queue", "retry", "jobs", "--all", "--error", "x"},
                 {"--db", db, "queue", "retry", "jobs", "--error-regex", "(unclosed"},
                 {"--db", db, "queue", "retry", "jobs", "--older-than", "5 minutes"},
                 {"--db", db, "queue", "retry", "jobs", "--all", "--rate", "0"},
                 {"--db", db, "queue", "retry", "jobs", "1", "--rate", "10"}}) {
            run = runKvs(args);
            QCOMPARE(run.code, 2);
            VERIFY_ONE_ERROR_LINE(run);
        }
        run = runKvs({"--db", db, "queue", "retry", "jobs", "--error-regex", "(unclosed"});
        QVERIFY2(run.err.startsWith("kvs: invalid regular expression: missing closing "
                                    "parenthesis at offset 9 (in --error-regex)"),
                 run.err.constData());
        run = runKvs({"--db", db, "queue", "retry", "jobs", "--older-than", "5 minutes"});
        QCOMPARE(run.err,
                 QByteArray("kvs: --older-than needs a duration such as 90s, 30m, 2h or "
                            "1d, got \"5 minutes\"\n"));
    }

    void queuePayloadPathFilter()
    {
        const QString db = dbPath("queue-payload-path.db");
        for (int i = 0; i < 6; ++i) {
            const std::string literal = "{customer: {id: " + std::to_string(40 + i % 3)
                                        + "}, \"a=b\": {\"c.d\": " + std::to_string(i) + "}}";
            QVERIFY(makeDeadMessage(db, "jobs", "boom", kvs::parseLiteral(literal)) > 0);
        }
        const QByteArray before = fileBytes(db);
        const auto count = [&](const char *condition) {
            return runKvs({"--db",
                           db,
                           "queue",
                           "retry",
                           "jobs",
                           "--payload-path",
                           QString::fromUtf8(condition),
                           "--dry-run"});
        };
        QCOMPARE(count("customer.id=42").out, QByteArray("2\n"));
        QCOMPARE(count("[\"customer\",\"id\"]=42").out, QByteArray("2\n"));
        QCOMPARE(count("customer.id = 42").out, QByteArray("2\n"));
        QCOMPARE(count("customer.id=42n").out, QByteArray("0\n"));
        QCOMPARE(count("[\"a=b\", \"c.d\"]=5").out, QByteArray("1\n"));
        QCOMPARE(count("customer.id=\"42\"").out, QByteArray("0\n"));
        QCOMPARE(fileBytes(db), before);
        // With another filter: AND.
        QCOMPARE(runKvs({"--db",
                         db,
                         "queue",
                         "delete-dead",
                         "jobs",
                         "--payload-path",
                         "customer.id=40",
                         "--error",
                         "nothing like this",
                         "--dry-run"})
                     .out,
                 QByteArray("0\n"));

        // The real run deletes the matches only, and the audit log names the condition.
        Run run = runKvs({"--db",
                          db,
                          "--json",
                          "queue",
                          "delete-dead",
                          "jobs",
                          "--payload-path",
                          "customer.id=41"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        QCOMPARE(run.out, QByteArray("{\"deleted\": 2, \"dryRun\": false}\n"));
        QVERIFY(runKvs({"--db", db, "queue", "stats", "jobs"}).out.contains("dead 4"));
        const QJsonObject audit = parseObject(
            lines(fileBytes(QString::fromLocal8Bit(qgetenv("KVS_AUDIT_LOG")))).last());
        QCOMPARE(audit[u"action"].toString(), QStringLiteral("delete-dead"));
        QCOMPARE(audit[u"filter"].toString(), QStringLiteral("--payload-path \"customer.id=41\""));
        QCOMPARE(audit[u"changed"].toInt(), 2);

        // Errors: usage (exit 2), one line each, nothing touched.
        const QByteArray afterDelete = fileBytes(db);
        const QList<QPair<QString, QByteArray>> errors{
            {"customer.id",
             "kvs: --payload-path needs PATH=LITERAL such as customer.id=42 or "
             "[\"customer\",\"id\"]=42, got \"customer.id\"\n"},
            {"customer..id=1",
             "kvs: invalid payload path \"customer..id\": empty part at "
             "position 9 (in --payload-path)\n"},
            {"[\"a\", -1]=1",
             "kvs: invalid payload path \"[\\\"a\\\", -1]\": parts are strings or "
             "integers >= 0, got a number -1 (in --payload-path)\n"},
            {"customer.id=4 2", "kvs: expected end of input at position 2 (in --payload-path)\n"}};
        for (const auto &[condition, message] : errors) {
            run = runKvs({"--db", db, "queue", "retry", "jobs", "--payload-path", condition});
            QCOMPARE(run.err, message);
            QVERIFY(run.code != 0);
        }
        QCOMPARE(fileBytes(db), afterDelete);
    }

    // Issue 37: --where CONDITION over the payload as value; the same path as --payload-path.
    void queueWhereFilter()
    {
        const QString db = dbPath("queue-where.db");
        for (int i = 0; i < 6; ++i) {
            const std::string literal = "{customer: {id: " + std::to_string(40 + i % 3)
                                        + "}, attempts: " + std::to_string(i) + ", at: new Date("
                                        + std::to_string(i * 1000) + ")}";
            QVERIFY(makeDeadMessage(db, "jobs", "boom", kvs::parseLiteral(literal)) > 0);
        }
        const QByteArray before = fileBytes(db);
        const auto count = [&](const char *condition) {
            return runKvs({"--db",
                           db,
                           "queue",
                           "retry",
                           "jobs",
                           "--where",
                           QString::fromUtf8(condition),
                           "--dry-run"});
        };
        QCOMPARE(count("value.customer.id == 42").out, QByteArray("2\n"));
        QCOMPARE(count("value.customer.id == 42n").out, QByteArray("2\n")); // by value
        QCOMPARE(count("value.attempts >= 4 || value.at < new Date(1000)").out, QByteArray("3\n"));
        QCOMPARE(count("!exists(value.customer.name)").out, QByteArray("6\n"));
        QCOMPARE(count("key[0] == 1").out, QByteArray("0\n")); // a payload has no key
        QCOMPARE(fileBytes(db), before);
        // With another filter: AND; and it is a filter (not with --all).
        QCOMPARE(runKvs({"--db",
                         db,
                         "queue",
                         "retry",
                         "jobs",
                         "--where",
                         "value.attempts < 3",
                         "--payload-path",
                         "customer.id=40",
                         "--dry-run"})
                     .out,
                 QByteArray("1\n"));
        Run run = runKvs({"--db", db, "queue", "retry", "jobs", "--all", "--where", "size > 0"});
        QCOMPARE(run.code, 2);
        QVERIFY(run.err.contains("--where"));

        // The real run retries the matches only; the audit log names the condition.
        run = runKvs(
            {"--db", db, "--json", "queue", "retry", "jobs", "--where", "value.customer.id == 41"});
        QCOMPARE(run.code, 0);
        QCOMPARE(run.out, QByteArray("{\"retried\": 2, \"dryRun\": false}\n"));
        const QJsonObject audit = parseObject(
            lines(fileBytes(QString::fromLocal8Bit(qgetenv("KVS_AUDIT_LOG")))).last());
        QCOMPARE(audit[u"filter"].toString(),
                 QStringLiteral("--where \"value.customer.id == 41\""));
        QCOMPARE(audit[u"changed"].toInt(), 2);

        // A condition that does not parse: usage (exit 2), its position, nothing touched.
        const QByteArray afterRetry = fileBytes(db);
        run = runKvs({"--db", db, "queue", "delete-dead", "jobs", "--where", "value.a = 1"});
        QCOMPARE(run.code, 2);
        QCOMPARE(run.err,
                 QByteArray("kvs: expected == (a single = compares nothing) at position 8 "
                            "(in --where)\n"));
        QCOMPARE(fileBytes(db), afterRetry);
    }

    void queueMoveReplacesAMessage()
    {
        const QString db = dbPath("queue-move.db");
        const qint64 id = makeDeadMessage(db, "jobs", "bad payload");
        QVERIFY(id > 0);
        Run run = runKvs({"--db",
                          db,
                          "--json",
                          "queue",
                          "move",
                          "jobs",
                          QString::number(id),
                          "{fixed: true}",
                          "--max-attempts",
                          "5"});
        QCOMPARE(run.code, 0);
        const QJsonObject moved = parseObject(run.out.trimmed());
        QCOMPARE(moved[u"replaced"].toInteger(), id);
        QVERIFY(moved[u"id"].toInteger() > id);
        run = runKvs({"--db", db, "--json", "queue", "peek", "jobs"});
        const QJsonObject message = parseObject(lines(run.out).value(0));
        QCOMPARE(message[u"payload"].toString(), QStringLiteral("{\"fixed\": true}"));
        QCOMPARE(message[u"maxAttempts"].toInt(), 5);
        QVERIFY(runKvs({"--db", db, "queue", "stats", "jobs"}).out.contains("dead 0"));
        // Gone: not found, exit 1, nothing written.
        const QByteArray before = fileBytes(db);
        run = runKvs({"--db", db, "queue", "move", "jobs", QString::number(id), "1"});
        QCOMPARE(run.code, 1);
        QCOMPARE(run.err,
                 QByteArray("kvs: not found (no message " + QByteArray::number(id)
                            + " in topic \"jobs\")\n"));
        // A bad payload literal is refused before anything is read.
        run = runKvs({"--db", db, "queue", "move", "jobs", QString::number(id), "{oops"});
        QCOMPARE(run.code, 1);
        VERIFY_ONE_ERROR_LINE(run);
        QVERIFY(run.err.contains("(in PAYLOAD)"));
    }

    // Retried and leased by a consumer since the operator looked: the move refuses, exit 1,
    // the store's message on stderr, nothing written, and the audit log says why.
    void queueMoveRefusesAMessageNoLongerDead()
    {
        const QString db = dbPath("queue-move-leased.db");
        const qint64 id = makeDeadMessage(db, "jobs", "bad payload");
        QVERIFY(id > 0);
        std::string token;
        {
            kvs::KVStore store(QFile::encodeName(db).toStdString());
            QCOMPARE(store.retryDeadMessages("jobs", {double(id)}), std::int64_t(1));
            const std::vector<kvs::QueueMessage> leased = store.dequeue("jobs");
            QCOMPARE(leased.size(), std::size_t(1));
            token = leased[0].token;
        }
        const QByteArray before = fileBytes(db);
        const Run run = runKvs({"--db", db, "queue", "move", "jobs", QString::number(id), "1"});
        QCOMPARE(run.code, 1);
        QCOMPARE(run.out, QByteArray());
        const QByteArray message = "kvs: moveMessage() needs a dead message, but message "
                                   + QByteArray::number(id) + " of topic \"jobs\" is processing";
        QCOMPARE(run.err, message + "\n");
        QCOMPARE(fileBytes(db), before);
        const QJsonObject audit = parseObject(
            lines(fileBytes(QString::fromLocal8Bit(qgetenv("KVS_AUDIT_LOG")))).last());
        QCOMPARE(audit[u"action"].toString(), QStringLiteral("move"));
        QCOMPARE(audit[u"filter"].toString(), QStringLiteral("id %1").arg(id));
        QCOMPARE(audit[u"changed"].toInt(), 0);
        QCOMPARE(audit[u"result"].toString(), QStringLiteral("failed"));
        QCOMPARE(audit[u"detail"].toString(), QString::fromUtf8(message));
        kvs::KVStore store(QFile::encodeName(db).toStdString());
        QVERIFY(store.acknowledge(double(id), token)); // the consumer's lease still holds
    }

    void queuePeekDone()
    {
        const QString db = dbPath("queue-done.db");
        {
            kvs::KVStoreOptions options;
            options.queue.doneRetention = 3600000;
            kvs::KVStore store(QFile::encodeName(db).toStdString(), options);
            (void)store.enqueue(kvs::Value("finished"));
            const auto messages = store.dequeue();
            QVERIFY(store.acknowledge(double(messages.at(0).id), messages.at(0).token));
        }
        const Run run = runKvs({"--db", db, "queue", "peek", "default", "--status", "done"});
        QCOMPARE(run.code, 0);
        QCOMPARE(lines(run.out).size(), 1);
        QVERIFY2(run.out.startsWith("1 "), run.out.constData());
    }

    void queueReadCommandsLeaveFilesUnchanged()
    {
        const QString db = dbPath("queue-readonly.db");
        QCOMPARE(makeDeadMessage(db, "jobs", "boom"), 1);
        QCOMPARE(runKvs({"--db", db, "queue", "enqueue", "jobs", "1"}).code, 0);
        {
            // A lease that expired on its last attempt: a write would dead-letter it.
            kvs::KVStore store(QFile::encodeName(db).toStdString());
            kvs::QueueOptions options;
            options.topic = "jobs";
            options.maxAttempts = 1;
            (void)store.enqueue(kvs::Value(3.0), options);
            kvs::DequeueOptions lease;
            lease.visibilityTimeout = 1;
            QCOMPARE(store.dequeue("jobs", 2, lease).size(), std::size_t(2));
        }
        // The kvs processes below read the system's time: the 1 ms lease is over by then.
        const std::int64_t leased = kvs::systemClock()->now();
        QVERIFY(QTest::qWaitFor([&] { return kvs::systemClock()->now() > leased + 1; }, 5000));
        const SqlitePtr holder = openSqlite(db);
        QVERIFY(exec(holder.get(), "PRAGMA wal_autocheckpoint=0"));
        QVERIFY(insertRow(holder.get(), kvs::Key{"in-wal"}, kvs::Value("w"), 99));
        QVERIFY(QFileInfo(db + QStringLiteral("-wal")).size() > 0);

        const QByteArray mainBefore = fileBytes(db);
        const QByteArray walBefore = fileBytes(db + QStringLiteral("-wal"));
        for (const QStringList &args : QList<QStringList>{
                 {"--db", db, "queue", "stats"},
                 {"--db", db, "--json", "queue", "stats", "jobs"},
                 {"--db", db, "queue", "peek", "jobs", "--status", "processing"},
                 {"--db", db, "--json", "queue", "peek", "jobs"},
                 {"--db", db, "queue", "dead", "jobs"},
                 {"--db", db, "--json", "queue", "dead", "jobs", "--limit", "1"},
             }) {
            const Run run = runKvs(args);
            QVERIFY2(run.code == 0, run.err.constData());
        }
        // Read-only, the expired last-attempt lease still counts as processing.
        QVERIFY(
            runKvs({"--db", db, "queue", "stats", "jobs"}).out.contains("processing 2, dead 1"));
        QCOMPARE(fileBytes(db), mainBefore);
        QCOMPARE(fileBytes(db + QStringLiteral("-wal")), walBefore);
    }

    void queueWritesNeedMigrate()
    {
        const QString db = dbPath("queue-old.db");
        QVERIFY(makeSchemaVersion2Database(db));
        const QByteArray before = fileBytes(db);
        for (const QStringList &args : QList<QStringList>{
                 {"--db", db, "queue", "enqueue", "t", "1"},
                 {"--db", db, "queue", "retry", "t", "--all"},
                 {"--db", db, "queue", "delete-dead", "t", "--all"},
             }) {
            const Run run = runKvs(args);
            QCOMPARE(run.code, 1);
            VERIFY_ONE_ERROR_LINE(run);
            QVERIFY2(run.err.contains("--migrate"), run.err.constData());
        }
        QCOMPARE(fileBytes(db), before);
        QCOMPARE(runKvs({"--db", db, "queue", "stats"}).code, 0); // reads the older schema
        QCOMPARE(runKvs({"--db", db, "--migrate", "queue", "enqueue", "t", "1"}).out,
                 QByteArray("1\n"));
        QVERIFY(runKvs({"--db", db, "queue", "stats", "t"}).out.startsWith("\"t\": pending 1,"));
    }

    // `kvs watch` sees a write that another connection commits, through the change feed.
    void watchPrintsAnotherWritersChange()
    {
        const QString db = dbPath("watched.db");
        kvs::KVStore writer(db.toStdString());
        writer.set({"config", "theme"}, kvs::Value("light"));
        QProcess watch;
        watch.start(kvs::test::fromTest(KVS_CLI_PATH),
                    {QStringLiteral("--db"),
                     db,
                     QStringLiteral("--json"),
                     QStringLiteral("watch"),
                     QStringLiteral("[\"config\", \"theme\"]"),
                     QStringLiteral("[\"config\", \"lang\"]"),
                     QStringLiteral("--count"),
                     QStringLiteral("1")});
        QVERIFY(watch.waitForStarted());
        // The initial entries come first, one line per key.
        QTRY_VERIFY_WITH_TIMEOUT(watch.canReadLine(), 10'000);
        QByteArray initial = watch.readLine();
        QTRY_VERIFY_WITH_TIMEOUT(watch.canReadLine(), 10'000);
        initial += watch.readLine();
        QVERIFY2(initial.contains("\"value\": \"\\\"light\\\"\"")
                     && initial.contains("\"initial\": true"),
                 initial.constData());
        writer.set({"config", "theme"}, kvs::Value("dark"));
        QVERIFY(watch.waitForFinished(10'000));
        QCOMPARE(watch.exitCode(), 0);
        const QByteArray change = watch.readAllStandardOutput();
        QVERIFY2(change.contains("\"value\": \"\\\"dark\\\"\"")
                     && change.contains("\"initial\": false"),
                 change.constData());
        QCOMPARE(change.count('\n'), 1); // only the key that changed
    }
};

QTEST_GUILESS_MAIN(TestCliQueue)
#include "tst_cli_queue.moc"
