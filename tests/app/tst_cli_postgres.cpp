// `kvs --db postgres://...`: the key-value and queue commands, --schema and --table-prefix, a
// read that never creates anything, kvs watch seeing another process's write, and one clear
// error for a server that is not there.
#include "cli_test_support.h"
#include "support/postgres_test_server.h"
#include "support/test_paths.h"
#include "watch_process.h"

#include <kvs/postgres_adapter.h>

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <vector>

using namespace cli_test;

class TestCliPostgres : public QObject
{
    Q_OBJECT

private:
    QString url() const { return QString::fromStdString(kvs::test::postgresUrl()); }

    Run kvs(const QString &schema, QStringList args) const
    {
        args
            = QStringList{QStringLiteral("--db"), url(), QStringLiteral("--schema"), schema} + args;
        return runKvs(args);
    }

private slots:
    void keyValueCommands();
    void readNeverCreates();
    void queueCommands();
    void analyzeSections();
    void watchSeesAnotherWriter();
    void watchPrefixSeesSetAndDelete();
    void unreachableServerIsOneClearError();
    void processesMigrateOneSchemaAtOnce();
    void injectionAttemptsAreRefused();
    void infoSaysHowTheConnectionIsProtected();
};

void TestCliPostgres::keyValueCommands()
{
    const QString schema = QString::fromStdString(kvs::test::freshSchema("cli"));
    QCOMPARE(kvs(schema, {"set", "['users', 'alice']", "{name: 'Alice', n: 1n}"}).code, 0);
    QCOMPARE(kvs(schema, {"get", "['users', 'alice']"}).out,
             QByteArray("{\"name\": \"Alice\", \"n\": 1n}\n"));
    QCOMPARE(kvs(schema, {"increment", "['visits']", "0.1"}).out, QByteArray("0.1\n"));
    // NUMERIC on PostgreSQL: 0.1 + 0.2 is 0.3.
    QCOMPARE(kvs(schema, {"increment", "['visits']", "0.2"}).out, QByteArray("0.3\n"));
    const Run list = kvs(schema, {"--json", "list", "--prefix", "['users']"});
    QCOMPARE(list.code, 0);
    QCOMPARE(lines(list.out).size(), 1);
    QCOMPARE(parseObject(lines(list.out)[0])[u"key"].toString(),
             QStringLiteral("[\"users\", \"alice\"]"));
    QCOMPARE(kvs(schema, {"delete", "['users', 'alice']"}).out, QByteArray("ok\n"));
    const Run gone = kvs(schema, {"get", "['users', 'alice']"});
    QCOMPARE(gone.code, 1);
    QCOMPARE(gone.err, QByteArray("kvs: not found\n"));
    // A table prefix keeps its own tables beside the others, with consent: the schema holds
    // other tables now.
    const Run refused = kvs(schema, {"--table-prefix", "app_", "set", "['k']", "1"});
    QCOMPARE(refused.code, 1);
    VERIFY_ONE_ERROR_LINE(refused);
    QVERIFY2(refused.err.contains("open it with migration allowed to add the kvs tables"),
             refused.err.constData());
    const Run prefixed = kvs(schema, {"--table-prefix", "app_", "--migrate", "set", "['k']", "1"});
    QCOMPARE(prefixed.code, 0);
    kvs::test::PgAdmin admin;
    QCOMPARE(admin.exec("SELECT count(*) FROM \"" + schema.toStdString() + "\".\"app_kv\""),
             std::string("1"));
}

void TestCliPostgres::readNeverCreates()
{
    const QString schema = QString::fromStdString(kvs::test::freshSchema("cliread"));
    const Run read = kvs(schema, {"get", "['k']"});
    QCOMPARE(read.code, 1);
    VERIFY_ONE_ERROR_LINE(read);
    QVERIFY2(read.err.contains("is not a kvs database"), read.err.constData());
    kvs::test::PgAdmin admin;
    QCOMPARE(admin.exec("SELECT count(*) FROM information_schema.schemata WHERE schema_name = '"
                        + schema.toStdString() + "'"),
             std::string("0"));
}

