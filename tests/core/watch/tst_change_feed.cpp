// ChangeFeed: changes that other connections and processes commit arrive through
// PRAGMA data_version probes; only keys whose version differs are reported. The other process is
// this test binary started again with --writer (feed_writer.h).
#include "support/test_support.h"
#include "watch/feed_writer.h"

#include <kvs/change_feed.h>
#include <kvs/clock.h>
#include <kvs/kvstore.h>

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace kvs;

namespace {

// Polls until a change arrives or about two seconds pass: a probe of what another process does,
// so it waits on real time.
std::vector<Change> pollUntilChange(ChangeFeed &feed)
{
    std::vector<Change> changes;
    (void)QTest::qWaitFor(
        [&] {
            changes = feed.poll();
            return !changes.empty();
        },
        2000);
    return changes;
}

} // namespace

class TestChangeFeed : public QObject
{
    Q_OBJECT

private:
    kvs::test::TestFiles m_files;

private slots:
    void seesAnotherProcessWrite();
    void reportsOnlyKeysWhoseVersionMoved();
    void reportsDeletesAndExpiry();
    void expiryFollowsTheClockOfItsOptions();
    void opensReadOnly();
    void watchesAPrefixAcrossProcesses();
    void tellsDeletedFromExpired();
    void keyUnderAWatchedPrefixIsReportedOnce();
    void refusesAPrefixOverTheLimit();
    void aPrefixGrowingPastTheLimitFailsThePollAndRecovers();
    void refusesAZeroLimit();
    void saysHowItProbes();
    void watchesNewTargetsOnItsConnections();
    void aFileGoneIsAConnectionErrorAndARestoredOneIsReadAgain();
};

void TestChangeFeed::seesAnotherProcessWrite()
{
    const std::string path = m_files.path("shared.db");
    {
        KVStore store(path);
        store.set({"config", "theme"}, Value("light"));
    }
    ChangeFeed feed(path, {{"config", "theme"}, {"config", "lang"}});
    QCOMPARE(feed.current()[0]->value.asString(), std::string("light"));
    QVERIFY(!feed.current()[1].has_value());
    QVERIFY(feed.poll().empty()); // nothing committed since

    QVERIFY(test::writeFromAnotherProcess(path,
                                          {},
                                          {QStringLiteral("set"),
                                           QStringLiteral(R"(["config", "theme"])"),
                                           QStringLiteral(R"("dark")")}));

    const std::vector<Change> changes = pollUntilChange(feed);
    QCOMPARE(changes.size(), std::size_t(1));
    QCOMPARE(changes[0].index, std::size_t(0));
    QVERIFY(changes[0].key == (Key{"config", "theme"}));
    QCOMPARE(changes[0].entry->value.asString(), std::string("dark"));
    QVERIFY(feed.poll().empty()); // reported once
}

void TestChangeFeed::reportsOnlyKeysWhoseVersionMoved()
{
    const std::string path = m_files.path("versions.db");
    KVStore writer(path);
    writer.set({"a"}, Value(1));
    writer.set({"b"}, Value(2));
    ChangeFeed feed(path, {{"a"}, {"b"}});
    writer.set({"unwatched"}, Value(0)); // data_version moves, no watched version does
    QVERIFY(feed.poll().empty());
    writer.atomic().set({"b"}, Value(3)).set({"c"}, Value(4)).commit();
    const std::vector<Change> changes = feed.poll();
    QCOMPARE(changes.size(), std::size_t(1));
    QCOMPARE(changes[0].index, std::size_t(1));
    QCOMPARE(changes[0].entry->value.asNumber(), 3.0);
    QCOMPARE(feed.current()[1]->version, changes[0].entry->version);
}

void TestChangeFeed::reportsDeletesAndExpiry()
{
    const std::string path = m_files.path("gone.db");
    KVStoreOptions options;
    const auto clock = std::make_shared<ManualClock>();
    options.clock = clock;
    KVStore writer(path, options);
    writer.set({"deleted"}, Value(1));
    writer.set({"expiring"}, Value(2), {150.0});
    ChangeFeed feed(path, {{"deleted"}, {"expiring"}}, options);
    writer.remove({"deleted"});
    std::vector<Change> changes = feed.poll();
    QCOMPARE(changes.size(), std::size_t(1));
    QVERIFY(!changes[0].entry.has_value());
    // No commit happens when a TTL passes; the feed notices by the expiry it read.
    QVERIFY(feed.poll().empty());
    clock->advance(150);
    changes = feed.poll();
    QCOMPARE(changes.size(), std::size_t(1));
    QCOMPARE(changes[0].index, std::size_t(1));
    QVERIFY(!changes[0].entry.has_value());
}

