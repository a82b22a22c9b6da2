// Two processes writing one SQLite file: every versionstamp is unique across both (blocks of
// 1024 reserved in kv_versionstamp, KVS-05). The second process is this test binary started
// again with --writer.
#include <kvs/kvstore.h>

#include <QCoreApplication>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <cstring>
#include <set>

using namespace kvs;

namespace {

constexpr int kWrites = 3000;

// The second process: writes kWrites keys and prints each version on its own line.
int runWriter(const char *path, const char *tag)
{
    KVStore store(path);
    for (int i = 0; i < kWrites; ++i) {
        const std::int64_t version = i % 3 == 0
                                         ? store.atomic().set({tag, i}, Value(i)).commit().version
                                         : store.set({tag, i}, Value(i)).version;
        std::printf("%lld\n", static_cast<long long>(version));
    }
    return 0;
}

} // namespace

class TestKVStoreProcesses : public QObject
{
    Q_OBJECT

private slots:
    void versionsAreUniqueAcrossProcesses();
};

void TestKVStoreProcesses::versionsAreUniqueAcrossProcesses()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shared.db"));
    {
        KVStore init(path.toStdString()); // create the schema before both start
    }
    QProcess other;
    other.start(QCoreApplication::applicationFilePath(),
                {QStringLiteral("--writer"), path, QStringLiteral("other")});
    QVERIFY(other.waitForStarted());

    std::vector<std::int64_t> mine;
    {
        KVStore store(path.toStdString());
        for (int i = 0; i < kWrites; ++i) {
            mine.push_back(i % 2 == 0 ? store.set({"mine", i}, Value(i)).version
                                      : static_cast<std::int64_t>(0));
            if (i % 2 == 1) {
                store.increment({"counter"});
                mine.back() = store.get({"counter"})->version;
            }
        }
    }
    QVERIFY(other.waitForFinished(60'000));
    QCOMPARE(other.exitCode(), 0);
    std::set<std::int64_t> all(mine.begin(), mine.end());
    QCOMPARE(all.size(), mine.size());
    const QList<QByteArray> lines = other.readAllStandardOutput().trimmed().split('\n');
    QCOMPARE(lines.size(), kWrites);
    for (const QByteArray &line : lines)
        QVERIFY2(all.insert(line.toLongLong()).second, "a version was handed out twice");
    QCOMPARE(all.size(), std::size_t(2 * kWrites));

    // Both processes' writes are all there.
    KVStore check(path.toStdString());
    QCOMPARE(check.get({"other", kWrites - 1})->value.asNumber(), double(kWrites - 1));
    QCOMPARE(check.get({"counter"})->value.asNumber(), double(kWrites / 2));
}

int main(int argc, char **argv)
{
    if (argc == 4 && std::strcmp(argv[1], "--writer") == 0)
        return runWriter(argv[2], argv[3]);
    QCoreApplication app(argc, argv);
    TestKVStoreProcesses test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_kvstore_processes.moc"
