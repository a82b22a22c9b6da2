// Runs the real `kvs` binary (KVS_CLI_PATH) and checks its output, exit codes and files.

#include "cli_test_support.h"
#include "support/test_paths.h"

#include <kvs/key.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace cli_test;

namespace {

const char *const kBenchFields[] = {"backend",
                                    "db",
                                    "op",
                                    "ops_per_s",
                                    "p50_us",
                                    "p99_us",
                                    "baseline",
                                    "baseline_ops_per_s",
                                    "ratio"};

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private:
    QString dbPath(const char *name) const { return m_dir.filePath(QString::fromUtf8(name)); }
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void help()
    {
        for (const char *flag : {"--help", "-h"}) {
            const Run run = runKvs({QString::fromUtf8(flag)});
            QCOMPARE(run.code, 0);
            QVERIFY(run.err.isEmpty());
            for (const char *topic : {"key encode",
                                      "value decode",
                                      "get KEY",
                                      "set KEY VALUE",
                                      "delete KEY",
                                      "increment KEY",
                                      "list",
                                      "bench",
                                      "--db",
                                      "--json",
                                      "--table-prefix",
                                      "--migrate",
                                      "--version",
                                      "Literal syntax",
                                      "new Date(",
                                      "Exit codes",
                                      "cursor: C",
                                      "queue stats",
                                      "queue peek TOPIC",
                                      "queue dead TOPIC",
                                      "queue retry TOPIC ID|--all",
                                      "queue delete-dead TOPIC ID|--all",
                                      "queue enqueue TOPIC PAYLOAD",
                                      "\"oldestPendingAt\"",
                                      "\"failedAt\"",
                                      "queue_cycle_backlog_10000"}) {
                QVERIFY2(run.out.contains(topic), topic);
            }
        }
        const Run afterCommand = runKvs({"get", "--help"});
        QCOMPARE(afterCommand.code, 0);
    }

    void version()
    {
        const Run run = runKvs({"--version"});
        QCOMPARE(run.code, 0);
        QVERIFY(run.out.startsWith("kvs "));
        QCOMPARE(run.out.count('\n'), 1);
    }