void TestChangeFeed::expiryFollowsTheClockOfItsOptions()
{
    // The feed's store reads entries on options.clock; the TTL must pass on that clock too.
    const std::string path = m_files.path("clock.db");
    KVStoreOptions options;
    const auto clock = std::make_shared<ManualClock>();
    options.clock = clock;
    options.maintenanceInterval = std::chrono::milliseconds(0); // no cleanup commit to probe
    KVStore writer(path, options);
    writer.set({"expiring"}, Value(1), {60000.0});
    ChangeFeed feed(path, {{"expiring"}}, options);
    QVERIFY(feed.current()[0].has_value());
    QVERIFY(feed.poll().empty());
    clock->advance(60000);
    QVERIFY(!writer.get({"expiring"}).has_value()); // expired on the clock
    const std::vector<Change> changes = feed.poll();
    QCOMPARE(changes.size(), std::size_t(1));
    QCOMPARE(changes[0].index, std::size_t(0));
    QVERIFY(!changes[0].entry.has_value());
}

void TestChangeFeed::opensReadOnly()
{
    const std::string path = m_files.path("untouched.db");
    {
        KVStore store(path);
        store.set({"k"}, Value(1));
    }
    const QByteArray before = test::fileBytes(QString::fromStdString(path));
    {
        ChangeFeed feed(path, {{"k"}});
        (void)feed.poll();
    }
    QCOMPARE(test::fileBytes(QString::fromStdString(path)), before);
}

void TestChangeFeed::watchesAPrefixAcrossProcesses()
{
    const std::string path = m_files.path("prefix.db");
    {
        KVStore store(path);
        store.set({"users", "ada"}, Value(1));
        store.set({"users", "bob"}, Value(2));
        store.set({"usersx"}, Value(0)); // not below ["users"]: key parts compare whole
        store.set({"users"}, Value(0));  // the prefix key itself is not below it (as list())
    }
    ChangeFeed feed(path, WatchTargets::of({}, {{"users"}}));
    QCOMPARE(feed.entries().size(), std::size_t(2));
    QVERIFY(feed.current().empty());

    QVERIFY(test::writeFromAnotherProcess(
        path,
        {},
        {QStringLiteral("set"), QStringLiteral(R"(["users", "cy"])"), QStringLiteral("3")}));
    std::vector<Change> changes = pollUntilChange(feed);
    QCOMPARE(changes.size(), std::size_t(1));
    QCOMPARE(changes[0].index, Change::kUnderPrefix);
    QVERIFY(changes[0].key == (Key{"users", "cy"}));
    QVERIFY(changes[0].kind == ChangeKind::Set);
    QVERIFY(!changes[0].previous.has_value());
    QCOMPARE(changes[0].entry->value.asNumber(), 3.0);

    QVERIFY(test::writeFromAnotherProcess(
        path,
        {},
        {QStringLiteral("set"), QStringLiteral(R"(["users", "ada"])"), QStringLiteral("10")}));
    changes = pollUntilChange(feed);
    QCOMPARE(changes.size(), std::size_t(1));
    QCOMPARE(changes[0].previous->value.asNumber(), 1.0);
    QCOMPARE(changes[0].entry->value.asNumber(), 10.0);
    QVERIFY(changes[0].entry->version > changes[0].previous->version);

    QVERIFY(test::writeFromAnotherProcess(
        path, {}, {QStringLiteral("delete"), QStringLiteral(R"(["users", "bob"])")}));
    changes = pollUntilChange(feed);
    QCOMPARE(changes.size(), std::size_t(1));
    QVERIFY(changes[0].key == (Key{"users", "bob"}));
    QVERIFY(changes[0].kind == ChangeKind::Deleted);
    QVERIFY(!changes[0].entry.has_value());
    QCOMPARE(changes[0].previous->value.asNumber(), 2.0);

    QVERIFY(test::writeFromAnotherProcess(
        path, {}, {QStringLiteral("set"), QStringLiteral(R"(["usersx"])"), QStringLiteral("1")}));
    QVERIFY(feed.poll().empty()); // the writer has finished: its commit is there to probe
    QCOMPARE(feed.entries().size(), std::size_t(2));
}

