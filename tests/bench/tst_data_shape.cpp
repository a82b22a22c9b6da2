// The shape of a user's data for a scratch workload (bench/workload/data_shape.h, issue 44):
// the sample of a SQLite database (read-only: the file stays byte for byte), the keys made in
// its shape (unique, of the sampled depths, kinds and lengths), a run whose scratch keyspace has
// that shape, and the refusals.

#include "bench/workload/data_shape.h"
#include "bench/workload/workload_engine.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/kvstore.h>
#include <kvs/value_codec.h>

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <set>

using namespace kvs;
using namespace kvs::bench;

namespace {

QByteArray sha256(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex();
}

// A database of three layouts: ["users", NAME] (names of 5 .. 8 letters) with objects,
// ["orders", YEAR, IDn] with strings of 300 bytes, and [BYTES4, true] with numbers.
void writeUserData(const std::string &path)
{
    KVStore store(path);
    for (int i = 0; i < 40; ++i) {
        const std::string name(5 + i % 4, static_cast<char>('a' + i / 4));
        store.set(Key{"users", name}, Value::object({{"name", Value(name)}}));
        store.set(Key{"orders", 2026.0, BigInt(i)}, Value(std::string(300, 'o')));
        store.set(Key{Bytes{std::string("\x01\x02\x03") + char(i)}, true}, Value(double(i)));
    }
}

QList<int> kinds(const Key &key)
{
    QList<int> out;
    for (const KeyPart &part : key)
        out << int(part.type());
    return out;
}

QList<int> kinds(const std::vector<PartShape> &layout)
{
    QList<int> out;
    for (const PartShape &part : layout)
        out << int(part.kind);
    return out;
}

} // namespace

