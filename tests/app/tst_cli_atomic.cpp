// kvs atomic FILE|- (issue 14): a transaction document committed as one atomic(), its output and
// exit codes (0 committed, 3 a failed check, 1 an error, 2 usage), --json, --dry-run (writes
// nothing) and the document read from stdin. The GUI's side of the round trip is in
// tests/ui/atomic.
#include "cli_test_support.h"

#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

using namespace cli_test;

class TestCliAtomic : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void commitsAndPrintsTheVersion();
    void aFailedCheckExitsThreeAndNamesIt();
    void dryRunWritesNothing();
    void readsStandardInput();
    void errorsAndUsage();
    void commitsAreAudited();

private:
    Run kvs(const QStringList &args) const
    {
        return runKvs(QStringList{QStringLiteral("--db"), m_db} + args);
    }
    QString writeFile(const char *name, const QByteArray &text) const
    {
        const QString path = m_dir->filePath(QString::fromUtf8(name));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }
    // The version of key, as `kvs get --json` prints it; -1 when absent.
    qint64 versionOf(const char *key) const
    {
        const Run run
            = kvs({QStringLiteral("--json"), QStringLiteral("get"), QString::fromUtf8(key)});
        return run.code == 0 ? parseObject(run.out)[u"version"].toInteger() : -1;
    }

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
};

void TestCliAtomic::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_db = m_dir->filePath(QStringLiteral("kv.db"));
    QCOMPARE(kvs({QStringLiteral("set"), QStringLiteral("[\"a\"]"), QStringLiteral("1")}).code, 0);
}

void TestCliAtomic::commitsAndPrintsTheVersion()
{
    const qint64 a = versionOf("[\"a\"]");
    const QString file = writeFile(
        "t.json",
        QByteArrayLiteral(R"({"checks": [{"key": "[\"a\"]", "version": )") + QByteArray::number(a)
            + R"(}, {"key": "[\"b\"]", "version": null}], "mutations": [{"type": "set", "key":
            "[\"b\"]", "value": "{n: 2n}", "ttl": 60000}, {"type": "sum", "key": "[\"a\"]",
            "delta": 5}, {"type": "delete", "key": "[\"gone\"]"}, {"type": "enqueue", "value":
            "\"mail\"", "topic": "emails"}]})");
    const Run run = kvs({QStringLiteral("atomic"), file});
    QCOMPARE(run.code, 0);
    QVERIFY(run.err.isEmpty());
    const qint64 version = run.out.trimmed().toLongLong();
    QVERIFY2(version > a, run.out);
    QCOMPARE(versionOf("[\"b\"]"), version);
    QCOMPARE(kvs({QStringLiteral("get"), QStringLiteral("[\"a\"]")}).out, QByteArray("6\n"));
    QCOMPARE(kvs({QStringLiteral("get"), QStringLiteral("[\"b\"]")}).out,
             QByteArray("{\"n\": 2n}\n"));
    QVERIFY(kvs({QStringLiteral("queue"), QStringLiteral("stats"), QStringLiteral("emails")})
                .out.contains("pending 1"));

    // --json, a transaction without checks.
    const QString plain = writeFile(
        "p.json", R"({"mutations": [{"type": "set", "key": "[\"c\"]", "value": "3"}]})");
    const Run json = kvs({QStringLiteral("--json"), QStringLiteral("atomic"), plain});
    QCOMPARE(json.code, 0);
    const QJsonObject object = parseObject(json.out);
    QCOMPARE(object.size(), 2);
    QCOMPARE(object[u"ok"].toBool(), true);
    QCOMPARE(object[u"version"].toInteger(), versionOf("[\"c\"]"));
}

void TestCliAtomic::aFailedCheckExitsThreeAndNamesIt()
{
    const qint64 a = versionOf("[\"a\"]");
    const QString file = writeFile(
        "t.json",
        QByteArrayLiteral(
            R"({"checks": [{"key": "[\"new\"]", "version": null}, {"key": "[\"a\"]", "version": )")
            + QByteArray::number(a)
            + R"(}], "mutations": [{"type": "set", "key": "[\"new\"]", "value": "1"}]})");
    // Another writer moves ["a"] on: the second check fails, nothing is written.
    QCOMPARE(kvs({QStringLiteral("set"), QStringLiteral("[\"a\"]"), QStringLiteral("2")}).code, 0);
    const Run run = kvs({QStringLiteral("atomic"), file});
    QCOMPARE(run.code, 3);
    QCOMPARE(run.out,
             QByteArray("failed: check 1 [\"a\"] (expected version ") + QByteArray::number(a)
                 + ")\n");
    QVERIFY(run.err.isEmpty());
    QCOMPARE(versionOf("[\"new\"]"), -1);
    const Run json = kvs({QStringLiteral("--json"), QStringLiteral("atomic"), file});
    QCOMPARE(json.code, 3);
    QCOMPARE(json.out, QByteArray("{\"ok\": false, \"failedCheck\": 1}\n"));
}