void TestChangeFeed::tellsDeletedFromExpired()
{
    const std::string path = m_files.path("kinds.db");
    KVStoreOptions options;
    const auto clock = std::make_shared<ManualClock>();
    options.clock = clock;
    options.maintenanceInterval = std::chrono::milliseconds(0);
    KVStore writer(path, options);
    writer.set({"p", "deleted"}, Value(1), {1000.0}); // an expiry still ahead when deleted
    writer.set({"p", "expiring"}, Value(2), {5000.0});
    ChangeFeed feed(path, WatchTargets::of({}, {{"p"}}), options);
    writer.remove({"p", "deleted"});
    std::vector<Change> changes = feed.poll();
    QCOMPARE(changes.size(), std::size_t(1));
    QVERIFY(changes[0].kind == ChangeKind::Deleted);
    clock->advance(5000);
    changes = feed.poll(); // no commit: the expiry it read is due
    QCOMPARE(changes.size(), std::size_t(1));
    QVERIFY(changes[0].key == (Key{"p", "expiring"}));
    QVERIFY(changes[0].kind == ChangeKind::Expired);
    QCOMPARE(changes[0].previous->value.asNumber(), 2.0);
    QVERIFY(feed.entries().empty());
    QVERIFY(feed.poll().empty());
}

void TestChangeFeed::keyUnderAWatchedPrefixIsReportedOnce()
{
    const std::string path = m_files.path("both.db");
    KVStore writer(path);
    writer.set({"p", "a"}, Value(1));
    ChangeFeed feed(path, WatchTargets::of({{"p", "a"}, {"q"}}, {{"p"}}));
    QCOMPARE(feed.current().size(), std::size_t(2));
    QCOMPARE(feed.current()[0]->value.asNumber(), 1.0);
    QVERIFY(!feed.current()[1].has_value());
    writer.set({"p", "a"}, Value(2));
    const std::vector<Change> changes = feed.poll();
    QCOMPARE(changes.size(), std::size_t(1));
    QCOMPARE(changes[0].index, std::size_t(0)); // the watched key's position, not kUnderPrefix
    writer.remove({"p", "a"});
    const std::vector<Change> gone = feed.poll();
    QCOMPARE(gone.size(), std::size_t(1));
    QVERIFY(gone[0].kind == ChangeKind::Deleted);
    QCOMPARE(feed.current().size(), std::size_t(2)); // the key keeps its slot, now empty
    QVERIFY(!feed.current()[0].has_value());
}

void TestChangeFeed::refusesAPrefixOverTheLimit()
{
    const std::string path = m_files.path("limit.db");
    {
        KVStore store(path);
        for (int i = 0; i < 3; ++i)
            store.set({"big", static_cast<double>(i)}, Value(i));
    }
    WatchTargets targets = WatchTargets::of({}, {{"big"}}, 2);
    try {
        ChangeFeed feed(path, targets);
        QFAIL("a prefix of 3 keys was watched with a limit of 2");
    } catch (const WatchLimitError &error) {
        QCOMPARE(error.kind(), ErrorKind::RangeError);
        QCOMPARE(std::string(error.what()),
                 std::string(R"(kvs: prefix ["big"] holds more than 2 keys; watch a narrower )"
                             "prefix or raise the limit"));
        QCOMPARE(error.limit(), std::size_t(2));
    }
    targets.prefixLimit = 3; // exactly the limit is allowed
    ChangeFeed feed(path, targets);
    QCOMPARE(feed.entries().size(), std::size_t(3));
}

void TestChangeFeed::aPrefixGrowingPastTheLimitFailsThePollAndRecovers()
{
    const std::string path = m_files.path("grows.db");
    KVStore writer(path);
    writer.set({"g", 1.0}, Value(1));
    ChangeFeed feed(path, WatchTargets::of({}, {{"g"}}, 1));
    writer.set({"g", 2.0}, Value(2));
    QVERIFY_THROWS_EXCEPTION(WatchLimitError, (void)feed.poll());
    QCOMPARE(feed.entries().size(), std::size_t(1)); // the state before the failed poll
    writer.remove({"g", 1.0});
    // The probe moved once more; the failed read is read again anyway.
    const std::vector<Change> changes = feed.poll();
    QCOMPARE(changes.size(), std::size_t(2));
    QVERIFY(changes[0].key == (Key{"g", 1.0}) && changes[0].kind == ChangeKind::Deleted);
    QVERIFY(changes[1].key == (Key{"g", 2.0}) && changes[1].kind == ChangeKind::Set);
}

void TestChangeFeed::refusesAZeroLimit()
{
    const std::string path = m_files.path("zero.db");
    KVStore(path).set({"k"}, Value(1));
    try {
        ChangeFeed feed(path, WatchTargets::of({}, {{"k"}}, 0));
        QFAIL("a limit of 0 was taken");
    } catch (const RangeError &error) {
        QCOMPARE(std::string(error.what()),
                 std::string("kvs: the prefix limit must be at least 1"));
    }
}

