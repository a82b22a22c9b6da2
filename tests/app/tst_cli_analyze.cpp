// Issue 39: `kvs analyze` (the real binary, KVS_CLI_PATH) on SQLite files: its text and --json
// output (the README's schema, figures as the engine counts them), --save and --compare ID
// (growth per prefix, what appeared and vanished, saved 0600 per database), its usage errors
// and exit codes, and that it writes nothing to the database.
#include "cli_test_support.h"

#include <kvs/kvstore.h>
#include <kvs/literal.h>

#include <QJsonArray>
#include <QTemporaryDir>

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
