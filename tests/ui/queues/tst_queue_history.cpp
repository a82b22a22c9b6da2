// The queue charts' history: its bound, its rates, and its local file (round trip, mode 0600, a
// damaged or foreign file moved aside with a clear message and never overwritten in place).
#include "queues/queue_history.h"
#include "queues/queue_history_file.h"
#include "support/test_support.h"

#include <QFile>
#include <QFileInfo>
#include <QTest>

using namespace kvs::ui;

namespace {

// Qt's owner bits and the group's and others' (its "user" bits repeat the owner's on Unix).
constexpr int kOwnerGroupOther = 0x7077;

QueueSample sampleAt(std::int64_t atMs, std::int64_t lastId, std::int64_t dead, std::int64_t done)
{
    QueueSample sample;
    sample.atMs = atMs;
    sample.lastId = lastId;
    sample.topics.push_back(QueueTopicCounts{"emails", 3, 1, 2, dead, done});
    sample.topics.push_back(QueueTopicCounts{"hooks", 10, 0, 0, 0, 0});
    return sample;
}

QString pathOf(const kvs::test::TestFiles &files, const char *name)
{
    return QString::fromStdString(files.path(name));
}

void writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

} // namespace

class TestQueueHistory : public QObject
{
    Q_OBJECT

private:
    kvs::test::TestFiles m_files;
    const QString m_identity = QStringLiteral("orders.db (/srv/data)");

private slots:
    void boundKeepsADayThinnedByAge()
    {
        QueueHistory history;
        const std::int64_t start = 1'800'000'000'000;
        const std::int64_t step = 2000; // a refresh every 2 s, for 25 hours
        const std::int64_t end = start + 25LL * 3600 * 1000;
        for (std::int64_t at = start; at <= end; at += step)
            history.add(sampleAt(at, (at - start) / step, 0, 0));
        const std::vector<QueueSample> &samples = history.samples();
        QCOMPARE(samples.back().atMs, end);
        QVERIFY(end - samples.front().atMs <= QueueHistory::kKeepMs);
        QVERIFY(end - samples.front().atMs > QueueHistory::kKeepMs - 120000);
        // 5 minutes every 2 s, 55 minutes every 10 s, 23 hours every minute.
        QVERIFY2(samples.size() > 1700 && samples.size() < 1900,
                 qPrintable(QString::number(samples.size())));
        for (std::size_t i = 1; i < samples.size(); ++i) {
            const std::int64_t age = end - samples[i].atMs;
            const std::int64_t gap = samples[i].atMs - samples[i - 1].atMs;
            if (age > QueueHistory::kTenSecondsAfterMs + 60000)
                QVERIFY(gap >= 60000);
            else if (age > QueueHistory::kFullResolutionMs + 10000)
                QVERIFY(gap >= 10000);
            else if (age < QueueHistory::kFullResolutionMs)
                QCOMPARE(gap, step);
        }
        // A sample from before the newest (the clock went back) is dropped.
        const std::size_t kept = history.samples().size();
        history.add(sampleAt(end - 1000, 0, 0, 0));
        QCOMPARE(history.samples().back().atMs, end);
        // One at the same time replaces the newest.
        history.add(sampleAt(end, 424242, 0, 0));
        QCOMPARE(history.samples().size(), kept);
        QCOMPARE(history.samples().back().lastId, std::int64_t(424242));
    }

    void ratesFromTheIdCounterAndTheCounts()
    {
        QueueHistory history;
        history.add(sampleAt(10000, 100, 5, 0));
        history.add(sampleAt(12000, 140, 9, 6)); // +40 ids, +4 dead, +6 done in 2 s
        history.add(sampleAt(14000, 140, 3, 6)); // 6 dead retried or deleted
        const std::vector<QueueRatePoint> all = history.rates({}, 0);
        QCOMPARE(all.size(), std::size_t(2));
        QCOMPARE(all[0].atMs, std::int64_t(12000));
        QCOMPARE(*all[0].enqueued, 20.0);
        QCOMPARE(all[0].deadLettered, 2.0);
        QCOMPARE(all[0].acknowledged, 3.0);
        QCOMPARE(all[0].deadRetriedOrDeleted, 0.0);
        QCOMPARE(*all[1].enqueued, 0.0);
        QCOMPARE(all[1].deadRetriedOrDeleted, 3.0);
        QCOMPARE(all[1].deadLettered, 0.0);
        // One topic: no enqueue rate (the counter is the database's); a range start drops the
        // older samples.
        const std::vector<QueueRatePoint> emails = history.rates("emails", 11000);
        QCOMPARE(emails.size(), std::size_t(1));
        QVERIFY(!emails[0].enqueued.has_value());
        QCOMPARE(emails[0].deadRetriedOrDeleted, 3.0);
        QVERIFY(history.rates("nobody", 0).at(0).deadLettered == 0.0);
        QCOMPARE(history.topics(), (std::vector<std::string>{"emails", "hooks"}));
        QCOMPARE(history.samples()[1].countsOf({})->due, std::int64_t(13));
    }

