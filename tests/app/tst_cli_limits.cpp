// Issue 28: inputs too large for memory. kvs import refuses a line over its limit (64 MiB, or
// --max-line-bytes) with its number before it is parsed (a 120 MB line under a 2 GB address
// space limit used to end by SIGSEGV); an allocation that fails under a memory limit is an error
// ("kvs: out of memory ..."), never a signal; kvs atomic refuses a document over
// --max-document-bytes and more checks or mutations than --max-mutations before it reads it
// whole. Real files, the kvs binary, prlimit(1).
#include "cli_test_support.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace cli_test;

namespace {

constexpr int kTimeout = 120000;

// kvs under prlimit --as=bytes: its exit code, or -1 when a signal ended it.
Run kvsLimited(qint64 addressSpace, const QStringList &args)
{
    QProcess process;
    process.start(QStringLiteral("prlimit"),
                  QStringList{QStringLiteral("--as=%1").arg(addressSpace),
                              QStringLiteral("--"),
                              kvs::test::fromTest(KVS_CLI_PATH)}
                      + args);
    Run run;
    if (!process.waitForFinished(kTimeout)) {
        process.kill();
        process.waitForFinished();
        run.err = "kvs did not finish";
        return run;
    }
    run.code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

// An import line whose value is a string of size bytes.
QByteArray bigLine(const char *key, qint64 size)
{
    return QByteArray("{\"key\": \"[\\\"") + key + "\\\"]\", \"value\": \"\\\""
           + QByteArray(size, 'x') + "\\\"\", \"expiresAt\": null}\n";
}

QByteArray smallLine(const char *key)
{
    return QByteArray("{\"key\": \"[\\\"") + key
           + "\\\"]\", \"value\": \"1\", \"expiresAt\": null}\n";
}

} // namespace

class TestCliLimits : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString path(const QString &name) const { return m_dir.filePath(name); }

    QString writeFile(const QString &name, const QByteArray &bytes) const
    {
        QFile file(path(name));
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
            return {};
        return file.fileName();
    }

    QString newDatabase(const QString &name) const
    {
        const QString db = path(name);
        const Run created = runKvs({"--db", db, "set", "[\"seed\"]", "1"});
        return created.code == 0 ? db : QString();
    }

private slots:
    void aLineOverTheLimitIsRefusedBeforeItIsParsed()
    {
        const QString db = newDatabase(QStringLiteral("big-line.db"));
        QVERIFY(!db.isEmpty());
        const QString file = writeFile(QStringLiteral("big-line.jsonl"),
                                       smallLine("a") + bigLine("big", 120'000'000));
        QVERIFY(!file.isEmpty());
        const QByteArray before = kvRowsText(db);
        // The case: 2 GB of address space, which a parse of 120 MB exceeded.
        const Run run = kvsLimited(2LL << 30, {"--db", db, "import", file});
        QCOMPARE(run.code, 1);
        VERIFY_ONE_ERROR_LINE(run);
        QCOMPARE(run.err,
                 QByteArray("kvs: import line 2: the line is longer than 67108864 bytes, the "
                            "import's limit (--max-line-bytes raises it; nothing of its batch was "
                            "written; imported 0, skipped 0 before it)\n"));
        QCOMPARE(kvRowsText(db), before);
    }

    void maxLineBytesSetsTheLimit()
    {
        const QString db = newDatabase(QStringLiteral("limit.db"));
        QVERIFY(!db.isEmpty());
        const QString file = writeFile(QStringLiteral("limit.jsonl"),
                                       smallLine("a") + bigLine("b", 2000) + smallLine("c"));
        const Run refused = runKvs({"--db", db, "import", file, "--max-line-bytes", "1000"});
        QCOMPARE(refused.code, 1);
        QVERIFY2(refused.err.startsWith("kvs: import line 2: the line is longer than 1000 bytes"),
                 refused.err.constData());
        const Run stillOver = runKvs({"--db", db, "import", file, "--max-line-bytes", "1K"});
        QCOMPARE(stillOver.code, 1); // 1024 bytes: still too short for 2000
        const Run imported = runKvs({"--db", db, "import", file, "--max-line-bytes=4k"});
        QCOMPARE(imported.code, 0);
        QCOMPARE(imported.out, QByteArray("imported 3, skipped 0\n"));
        for (const char *bad : {"0", "-5", "12X", "", "1.5M"}) {
            const Run usage = runKvs({"--db", db, "import", file, "--max-line-bytes", bad});
            QCOMPARE(usage.code, 2);
            QCOMPARE(usage.err,
                     QByteArray("kvs: --max-line-bytes needs a size in bytes such as 1048576, "
                                "64M or 1G, got \"")
                         + bad + "\"\n");
        }
    }

