// Paths a SQLite open must handle without hanging or failing for the wrong reason (issue 17):
// a named pipe or a directory is refused at once; a WAL database in a folder the user can only
// read is read (SQLite's immutable mode) when its -wal holds nothing, and refused with the reason
// when it holds committed changes the file alone would miss. Unreadable-folder cases need a user
// that cannot write there: run as root, the test reads through this binary started again as the
// "nobody" user (setpriv).
#include "support/raw_sqlite.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/kvstore.h>

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <fcntl.h>
#include <future>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace kvs;
using namespace kvs::test;

namespace {

// Reads key ["a"] read-only with both stores; prints "VALUE" or the error's message, exit 0/1.
int runReader(const char *path)
{
    try {
        KVStoreOptions options;
        options.readOnly = true;
        KVStore sync(path, options);
        const std::optional<Entry> entry = sync.get({"a"});
        AsyncKVStoreSettings settings;
        settings.readOnly = true;
        AsyncKVStore async(path, settings);
        const std::optional<Entry> again = async.get({"a"}).result();
        if (!entry || !again || !(entry->value == again->value))
            return 2;
        std::printf("%g\n", entry->value.asNumber());
        return 0;
    } catch (const Error &error) {
        std::printf("%s\n", error.what());
        return 1;
    }
}

struct Reading
{
    int code = -1;
    std::string output;
};

// Reads path as a user who cannot write its folder: this process when it is not root (the folder
// is made read-only), else this binary as "nobody".
Reading readAsReader(const QString &path)
{
    QProcess reader;
    QString self = QCoreApplication::applicationFilePath();
    if (::geteuid() == 0) {
        // A copy beside the databases: "nobody" may not reach the build folder (a clone in a
        // private home, say). The binary needs nothing of its folder (kvs_core is static).
        const QString copy = QFileInfo(path).dir().filePath(QStringLiteral("../reader"));
        if (!QFile::exists(copy) && !QFile::copy(self, copy))
            return {};
        ::chmod(copy.toUtf8().constData(), 0755);
        self = copy;
        reader.start(QStringLiteral("setpriv"),
                     {QStringLiteral("--reuid=65534"),
                      QStringLiteral("--regid=65534"),
                      QStringLiteral("--clear-groups"),
                      self,
                      QStringLiteral("--read"),
                      path});
    } else {
        reader.start(self, {QStringLiteral("--read"), path});
    }
    if (!reader.waitForFinished(30'000))
        return {};
    return {reader.exitCode(), reader.readAllStandardOutput().trimmed().toStdString()};
}

// Runs open; fails (and unblocks a pipe) if it has not returned within 10 s.
bool returnsPromptly(const std::function<void()> &open, const std::string &fifo)
{
    auto done = std::async(std::launch::async, [&] {
        try {
            open();
        } catch (...) {
        }
    });
    if (done.wait_for(std::chrono::seconds(10)) == std::future_status::ready)
        return true;
    const int writer = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK); // lets the open go on
    done.wait();
    if (writer >= 0)
        ::close(writer);
    return false;
}

} // namespace

class TestSqliteOpenPaths : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        // Others (the "nobody" reader) may enter; the folders below decide what they can write.
        ::chmod(m_dir.path().toUtf8().constData(), 0755);
    }
    void aNamedPipeIsRefusedAtOnce();
    void aDirectoryIsRefused();
    void aWalDatabaseInAReadOnlyFolderIsRead();
    void aWalWithCommittedChangesInAReadOnlyFolderIsRefused();

private:
    // A kvs database at folder/kv.db holding ["a"] = 1, in WAL mode, closed cleanly (no -wal).
    QString makeDatabase(const char *folder)
    {
        const QString dir = m_dir.filePath(QString::fromUtf8(folder));
        QDir().mkpath(dir);
        const QString path = dir + QStringLiteral("/kv.db");
        KVStore store(path.toStdString());
        store.set({"a"}, Value(1));
        return path;
    }

    QTemporaryDir m_dir;
};

void TestSqliteOpenPaths::aNamedPipeIsRefusedAtOnce()
{
    const std::string fifo = m_dir.filePath(QStringLiteral("pipe.db")).toStdString();
    QCOMPARE(::mkfifo(fifo.c_str(), 0644), 0);
    const std::string message
        = "kvs: cannot open database \"" + fifo + "\": it is a named pipe, not a database file";
    KVStoreOptions readOnly;
    readOnly.readOnly = true;
    AsyncKVStoreSettings asyncReadOnly;
    asyncReadOnly.readOnly = true;
    const std::vector<std::function<void()>> opens = {
        [&] { KVStore store(fifo, readOnly); },
        [&] { KVStore store(fifo); },
        [&] { AsyncKVStore(fifo, asyncReadOnly).get({"a"}).result(); },
        [&] { AsyncKVStore(fifo).set({"a"}, Value(1)).result(); },
    };
    for (const auto &open : opens) {
        QVERIFY2(returnsPromptly(open, fifo), "the open waited on the pipe");
        QVERIFY(throwsWith<DatabaseError>(open, message));
    }
}

void TestSqliteOpenPaths::aDirectoryIsRefused()
{
    const std::string dir = m_dir.filePath(QStringLiteral("folder.db")).toStdString();
    QVERIFY(QDir().mkpath(QString::fromStdString(dir)));
    QVERIFY(throwsWith<DatabaseError>([&] { KVStore store(dir); },
                                      "kvs: cannot open database \"" + dir
                                          + "\": it is a directory, not a database file"));
}

void TestSqliteOpenPaths::aWalDatabaseInAReadOnlyFolderIsRead()
{
    const QString path = makeDatabase("clean");
    QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
    ::chmod(QFileInfo(path).path().toUtf8().constData(), 0555);
    const Reading reading = readAsReader(path);
    ::chmod(QFileInfo(path).path().toUtf8().constData(), 0755);
    QCOMPARE(reading.code, 0);
    QCOMPARE(reading.output, std::string("1"));
    QVERIFY(!QFile::exists(path + QStringLiteral("-shm"))); // nothing was created
}

void TestSqliteOpenPaths::aWalWithCommittedChangesInAReadOnlyFolderIsRefused()
{
    const QString path = makeDatabase("pending");
    {
        // Another writer commits and leaves its changes in the -wal (no checkpoint on close).
        RawSqlite raw(path.toStdString());
        raw.exec("PRAGMA wal_autocheckpoint = 0");
        sqlite3_db_config(raw.handle(), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
        raw.exec("UPDATE kv SET value = CAST('2' AS BLOB)");
    }
    QVERIFY(QFileInfo(path + QStringLiteral("-wal")).size() > 0);
    QFile::remove(path + QStringLiteral("-shm"));
    ::chmod(QFileInfo(path).path().toUtf8().constData(), 0555);
    const Reading reading = readAsReader(path);
    ::chmod(QFileInfo(path).path().toUtf8().constData(), 0755);
    QCOMPARE(reading.code, 1);
    QCOMPARE(reading.output,
             "kvs: cannot read \"" + path.toStdString()
                 + "\" safely: its folder (or -shm file) is read-only, so SQLite cannot set up the "
                   "index a WAL database is read through, and its -wal file still holds committed "
                   "changes that reading the file alone would miss; open it where you can write, "
                   "or have its writer checkpoint it first");
}

int main(int argc, char **argv)
{
    if (argc == 3 && std::strcmp(argv[1], "--read") == 0)
        return runReader(argv[2]);
    QCoreApplication app(argc, argv);
    TestSqliteOpenPaths test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_sqlite_open_paths.moc"