void TestCliPostgres::queueCommands()
{
    const QString schema = QString::fromStdString(kvs::test::freshSchema("cliqueue"));
    QCOMPARE(kvs(schema, {"queue", "enqueue", "emails", "{to: 'a@example.com'}"}).code, 0);
    QCOMPARE(kvs(schema, {"queue", "enqueue", "emails", "'later'", "--delay", "60000"}).code, 0);
    const Run stats = kvs(schema, {"--json", "queue", "stats", "emails"});
    QCOMPARE(stats.code, 0);
    const QJsonObject row = parseObject(lines(stats.out).value(0));
    QCOMPARE(row[u"pending"].toInt(), 1);
    QCOMPARE(row[u"delayed"].toInt(), 1);
    const Run peek = kvs(schema, {"--json", "queue", "peek", "emails", "--status", "delayed"});
    QCOMPARE(peek.code, 0);
    QCOMPARE(lines(peek.out).size(), 1);
}

// Issue 39: kvs analyze's queue and storage sections on PostgreSQL, in text and JSON.
void TestCliPostgres::analyzeSections()
{
    const QString schema = QString::fromStdString(kvs::test::freshSchema("clianalyze"));
    QCOMPARE(kvs(schema, {"set", "['k']", "'v'"}).code, 0);
    QCOMPARE(kvs(schema, {"queue", "enqueue", "emails", "'later'", "--delay", "60000"}).code, 0);
    const Run text = kvs(schema, {"analyze"});
    QCOMPARE(text.code, 0);
    QVERIFY2(
        text.out.contains("\nQueue (by topic and status):\n  \"emails\" delayed: 1 messages, "),
        text.out.constData());
    QVERIFY(text.out.contains("\nStorage:\n  kv: table "));
    QVERIFY(text.out.contains("\n    tuples: "));
    QVERIFY(text.out.contains("\n  kv_versionstamp: table "));
    const Run json = kvs(schema, {"--json", "analyze"});
    QCOMPARE(json.code, 0);
    const QJsonObject storage = parseObject(json.out)[u"storage"].toObject();
    QVERIFY(!storage.contains(u"sqlite"));
    const QJsonArray tables = storage[u"tables"].toArray();
    QCOMPARE(tables.size(), 4);
    QCOMPARE(tables[0].toObject()[u"table"].toString(), QStringLiteral("kv"));
    QVERIFY(tables[0].toObject()[u"totalBytes"].toDouble() > 0);
}

