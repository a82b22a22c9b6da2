// Hostile files and inputs through the kvs CLI (issue 17): each row names a file (empty, random
// bytes, a truncated database, a foreign SQLite database, a newer schema, a garbage row, a file
// the user can only read, a directory, a named pipe) or a malformed argument (key and value
// literals, injection attempts in --table-prefix and --schema), runs one command, and checks the
// exit code, the one-line message, that kvs returned within a bound (no hang), and that the file
// and its -wal are byte-identical afterwards (sha256; an absent -wal and an empty one count as
// the same, as a read may leave an empty one, see kvs --help).
#include "cli_test_support.h"
#include "support/test_paths.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <iterator>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>

using namespace cli_test;

namespace {

enum class Fixture {
    Valid,
    Missing,
    Empty,
    Random,
    Truncated,
    Foreign,
    Newer,
    GarbageRow,
    ReadOnly,
    Directory,
    Fifo
};

constexpr int kBoundMs = 20'000; // a command not finished by then has hung

// Digest of what a path holds: the bytes of a file and of its -wal, a directory's listing, or
// the kind of a special file.
QByteArray snapshot(const QString &path)
{
    const QFileInfo info(path);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (info.isDir()) {
        hash.addData(QDir(path).entryList(QDir::AllEntries | QDir::Hidden).join(u'/').toUtf8());
    } else if (!info.isFile()) {
        hash.addData(info.exists() ? QByteArray("special") : QByteArray("absent"));
    } else {
        hash.addData(fileBytes(path));
    }
    hash.addData(QByteArray("wal:"));
    hash.addData(fileBytes(path + QStringLiteral("-wal"))); // absent reads as empty
    return hash.result().toHex();
}

} // namespace

class TestCliHostile : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void hostile_data();
    void hostile();
    void cleanupTestCase();

private:
    QString make(Fixture fixture, const QString &name);
    Run run(const QStringList &args, bool asReader);

    QTemporaryDir m_dir;
    QString m_kvs; // the CLI, copied where a reader without rights can run it
    int m_rows = 0;
};

void TestCliHostile::initTestCase()
{
    QVERIFY(m_dir.isValid());
    ::chmod(QFile::encodeName(m_dir.path()).constData(), 0755);
    m_kvs = m_dir.filePath(QStringLiteral("kvs"));
    QVERIFY(QFile::copy(kvs::test::fromTest(KVS_CLI_PATH), m_kvs));
    ::chmod(QFile::encodeName(m_kvs).constData(), 0755);
}