    void fileRoundTripIsPrivate()
    {
        QueueHistory history;
        for (int i = 0; i < 50; ++i)
            history.add(sampleAt(1000 + i * 2000, i * 7, i, i / 2));
        const QString path = pathOf(m_files, "round/trip.kqh");
        saveQueueHistory(path, history.encode(m_identity));
        QCOMPARE(QFileInfo(path).permissions() & kOwnerGroupOther,
                 QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        QCOMPARE(QFile::permissions(QFileInfo(path).path()) & kOwnerGroupOther,
                 QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        const QueueHistoryLoad load = loadQueueHistory(path, m_identity);
        QVERIFY2(load.problem.isEmpty(), qPrintable(load.problem));
        QCOMPARE(load.history.samples().size(), std::size_t(50));
        const QueueSample &last = load.history.samples().back();
        QCOMPARE(last.atMs, std::int64_t(1000 + 49 * 2000));
        QCOMPARE(last.lastId, std::int64_t(49 * 7));
        QCOMPARE(last.topics.size(), std::size_t(2));
        QCOMPARE(last.topics[0].topic, std::string("emails"));
        QCOMPARE(last.topics[0].dead, std::int64_t(49));
        QCOMPARE(last.topics[0].done, std::int64_t(24));
        QCOMPARE(last.topics[1].due, std::int64_t(10));
        // No file yet: an empty history, no problem.
        const QueueHistoryLoad none = loadQueueHistory(pathOf(m_files, "none.kqh"), m_identity);
        QVERIFY(none.problem.isEmpty());
        QVERIFY(none.history.isEmpty());
    }

    void unreadableFileIsMovedAsideWithAClearMessage_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("problem");
        QueueHistory history;
        history.add(sampleAt(1000, 1, 0, 0));
        history.add(sampleAt(3000, 2, 0, 0));
        const QByteArray good = history.encode(QStringLiteral("orders.db (/srv/data)"));
        QTest::newRow("foreign file")
            << QByteArray("SQLite format 3\0", 16) << QStringLiteral("not a queue history file");
        QTest::newRow("cut short")
            << good.left(good.size() - 5)
            << QStringLiteral("damaged (it ends early or holds impossible values)");
        QTest::newRow("trailing bytes")
            << good + "x" << QStringLiteral("damaged (it ends early or holds impossible values)");
        QTest::newRow("another database")
            << history.encode(QStringLiteral("billing.db (/srv/data)"))
            << QStringLiteral("a queue history of another database (billing.db (/srv/data))");
        QByteArray newer = good;
        newer[int(qstrlen("KVS Admin queue history\n")) + 3] = 9; // format 9, big-endian quint32
        QTest::newRow("newer format")
            << newer << QStringLiteral("written by a newer version (format 9)");
    }

    void unreadableFileIsMovedAsideWithAClearMessage()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, problem);
        const QString path = pathOf(m_files, QTest::currentDataTag());
        writeBytes(path, bytes);
        const QueueHistoryLoad load = loadQueueHistory(path, m_identity);
        QCOMPARE(load.problem, problem);
        QVERIFY(load.history.isEmpty());
        QCOMPARE(load.movedAside, path + QStringLiteral(".unreadable"));
        QVERIFY(!QFile::exists(path));
        QCOMPARE(kvs::test::fileBytes(load.movedAside), bytes); // kept as it was
        try {
            (void)QueueHistory::decode(bytes, m_identity);
            QFAIL("decode() took it");
        } catch (const QueueHistoryError &error) {
            QCOMPARE(QString::fromStdString(error.what()), problem);
        }
    }

    void unwritablePlaceSaysWhy()
    {
        const QString blocker = pathOf(m_files, "blocker");
        writeBytes(blocker, "a file where the folder should be");
        const QString path = blocker + QStringLiteral("/history.kqh");
        try {
            saveQueueHistory(path, QByteArray("x"));
            QFAIL("saved under a file");
        } catch (const QueueHistoryError &error) {
            const QString message = QString::fromStdString(error.what());
            QVERIFY2(message.startsWith(QStringLiteral("cannot write the queue history ") + path
                                        + QStringLiteral(": ")),
                     qPrintable(message));
        }
    }

    void pathNamesTheDatabaseByHashOnly()
    {
        qputenv("KVS_QUEUE_HISTORY_DIR", "/tmp/histories");
        const QString a = queueHistoryPath(QStringLiteral("kvs_test@db.example:5432/orders"));
        const QString b = queueHistoryPath(QStringLiteral("kvs_test@db.example:5432/billing"));
        qunsetenv("KVS_QUEUE_HISTORY_DIR");
        QVERIFY(a.startsWith(QStringLiteral("/tmp/histories/")));
        QVERIFY(a.endsWith(QStringLiteral(".kqh")));
        QVERIFY(a != b);
        QVERIFY(!a.contains(QStringLiteral("orders")));
    }
};

QTEST_GUILESS_MAIN(TestQueueHistory)
#include "tst_queue_history.moc"