void TestCliAtomic::dryRunWritesNothing()
{
    const qint64 a = versionOf("[\"a\"]");
    const QByteArray document = QByteArrayLiteral(R"({"checks": [{"key": "[\"a\"]", "version": )")
                                + QByteArray::number(a)
                                + R"(}], "mutations": [{"type": "delete", "key": "[\"a\"]"}]})";
    const QString file = writeFile("t.json", document);
    const Run pass = kvs({QStringLiteral("atomic"), file, QStringLiteral("--dry-run")});
    QCOMPARE(pass.code, 0);
    QCOMPARE(pass.out, QByteArray("would commit: 1 checks pass, 1 mutations (nothing written)\n"));
    QCOMPARE(versionOf("[\"a\"]"), a);
    const Run json = kvs(
        {QStringLiteral("--json"), QStringLiteral("atomic"), file, QStringLiteral("--dry-run")});
    QCOMPARE(json.out, QByteArray("{\"ok\": true, \"dryRun\": true}\n"));

    QCOMPARE(kvs({QStringLiteral("set"), QStringLiteral("[\"a\"]"), QStringLiteral("2")}).code, 0);
    const qint64 now = versionOf("[\"a\"]");
    const Run fail = kvs({QStringLiteral("atomic"), file, QStringLiteral("--dry-run")});
    QCOMPARE(fail.code, 3);
    QCOMPARE(fail.out,
             QByteArray("would fail: check 0 [\"a\"] (expected version ") + QByteArray::number(a)
                 + ", found version " + QByteArray::number(now) + ")\n");
    const Run failJson = kvs(
        {QStringLiteral("--json"), QStringLiteral("atomic"), file, QStringLiteral("--dry-run")});
    QCOMPARE(failJson.code, 3);
    QCOMPARE(failJson.out, QByteArray("{\"ok\": false, \"failedCheck\": 0, \"dryRun\": true}\n"));
    QCOMPARE(versionOf("[\"a\"]"), now); // still there: the delete never ran
}

void TestCliAtomic::readsStandardInput()
{
    const Run run = runKvsWithInput(
        {QStringLiteral("--db"), m_db, QStringLiteral("atomic"), QStringLiteral("-")},
        R"({"checks": [{"key": "[\"stdin\"]", "version": null}],
            "mutations": [{"type": "set", "key": "[\"stdin\"]", "value": "true"}]})");
    QCOMPARE(run.code, 0);
    QCOMPARE(versionOf("[\"stdin\"]"), run.out.trimmed().toLongLong());
}