void TestCliHostile::cleanupTestCase()
{
    // The read-only rows' folders, so that the temporary folder can be removed without root.
    for (const QString &row : QDir(m_dir.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        ::chmod(QFile::encodeName(m_dir.filePath(row)).constData(), 0755);
    std::printf("cli-hostile: %d hostile inputs, each with its exit code, message and the file "
                "unchanged\n",
                m_rows);
}

// Runs kvs; with asReader as a user who cannot write (as "nobody" when this test runs as root).
Run TestCliHostile::run(const QStringList &args, bool asReader)
{
    QProcess process;
    if (asReader && ::geteuid() == 0) {
        process.start(QStringLiteral("setpriv"),
                      QStringList{QStringLiteral("--reuid=65534"),
                                  QStringLiteral("--regid=65534"),
                                  QStringLiteral("--clear-groups"),
                                  m_kvs}
                          + args);
    } else {
        process.start(m_kvs, args);
    }
    Run result;
    if (!process.waitForFinished(kBoundMs)) {
        process.kill();
        process.waitForFinished();
        result.err = "kvs hung";
        return result;
    }
    result.code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

// Makes the fixture in a folder of its own; returns the path to pass as --db.
QString TestCliHostile::make(Fixture fixture, const QString &name)
{
    const QString dir = m_dir.filePath(name);
    QDir().mkpath(dir);
    const QString db = dir + QStringLiteral("/kv.db");
    const auto kvsDatabase = [&] {
        Run set = run({QStringLiteral("--db"),
                       db,
                       QStringLiteral("set"),
                       QStringLiteral("[\"a\"]"),
                       QStringLiteral("1")},
                      false);
        {
            const SqlitePtr raw = openSqlite(db);
            for (int i = 0; i < 200; ++i) // several pages, so that a cut falls inside the data
                insertRow(raw.get(), {"k", i}, kvs::Value(std::string(100, 'x')), i + 10);
        }
        exec(openSqlite(db).get(), "PRAGMA wal_checkpoint(TRUNCATE)");
        QFile::remove(db + QStringLiteral("-wal"));
        QFile::remove(db + QStringLiteral("-shm"));
        return set.code == 0;
    };
    QFile file(db);
    switch (fixture) {
    case Fixture::Valid:
        kvsDatabase();
        break;
    case Fixture::Missing:
        break;
    case Fixture::Empty:
        file.open(QIODevice::WriteOnly);
        break;
    case Fixture::Random: {
        QByteArray bytes(8192, '\0');
        QRandomGenerator random(17);
        for (char &c : bytes)
            c = static_cast<char>(random.bounded(256));
        file.open(QIODevice::WriteOnly);
        file.write(bytes);
        break;
    }
    case Fixture::Truncated: {
        kvsDatabase();
        const QByteArray bytes = fileBytes(db);
        file.open(QIODevice::WriteOnly);
        file.write(bytes.left(bytes.size() / 2 + 100));
        break;
    }
    case Fixture::Foreign:
        exec(openSqlite(db).get(),
             "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT);"
             "INSERT INTO users VALUES (1, 'alice')");
        break;
    case Fixture::Newer:
        kvsDatabase();
        exec(openSqlite(db).get(), "UPDATE meta SET value = '99' WHERE key = 'schema_version'");
        break;
    case Fixture::GarbageRow:
        kvsDatabase();
        exec(openSqlite(db).get(),
             "INSERT INTO kv VALUES (x'026200', x'03ff7b', 5, NULL);" // ["b"] = bad typed JSON
             "INSERT INTO kv VALUES (x'02', x'01', 6, NULL)");        // a cut key
        break;
    case Fixture::ReadOnly:
        kvsDatabase();
        ::chmod(QFile::encodeName(db).constData(), 0444);
        ::chmod(QFile::encodeName(dir).constData(), 0555);
        break;
    case Fixture::Directory:
        QDir().mkpath(db);
        break;
    case Fixture::Fifo:
        ::mkfifo(QFile::encodeName(db).constData(), 0600);
        break;
    }
    return db;
}

void TestCliHostile::hostile_data()
{
    QTest::addColumn<int>("fixture");
    QTest::addColumn<QStringList>("args"); // "@DB" stands for the fixture's path
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message"); // in stderr; empty: no output on stderr
    QTest::addColumn<bool>("asReader");

    const QString get = QStringLiteral("get");
    const QString set = QStringLiteral("set");
    const QString list = QStringLiteral("list");
    const QString a = QStringLiteral("[\"a\"]");
    const QString one = QStringLiteral("1");
    const auto row = [&](const char *name,
                         Fixture fixture,
                         const QStringList &args,
                         int code,
                         const char *message,
                         bool asReader = false) {
        QTest::newRow(name) << int(fixture)
                            << (QStringList{QStringLiteral("--db"), QStringLiteral("@DB")} + args)
                            << code << QString::fromUtf8(message) << asReader;
    };

    // Files that are no kvs database, or a damaged one.
    const char *notKvs = "is not a kvs database (no \"kv\" table; ";
    row("missing/get", Fixture::Missing, {get, a}, 1, "kvs: no database at ");
    row("empty/get", Fixture::Empty, {get, a}, 1, "the database has no tables)");
    row("empty/list", Fixture::Empty, {list}, 1, "the database has no tables)");
    row("random/get", Fixture::Random, {get, a}, 1, "kvs: file is not a database");
    row("random/list", Fixture::Random, {list}, 1, "kvs: file is not a database");
    row("random/set", Fixture::Random, {set, a, one}, 1, "kvs: file is not a database");
    row("truncated/get", Fixture::Truncated, {get, a}, 1, "kvs: database disk image is malformed");
    row("truncated/list", Fixture::Truncated, {list}, 1, "kvs: database disk image is malformed");
    row("truncated/set",
        Fixture::Truncated,
        {set, a, one},
        1,
        "kvs: database disk image is malformed");
    row("foreign/get", Fixture::Foreign, {get, a}, 1, notKvs);
    row("foreign/list", Fixture::Foreign, {list}, 1, notKvs);
    row("foreign/set", Fixture::Foreign, {set, a, one}, 1, "; open it with migration allowed");
    for (const auto &[label, fixture, kind] :
         std::initializer_list<std::tuple<const char *, Fixture, const char *>>{
             {"directory", Fixture::Directory, "it is a directory, not a database file"},
             {"fifo", Fixture::Fifo, "it is a named pipe, not a database file"}}) {
        const std::string l(label);
        row((l + "/get").c_str(), fixture, {get, a}, 1, kind);
        row((l + "/list").c_str(), fixture, {list}, 1, kind);
        row((l + "/set").c_str(), fixture, {set, a, one}, 1, kind);
    }
    row("newer/get", Fixture::Newer, {get, a}, 1, "version 99, newer than this kvs release");
    row("newer/set", Fixture::Newer, {set, a, one}, 1, "version 99, newer than this kvs release");
    // Issue 12 defect 8: list skips each row that does not decode, one warning line per row.
    row("garbage-row/list",
        Fixture::GarbageRow,
        {list},
        0,
        "kvs: warning: skipped a row that does not decode, key bytes 02: cannot decode key: "
        "missing separator at byte 1");
    row("garbage-row/get",
        Fixture::GarbageRow,
        {get, QStringLiteral("[\"b\"]")},
        1,
        "kvs: cannot decode value: an invalid JSON value at byte 1");
    row("garbage-row/get-other", Fixture::GarbageRow, {get, a}, 0, "");
    row("read-only/get", Fixture::ReadOnly, {get, a}, 0, "", true);
    row("read-only/set",
        Fixture::ReadOnly,
        {set, a, one},
        1,
        "kvs: attempt to write a readonly database",
        true);

    // Malformed literals and options, on a valid database.
    row("key/unclosed", Fixture::Valid, {set, QStringLiteral("[\"a\""), one}, 1, "kvs: ");
    row("key/not-array", Fixture::Valid, {get, QStringLiteral("a")}, 1, "kvs: ");
    row("key/null-part", Fixture::Valid, {set, QStringLiteral("[null]"), one}, 1, "kvs: ");
    row("key/nan-part", Fixture::Valid, {set, QStringLiteral("[NaN]"), one}, 1, "kvs: ");
    row("key/deep", Fixture::Valid, {get, QString(100000, u'[')}, 1, "kvs: ");
    row("value/expression", Fixture::Valid, {set, a, QStringLiteral("1+1")}, 1, "kvs: ");
    row("value/call", Fixture::Valid, {set, a, QStringLiteral("require('fs')")}, 1, "kvs: ");
    row("value/date-now", Fixture::Valid, {set, a, QStringLiteral("new Date()")}, 1, "kvs: ");
    row("value/bytes-range",
        Fixture::Valid,
        {set, a, QStringLiteral("new Uint8Array([256])")},
        1,
        "kvs: ");
    row("value/too-deep",
        Fixture::Valid,
        {set, a, QString(5001, u'[') + QString(5001, u']')},
        1,
        "nesting is deeper than 5000 levels");
    row("value/trailing", Fixture::Valid, {set, a, QStringLiteral("1 2")}, 1, "kvs: ");
    row("value/raw-control", Fixture::Valid, {set, a, QStringLiteral("\"a\tb\"")}, 1, "kvs: ");
    row("limit/not-number",
        Fixture::Valid,
        {list, QStringLiteral("--limit"), QStringLiteral("1;")},
        2,
        "kvs: ");
    row("cursor/garbage",
        Fixture::Valid,
        {list, QStringLiteral("--cursor"), QStringLiteral("!!")},
        1,
        "kvs: ");

    // Injection attempts: refused before any SQL.
    const char *prefixes[]
        = {"x\"; DROP TABLE kv; --", "kv'", "a b", "../x", "x;", "\"", "é", "x\ny"};
    for (std::size_t i = 0; i < std::size(prefixes); ++i) {
        const QStringList option{QStringLiteral("--table-prefix"), QString::fromUtf8(prefixes[i])};
        const char *refused = "kvs: tablePrefix must match /^[A-Za-z_][A-Za-z0-9_]*$/";
        row(("table-prefix/get " + std::to_string(i)).c_str(),
            Fixture::Valid,
            option + QStringList{get, a},
            1,
            refused);
        row(("table-prefix/set " + std::to_string(i)).c_str(),
            Fixture::Valid,
            option + QStringList{set, a, one},
            1,
            refused);
    }
    const char *schemas[] = {"x\"; DROP TABLE kv; --", "public'; --", "a.b"};
    for (std::size_t i = 0; i < std::size(schemas); ++i) {
        row(("schema/set " + std::to_string(i)).c_str(),
            Fixture::Valid,
            {QStringLiteral("--schema"), QString::fromUtf8(schemas[i]), set, a, one},
            1,
            "kvs: schema is a PostgreSQL setting; this store is SQLite");
    }
    // The one write that succeeds: an empty file is an empty SQLite database, and kvs makes it
    // a kvs database (the file changes, as it should).
    row("empty/set", Fixture::Empty, {set, a, one}, 0, "");
}

void TestCliHostile::hostile()
{
    QFETCH(int, fixture);
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    QFETCH(bool, asReader);
    const QString db = make(static_cast<Fixture>(fixture), QStringLiteral("row%1").arg(m_rows++));
    args.replaceInStrings(QStringLiteral("@DB"), db);
    const QByteArray before = snapshot(db);
    const Run result = run(args, asReader);
    std::printf("cli-hostile: %s: exit %d: %s\n",
                QTest::currentDataTag(),
                result.code,
                result.err.trimmed().left(160).constData());
    QVERIFY2(result.err != "kvs hung", "kvs did not return");
    QVERIFY2(result.code == code,
             qPrintable(QStringLiteral("exit %1, stderr: %2")
                            .arg(result.code)
                            .arg(QString::fromUtf8(result.err))));
    if (message.isEmpty()) {
        QCOMPARE(result.err, QByteArray());
    } else if (code == 0) {
        for (const QByteArray &line : result.err.trimmed().split('\n'))
            QVERIFY2(line.startsWith("kvs: warning: "), line.constData());
        QVERIFY2(result.err.contains(message.toUtf8()), result.err.constData());
    } else {
        VERIFY_ONE_ERROR_LINE(result);
        QVERIFY2(result.err.contains(message.toUtf8()), result.err.constData());
    }
    if (QTest::currentDataTag() != QByteArray("empty/set"))
        QCOMPARE(snapshot(db), before);
    else
        QVERIFY(snapshot(db) != before);
}

QTEST_GUILESS_MAIN(TestCliHostile)
#include "tst_cli_hostile.moc"
