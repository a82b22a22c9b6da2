// Issue 39: `kvs analyze` (the real binary, KVS_CLI_PATH) on SQLite files: its text and --json
// output (the README's schema, figures as the engine counts them), --save and --compare ID
// (growth per prefix, what appeared and vanished, saved 0600 per database), its usage errors
// and exit codes, that it writes nothing to the database, and the queue and storage sections (a
// report saved before them still compares).
#include "cli_test_support.h"

#include <kvs/kvstore.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <sqlite3.h>

#include <sys/stat.h>

using namespace cli_test;

class TestCliAnalyze : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_db;

    Run analyze(QStringList args) { return runKvs(QStringList{"--db", m_db, "analyze"} + args); }

    void set(const char *key, const char *value)
    {
        kvs::KVStore store(QFile::encodeName(m_db).toStdString());
        store.set(kvs::parseKeyLiteral(key), kvs::parseLiteral(value));
    }

    static QJsonObject childNamed(const QJsonObject &node, const QString &key)
    {
        for (const QJsonValue child : node.value(QStringLiteral("children")).toArray()) {
            if (child.toObject().value(QStringLiteral("key")).toString() == key)
                return child.toObject();
        }
        return {};
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // The saved reports go to this data folder, not the user's.
        qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("data"))));
        m_db = m_dir.filePath(QStringLiteral("analyze.db"));
        set(R"(["users", "alice"])", R"({name: "Alice"})");
        set(R"(["users", "bob"])", R"({name: "Bob", n: 12n})");
        set(R"(["orders", 1])", R"("a long order text, longer than the others")");
        set(R"(["orders", 2])", "7");
    }

    void printsTheReportAsJson()
    {
        const QByteArray before = fileBytes(m_db);
        const Run run = runKvs({"--db", m_db, "--json", "analyze", "--top", "2"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        QCOMPARE(lines(run.out).size(), 1);
        const QJsonObject report = parseObject(run.out);
        QCOMPARE(report.value("version").toInt(), 1);
        QCOMPARE(report.value("partial").toBool(), false);
        QCOMPARE(report.value("rowsRead").toInt(), 4);
        QCOMPARE(report.value("totals").toObject().value("entries").toInt(), 4);
        const QJsonObject tree = report.value("tree").toObject();
        QCOMPARE(tree.value("key").toString(), QStringLiteral("[]"));
        QCOMPARE(tree.value("children").toArray().size(), 2);
        const QJsonObject orders = childNamed(tree, QStringLiteral("[\"orders\"]"));
        QCOMPARE(orders.value("entries").toInt(), 2);
        QCOMPARE(orders.value("children").toArray().size(), 2);
        QCOMPARE(orders.value("expiry").toArray().at(0).toObject().value("group").toString(),
                 QStringLiteral("none"));
        QCOMPARE(report.value("largest").toArray().size(), 2);
        QCOMPARE(report.value("largest").toArray().at(0).toObject().value("key").toString(),
                 QStringLiteral("[\"orders\", 1]"));
        QStringList kinds;
        for (const QJsonValue kind : report.value("kinds").toArray())
            kinds << kind.toObject().value("kind").toString();
        kinds.sort();
        QCOMPARE(kinds, (QStringList{"number", "object", "string"}));
        QCOMPARE(report.value("outside").toObject().value("entries").toInt(), 0);
        QCOMPARE(fileBytes(m_db), before); // read-only
    }

    void printsTheReportAsText()
    {
        const Run run = analyze({"--prefix", R"(["users"])", "--depth", "1"});
        QCOMPARE(run.code, 0);
        QVERIFY(run.out.startsWith("Key space of [\"users\"]: 2 rows read in "));
        QVERIFY(run.out.contains("\nTotals: 2 entries, "));
        QVERIFY(run.out.contains("\nTree by bytes (depth 1):\n  [\"users\", \"bob\"]  1 entries"));
        QVERIFY(run.out.contains("\nExpiry:\n  none: 2 entries"));
        QVERIFY(run.out.contains("\nRows outside the key space: 0 (0 bytes)\n"));
        QVERIFY(!run.out.contains("PARTIAL"));
    }

    void savesAndCompares()
    {
        Run run = analyze({"--save"});
        QCOMPARE(run.code, 0);
        QCOMPARE(run.err, QByteArray("kvs: saved as report 1 of this database\n"));
        const QString saved
            = m_dir.filePath(QStringLiteral("data/kvs-admin/analysis-reports.jsonl"));
        struct stat status = {};
        QCOMPARE(::stat(QFile::encodeName(saved).constData(), &status), 0);
        QCOMPARE(status.st_mode & 0777, 0600u);
        // Growth: orders gains an entry, users loses bob, sessions appears.
        set(R"(["orders", 3])", R"("three")");
        {
            kvs::KVStore store(QFile::encodeName(m_db).toStdString());
            store.remove(kvs::parseKeyLiteral(R"(["users", "bob"])"));
        }
        set(R"(["sessions", "s1"])", "true");
        run = runKvs({"--db", m_db, "--json", "analyze", "--compare", "1"});
        QCOMPARE(run.code, 0);
        const QJsonObject report = parseObject(run.out);
        QCOMPARE(report.value("comparedWith").toInt(), 1);
        QMap<QString, QJsonObject> changes;
        for (const QJsonValue change : report.value("changes").toArray())
            changes.insert(change.toObject().value("key").toString(), change.toObject());
        QCOMPARE(changes.value("[\"orders\"]").value("status").toString(),
                 QStringLiteral("changed"));
        QCOMPARE(changes.value("[\"orders\"]").value("entries").toInt(), 3);
        QCOMPARE(changes.value("[\"orders\"]").value("entriesBefore").toInt(), 2);
        QCOMPARE(changes.value("[\"sessions\"]").value("status").toString(),
                 QStringLiteral("appeared"));
        QCOMPARE(changes.value("[\"users\", \"bob\"]").value("status").toString(),
                 QStringLiteral("vanished"));
        QVERIFY(!changes.contains("[\"users\", \"alice\"]")); // unchanged
        // Text: "Since report 1:", the largest change of bytes first.
        run = analyze({"--compare", "1"});
        QCOMPARE(run.code, 0);
        QVERIFY(run.out.contains("\nSince report 1:\n"));
        QVERIFY(run.out.contains("\n  []  +1 entries, "));
        QVERIFY(run.out.contains("  [\"sessions\"]  appeared: 1 entries, "));
        // A second save gets the next id; another database has ids of its own.
        QCOMPARE(analyze({"--save"}).err, QByteArray("kvs: saved as report 2 of this database\n"));
        const QString other = m_dir.filePath(QStringLiteral("other.db"));
        kvs::KVStore(QFile::encodeName(other).toStdString()).set({"x"}, kvs::Value(1.0));
        run = runKvs({"--db", other, "analyze", "--compare", "2"});
        QCOMPARE(run.code, 1);
        QCOMPARE(run.err,
                 QByteArray("kvs: no saved report 2 of this database (kvs analyze --save keeps "
                            "one)\n"));
        QCOMPARE(runKvs({"--db", other, "analyze", "--save"}).err,
                 QByteArray("kvs: saved as report 1 of this database\n"));
    }

    // The queue by topic and status and the file's figures, in JSON and text; a saved report
    // without those sections (an older kvs's) is still compared with.
    void queueAndStorageSections()
    {
        const QString db = m_dir.filePath(QStringLiteral("queue.db"));
        const kvs::Value payload(std::string("a job"));
        {
            kvs::KVStore store(QFile::encodeName(db).toStdString());
            kvs::QueueOptions options;
            options.topic = "jobs";
            store.enqueue(payload, options);
            options.delay = 3'600'000;
            store.enqueue(payload, options);
        }
        Run run = runKvs({"--db", db, "--json", "analyze", "--save"});
        QCOMPARE(run.code, 0);
        const QJsonObject report = parseObject(run.out);
        const QJsonArray queue = report.value("queue").toArray();
        QCOMPARE(queue.size(), 2);
        const double payloadBytes = double(kvs::encodeValue(payload).size());
        QStringList statuses;
        for (const QJsonValue row : queue) {
            QCOMPARE(row.toObject().value("topic").toString(), QStringLiteral("jobs"));
            QCOMPARE(row.toObject().value("messages").toInt(), 1);
            QCOMPARE(row.toObject().value("payloadBytes").toDouble(), payloadBytes);
            QVERIFY(row.toObject().value("oldestEnqueuedAt").toDouble() > 0);
            QVERIFY(row.toObject().value("oldestFinishedAt").isNull());
            statuses << row.toObject().value("status").toString();
        }
        QCOMPARE(statuses, (QStringList{"delayed", "pending"}));
        const QJsonObject file = report.value("storage").toObject().value("sqlite").toObject();
        sqlite3 *handle = nullptr;
        QCOMPARE(sqlite3_open_v2(
                     QFile::encodeName(db).constData(), &handle, SQLITE_OPEN_READONLY, nullptr),
                 SQLITE_OK);
        sqlite3_stmt *statement = nullptr;
        sqlite3_prepare_v2(handle, "PRAGMA page_size", -1, &statement, nullptr);
        QCOMPARE(sqlite3_step(statement), SQLITE_ROW);
        const double pageSize = double(sqlite3_column_int64(statement, 0));
        sqlite3_finalize(statement);
        sqlite3_close(handle);
        QCOMPARE(file.value("pageSize").toDouble(), pageSize);
        QCOMPARE(file.value("fileBytes").toDouble(), double(QFileInfo(db).size()));
        QCOMPARE(file.value("freePages").toDouble(), 0.0);
        QVERIFY(!report.value("storage").toObject().contains("tables"));

        run = runKvs({"--db", db, "analyze"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.out.contains("\nQueue (by topic and status):\n  \"jobs\" delayed: 1 messages, "
                                  + QByteArray::number(qint64(payloadBytes))
                                  + " payload bytes, oldest enqueued 20"),
                 run.out.constData());
        QVERIFY(run.out.contains("\nStorage:\n  file " + QFile::encodeName(db) + ": "));
        QVERIFY(
            run.out.contains("\n  free pages: 0 (0 bytes, 0.0 %; VACUUM would reclaim them)\n"));

        // The saved report holds both sections; taken out, as an older kvs saved it, it still
        // compares: nothing changed.
        const QString saved
            = m_dir.filePath(QStringLiteral("data/kvs-admin/analysis-reports.jsonl"));
        QFile lines(saved);
        QVERIFY(lines.open(QIODevice::ReadOnly));
        QByteArrayList rewritten;
        bool found = false;
        for (const QByteArray &line : lines.readAll().split('\n')) {
            if (line.isEmpty())
                continue;
            QJsonObject object = QJsonDocument::fromJson(line).object();
            QJsonObject old = object.value("report").toObject();
            if (old.contains("queue") && old.value("queue").toArray().size() == 2) {
                QVERIFY(old.contains("storage"));
                old.remove("queue");
                old.remove("storage");
                object.insert("report", old);
                found = true;
            }
            rewritten << QJsonDocument(object).toJson(QJsonDocument::Compact);
        }
        lines.close();
        QVERIFY(found);
        QVERIFY(lines.open(QIODevice::WriteOnly | QIODevice::Truncate));
        lines.write(rewritten.join('\n') + '\n');
        lines.close();
        run = runKvs({"--db", db, "analyze", "--compare", "1"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        QVERIFY(run.out.contains("\nSince report 1: no change\n"));
    }

    void usageErrors()
    {
        const auto refused = [this](const QStringList &args, const QByteArray &message) {
            const Run run = analyze(args);
            QCOMPARE(run.code, 2);
            QCOMPARE(run.err, message + "\n");
            QVERIFY(run.out.isEmpty());
        };
        refused({"--depth", "9"}, "kvs: --depth needs an integer from 0 to 8, got \"9\"");
        refused({"--top", "0"}, "kvs: --top needs an integer from 1 to 1000, got \"0\"");
        refused({"--budget", "0"}, "kvs: --budget needs a number of seconds > 0, got \"0\"");
        refused({"--compare", "x"}, "kvs: --compare needs a number, got \"x\"");
        refused({"--compare", "1.5"},
                "kvs: --compare needs a saved report's id (an integer >= 1), got \"1.5\"");
        refused({"--limit", "3"}, "kvs: --limit is not an option of analyze");
        refused({"extra"},
                "kvs: wrong number of arguments (usage: kvs [options] analyze [--prefix KEY] "
                "[--depth N] [--top N] [--budget SECONDS] [--json] [--save] [--compare ID])");
        // No database: kvs::Error, exit 1, nothing created.
        const QString missing = m_dir.filePath(QStringLiteral("missing.db"));
        const Run run = runKvs({"--db", missing, "analyze"});
        QCOMPARE(run.code, 1);
        QVERIFY(!QFile::exists(missing));
    }
};

QTEST_GUILESS_MAIN(TestCliAnalyze)
#include "tst_cli_analyze.moc"