void TestCliAtomic::errorsAndUsage()
{
    // A bad member: exit 1, one line naming its path, nothing written.
    const QString bad = writeFile(
        "bad.json",
        R"({"mutations": [{"type": "set", "key": "[\"x\"]", "value": "1", "ttl": "5"}]})");
    const Run run = kvs({QStringLiteral("atomic"), bad});
    QCOMPARE(run.code, 1);
    QCOMPARE(run.err, QByteArray("kvs: transaction JSON: mutations[0].ttl must be a number\n"));
    QVERIFY(run.out.isEmpty());
    QCOMPARE(versionOf("[\"x\"]"), -1);
    // The store's own rules, with the reference's message: also nothing written.
    const QString negative = writeFile(
        "negative.json",
        R"({"mutations": [{"type": "set", "key": "[\"x\"]", "value": "1"}, {"type": "enqueue", "value": "1", "maxAttempts": 0}]})");
    const Run refused = kvs({QStringLiteral("atomic"), negative});
    QCOMPARE(refused.code, 1);
    VERIFY_ONE_ERROR_LINE(refused);
    QVERIFY2(refused.err.contains("maxAttempts"), refused.err);
    QCOMPARE(versionOf("[\"x\"]"), -1);

    const Run missing
        = kvs({QStringLiteral("atomic"), m_dir->filePath(QStringLiteral("none.json"))});
    QCOMPARE(missing.code, 1);
    QCOMPARE(missing.err,
             QByteArray("kvs: cannot read \"")
                 + m_dir->filePath(QStringLiteral("none.json")).toUtf8()
                 + "\": No such file or directory\n");
    const Run noFile = kvs({QStringLiteral("atomic")});
    QCOMPARE(noFile.code, 2);
    VERIFY_ONE_ERROR_LINE(noFile);
    QVERIFY2(noFile.err.contains("atomic FILE|- [--dry-run]"), noFile.err);
    const Run option
        = kvs({QStringLiteral("atomic"), bad, QStringLiteral("--ttl"), QStringLiteral("5")});
    QCOMPARE(option.code, 2);
    QCOMPARE(option.err, QByteArray("kvs: --ttl is not an option of atomic\n"));
    const Run noDb = runKvs({QStringLiteral("atomic"), bad});
    QCOMPARE(noDb.code, 2);
    QCOMPARE(noDb.err, QByteArray("kvs: this command needs --db PATH\n"));
}

QTEST_GUILESS_MAIN(TestCliAtomic)
// Every commit of kvs atomic goes to the audit log like the editor's (action "atomic"): its
// operations and keys in order, never a value; a dry run is not a commit and leaves no line.
void TestCliAtomic::commitsAreAudited()
{
    const QString auditPath = m_dir->filePath(QStringLiteral("audit.jsonl"));
    const QByteArray auditBefore = qgetenv("KVS_AUDIT_LOG");
    qputenv("KVS_AUDIT_LOG", QFile::encodeName(auditPath));
    const auto restore = qScopeGuard([&] { qputenv("KVS_AUDIT_LOG", auditBefore); });

    const qint64 a = versionOf("[\"a\"]");
    const QString file = writeFile(
        "t.json",
        QByteArrayLiteral(R"({"checks": [{"key": "[\"a\"]", "version": )") + QByteArray::number(a)
            + R"(}], "mutations": [{"type": "set", "key": "[\"b\"]", "value": "\"secret\""},
            {"type": "enqueue", "value": "\"payload\"", "topic": "emails"}]})");
    QCOMPARE(kvs({QStringLiteral("atomic"), QStringLiteral("--dry-run"), file}).code, 0);
    QVERIFY(!QFile::exists(auditPath));
    QCOMPARE(kvs({QStringLiteral("atomic"), file}).code, 0);
    // Another writer moves ["a"] on: the same document now fails its check.
    QCOMPARE(kvs({QStringLiteral("set"), QStringLiteral("[\"a\"]"), QStringLiteral("2")}).code, 0);
    QCOMPARE(kvs({QStringLiteral("atomic"), file}).code, 3);

    // A started line (the mutations it means to write) and an ended line per commit.
    const QList<QByteArray> audit = lines(fileBytes(auditPath));
    QCOMPARE(audit.size(), 4);
    QCOMPARE(parseObject(audit[0])[u"event"].toString(), QStringLiteral("started"));
    QCOMPARE(parseObject(audit[0])[u"expected"].toInt(), 2);
    const QJsonObject ok = parseObject(audit[1]);
    QCOMPARE(ok[u"action"].toString(), QStringLiteral("atomic"));
    QCOMPARE(ok[u"database"].toString(), m_db);
    QCOMPARE(ok[u"filter"].toString(), QStringLiteral("check [\"a\"]; set [\"b\"]; enqueue"));
    QCOMPARE(ok[u"matched"].toInt(), 1);
    QCOMPARE(ok[u"changed"].toInt(), 2);
    QCOMPARE(ok[u"result"].toString(), QStringLiteral("done"));
    const QJsonObject failed = parseObject(audit[3]);
    QCOMPARE(failed[u"result"].toString(), QStringLiteral("failed"));
    QCOMPARE(failed[u"detail"].toString(), QStringLiteral("check 1 failed"));
    QCOMPARE(failed[u"changed"].toInt(), 0);
    QVERIFY(!fileBytes(auditPath).contains("secret"));
    QVERIFY(!fileBytes(auditPath).contains("payload"));
}

#include "tst_cli_atomic.moc"