void TestCliPostgres::watchSeesAnotherWriter()
{
    const QString schema = QString::fromStdString(kvs::test::freshSchema("cliwatch"));
    QCOMPARE(kvs(schema, {"set", "['config', 'theme']", "'light'"}).code, 0);
    QProcess watch;
    watch.start(kvs::test::fromTest(KVS_CLI_PATH),
                {QStringLiteral("--db"),
                 url(),
                 QStringLiteral("--schema"),
                 schema,
                 QStringLiteral("watch"),
                 QStringLiteral("['config', 'theme']"),
                 QStringLiteral("--count"),
                 QStringLiteral("1")});
    QVERIFY(watch.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(watch.canReadLine(), 10'000);
    QVERIFY(watch.readLine().contains("\"light\""));
    QCOMPARE(kvs(schema, {"set", "['config', 'theme']", "'dark'"}).code, 0);
    QVERIFY(watch.waitForFinished(10'000));
    QCOMPARE(watch.exitCode(), 0);
    QVERIFY(watch.readAllStandardOutput().contains("\"dark\""));
}

void TestCliPostgres::watchPrefixSeesSetAndDelete()
{
    const QString schema = QString::fromStdString(kvs::test::freshSchema("cliwatchp"));
    QCOMPARE(kvs(schema, {"set", "['users', 'ada']", "1"}).code, 0);
    WatchProcess watch({"--db",
                        url(),
                        "--schema",
                        schema,
                        "--json",
                        "watch",
                        "['config']",
                        "--prefix",
                        "['users']",
                        "--count",
                        "2"});
    QVERIFY(parseObject(watch.nextLine()).value("value").isNull()); // ['config'], missing
    QCOMPARE(parseObject(watch.nextLine()).value("key").toString(),
             QStringLiteral("[\"users\", \"ada\"]"));
    QCOMPARE(kvs(schema, {"set", "['users', 'bob']", "2"}).code, 0);
    const QJsonObject bob = parseObject(watch.nextLine());
    QCOMPARE(bob.value("key").toString(), QStringLiteral("[\"users\", \"bob\"]"));
    QCOMPARE(bob.value("change").toString(), QStringLiteral("set"));
    QCOMPARE(kvs(schema, {"delete", "['users', 'ada']"}).code, 0);
    const QJsonObject ada = parseObject(watch.nextLine());
    QCOMPARE(ada.value("key").toString(), QStringLiteral("[\"users\", \"ada\"]"));
    QCOMPARE(ada.value("change").toString(), QStringLiteral("deleted"));
    QVERIFY(watch.process().waitForFinished(10'000));
    QCOMPARE(watch.process().exitCode(), 0);
}

void TestCliPostgres::unreachableServerIsOneClearError()
{
    const Run run = runKvs({"--db", "postgresql://kvs_test@127.0.0.1:1/kvs_test", "get", "['k']"});
    QCOMPARE(run.code, 1);
    VERIFY_ONE_ERROR_LINE(run);
    QCOMPARE(run.err,
             QByteArray("kvs: cannot connect to PostgreSQL at 127.0.0.1:1/kvs_test: Connection "
                        "refused\n"));
    const Run schemaOnSqlite = runKvs({"--db", ":memory:", "--schema", "x", "set", "['k']", "1"});
    QCOMPARE(schemaOnSqlite.code, 1);
    QCOMPARE(schemaOnSqlite.err,
             QByteArray("kvs: schema is a PostgreSQL setting; this store is SQLite\n"));
}

void TestCliPostgres::processesMigrateOneSchemaAtOnce()
{
    // Six processes write into one empty schema at the same moment: each one's first write
    // migrates, under the advisory lock, so exactly one creates the tables and all succeed.
    const QString schema = QString::fromStdString(kvs::test::freshSchema("procs"));
    constexpr int kProcesses = 6;
    std::vector<std::unique_ptr<QProcess>> processes;
    for (int i = 0; i < kProcesses; ++i) {
        auto process = std::make_unique<QProcess>();
        process->start(kvs::test::fromTest(KVS_CLI_PATH),
                       {QStringLiteral("--db"),
                        url(),
                        QStringLiteral("--schema"),
                        schema,
                        QStringLiteral("set"),
                        QStringLiteral("['p', %1]").arg(i),
                        QString::number(i)});
        processes.push_back(std::move(process));
    }
    QSet<QByteArray> versions;
    for (auto &process : processes) {
        QVERIFY(process->waitForFinished(60000));
        QVERIFY2(process->exitCode() == 0, process->readAllStandardError().constData());
        versions.insert(process->readAllStandardOutput().trimmed());
    }
    QCOMPARE(versions.size(), kProcesses); // every write its own version
    for (int i = 0; i < kProcesses; ++i) {
        QCOMPARE(kvs(schema, {"get", QStringLiteral("['p', %1]").arg(i)}).out,
                 QByteArray::number(i) + '\n');
    }
    kvs::test::PgAdmin admin;
    QCOMPARE(admin.exec("SELECT value FROM \"" + schema.toStdString()
                        + "\".\"meta\" WHERE key = 'schema_version'"),
             std::string("3"));
}

// Issue 32: `kvs info` says whether the connection is encrypted, and how (as libpq in this
// process says of the same URL); a certificate for another host name is one clear error.
void TestCliPostgres::infoSaysHowTheConnectionIsProtected()
{
    const std::string port
        = url().section(QLatin1Char(':'), 3).section(QLatin1Char('/'), 0, 0).toStdString();
    const std::string verified = kvs::test::withTls(
        kvs::test::postgresUrl(), "sslmode=verify-full&sslrootcert=" + kvs::test::rootCertPath());
    kvs::PostgresAdapter adapter(verified);
    const kvs::ConnectionTls tls = adapter.serverRole().result().tls;
    QVERIFY(tls.encrypted);
    const std::string database = "postgresql://kvs_test@127.0.0.1:" + port + "/kvs_test";
    const Run info = runKvs({"--db", QString::fromStdString(verified), "info"});
    QCOMPARE(info.code, 0);
    QCOMPARE(info.err, QByteArray());
    QCOMPARE(info.out.toStdString(),
             "database: " + database + "\nserver: 127.0.0.1:" + port
                 + "/kvs_test (primary)\ntls: " + tls.protocol + ", " + tls.cipher + "\n");

    const Run json = runKvs({"--db", QString::fromStdString(verified), "--json", "info"});
    QCOMPARE(json.code, 0);
    const QJsonObject object = parseObject(json.out.trimmed());
    QCOMPARE(object[u"database"].toString().toStdString(), database);
    QCOMPARE(object[u"role"].toString(), QStringLiteral("primary"));
    QCOMPARE(object[u"tls"][u"encrypted"].toBool(), true);
    QCOMPARE(object[u"tls"][u"protocol"].toString().toStdString(), tls.protocol);
    QCOMPARE(object[u"tls"][u"cipher"].toString().toStdString(), tls.cipher);

    const Run plain = runKvs({"--db", url(), "info"});
    QCOMPARE(plain.code, 0);
    QVERIFY2(plain.out.endsWith("\ntls: none: the connection is not encrypted\n"),
             plain.out.constData());

    std::string asLocalhost = verified;
    asLocalhost.replace(asLocalhost.find("@127.0.0.1:"), 11, "@localhost:");
    const Run refused = runKvs({"--db", QString::fromStdString(asLocalhost), "info"});
    QCOMPARE(refused.code, 1);
    VERIFY_ONE_ERROR_LINE(refused);
    QVERIFY2(refused.err.startsWith("kvs: cannot connect to PostgreSQL at localhost:"),
             refused.err.constData());
    QVERIFY2(refused.err.contains("does not match host name \"localhost\""),
             refused.err.constData());
    QVERIFY2(!refused.err.contains(
                 url().section(QLatin1Char(':'), 2).section(QLatin1Char('@'), 0, 0).toUtf8()),
             "the password is in the message");

    // A SQLite file: the database only; info takes no argument.
    QTemporaryDir dir;
    const QString file = QDir(dir.path()).filePath(QStringLiteral("kv.db"));
    QCOMPARE(runKvs({"--db", file, "set", "['k']", "1"}).code, 0);
    const Run sqlite = runKvs({"--db", file, "info"});
    QCOMPARE(sqlite.code, 0);
    QCOMPARE(sqlite.out,
             "database: " + QFileInfo(file).absoluteFilePath().toUtf8() + " (SQLite)\n");
    const Run extra = runKvs({"--db", file, "info", "more"});
    QCOMPARE(extra.code, 2);
    VERIFY_ONE_ERROR_LINE(extra);
    QCOMPARE(extra.err, QByteArray("kvs: wrong number of arguments (usage: kvs [options] info)\n"));
}

QTEST_GUILESS_MAIN(TestCliPostgres)
#include "tst_cli_postgres.moc"

// Issue 17: SQL in --schema or --table-prefix is refused before any statement, for reads and
// writes, and the server's schemas and tables are as they were.
void TestCliPostgres::injectionAttemptsAreRefused()
{
    kvs::test::PgAdmin admin;
    const QString valid = QString::fromStdString(kvs::test::freshSchema("inject"));
    // The schemas an injection below could create, drop or change, and their tables; not the
    // whole server, where the tests running beside this one create schemas of their own.
    const std::string watched = "('public', 'x', 'a', 'a.b', 'x y', '" + valid.toStdString() + "')";
    const auto catalog = [&] {
        return admin.exec("SELECT string_agg(schemaname || '.' || tablename, ',' ORDER BY "
                          "schemaname, tablename) FROM pg_tables WHERE schemaname IN "
                          + watched)
               + "|"
               + admin.exec("SELECT string_agg(nspname, ',' ORDER BY nspname) FROM pg_namespace "
                            "WHERE nspname IN "
                            + watched);
    };
    QCOMPARE(kvs(valid, {"set", "['k']", "1"}).code, 0);
    const std::string before = catalog();
    int rows = 0;
    for (const char *schema :
         {"x\"; DROP SCHEMA public CASCADE; --", "public'; SELECT 1; --", "a.b", "\"", "x y"}) {
        for (const QStringList &command :
             {QStringList{"get", "['k']"}, QStringList{"set", "['k']", "2"}}) {
            const Run run = kvs(QString::fromUtf8(schema), command);
            QCOMPARE(run.code, 1);
            VERIFY_ONE_ERROR_LINE(run);
            QVERIFY2(run.err.startsWith("kvs: schema must match /^[A-Za-z_][A-Za-z0-9_]*$/"),
                     run.err.constData());
            ++rows;
        }
    }
    for (const char *prefix : {"x\"; DROP TABLE kv; --", "kv'", "a b", "\""}) {
        for (const QStringList &command :
             {QStringList{"get", "['k']"}, QStringList{"set", "['k']", "2"}}) {
            const Run run
                = kvs(valid, QStringList{"--table-prefix", QString::fromUtf8(prefix)} + command);
            QCOMPARE(run.code, 1);
            VERIFY_ONE_ERROR_LINE(run);
            QVERIFY2(run.err.startsWith("kvs: tablePrefix must match /^[A-Za-z_][A-Za-z0-9_]*$/"),
                     run.err.constData());
            ++rows;
        }
    }
    QCOMPARE(catalog(), before);
    QCOMPARE(kvs(valid, {"get", "['k']"}).out, QByteArray("1\n"));
    std::printf("cli-postgres: %d injection attempts refused, the catalog unchanged\n", rows);
}