    void keyCodec_data()
    {
        QTest::addColumn<QString>("literal");
        QTest::addColumn<QString>("hex");
        QFile file(kvs::test::fromTest(KVS_TEST_DATA_DIR "/kvs-vectors.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray keys = QJsonDocument::fromJson(file.readAll()).object()[u"keys"].toArray();
        QVERIFY(!keys.isEmpty());
        for (const QJsonValue &entry : keys) {
            const QString literal = entry[u"literal"].toString();
            QTest::newRow(literal.toUtf8().constData()) << literal << entry[u"hex"].toString();
        }
    }

    void keyCodec()
    {
        QFETCH(QString, literal);
        QFETCH(QString, hex);
        const Run encoded = runKvs({"key", "encode", literal});
        QCOMPARE(encoded.code, 0);
        QCOMPARE(encoded.out, hex.toUtf8() + '\n');
        const Run decoded = runKvs({"key", "decode", hex});
        QCOMPARE(decoded.code, 0);
        const std::string bytes = QByteArray::fromHex(hex.toUtf8()).toStdString();
        QCOMPARE(decoded.out,
                 QByteArray::fromStdString(kvs::printKeyLiteral(kvs::decodeKey(bytes))) + '\n');
    }

    void valueCodec_data()
    {
        QTest::addColumn<QString>("literal");
        QTest::addColumn<QString>("hex");
        QFile file(kvs::test::fromTest(KVS_TEST_DATA_DIR "/kvs-vectors.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray values
            = QJsonDocument::fromJson(file.readAll()).object()[u"values"].toArray();
        QVERIFY(!values.isEmpty());
        for (const QJsonValue &entry : values) {
            QTest::newRow(entry[u"name"].toString().toUtf8().constData())
                << entry[u"literal"].toString() << entry[u"hex"].toString();
        }
    }

    void valueCodec()
    {
        QFETCH(QString, literal);
        QFETCH(QString, hex);
        // Literals such as -0 and -Infinity begin with '-' and are still positional.
        const Run encoded = runKvs({"value", "encode", literal});
        QCOMPARE(encoded.code, 0);
        QCOMPARE(encoded.out, hex.toUtf8() + '\n');
        const Run decoded = runKvs({"value", "decode", hex});
        QCOMPARE(decoded.code, 0);
        const std::string bytes = QByteArray::fromHex(hex.toUtf8()).toStdString();
        QCOMPARE(decoded.out,
                 QByteArray::fromStdString(kvs::printLiteral(kvs::decodeValue(bytes))) + '\n');
    }

    void codecJson()
    {
        Run run = runKvs({"--json", "key", "encode", "['a']"});
        QCOMPARE(run.code, 0);
        QCOMPARE(run.out,
                 QByteArray("{\"key\": \"[\\\"a\\\"]\", \"hex\": \"026100\"}"
                            "\n"));
        run = runKvs({"value", "decode", "3432", "--json"});
        QCOMPARE(run.code, 0);
        QCOMPARE(run.out,
                 QByteArray("{\"value\": \"42\", \"hex\": \"3432\"}"
                            "\n"));
    }

    void codecErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("start");
        QTest::newRow("odd hex") << QStringList{"key", "decode", "026"} << QByteArray("kvs: HEX");
        QTest::newRow("not hex") << QStringList{"value", "decode", "zz"} << QByteArray("kvs: HEX");
        QTest::newRow("truncated key")
            << QStringList{"key", "decode", "0261"} << QByteArray("kvs: cannot decode key");
        QTest::newRow("syntax") << QStringList{"value", "encode", "[1,]"} << QByteArray("kvs: ");
        QTest::newRow("not a key") << QStringList{"key", "encode", "\"a\""} << QByteArray("kvs: ");
        QTest::newRow("NaN part") << QStringList{"key", "encode", "[NaN]"}
                                  << QByteArray("kvs: NaN cannot be a key part");
    }

    void codecErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, start);
        const Run run = runKvs(args);
        QCOMPARE(run.code, 1);
        QVERIFY(run.out.isEmpty());
        VERIFY_ONE_ERROR_LINE(run);
        QVERIFY2(run.err.startsWith(start), run.err.constData());
    }

    void setGetDelete()
    {
        const QString db = dbPath("crud.db");
        Run set = runKvs({"--db", db, "set", "[\"users\", \"alice\"]", "{name: 'Alice', n: 1n}"});
        QCOMPARE(set.code, 0);
        QVERIFY2(QRegularExpression(QStringLiteral("^[1-9][0-9]*\n$"))
                     .match(QString::fromUtf8(set.out))
                     .hasMatch(),
                 set.out.constData());
        const qint64 version = set.out.trimmed().toLongLong();

        Run get = runKvs({"get", "[\"users\", \"alice\"]", "--db", db}); // options after arguments
        QCOMPARE(get.code, 0);
        QCOMPARE(get.out,
                 QByteArray("{\"name\": \"Alice\", \"n\": 1n}"
                            "\n"));
        QVERIFY(get.err.isEmpty());

        get = runKvs({"--db", db, "--json", "get", "[\"users\", \"alice\"]"});
        QCOMPARE(get.code, 0);
        QCOMPARE(
            get.out,
            QByteArray("{\"key\": \"[\\\"users\\\", \\\"alice\\\"]\", \"value\": \"{\\\"name\\\": "
                       "\\\"Alice\\\", \\\"n\\\": 1n}\", \"version\": ")
                + QByteArray::number(version)
                + ", \"expiresAt\": null}"
                  "\n");

        // The expiry is the time of the set plus the TTL: between the clock's readings around the
        // set (an hour, so that no machine is too slow to read the key before it expires).
        const qint64 beforeSet = QDateTime::currentMSecsSinceEpoch();
        set = runKvs({"--db", db, "--json", "set", "[\"t\"]", "1", "--ttl", "3600000"});
        const qint64 afterSet = QDateTime::currentMSecsSinceEpoch();
        QCOMPARE(set.code, 0);
        const QJsonObject commit = parseObject(set.out);
        QVERIFY(set.out.startsWith("{\"ok\": true, \"version\": "));
        QVERIFY(commit[u"version"].toInteger() > version);
        get = runKvs({"--db", db, "--json", "get", "[\"t\"]"});
        const qint64 expiresAt = parseObject(get.out)[u"expiresAt"].toInteger();
        QVERIFY2(expiresAt >= beforeSet + 3600000 && expiresAt <= afterSet + 3600000,
                 get.out.constData());

        Run removed = runKvs({"--db", db, "delete", "[\"users\", \"alice\"]"});
        QCOMPARE(removed.code, 0);
        QCOMPARE(removed.out, QByteArray("ok\n"));
        removed = runKvs({"--db", db, "--json", "delete", "[\"t\"]"});
        QCOMPARE(removed.out,
                 QByteArray("{\"ok\": true}"
                            "\n"));
        get = runKvs({"--db", db, "get", "[\"users\", \"alice\"]"});
        QCOMPARE(get.code, 1);
    }

    void notFound()
    {
        const QString db = dbPath("missing.db");
        QCOMPARE(runKvs({"--db", db, "set", "[\"expired\"]", "1", "--ttl", "0"}).code, 0);
        for (const char *key : {"[\"never\"]", "[\"expired\"]"}) {
            for (const bool json : {false, true}) {
                QStringList args{"--db", db, "get", QString::fromUtf8(key)};
                if (json) {
                    args.append(QStringLiteral("--json"));
                }
                const Run run = runKvs(args);
                QCOMPARE(run.code, 1);
                QVERIFY(run.out.isEmpty());
                QCOMPARE(run.err, QByteArray("kvs: not found\n"));
            }
        }
    }

    void increment()
    {
        const QString db = dbPath("counter.db");
        Run run = runKvs({"--db", db, "increment", "[\"c\"]", "-5"});
        QCOMPARE(run.code, 0);
        QCOMPARE(run.out, QByteArray("-5\n"));
        run = runKvs({"--db", db, "increment", "[\"c\"]"});
        QCOMPARE(run.out, QByteArray("-4\n"));
        run = runKvs({"--db", db, "--json", "increment", "[\"c\"]", "1.5"});
        QCOMPARE(run.out,
                 QByteArray("{\"key\": \"[\\\"c\\\"]\", \"value\": \"-2.5\"}"
                            "\n"));
        run = runKvs({"--db", db, "get", "[\"c\"]"});
        QCOMPARE(run.out, QByteArray("-2.5\n"));

        QCOMPARE(runKvs({"--db", db, "set", "[\"s\"]", "'text'"}).code, 0);
        run = runKvs({"--db", db, "increment", "[\"s\"]"});
        QCOMPARE(run.code, 1);
        VERIFY_ONE_ERROR_LINE(run);
        QCOMPARE(run.err,
                 QByteArray("kvs: increment() needs a number, but the key holds a string\n"));
        run = runKvs({"--db", db, "increment", "[\"c\"]", "'x'"});
        QCOMPARE(run.code, 1);
        VERIFY_ONE_ERROR_LINE(run);
    }

    void list()
    {
        const QString db = dbPath("list.db");
        for (const char *name : {"a", "b", "c"}) {
            const QString key = QStringLiteral("[\"users\", \"%1\"]").arg(QString::fromUtf8(name));
            QCOMPARE(runKvs({"--db",
                             db,
                             "set",
                             key,
                             QStringLiteral("{n: '%1'}").arg(QString::fromUtf8(name))})
                         .code,
                     0);
        }
        QCOMPARE(runKvs({"--db", db, "set", "[\"other\"]", "true"}).code, 0);

        Run run = runKvs({"--db", db, "list", "--prefix", "[\"users\"]"});
        QCOMPARE(run.code, 0);
        QCOMPARE(run.out,
                 QByteArray("[\"users\", \"a\"] = {\"n\": \"a\"}"
                            "\n"
                            "[\"users\", \"b\"] = {\"n\": \"b\"}"
                            "\n"
                            "[\"users\", \"c\"] = {\"n\": \"c\"}"
                            "\n"));

        run = runKvs({"--db", db, "list", "--prefix", "[\"users\"]", "--limit", "2"});
        QList<QByteArray> page = lines(run.out);
        QCOMPARE(page.size(), 3);
        QCOMPARE(page[1], QByteArray("[\"users\", \"b\"] = {\"n\": \"b\"}"));
        QVERIFY(page[2].startsWith("cursor: "));
        const QString cursor = QString::fromUtf8(page[2].mid(8));
        run = runKvs(
            {"--db", db, "list", "--prefix", "[\"users\"]", "--limit=2", "--cursor", cursor});
        QCOMPARE(run.out,
                 QByteArray("[\"users\", \"c\"] = {\"n\": \"c\"}"
                            "\n"));

        run = runKvs({"--db", db, "list", "--reverse", "--limit", "1", "--json"});
        page = lines(run.out);
        QCOMPARE(page.size(), 2);
        QVERIFY2(page[0].startsWith("{\"key\": \"[\\\"users\\\", \\\"c\\\"]\", "
                                    "\"value\": \"{\\\"n\\\": \\\"c\\\"}\", \"version\": "),
                 page[0].constData());
        QVERIFY(page[0].endsWith(", \"expiresAt\": null}"));
        QVERIFY(parseObject(page[0])[u"version"].toInteger() > 0);
        QCOMPARE(parseObject(page[1]).keys(), QStringList{"cursor"});

        run = runKvs(
            {"--db", db, "list", "--start", "[\"users\", \"b\"]", "--end", "[\"users\", \"c\"]"});
        QCOMPARE(run.out,
                 QByteArray("[\"users\", \"b\"] = {\"n\": \"b\"}"
                            "\n"));

        run = runKvs({"--db", db, "list", "--limit", "0"});
        QCOMPARE(run.code, 1);
        VERIFY_ONE_ERROR_LINE(run);
        run = runKvs({"--db", db, "list", "--cursor", "!!"});
        QCOMPARE(run.code, 1);
        VERIFY_ONE_ERROR_LINE(run);
    }

    void dashArgumentsAndDoubleDash()
    {
        Run run = runKvs({"value", "encode", "-0"});
        QCOMPARE(run.code, 0);
        QCOMPARE(run.out, QByteArray("30\n"));
        run = runKvs({"value", "encode", "-Infinity", "--json"});
        QCOMPARE(run.code, 0);
        QVERIFY(run.out.startsWith("{\"value\": \"-Infinity\", \"hex\": \"03"));
        // After "--" everything is positional, even a known option's name.
        run = runKvs({"--", "value", "encode", "-5"});
        QCOMPARE(run.out, QByteArray("2d35\n"));
        run = runKvs({"value", "encode", "--", "--json"});
        QCOMPARE(run.code, 1); // a literal syntax error, not an option
        QVERIFY(run.out.isEmpty());
        VERIFY_ONE_ERROR_LINE(run);
        run = runKvs({"--json", "value", "encode", "--", "--json"});
        QCOMPARE(run.code, 1);
        run = runKvs({"value", "encode", "--", "1", "2"});
        QCOMPARE(run.code, 2);
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("unknown option") << QStringList{"--foo", "key", "encode", "[]"}
                                        << QByteArray("kvs: unknown option --foo");
        QTest::newRow("unknown option after") << QStringList{"key", "encode", "[]", "--foo=1"}
                                              << QByteArray("kvs: unknown option --foo");
        QTest::newRow("no command") << QStringList{} << QByteArray("kvs: no command");
        QTest::newRow("unknown command")
            << QStringList{"frobnicate"} << QByteArray("kvs: unknown command \"frobnicate\"");
        QTest::newRow("no db") << QStringList{"get", "[1]"}
                               << QByteArray("kvs: this command needs");
        QTest::newRow("ttl on get") << QStringList{"--db", "x.db", "get", "[1]", "--ttl", "5"}
                                    << QByteArray("kvs: --ttl is not an option of get");
        QTest::newRow("missing value")
            << QStringList{"--db"} << QByteArray("kvs: --db needs a value");
        QTest::newRow("flag value")
            << QStringList{"--json=yes", "get"} << QByteArray("kvs: --json takes no value");
        QTest::newRow("twice") << QStringList{"--json", "--json"}
                               << QByteArray("kvs: --json is given");
        QTest::newRow("arity") << QStringList{"--db", "x.db", "set", "[1]"}
                               << QByteArray("kvs: wrong number of arguments");
        QTest::newRow("bad ttl") << QStringList{"--db", "x.db", "set", "[1]", "1", "--ttl", "soon"}
                                 << QByteArray("kvs: --ttl needs a number");
        QTest::newRow("codec verb")
            << QStringList{"key", "frob", "[]"} << QByteArray("kvs: key needs encode or decode");
        QTest::newRow("bench op") << QStringList{"bench", "--db", ":memory:", "--ops", "get,nope"}
                                  << QByteArray("kvs: --ops: unknown operation \"get\"");
        QTest::newRow("bench seconds") << QStringList{"bench", "--db", ":memory:", "--seconds", "0"}
                                       << QByteArray("kvs: --seconds needs");
        QTest::newRow("queue alone")
            << QStringList{"--db", "x.db", "queue"} << QByteArray("kvs: queue needs stats, peek");
        QTest::newRow("queue unknown") << QStringList{"--db", "x.db", "queue", "purge", "t"}
                                       << QByteArray("kvs: unknown queue command \"purge\"");
        QTest::newRow("retry without id")
            << QStringList{"--db", "x.db", "queue", "retry", "t"}
            << QByteArray("kvs: queue retry needs a message ID, --all or a filter (so nothing is "
                          "retried");
        QTest::newRow("delete-dead without id")
            << QStringList{"--db", "x.db", "queue", "delete-dead", "t"}
            << QByteArray("kvs: queue delete-dead needs a message ID, --all or a filter (so "
                          "nothing is deleted");
        QTest::newRow("retry id and all")
            << QStringList{"--db", "x.db", "queue", "retry", "t", "1", "--all"}
            << QByteArray("kvs: queue retry takes one of a message ID, --all or filters (--error, "
                          "--error-regex, --older-than, --payload, --payload-path, --where, "
                          "--signature)");
        QTest::newRow("retry bad id") << QStringList{"--db", "x.db", "queue", "retry", "t", "1.5"}
                                      << QByteArray("kvs: ID needs an integer message id");
        QTest::newRow("retry no db") << QStringList{"queue", "retry", "t", "--all"}
                                     << QByteArray("kvs: this command needs --db");
        QTest::newRow("bad status")
            << QStringList{"--db", "x.db", "queue", "peek", "t", "--status", "dead"}
            << QByteArray("kvs: --status needs pending, delayed, processing or done, got "
                          "\"dead\"");
        QTest::newRow("bad after")
            << QStringList{"--db", "x.db", "queue", "dead", "t", "--after", "-1"}
            << QByteArray("kvs: --after needs an integer message id");
        QTest::newRow("peek no topic") << QStringList{"--db", "x.db", "queue", "peek"}
                                       << QByteArray("kvs: wrong number of arguments");
        QTest::newRow("all on stats") << QStringList{"--db", "x.db", "queue", "stats", "--all"}
                                      << QByteArray("kvs: --all is not an option of queue stats");
        QTest::newRow("bad delay")
            << QStringList{"--db", "x.db", "queue", "enqueue", "t", "1", "--delay", "soon"}
            << QByteArray("kvs: --delay needs a number");
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        const Run run = runKvs(args);
        QCOMPARE(run.code, 2);
        QVERIFY(run.out.isEmpty());
        VERIFY_ONE_ERROR_LINE(run);
        QVERIFY2(run.err.startsWith(message), run.err.constData());
    }

    void errorsNeverDoubled()
    {
        const QString db = dbPath("errors.db");
        QCOMPARE(runKvs({"--db", db, "set", "['s']", "'x'"}).code, 0);
        const QList<QStringList> failing{
            {"--db", db, "get", "[nope"},
            {"--db", db, "get", "'users'"},
            {"--db", db, "set", "['a']", "{a: 1,}"},
            {"--db", db, "set", "['a']", "1", "--ttl", "-1"},
            {"--db", db, "increment", "['s']"},
            {"--db", db, "increment", "['s']", "NaN"},
            {"--db", db, "list", "--limit", "2.5"},
            {"--db", db, "list", "--prefix", "['a']", "--start", "['b']"},
            {"--db", db, "--table-prefix", "bad-prefix", "set", "['a']", "1"},
            {"--db", dbPath("nowhere.db"), "get", "['a']"},
            {"--db", dbPath("no-such-dir/x.db"), "set", "['a']", "1"},
            {"bench", "--db", db, "--seconds", "0.01"},
        };
        for (const QStringList &args : failing) {
            const Run run = runKvs(args);
            QVERIFY2(run.code == 1, qPrintable(args.join(u' ')));
            QVERIFY(run.out.isEmpty());
            VERIFY_ONE_ERROR_LINE(run);
        }
        QVERIFY(!QFile::exists(dbPath("nowhere.db"))); // a read never creates a database
    }

    void readCommandsLeaveFilesUnchanged()
    {
        const QString db = dbPath("readonly.db");
        QCOMPARE(runKvs({"--db", db, "set", "['a']", "1"}).code, 0);
        QCOMPARE(runKvs({"--db", db, "set", "['b']", "new Date(0)"}).code, 0);
        QCOMPARE(queryText(db, "PRAGMA journal_mode"), QStringLiteral("wal"));

        // Hold a connection with un-checkpointed frames, so the WAL file exists with data.
        const SqlitePtr holder = openSqlite(db);
        QVERIFY(exec(holder.get(), "PRAGMA wal_autocheckpoint=0"));
        QVERIFY(insertRow(holder.get(), kvs::Key{"in-wal"}, kvs::Value("w"), 99));
        QVERIFY(QFileInfo(db + QStringLiteral("-wal")).size() > 0);

        const QByteArray mainBefore = fileBytes(db);
        const QByteArray walBefore = fileBytes(db + QStringLiteral("-wal"));
        Run run = runKvs({"--db", db, "get", "['in-wal']"});
        QCOMPARE(run.code, 0);
        QCOMPARE(run.out, QByteArray("\"w\"\n"));
        QCOMPARE(runKvs({"--db", db, "get", "['missing']"}).code, 1);
        run = runKvs({"--db", db, "list"});
        QCOMPARE(lines(run.out).size(), 3);
        QCOMPARE(runKvs({"--db", db, "--json", "list", "--reverse"}).code, 0);
        QCOMPARE(fileBytes(db), mainBefore);
        QCOMPARE(fileBytes(db + QStringLiteral("-wal")), walBefore);
    }

    void migrateRefusal()
    {
        const QString db = dbPath("old.db");
        QVERIFY(makeSchemaVersion2Database(db));
        const QByteArray before = fileBytes(db);

        Run run = runKvs({"--db", db, "set", "['a']", "1"});
        QCOMPARE(run.code, 1);
        VERIFY_ONE_ERROR_LINE(run);
        QVERIFY2(run.err.contains("version 2") && run.err.contains("--migrate"),
                 run.err.constData());
        QCOMPARE(runKvs({"--db", db, "delete", "['old']"}).code, 1);
        QCOMPARE(runKvs({"--db", db, "increment", "['n']"}).code, 1);
        QCOMPARE(fileBytes(db), before);
        QCOMPARE(queryText(db, "SELECT value FROM meta WHERE key = 'schema_version'"),
                 QStringLiteral("2"));

        // Reads open read-only and work on the older schema.
        run = runKvs({"--db", db, "get", "['old']"});
        QCOMPARE(run.code, 0);
        QCOMPARE(run.out, QByteArray("\"x\"\n"));

        run = runKvs({"--db", db, "--migrate", "set", "['a']", "1"});
        QCOMPARE(run.code, 0);
        QCOMPARE(queryText(db, "SELECT value FROM meta WHERE key = 'schema_version'"),
                 QStringLiteral("3"));
        QCOMPARE(runKvs({"--db", db, "set", "['b']", "2"}).code, 0);
        QCOMPARE(runKvs({"--db", db, "get", "['old']"}).out, QByteArray("\"x\"\n"));
    }

    void writeRefusesAnApplicationDatabase()
    {
        const QString db = dbPath("application.db");
        {
            SqlitePtr raw = openSqlite(db);
            QVERIFY(exec(raw.get(), "CREATE TABLE customers (id INTEGER)"));
        }
        const QByteArray before = fileBytes(db);
        Run run = runKvs({"--db", db, "set", "['a']", "1"});
        QCOMPARE(run.code, 1);
        VERIFY_ONE_ERROR_LINE(run);
        QVERIFY2(run.err.contains("tables found: customers") && run.err.contains("--migrate"),
                 run.err.constData());
        QCOMPARE(fileBytes(db), before);
        QCOMPARE(runKvs({"--db", db, "--migrate", "set", "['a']", "1"}).code, 0);
        QCOMPARE(runKvs({"--db", db, "get", "['a']"}).out, QByteArray("1\n"));
    }

    void writeCreatesDatabase()
    {
        const QString db = dbPath("fresh.db");
        QVERIFY(!QFile::exists(db));
        QCOMPARE(runKvs({"--db", db, "--table-prefix", "app_", "set", "['a']", "1"}).code, 0);
        QVERIFY(QFile::exists(db));
        QCOMPARE(queryText(db, "SELECT value FROM app_meta WHERE key = 'schema_version'"),
                 QStringLiteral("3"));
        QCOMPARE(runKvs({"--db", db, "--table-prefix", "app_", "get", "['a']"}).out,
                 QByteArray("1\n"));
    }

    void benchJson()
    {
        const Run run = runKvs({"bench",
                                "--db",
                                ":memory:",
                                "--seconds",
                                "0.05",
                                "--ops",
                                "get_hit,set",
                                "--backends",
                                "kvstore",
                                "--json"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        const QList<QByteArray> rows = lines(run.out);
        QCOMPARE(rows.size(), 2);
        const char *const ops[] = {"get_hit", "set"};
        for (int i = 0; i < 2; ++i) {
            // The fields in this order, with the CLI's spacing.
            qsizetype at = -1;
            for (const char *field : kBenchFields) {
                const qsizetype next = rows[i].indexOf(QByteArray("\"") + field + "\": ");
                QVERIFY2(next > at, field);
                at = next;
            }
            const QJsonObject row = parseObject(rows[i]);
            QCOMPARE(row.size(), 9);
            QCOMPARE(row[u"backend"].toString(), QStringLiteral("kvstore"));
            QCOMPARE(row[u"db"].toString(), QStringLiteral(":memory:"));
            QCOMPARE(row[u"op"].toString(), QString::fromUtf8(ops[i]));
            QCOMPARE(row[u"baseline"].toString(), QStringLiteral("raw-sqlite"));
            const double opsPerSecond = row[u"ops_per_s"].toDouble();
            const double baseline = row[u"baseline_ops_per_s"].toDouble();
            QVERIFY(opsPerSecond > 0);
            QVERIFY(baseline > 0);
            QVERIFY(row[u"p50_us"].toDouble() > 0);
            QVERIFY(row[u"p99_us"].toDouble() >= row[u"p50_us"].toDouble());
            const double ratio = row[u"ratio"].toDouble();
            QVERIFY(ratio > 0);
            QVERIFY(qAbs(ratio - opsPerSecond / baseline) <= 0.01 * ratio + 0.001);
        }
    }

    void benchAsyncSqliteJson()
    {
        // AsyncKVStore on SQLite: each op one awaited call at a time (against a bare worker round
        // trip) and with 64 in flight (against KVStore's same op), in that order.
        const Run run = runKvs({"bench",
                                "--db",
                                ":memory:",
                                "--seconds",
                                "0.05",
                                "--ops",
                                "get_hit,set",
                                "--backends",
                                "async-sqlite",
                                "--json"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        const QList<QByteArray> rows = lines(run.out);
        QCOMPARE(rows.size(), 4);
        const char *const ops[] = {"get_hit", "get_hit_x64", "set", "set_x64"};
        for (int i = 0; i < 4; ++i) {
            const QJsonObject row = parseObject(rows[i]);
            QCOMPARE(row.size(), 9);
            QCOMPARE(row[u"backend"].toString(), QStringLiteral("async-sqlite"));
            QCOMPARE(row[u"op"].toString(), QString::fromUtf8(ops[i]));
            QCOMPARE(row[u"baseline"].toString(),
                     i % 2 ? QStringLiteral("kvstore") : QStringLiteral("worker-round-trip"));
            QVERIFY(row[u"ops_per_s"].toDouble() > 0);
            QVERIFY(row[u"baseline_ops_per_s"].toDouble() > 0);
            QVERIFY(row[u"p99_us"].toDouble() >= row[u"p50_us"].toDouble());
        }
        const Run unknown = runKvs({"bench", "--db", ":memory:", "--backends", "mongo"});
        QCOMPARE(unknown.code, 2);
        QVERIFY(unknown.err.contains("unknown backend"));
    }

    void benchQueueJson()
    {
        const Run run = runKvs({"bench",
                                "--db",
                                ":memory:",
                                "--ops",
                                "queue_cycle,queue_cycle_backlog_10000",
                                "--seconds",
                                "0.05",
                                "--json"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        const QList<QByteArray> rows = lines(run.out);
        QCOMPARE(rows.size(), 2);
        QJsonObject parsed[2];
        for (int i = 0; i < 2; ++i) {
            qsizetype at = -1;
            for (const char *field : kBenchFields) {
                const qsizetype next = rows[i].indexOf(QByteArray("\"") + field + "\": ");
                QVERIFY2(next > at, field);
                at = next;
            }
            parsed[i] = parseObject(rows[i]);
            QCOMPARE(parsed[i].size(), 9);
            QVERIFY(parsed[i][u"ops_per_s"].toDouble() > 0);
            QVERIFY(parsed[i][u"baseline_ops_per_s"].toDouble() > 0);
            const double ratio = parsed[i][u"ratio"].toDouble();
            QVERIFY(qAbs(ratio
                         - parsed[i][u"ops_per_s"].toDouble()
                               / parsed[i][u"baseline_ops_per_s"].toDouble())
                    <= 0.01 * ratio + 0.001);
        }
        QCOMPARE(parsed[0][u"op"].toString(), QStringLiteral("queue_cycle"));
        QCOMPARE(parsed[0][u"baseline"].toString(), QStringLiteral("raw-sqlite"));
        QCOMPARE(parsed[1][u"op"].toString(), QStringLiteral("queue_cycle_backlog_10000"));
        QCOMPARE(parsed[1][u"baseline"].toString(), QStringLiteral("queue_cycle"));
        // The backlog's baseline is the store's queue_cycle figure of the same run.
        QCOMPARE(parsed[1][u"baseline_ops_per_s"].toDouble(), parsed[0][u"ops_per_s"].toDouble());

        // Alone, the backlog cycle measures its empty-topic baseline itself.
        const Run alone = runKvs({"bench",
                                  "--db",
                                  ":memory:",
                                  "--ops",
                                  "queue_cycle_backlog_10000",
                                  "--seconds",
                                  "0.02"});
        QCOMPARE(alone.code, 0);
        QCOMPARE(lines(alone.out).size(), 3);
        QVERIFY(lines(alone.out)[2].startsWith("queue_cycle_backlog_10000 "));
    }

    void benchGuiOpsMovedToGuiBench()
    {
        // The GUI's benchmarks run in kvs-gui-bench (tests/bench/gui): naming them here is a
        // usage error that says where they went, before anything runs.
        const QList<QStringList> moved{
            {"bench", "--db", ":memory:", "--backends", "tree"},
            {"bench", "--db", ":memory:", "--backends", "kvstore,tree"},
            {"bench", "--db", ":memory:", "--ops", "tree_expand_10k"},
            {"bench", "--db", ":memory:", "--ops", "get_hit,inspector_open_20mb"},
        };
        for (const QStringList &args : moved) {
            const Run run = runKvs(args);
            QVERIFY2(run.code == 2, qPrintable(args.join(u' ')));
            QVERIFY(run.out.isEmpty());
            VERIFY_ONE_ERROR_LINE(run);
            QVERIFY2(run.err.contains("moved to kvs-gui-bench"), run.err.constData());
        }
    }

    void benchFileAndTable()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("bench.db"));
        const Run run = runKvs({"bench",
                                "--db",
                                db,
                                "--seconds",
                                "0.02",
                                "--ops",
                                "delete,increment,get_many_10,atomic_sum,get_miss"});
        QCOMPARE(run.code, 0);
        const QList<QByteArray> rows = lines(run.out);
        // KVStore: a title, the column names, five operations; then AsyncKVStore on SQLite:
        // each of them one at a time and 64 in flight.
        QCOMPARE(rows.size(), 17);
        QVERIFY(rows[7].startsWith("async-sqlite    delete "));
        QVERIFY(rows[16].startsWith("async-sqlite    get_miss_x64 "));
        QVERIFY(rows[1].startsWith("operation"));
        QVERIFY(rows[2].startsWith("delete "));
        QVERIFY(rows[6].startsWith("get_miss "));
        // The store's file and the baseline's temporary file are gone afterwards.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList());
    }

    void benchReplacesLeftover()
    {
        // What an interrupted bench leaves: its marker key, and the baseline's file.
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("left.db"));
        QCOMPARE(runKvs({"--db", db, "set", "['kvs-bench']", "'kvs bench'"}).code, 0);
        QFile raw(db + QStringLiteral(".bench-raw"));
        QVERIFY(raw.open(QIODevice::WriteOnly));
        raw.close();
        const Run run = runKvs({"bench", "--db", db, "--seconds", "0.01", "--ops", "get_hit"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.startsWith("kvs: note: replacing"), run.err.constData());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList());
    }

    void benchRefusesUserData()
    {
        const QString db = dbPath("precious.db");
        QCOMPARE(runKvs({"--db", db, "set", "['mine']", "1"}).code, 0);
        const QByteArray before = fileBytes(db);
        const Run run = runKvs({"bench", "--db", db, "--seconds", "0.01", "--ops", "set"});
        QCOMPARE(run.code, 1);
        VERIFY_ONE_ERROR_LINE(run);
        QVERIFY(run.err.contains("exists"));
        QCOMPARE(fileBytes(db), before);
        QCOMPARE(runKvs({"--db", db, "get", "['mine']"}).out, QByteArray("1\n"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