void TestChangeFeed::saysHowItProbes()
{
    const std::string path = m_files.path("probe.db");
    KVStore(path).set({"k"}, Value(1));
    ChangeFeed feed(path, {{"k"}});
    QCOMPARE(feed.probeDescription(), std::string("PRAGMA data_version"));
}

void TestChangeFeed::watchesNewTargetsOnItsConnections()
{
    const std::string path = m_files.path("retarget.db");
    KVStore writer(path);
    writer.set({"a"}, Value(1));
    writer.set({"p", 1.0}, Value(2));
    writer.set({"p", 2.0}, Value(3));
    ChangeFeed feed(path, {{"a"}});
    feed.watch(WatchTargets::of({}, {{"p"}}));
    QCOMPARE(feed.entries().size(), std::size_t(2)); // read, not reported
    QVERIFY(feed.poll().empty());
    writer.set({"a"}, Value(10)); // no longer watched
    QVERIFY(feed.poll().empty());
    writer.remove({"p", 1.0});
    QCOMPARE(feed.poll().size(), std::size_t(1));
    // Over the limit: refused, and the feed keeps watching what it watched.
    QVERIFY_THROWS_EXCEPTION(WatchLimitError,
                             feed.watch(WatchTargets::of({{"a"}}, {{"p"}, {}}, 1)));
    QCOMPARE(feed.prefixes().size(), std::size_t(1));
    writer.set({"p", 3.0}, Value(4));
    const std::vector<Change> changes = feed.poll();
    QCOMPARE(changes.size(), std::size_t(1));
    QVERIFY(changes[0].key == (Key{"p", 3.0}));
}

// Issue 30: a connection goes on reading a deleted (or moved) file without a word, so the probe
// looks at the path: gone is ConnectionError naming the file, each poll until it is back; a file
// put back under the name (another one: a restored copy) is opened anew, and what it holds that
// differs from the last read is reported as changes.
void TestChangeFeed::aFileGoneIsAConnectionErrorAndARestoredOneIsReadAgain()
{
    const std::string path = m_files.path("gone.db");
    const std::string away = m_files.path("gone-away.db");
    const std::string copy = m_files.path("gone-copy.db");
    KVStore(path).set({"k"}, Value(1));
    {
        KVStore restored(copy);
        restored.set({"k"}, Value(2));
        restored.set({"p", 1.0}, Value(3));
    }
    ChangeFeed feed(path, WatchTargets::of({{"k"}}, {{"p"}}));
    QVERIFY(feed.poll().empty());
    QVERIFY(QFile::rename(QString::fromStdString(path), QString::fromStdString(away)));
    for (int poll = 0; poll < 2; ++poll) {
        try {
            (void)feed.poll();
            QFAIL("a poll of a file that is gone succeeded");
        } catch (const ConnectionError &error) {
            QCOMPARE(error.step(), ConnectionError::Step::Lost);
            QCOMPARE(std::string(error.what()),
                     "kvs: the database file \"" + path
                         + "\" is gone (deleted, moved, or its disk removed)");
        }
    }
    QCOMPARE(feed.current()[0]->value.asNumber(), 1.0); // the last read stays
    QVERIFY(QFile::rename(QString::fromStdString(copy), QString::fromStdString(path)));
    const std::uint64_t seen = feed.commitsSeen();
    const std::vector<Change> changes = feed.poll();
    QCOMPARE(feed.commitsSeen(), seen + 1); // a reconnect counts as a commit seen
    QCOMPARE(changes.size(), std::size_t(2));
    QVERIFY(changes[0].key == (Key{"k"}));
    QCOMPARE(changes[0].entry->value.asNumber(), 2.0);
    QVERIFY(changes[1].key == (Key{"p", 1.0}));
    QVERIFY(changes[1].kind == ChangeKind::Set);
    QVERIFY(feed.poll().empty());
    // The restored file is the one read from now on.
    KVStore(path).set({"k"}, Value(4));
    const std::vector<Change> later = pollUntilChange(feed);
    QCOMPARE(later.size(), std::size_t(1));
    QCOMPARE(later[0].entry->value.asNumber(), 4.0);
}

int main(int argc, char **argv)
{
    if (test::isFeedWriterCall(argc, argv))
        return test::runFeedWriter(argc, argv);
    QCoreApplication app(argc, argv);
    TestChangeFeed test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_change_feed.moc"