    void anAllocationFailureIsAnErrorNotASignal()
    {
        const QString db = newDatabase(QStringLiteral("memory.db"));
        QVERIFY(!db.isEmpty());
        // A 20 MB line, well under the line limit: an array of 10 million numbers, whose parse
        // takes about 900 MB, under a limit of 500 MB (kvs itself starts in under 100 MB).
        QByteArray array = "{\"key\": \"[\\\"array\\\"]\", \"value\": \"[";
        for (int i = 0; i < 10'000'000; ++i)
            array += "1,";
        array += "1]\", \"expiresAt\": null}\n";
        const QString file = writeFile(QStringLiteral("memory.jsonl"), array);
        const QByteArray before = kvRowsText(db);
        const Run run = kvsLimited(500LL << 20, {"--db", db, "import", file});
        QCOMPARE(run.code, 1);
        VERIFY_ONE_ERROR_LINE(run);
        QCOMPARE(run.err,
                 QByteArray("kvs: out of memory (the input is too large for the memory this "
                            "process may use; see the size limits in kvs --help)\n"));
        QVERIFY(!run.err.contains("bad_alloc"));
        QCOMPARE(kvRowsText(db), before);
    }

    void atomicRefusesADocumentOverItsSize()
    {
        const QString db = newDatabase(QStringLiteral("document.db"));
        QVERIFY(!db.isEmpty());
        // 70 MB of whitespace around one mutation: over the default 64 MiB.
        QByteArray document = "{\"mutations\": [";
        document += QByteArray(70'000'000, ' ');
        document += "{\"type\": \"delete\", \"key\": \"[\\\"seed\\\"]\"}]}";
        const QString file = writeFile(QStringLiteral("document.json"), document);
        const QByteArray before = kvRowsText(db);
        const Run refused = runKvs({"--db", db, "atomic", file});
        QCOMPARE(refused.code, 1);
        QCOMPARE(refused.err,
                 QByteArray("kvs: the transaction document is longer than 67108864 bytes, the "
                            "limit (--max-document-bytes raises it)\n"));
        QCOMPARE(kvRowsText(db), before);
        const QString small
            = writeFile(QStringLiteral("small.json"),
                        "{\"mutations\": [{\"type\": \"delete\", \"key\": \"[\\\"seed\\\"]\"}]}");
        const Run overSmall = runKvs({"--db", db, "atomic", small, "--max-document-bytes", "10"});
        QCOMPARE(overSmall.code, 1);
        QCOMPARE(overSmall.err,
                 QByteArray("kvs: the transaction document is longer than 10 bytes, the limit "
                            "(--max-document-bytes raises it)\n"));
        QCOMPARE(kvRowsText(db), before);
        QCOMPARE(runKvs({"--db", db, "atomic", file, "--max-document-bytes", "80M"}).code, 0);
        QCOMPARE(kvRowsText(db), QByteArray());
    }

    void atomicRefusesMoreMutationsThanItsLimit()
    {
        const QString db = newDatabase(QStringLiteral("mutations.db"));
        QVERIFY(!db.isEmpty());
        const auto deletes = [](int count) {
            QByteArray document = "{\"mutations\": [";
            for (int i = 0; i < count; ++i)
                document += QByteArray(i ? ", " : "")
                            + "{\"type\": \"delete\", \"key\": \"[\\\"k\\\", "
                            + QByteArray::number(i) + "]\"}";
            return document + "]}";
        };
        const QString log = QString::fromLocal8Bit(qgetenv("KVS_AUDIT_LOG"));
        const QByteArray auditBefore = fileBytes(log);
        // The default: 100,000; one more is refused before the document is read into memory.
        const QString many = writeFile(QStringLiteral("many.json"), deletes(100'001));
        const Run refused = runKvs({"--db", db, "atomic", many});
        QCOMPARE(refused.code, 1);
        QCOMPARE(refused.err,
                 QByteArray("kvs: transaction JSON: mutations holds more than 100000 entries, the "
                            "limit (--max-mutations raises it)\n"));
        const QString three = writeFile(QStringLiteral("three.json"), deletes(3));
        const Run overTwo = runKvs({"--db", db, "atomic", three, "--max-mutations", "2"});
        QCOMPARE(overTwo.code, 1);
        QCOMPARE(overTwo.err,
                 QByteArray("kvs: transaction JSON: mutations holds more than 2 entries, the "
                            "limit (--max-mutations raises it)\n"));
        QCOMPARE(fileBytes(log), auditBefore); // nothing ran, nothing to audit
        QCOMPARE(runKvs({"--db", db, "atomic", three, "--max-mutations", "3"}).code, 0);
        QCOMPARE(runKvs({"--db", db, "atomic", many, "--max-mutations", "100001"}).code, 0);
        const QString checks
            = writeFile(QStringLiteral("checks.json"),
                        "{\"checks\": [{\"key\": \"[\\\"a\\\"]\", \"version\": null}, {\"key\": "
                        "\"[\\\"b\\\"]\", \"version\": null}]}");
        const Run overChecks = runKvs({"--db", db, "atomic", checks, "--max-mutations", "1"});
        QCOMPARE(overChecks.err,
                 QByteArray("kvs: transaction JSON: checks holds more than 1 entries, the limit "
                            "(--max-mutations raises it)\n"));
    }

    void helpNamesTheLimitsAndExitCodes()
    {
        const Run help = runKvs({"--help"});
        QCOMPARE(help.code, 0);
        for (const char *text : {"--max-line-bytes N",
                                 "--max-document-bytes N",
                                 "--max-mutations N",
                                 "--no-audit",
                                 "130  ",
                                 "143  "})
            QVERIFY2(help.out.contains(text), text);
    }
};

QTEST_GUILESS_MAIN(TestCliLimits)
#include "tst_cli_limits.moc"
