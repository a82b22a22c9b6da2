// Issue 37: `kvs find` (the real binary, KVS_CLI_PATH) on SQLite files: its output formats (as
// list, --json, --keys-only, --count, --export), its exit codes (0 found, 1 nothing, 2 usage or
// parse error, 5 store error, 130 / 143 on SIGINT / SIGTERM), warnings for undecodable rows,
// and that it writes nothing.
#include "cli_test_support.h"

#include <kvs/kvstore.h>
#include <kvs/literal.h>

#include <QTemporaryDir>

#include <csignal>

using namespace cli_test;

class TestCliFind : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_db;

    QString path(const char *name) const { return m_dir.filePath(QString::fromUtf8(name)); }

    Run find(QStringList args) { return runKvs(QStringList{"--db", m_db, "find"} + args); }

    // The lines of a list-like command's output that also appear in `lines`.
    static QList<QByteArray> only(const QList<QByteArray> &all, const QByteArray &needle)
    {
        QList<QByteArray> kept;
        for (const QByteArray &line : all) {
            if (line.contains(needle))
                kept.append(line);
        }
        return kept;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = path("find.db");
        kvs::KVStore store(QFile::encodeName(m_db).toStdString());
        store.set(kvs::parseKeyLiteral(R"(["users", "alice"])"),
                  kvs::parseLiteral(R"({name: "Alice", status: "failed", since: new Date(0)})"));
        store.set(kvs::parseKeyLiteral(R"(["users", "bob"])"),
                  kvs::parseLiteral(R"({name: "Bob", status: "ok", n: 12n})"));
        store.set(kvs::parseKeyLiteral(R"(["users", "carol"])"),
                  kvs::parseLiteral(R"({name: "Carol", status: "FAILED", tags: new Set(["x"])})"));
        store.set(kvs::parseKeyLiteral(R"(["orders", 1])"), kvs::parseLiteral(R"("failed twice")"));
        kvs::SetOptions ttl;
        ttl.ttl = 1; // expired by the time kvs runs
        store.set(
            kvs::parseKeyLiteral(R"(["users", "gone"])"), kvs::parseLiteral(R"("failed")"), ttl);
    }

    void printsMatchesAsListDoes()
    {
        const QByteArray before = fileBytes(m_db);
        Run run = find({"--text", "failed"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        const Run list = runKvs({"--db", m_db, "list", "--limit", "1000"});
        const QList<QByteArray> all = lines(list.out);
        QCOMPARE(lines(run.out),
                 (QList<QByteArray>{all[0], all[1], all[3]})); // orders, alice, carol
        // --json: the lines of kvs --json list.
        run = runKvs({"--db", m_db, "--json", "find", "--text", "failed", "--match-case"});
        QCOMPARE(run.code, 0);
        const QList<QByteArray> json = lines(runKvs({"--db", m_db, "--json", "list"}).out);
        QCOMPARE(lines(run.out), (QList<QByteArray>{json[0], json[1]}));
        // --keys-only, --count.
        run = find(
            {"--where", R"(value.status == "ok" || kind(value) == "string")", "--keys-only"});
        QCOMPARE(run.out, QByteArray("[\"orders\", 1]\n[\"users\", \"bob\"]\n"));
        run = runKvs({"--db", m_db, "--json", "find", "--regex", "^\\{\"name\"", "--keys-only"});
        QCOMPARE(lines(run.out).size(), 3);
        QCOMPARE(lines(run.out)[0], QByteArray("{\"key\": \"[\\\"users\\\", \\\"alice\\\"]\"}"));
        QCOMPARE(find({"--text", "FAILED", "--match-case", "--count"}).out, QByteArray("1\n"));
        QCOMPARE(runKvs({"--db", m_db, "--json", "find", "--text", "a", "--count"}).out,
                 QByteArray("{\"count\": 4}\n"));
        // A prefix, --in-keys, --limit.
        QCOMPARE(find({"--prefix", R"(["users"])", "--text", "failed", "--keys-only"}).out,
                 QByteArray("[\"users\", \"alice\"]\n[\"users\", \"carol\"]\n"));
        QCOMPARE(find({"--text", "orders", "--in-keys", "--keys-only"}).out,
                 QByteArray("[\"orders\", 1]\n"));
        QCOMPARE(find({"--text", "failed", "--limit", "2", "--keys-only"}).out,
                 QByteArray("[\"orders\", 1]\n[\"users\", \"alice\"]\n"));
        QCOMPARE(find({"--start",
                       R"(["users", "b"])",
                       "--end",
                       R"(["users", "c"])",
                       "--where",
                       "exists(value.n)",
                       "--keys-only"})
                     .out,
                 QByteArray("[\"users\", \"bob\"]\n"));
        QCOMPARE(fileBytes(m_db), before); // read-only
    }

    void exportWritesTheExportFormat()
    {
        const QString file = path("found.jsonl");
        Run run = find({"--text", "failed", "--export", file});
        QCOMPARE(run.code, 0);
        QCOMPARE(run.out, QByteArray("exported 3\n"));
        const QList<QByteArray> exported = lines(runKvs({"--db", m_db, "export", "-"}).out);
        QCOMPARE(lines(fileBytes(file)),
                 (QList<QByteArray>{exported[0], exported[1], exported[3]}));
        // To stdout: the lines there, the summary on stderr.
        run = runKvs(
            {"--db", m_db, "--json", "find", "--where", "exists(value.n)", "--export", "-"});
        QCOMPARE(run.code, 0);
        QCOMPARE(lines(run.out), (QList<QByteArray>{exported[2]}));
        QCOMPARE(run.err, QByteArray("{\"exported\": 1}\n"));
        // Nothing found: an empty file, exit 1.
        run = find({"--text", "nowhere", "--export", file});
        QCOMPARE(run.code, 1);
        QCOMPARE(fileBytes(file), QByteArray());
    }

    void exitCodes()
    {
        QCOMPARE(find({"--text", "nowhere"}).code, 1);
        QCOMPARE(find({"--text", "nowhere"}).out, QByteArray());
        QCOMPARE(find({"--text", "failed"}).code, 0);
        QCOMPARE(find({"--text", "nowhere", "--count"}).out, QByteArray("0\n"));
        QCOMPARE(find({"--text", "nowhere", "--count"}).code, 1);

        // 2: the command line, a literal, a condition, a pattern. One line each.
        const QList<QPair<QStringList, QByteArray>> usage{
            {{},
             "kvs: find needs --text, --regex or --where (usage: kvs find [--prefix KEY | "
             "--start KEY --end KEY] [--text TEXT [--match-case] | --regex RE] [--in-keys] "
             "[--where CONDITION] [--limit N] [--keys-only] [--count] [--export FILE|-])\n"},
            {{"--text", "a", "--regex", "b"}, "kvs: find takes --text or --regex, not both\n"},
            {{"--where", "exists(value)", "--match-case"}, "kvs: --match-case applies to --text\n"},
            {{"--where", "exists(value)", "--in-keys"},
             "kvs: --in-keys applies to --text or --regex\n"},
            {{"--text", "a", "--count", "--keys-only"},
             "kvs: --count, --keys-only and --export are alternatives\n"},
            {{"--text", "a", "--limit", "0"}, "kvs: --limit needs an integer >= 1, got \"0\"\n"},
            {{"--text", "a", "extra"},
             "kvs: wrong number of arguments (usage: kvs [options] find [--prefix KEY | --start "
             "KEY --end KEY] [--text TEXT [--match-case] | --regex RE] [--in-keys] [--where "
             "CONDITION] [--limit N] [--keys-only] [--count] [--export FILE|-])\n"},
            {{"--where", "value.status = 1"},
             "kvs: expected == (a single = compares nothing) at position 13 (in --where)\n"},
            {{"--where", "kind(value) == \"date\""},
             "kvs: unknown kind \"date\" (kinds are undefined, null, boolean, number, string, "
             "bigint, bytes, Date, array, object, Map, Set) at position 15 (in --where)\n"},
            {{"--regex", "(x"},
             "kvs: invalid regular expression: missing closing parenthesis at offset 2 (in "
             "--regex)\n"},
            {{"--text", "a", "--prefix", "[\"users\""},
             "kvs: expected ',' or ']' at position 8 (in --prefix)\n"},
            {{"--text", "a", "--reverse"}, "kvs: --reverse is not an option of find\n"},
        };
        for (const auto &[args, message] : usage) {
            const Run run = find(args);
            QCOMPARE(run.code, 2);
            QCOMPARE(run.err, message);
            QVERIFY(run.out.isEmpty());
        }
        QCOMPARE(runKvs({"find", "--text", "a"}).code, 2); // no --db

        // 5: the store. A missing file, a file that is no kvs database; an export file already
        // there is left as it was.
        const QString existing = path("keep.jsonl");
        {
            QFile keep(existing);
            QVERIFY(keep.open(QIODevice::WriteOnly));
            keep.write("kept\n");
        }
        Run run = runKvs({"--db", path("missing.db"), "find", "--text", "a", "--export", existing});
        QCOMPARE(run.code, 5);
        VERIFY_ONE_ERROR_LINE(run);
        QVERIFY2(run.err.contains("no database at"), run.err.constData());
        QCOMPARE(fileBytes(existing), QByteArray("kept\n"));
        QVERIFY(!QFile::exists(path("missing.db")));
        const QString foreign = path("foreign.db");
        {
            const SqlitePtr db = openSqlite(foreign);
            QVERIFY(exec(db.get(), "CREATE TABLE notes (body TEXT)"));
        }
        run = runKvs({"--db", foreign, "find", "--where", "true == true"});
        QCOMPARE(run.code, 2); // the condition compares no path
        run = runKvs({"--db", foreign, "find", "--where", "exists(value)"});
        QCOMPARE(run.code, 5);
        VERIFY_ONE_ERROR_LINE(run);

        // Other commands keep their codes.
        QCOMPARE(runKvs({"--db", path("missing.db"), "get", "[\"a\"]"}).code, 1);
        // kvs --help says so.
        const QByteArray help = runKvs({"--help"}).out;
        QVERIFY(help.contains("find has codes of its own: 0 something was found, 1 nothing was"));
        QVERIFY(help.contains("Condition language"));
    }

    void undecodableRowsAreWarnedAboutAndCounted()
    {
        const QString db = path("undecodable.db");
        {
            kvs::KVStore store(QFile::encodeName(db).toStdString());
            store.set({"ok"}, kvs::Value("needle"));
        }
        {
            const SqlitePtr handle = openSqlite(db);
            for (int i = 0; i < 12; ++i) {
                const std::string insert
                    = "INSERT INTO kv VALUES (x'02620003"
                      + QByteArray::number(i, 16).rightJustified(16, '0').toStdString()
                      + "00', x'037b226e6565646c65', 1, NULL)";
                QVERIFY(exec(handle.get(), insert.c_str()));
            }
        }
        const Run run = runKvs({"--db", db, "find", "--text", "needle"});
        QCOMPARE(run.code, 0);
        QCOMPARE(run.out, QByteArray("[\"ok\"] = \"needle\"\n"));
        const QList<QByteArray> warnings = lines(run.err);
        QCOMPARE(warnings.size(), 11);
        QVERIFY2(warnings[0].startsWith("kvs: warning: skipped a row that does not decode, key "
                                        "bytes 02620003000000000000000000: cannot decode value"),
                 warnings[0].constData());
        QCOMPARE(warnings[10],
                 QByteArray("kvs: warning: 2 more rows that do not decode were skipped"));
    }

    // SIGINT and SIGTERM end it after the page being read: 130 and 143. Its output goes to a
    // pipe this test does not read, so kvs is still writing when the signal comes.
    void signalsEndItWithTheirCodes()
    {
        const QString db = path("big.db");
        {
            kvs::KVStore store(QFile::encodeName(db).toStdString());
            auto op = store.atomic();
            for (int i = 0; i < 30000; ++i)
                op.set({"big", i}, kvs::Value(std::string("a hit among many lines of text")));
            QVERIFY(op.commit().ok);
        }
        for (const int signal : {SIGINT, SIGTERM}) {
            for (const char *output : {"", "-"}) {
                QProcess process;
                QStringList args{"--db", db, "find", "--text", "hit"};
                if (*output)
                    args << "--export" << output;
                process.start(kvs::test::fromTest(KVS_CLI_PATH), args);
                QVERIFY(process.waitForReadyRead(60000));
                QVERIFY(process.state() == QProcess::Running);
                ::kill(pid_t(process.processId()), signal);
                QVERIFY(process.waitForFinished(60000));
                QCOMPARE(process.exitStatus(), QProcess::NormalExit);
                QCOMPARE(process.exitCode(), signal == SIGINT ? 130 : 143);
                const QByteArray err = process.readAllStandardError();
                QVERIFY2(err.startsWith("kvs: interrupted after "), err.constData());
                QVERIFY(err.contains(*output ? "; nothing was exported" : " found\n"));
                QVERIFY(process.readAllStandardOutput().count('\n') < 30000);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestCliFind)
#include "tst_cli_find.moc"
