// Several processes opening one brand-new SQLite file at the same moment (the reference:
// "concurrent openers wait for each other", busy_timeout 5000). Every opener must succeed: the
// switch to WAL and the migration wait for the others instead of failing with "database is
// locked". The other processes are this test binary started again with a mode flag; they open
// a series of new files in time slots they agree on by the wall clock, so each file is opened by
// all of them within about a millisecond.
#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/kvstore.h>

#include <QCoreApplication>
#include <QDateTime>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

using namespace kvs;

namespace {

constexpr int kProcesses = 3;
constexpr int kFiles = 120;
constexpr qint64 kSlotMs = 15;

// One opener: for file i, waits for its slot, then opens it and writes its own key. Prints each
// failure on stderr; exits 1 if any.
int runOpener(const char *folder, const char *tag, qint64 startMs)
{
    int failures = 0;
    for (int i = 0; i < kFiles; ++i) {
        const qint64 slot = startMs + i * kSlotMs;
        while (QDateTime::currentMSecsSinceEpoch() < slot) {
            // Busy: a sleep's wake-up is too coarse to line the processes up.
        }
        const std::string path = std::string(folder) + "/new-" + std::to_string(i) + ".db";
        try {
            if (i % 2 == 0) {
                KVStore store(path);
                store.set({tag}, Value(i));
            } else { // as the kvs command line opens a file to write
                AsyncKVStoreSettings settings;
                settings.migrate = false;
                settings.maintenanceInterval = std::chrono::milliseconds(0);
                AsyncKVStore store(path, settings);
                store.set({tag}, Value(i)).waitForFinished();
            }
        } catch (const Error &error) {
            std::fprintf(
                stderr, "%s: %s [%s]\n", path.c_str(), error.what(), error.detail().c_str());
            ++failures;
        }
    }
    return failures == 0 ? 0 : 1;
}

} // namespace

class TestSqliteConcurrentOpen : public QObject
{
    Q_OBJECT

private slots:
    void processesOpeningOneNewFileAllSucceed();
};

void TestSqliteConcurrentOpen::processesOpeningOneNewFileAllSucceed()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // Far enough ahead for every process to be up before the first slot.
    const qint64 start = QDateTime::currentMSecsSinceEpoch() + 1500;
    std::vector<std::unique_ptr<QProcess>> openers;
    for (int p = 0; p < kProcesses; ++p) {
        auto opener = std::make_unique<QProcess>();
        opener->start(QCoreApplication::applicationFilePath(),
                      {QStringLiteral("--open"),
                       dir.path(),
                       QStringLiteral("p%1").arg(p),
                       QString::number(start)});
        QVERIFY(opener->waitForStarted());
        openers.push_back(std::move(opener));
    }
    for (auto &opener : openers) {
        QVERIFY(opener->waitForFinished(120'000));
        QVERIFY2(opener->exitStatus() == QProcess::NormalExit && opener->exitCode() == 0,
                 opener->readAllStandardError().constData());
    }
    // Every file holds every process's key: nobody's open failed or lost a write.
    for (int i = 0; i < kFiles; ++i) {
        KVStore store(dir.filePath(QStringLiteral("new-%1.db").arg(i)).toStdString());
        for (int p = 0; p < kProcesses; ++p) {
            const std::optional<Entry> entry = store.get({"p" + std::to_string(p)});
            QVERIFY2(entry, qPrintable(QStringLiteral("file %1, process %2").arg(i).arg(p)));
            QCOMPARE(entry->value.asNumber(), double(i));
        }
    }
}

int main(int argc, char **argv)
{
    if (argc == 5 && std::strcmp(argv[1], "--open") == 0)
        return runOpener(argv[2], argv[3], std::atoll(argv[4]));
    QCoreApplication app(argc, argv);
    TestSqliteConcurrentOpen test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_sqlite_concurrent_open.moc"