class TestDataShape : public QObject
{
    Q_OBJECT

private slots:
    void samplesKeyShapesAndValueSizesReadOnly()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("app.db"));
        writeUserData(path.toStdString());
        const QByteArray before = sha256(path);
        const DataShape shape = sampleDataShape(path.toStdString());
        QCOMPARE(sha256(path), before);
        QCOMPARE(shape.keys.size(), std::size_t(120));
        QCOMPARE(shape.valueSizes.size(), shape.keys.size());
        std::set<QList<int>> layouts;
        for (const std::vector<PartShape> &layout : shape.keys)
            layouts.insert(kinds(layout));
        const QList<int> users{int(KeyPart::Type::String), int(KeyPart::Type::String)};
        const QList<int> orders{
            int(KeyPart::Type::String), int(KeyPart::Type::Number), int(KeyPart::Type::BigInt)};
        const QList<int> flags{int(KeyPart::Type::Bytes), int(KeyPart::Type::Boolean)};
        QCOMPARE(layouts, (std::set<QList<int>>{users, orders, flags}));
        std::set<std::uint32_t> nameLengths;
        for (const std::vector<PartShape> &layout : shape.keys) {
            if (kinds(layout) == users) {
                QCOMPARE(layout[0].length, 5U); // "users"
                nameLengths.insert(layout[1].length);
            }
            if (kinds(layout) == flags)
                QCOMPARE(layout[0].length, 4U);
        }
        QCOMPARE(nameLengths, (std::set<std::uint32_t>{5, 6, 7, 8}));
        const std::uint32_t order = std::uint32_t(encodeValue(Value(std::string(300, 'o'))).size());
        QVERIFY(std::count(shape.valueSizes.begin(), shape.valueSizes.end(), order) == 40);
        QCOMPARE(QString::fromStdString(shape.summary()),
                 QStringLiteral("120 keys sampled: 2 .. 3 parts (bytes, string, number, bigint, "
                                "boolean), values %1 .. %2 bytes")
                     .arg(*std::min_element(shape.valueSizes.begin(), shape.valueSizes.end()))
                     .arg(order));
    }

    void shapedKeysAreUniqueAndOfTheSampledShape()
    {
        DataShape shape;
        shape.keys
            = {{{KeyPart::Type::String, 5}, {KeyPart::Type::String, 3}},
               {{KeyPart::Type::String, 5}, {KeyPart::Type::String, 6}},
               {{KeyPart::Type::String, 6}, {KeyPart::Type::Number, 0}, {KeyPart::Type::BigInt, 0}},
               {{KeyPart::Type::Bytes, 2}, {KeyPart::Type::Boolean, 0}},
               {{KeyPart::Type::Boolean, 0}}};
        shape.valueSizes = {10};
        std::set<std::string> encoded;
        for (std::uint64_t i = 0; i < 100'000; ++i) {
            const Key key = shapedKey(shape, i);
            const std::vector<PartShape> &layout = shape.keys[i % shape.keys.size()];
            QCOMPARE(key.size(), layout.size());
            if (i % 5 != 4) // booleans only: the index takes the last part as a number
                QCOMPARE(kinds(key), kinds(layout));
            QVERIFY(encoded.insert(encodeKey(key)).second);
            // A scan from the key lists under its prefix.
            const Key prefix = shapedPrefix(shape, i);
            QVERIFY(prefix.size() < key.size());
            QVERIFY(std::equal(prefix.begin(), prefix.end(), key.begin()));
        }
        // Strings keep the sampled length until the index needs more digits.
        QCOMPARE(shapedKey(shape, 0)[1].asString(), std::string("000"));
        QCOMPARE(shapedKey(shape, 0)[0].asString(), std::string("kkkkk"));
        QCOMPARE(shapedKey(shape, 36 * 36 * 36 * 5)[1].asString(), std::string("5000"));
        QCOMPARE(shapedKey(shape, 3)[0].asBytes().data.size(), std::size_t(2));
    }

    void aRunWritesItsKeyspaceInTheSampledShape()
    {
        QTemporaryDir dir;
        const QString like = dir.filePath(QStringLiteral("app.db"));
        writeUserData(like.toStdString());
        const QByteArray before = sha256(like);
        WorkloadConfig config;
        config.db = dir.filePath(QStringLiteral("scratch.db")).toStdString();
        config.workload = "ycsb-e"; // scans and inserts in the shaped keyspace
        config.like = like.toStdString();
        config.keys = 300;
        config.seconds = 0.3;
        config.warmupSeconds = 0;
        config.concurrency = 2;
        const DataShape shape = sampleDataShape(like.toStdString());
        std::vector<Entry> written;
        RunCallbacks callbacks;
        callbacks.onLoaded = [&](const LoadPhase &) {
            AsyncKVStoreSettings settings;
            settings.readOnly = true;
            AsyncKVStore scratch(config.db, settings);
            ListSelector all;
            all.prefix = Key{};
            ListOptions options;
            options.limit = 1000;
            written = scratch.list(all, options).result().entries;
            scratch.close().waitForFinished();
        };
        const std::atomic<bool> cancel{false};
        const RunResult result = runWorkload(config, callbacks, cancel);
        QCOMPARE(sha256(like), before);
        QCOMPARE(written.size(), std::size_t(300));
        std::set<std::uint32_t> sampledSizes(shape.valueSizes.begin(), shape.valueSizes.end());
        for (const Entry &entry : written) {
            bool matches = false;
            for (const std::vector<PartShape> &layout : shape.keys)
                matches = matches || kinds(entry.key) == kinds(layout);
            QVERIFY2(matches, qPrintable(QString::number(entry.key.size())));
            QVERIFY(entry.value.type() == Value::Type::String);
        }
        QCOMPARE(result.shape, shape.summary());
        QCOMPARE(result.all.errors, 0U);
        QVERIFY(result.all.ops > 0);
        QVERIFY(!result.ops.empty());
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << "empty"
                               << "kvs: --like: %1 holds no entries to sample";
        QTest::newRow("queue") << "queue"
                               << "kvs: bench: --like shapes the keyspace, and the queue "
                                  "workload writes none";
    }

    void refusals()
    {
        QFETCH(QString, what);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString like = dir.filePath(QStringLiteral("empty.db"));
        {
            KVStore store(like.toStdString()); // a kvs database without entries
        }
        WorkloadConfig config;
        config.db = dir.filePath(QStringLiteral("scratch.db")).toStdString();
        config.workload = what == QLatin1String("queue") ? "queue" : "ycsb-a";
        config.like = like.toStdString();
        config.seconds = 0.1;
        const std::atomic<bool> cancel{false};
        try {
            (void)runWorkload(config, {}, cancel);
            QFAIL("no error");
        } catch (const Error &error) {
            const QString expected
                = message.contains(QLatin1String("%1")) ? message.arg(like) : message;
            QCOMPARE(QString::fromUtf8(error.what()), expected);
        }
        QVERIFY(!QFile::exists(QString::fromStdString(config.db)));
    }

    void aMissingDatabaseIsNotCreated()
    {
        QTemporaryDir dir;
        const QString missing = dir.filePath(QStringLiteral("missing.db"));
        try {
            (void)sampleDataShape(missing.toStdString());
            QFAIL("no error");
        } catch (const Error &error) {
            QVERIFY2(QString::fromUtf8(error.what()).startsWith(QStringLiteral("kvs: --like: ")),
                     error.what());
        }
        QVERIFY(!QFile::exists(missing));
    }
};

QTEST_GUILESS_MAIN(TestDataShape)
#include "tst_data_shape.moc"
