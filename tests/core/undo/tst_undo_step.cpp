// Issue 42: writes made as steps of the undo journal and their checked revert
// (kvs/undo_step.h), on SQLite and on the PostgreSQL server the test command starts. A revert
// changes a key back only while it holds what the step wrote: a key another store changed since
// is shown (what it holds now) and left alone.
#include "support/clocked_store.h"
#include "support/postgres_test_server.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/entry_transfer.h>
#include <kvs/key.h>
#include <kvs/undo_journal.h>
#include <kvs/undo_step.h>
#include <kvs/value_codec.h>

#include <QFileInfo>
#include <QTest>

#include <sstream>

using namespace kvs;

namespace {

constexpr std::int64_t kStart = 1'700'000'000'000;

std::vector<Mutation> setOf(const Key &key, Value value)
{
    return {{Mutation::Type::Set, key, std::move(value), 0, {}, {}}};
}

// The export text of every live row on clock's time, as stored (kvs/entry_transfer.h).
std::string exported(AsyncKVStore &store, const std::shared_ptr<Clock> &clock)
{
    std::string text;
    TransferOptions options;
    options.clock = clock;
    (void)exportEntries(
        store, KeyRange::everything(), [&](std::string_view lines) { text += lines; }, options);
    return text;
}

std::optional<Entry> read(AsyncKVStore &store, const Key &key)
{
    return store.get(key).result();
}

} // namespace

class TestUndoStep : public QObject
{
    Q_OBJECT

private:
    test::TestFiles m_files;
    int m_stores = 0;

    struct Opened : test::ClockedStore
    {
        std::shared_ptr<UndoJournal> journal;
        std::string journalPath;
    };

    // A new empty store on the backend (QFETCH'd) with a journal of its own.
    Opened open()
    {
        QFETCH(bool, postgres);
        const std::string name = "s" + std::to_string(++m_stores);
        Opened opened{test::openClockedStore(m_files, postgres, name, "undo", kStart), {}, {}};
        opened.journalPath = m_files.path((name + "-undo.jsonl").c_str());
        opened.journal
            = std::make_shared<UndoJournal>(opened.journalPath, UndoJournalBounds{}, opened.clock);
        setUndoJournal(opened.store, opened.journal);
        return opened;
    }

    static void backends()
    {
        QTest::addColumn<bool>("postgres");
        QTest::newRow("sqlite") << false;
        QTest::newRow("postgres") << true;
    }

private slots:
    // A step over 5,000 keys is reverted in batches of 1,000, progress after each; a revert
    // stopped after two batches leaves the journal consistent (what was reverted on the redo
    // stack, the rest on the undo stack in the step's place, the same when read again from the
    // file), and the next Undo takes the rest back.
    void aLargeRevertRunsInBatchesAndStopsCleanly_data() { backends(); }
    void aLargeRevertRunsInBatchesAndStopsCleanly()
    {
        Opened o = open();
        constexpr int kKeys = 5000;
        const auto key = [](int i) {
            return Key{"big", double(i)};
        };
        {
            AsyncKVStore seed(o.connection, o.settings); // no journal: a plain commit
            AsyncAtomicOperation op = seed.atomic();
            for (int i = 0; i < kKeys; ++i)
                op.set(key(i), Value("before " + std::to_string(i)));
            QVERIFY(op.commit().result().ok);
        }
        std::vector<Mutation> writes;
        for (int i = 0; i < kKeys; ++i)
            writes.push_back({Mutation::Type::Set, key(i), Value(i), 0, {}, {}});
        QVERIFY(commitStepNow(*o.store, {}, writes, "transaction").result.ok);
        const UndoStep step = *o.journal->nextUndo();
        QCOMPARE(step.changes.size(), std::size_t(kKeys));

        using Seen = std::vector<std::pair<std::size_t, std::size_t>>;
        Seen seen;
        const RevertOutcome stopped = applyRevert(
            *o.store, planRevert(*o.store, step), UndoEntryKind::Undo, [&](auto done, auto total) {
                seen.emplace_back(done, total);
                return done < 2000;
            });
        QCOMPARE(seen, (Seen{{1000, 5000}, {2000, 5000}}));
        QVERIFY(stopped.ok);
        QVERIFY(stopped.cancelled);
        QCOMPARE(stopped.reverted, std::size_t(2000));
        QCOMPARE(stopped.left, std::size_t(3000));
        QCOMPARE(read(*o.store, key(0))->value, Value("before 0"));
        QCOMPARE(read(*o.store, key(1999))->value, Value("before 1999"));
        QCOMPARE(read(*o.store, key(2000))->value, Value(2000));
        const auto checkStacks = [&](const UndoJournal &journal) {
            QCOMPARE(journal.undoCount(), std::size_t(1));
            QCOMPARE(journal.redoCount(), std::size_t(1));
            QCOMPARE(journal.nextUndo()->changes.size(), std::size_t(3000));
            QCOMPARE(journal.nextUndo()->changes.front().key, encodeKey(key(2000)));
            QCOMPARE(journal.nextUndo()->label, std::string("transaction"));
            QCOMPARE(journal.nextUndo()->time, step.time);
            QCOMPARE(journal.nextRedo()->changes.size(), std::size_t(2000));
        };
        checkStacks(*o.journal);
        QVERIFY(o.journal->nextUndo()->id != step.id);
        checkStacks(UndoJournal(o.journalPath, UndoJournalBounds{}, o.clock));

        seen.clear();
        const RevertOutcome rest = applyRevert(*o.store,
                                               planRevert(*o.store, *o.journal->nextUndo()),
                                               UndoEntryKind::Undo,
                                               [&](auto done, auto total) {
                                                   seen.emplace_back(done, total);
                                                   return true;
                                               });
        QCOMPARE(seen, (Seen{{1000, 3000}, {2000, 3000}, {3000, 3000}}));
        QVERIFY(rest.ok && !rest.cancelled);
        QCOMPARE(rest.reverted, std::size_t(3000));
        QCOMPARE(rest.left, std::size_t(0));
        for (int i = 0; i < kKeys; i += 499)
            QCOMPARE(read(*o.store, key(i))->value, Value("before " + std::to_string(i)));
        QCOMPARE(o.journal->undoCount(), std::size_t(0));
        QCOMPARE(o.journal->redoCount(), std::size_t(2));

        // Redo goes forward again, the later part first.
        QCOMPARE(
            applyRevert(*o.store, planRevert(*o.store, *o.journal->nextRedo()), UndoEntryKind::Redo)
                .reverted,
            std::size_t(3000));
        QCOMPARE(
            applyRevert(*o.store, planRevert(*o.store, *o.journal->nextRedo()), UndoEntryKind::Redo)
                .reverted,
            std::size_t(2000));
        for (int i = 0; i < kKeys; i += 499)
            QCOMPARE(read(*o.store, key(i))->value, Value(i));
        QCOMPARE(o.journal->undoCount(), std::size_t(2));
    }

    // A row outside the key space and a key whose value does not decode, deleted as raw steps:
    // the journal keeps their stored bytes, Undo writes them back byte for byte, Redo deletes
    // them again; a raw row another writer wrote since is left alone.
    void rawRowsComeBackOnUndo_data() { backends(); }
    void rawRowsComeBackOnUndo()
    {
        Opened o = open();
        const std::string outside("\x07raw\x00key", 8); // 0x07: outside the key space
        const std::string badValueKey = encodeKey({"bad"});
        const std::string badValue = "{not json";
        {
            std::istringstream in(exportLine(outside, "\x01stored", std::nullopt) + "\n"
                                  + exportLine(badValueKey, badValue, kStart + 60000) + "\n");
            TransferOptions options;
            options.clock = o.clock; // the expiry is on the store's clock
            QCOMPARE(importEntries(*o.store, in, ImportMode::Overwrite, options).done,
                     std::int64_t(2));
        }
        const std::string before = exported(*o.store, o.clock);
        QVERIFY(before.find(std::to_string(kStart + 60000)) != std::string::npos);
        for (const std::string &key : {outside, badValueKey}) {
            const std::optional<UndoStep> step = removeRawStepNow(*o.store, key);
            QVERIFY(step);
            QCOMPARE(step->label, std::string("delete-raw"));
            QCOMPARE(step->changes.size(), std::size_t(1));
            QVERIFY(!step->changes[0].written);
        }
        QCOMPARE(exported(*o.store, o.clock), std::string());
        QCOMPARE(o.journal->undoCount(), std::size_t(2));
        for (int i = 0; i < 2; ++i) {
            const RevertPlan plan = planRevert(*o.store, *o.journal->nextUndo());
            QVERIFY(plan.raw);
            QVERIFY(plan.allMatch());
            const RevertOutcome undone = applyRevert(*o.store, plan, UndoEntryKind::Undo);
            QVERIFY(undone.ok);
            QCOMPARE(undone.reverted, std::size_t(1));
        }
        QVERIFY(exported(*o.store, o.clock) == before); // every byte, the expiry too
        QCOMPARE(o.journal->redoCount(), std::size_t(2));

        // Redo deletes them again, the value that does not decode too.
        for (int i = 0; i < 2; ++i) {
            const RevertOutcome redone = applyRevert(
                *o.store, planRevert(*o.store, *o.journal->nextRedo()), UndoEntryKind::Redo);
            QVERIFY(redone.ok);
            QCOMPARE(redone.reverted, std::size_t(1));
        }
        QCOMPARE(exported(*o.store, o.clock), std::string());

        // Undone again, then another writer writes the row: its next undo is left alone.
        (void)applyRevert(
            *o.store, planRevert(*o.store, *o.journal->nextUndo()), UndoEntryKind::Undo);
        AsyncKVStore other(o.connection, o.settings);
        std::istringstream theirs(exportLine(badValueKey, "{theirs", std::nullopt) + "\n");
        (void)importEntries(other, theirs, ImportMode::Overwrite);
        const RevertPlan plan = planRevert(*o.store, *o.journal->nextRedo());
        QVERIFY(!plan.allMatch());
        QVERIFY(!plan.keys[0].now); // a value that does not decode: shown as not decoded
        const std::optional<RawEntry> theirRow = o.store->inspect(badValueKey).result();
        QVERIFY(theirRow);
        QCOMPARE(plan.keys[0].undecodableVersion, std::optional<std::int64_t>(theirRow->version));
        const RevertOutcome left = applyRevert(*o.store, plan, UndoEntryKind::Redo);
        QCOMPARE(left.reverted, std::size_t(0));
        QCOMPARE(left.skipped, std::size_t(1));
        QVERIFY(exported(*o.store, o.clock).find("7b746865697273")
                != std::string::npos); // "{theirs"
    }

    void journalsWhatAStepReplaced_data() { backends(); }
    void journalsWhatAStepReplaced()
    {
        Opened o = open();
        o.store->set({"a"}, Value(1)).waitForFinished();
        o.store->set({"b"}, Value("gone soon"), SetOptions{60000}).waitForFinished();
        const Entry a = *read(*o.store, {"a"});
        const Entry b = *read(*o.store, {"b"});
        std::vector<Mutation> writes = setOf({"a"}, Value(2));
        writes.push_back({Mutation::Type::Delete, {"b"}, {}, 0, {}, {}});
        writes.push_back({Mutation::Type::Set, {"c"}, Value("new"), 0, {}, {}});
        writes.push_back({Mutation::Type::Delete, {"never"}, {}, 0, {}, {}});
        const StepCommit commit = commitStepNow(*o.store, {}, writes, "Transaction");
        QVERIFY(commit.result.ok);
        QVERIFY(commit.step);
        QCOMPARE(commit.step->label, std::string("Transaction"));
        QCOMPARE(commit.step->time, kStart);
        const std::vector<UndoChange> &changes = commit.step->changes;
        QCOMPARE(changes.size(), std::size_t(3)); // removing an absent key changed nothing
        QCOMPARE(changes[0].key, encodeKey({"a"}));
        QCOMPARE(*changes[0].before, encodeValue(Value(1)));
        QCOMPARE(changes[0].beforeVersion, a.version);
        QCOMPARE(*changes[0].written, commit.result.version);
        QCOMPARE(*changes[1].before, encodeValue(Value("gone soon")));
        QCOMPARE(*changes[1].beforeExpiresAt, *b.expiresAt);
        QVERIFY(!changes[1].written);
        QVERIFY(!changes[2].before);
        QCOMPARE(*changes[2].written, commit.result.version);
        QCOMPARE(o.journal->nextUndo()->id, commit.step->id);
    }

    void undoAndRedoWhenNothingChanged_data() { backends(); }
    void undoAndRedoWhenNothingChanged()
    {
        Opened o = open();
        o.store->set({"a"}, Value(1)).waitForFinished();
        o.store->set({"gone"}, Value("x"), SetOptions{60000}).waitForFinished();
        std::vector<Mutation> writes = setOf({"a"}, Value(2));
        writes.push_back({Mutation::Type::Delete, {"gone"}, {}, 0, {}, {}});
        writes.push_back({Mutation::Type::Set, {"c"}, Value("new"), 0, {}, {}});
        QVERIFY(commitStepNow(*o.store, {}, writes, "Edit").result.ok);
        o.clock->advance(10000);

        const RevertPlan plan = planRevert(*o.store, *o.journal->nextUndo());
        QVERIFY(plan.allMatch());
        const RevertOutcome undone = applyRevert(*o.store, plan, UndoEntryKind::Undo);
        QVERIFY(undone.ok);
        QCOMPARE(undone.reverted, std::size_t(3));
        QCOMPARE(read(*o.store, {"a"})->value, Value(1));
        QCOMPARE(read(*o.store, {"gone"})->value, Value("x"));
        // The expiry comes back as it was: the same moment, not a new minute.
        QCOMPARE(*read(*o.store, {"gone"})->expiresAt, kStart + 60000);
        QVERIFY(!read(*o.store, {"c"}));
        QCOMPARE(o.journal->undoCount(), std::size_t(0));
        QCOMPARE(o.journal->redoCount(), std::size_t(1));

        const RevertPlan redoPlan = planRevert(*o.store, *o.journal->nextRedo());
        QVERIFY(redoPlan.allMatch());
        const RevertOutcome redone = applyRevert(*o.store, redoPlan, UndoEntryKind::Redo);
        QVERIFY(redone.ok);
        QCOMPARE(read(*o.store, {"a"})->value, Value(2));
        QVERIFY(!read(*o.store, {"gone"}));
        QCOMPARE(read(*o.store, {"c"})->value, Value("new"));
        QCOMPARE(o.journal->undoCount(), std::size_t(1));
        QCOMPARE(o.journal->redoCount(), std::size_t(0));
    }

    void undoAfterAnotherStoreWroteIsRefusedAndShown_data() { backends(); }
    void undoAfterAnotherStoreWroteIsRefusedAndShown()
    {
        Opened o = open();
        o.store->set({"a"}, Value(1)).waitForFinished();
        o.store->set({"b"}, Value(1)).waitForFinished();
        std::vector<Mutation> writes = setOf({"a"}, Value(2));
        writes.push_back({Mutation::Type::Set, {"b"}, Value(2), 0, {}, {}});
        QVERIFY(commitStepNow(*o.store, {}, writes, "Transaction").result.ok);

        // Another store (a connection of its own, as another process has) changes b.
        AsyncKVStore other(o.connection, o.settings);
        other.set({"b"}, Value("theirs")).waitForFinished();

        const RevertPlan plan = planRevert(*o.store, *o.journal->nextUndo());
        QVERIFY(!plan.allMatch());
        QCOMPARE(plan.matching(), std::size_t(1));
        QVERIFY(plan.keys[0].matches);
        QVERIFY(!plan.keys[1].matches);
        QCOMPARE(plan.keys[1].now->value, Value("theirs")); // what it holds now, to show
        // Reverting those that still match leaves b as the other store wrote it.
        const RevertOutcome outcome = applyRevert(*o.store, plan, UndoEntryKind::Undo);
        QVERIFY(outcome.ok);
        QCOMPARE(outcome.reverted, std::size_t(1));
        QCOMPARE(outcome.skipped, std::size_t(1));
        QCOMPARE(read(*o.store, {"a"})->value, Value(1));
        QCOMPARE(read(*o.store, {"b"})->value, Value("theirs"));
        QCOMPARE(o.journal->undoCount(), std::size_t(0));
    }

    void aKeyChangedAfterThePlanWritesNothing_data() { backends(); }
    void aKeyChangedAfterThePlanWritesNothing()
    {
        Opened o = open();
        o.store->set({"a"}, Value(1)).waitForFinished();
        QVERIFY(commitStepNow(*o.store, {}, setOf({"a"}, Value(2)), "Edit").result.ok);
        QVERIFY(commitStepNow(*o.store, {}, setOf({"z"}, Value(2)), "Edit").result.ok);
        const RevertPlan plan = planRevert(*o.store, *o.journal->nextUndo());
        QVERIFY(plan.allMatch());
        AsyncKVStore other(o.connection, o.settings);
        other.set({"z"}, Value("theirs")).waitForFinished();
        const RevertOutcome outcome = applyRevert(*o.store, plan, UndoEntryKind::Undo);
        QVERIFY(!outcome.ok);
        QCOMPARE(read(*o.store, {"z"})->value, Value("theirs"));
        QCOMPARE(o.journal->undoCount(), std::size_t(2)); // still there to ask about again
    }

    void aFailedCheckOfTheCallersIsNoStep_data() { backends(); }
    void aFailedCheckOfTheCallersIsNoStep()
    {
        Opened o = open();
        o.store->set({"a"}, Value(1)).waitForFinished();
        const StepCommit commit = commitStepNow(
            *o.store, {Check{{"a"}, std::nullopt}}, setOf({"a"}, Value(2)), "New key");
        QVERIFY(!commit.result.ok);
        QCOMPARE(*commit.result.failedCheck, std::size_t(0));
        QVERIFY(!commit.step);
        QCOMPARE(o.journal->undoCount(), std::size_t(0));
        QCOMPARE(read(*o.store, {"a"})->value, Value(1));
    }

    void withoutAJournalAStepIsAPlainCommit_data() { backends(); }
    void withoutAJournalAStepIsAPlainCommit()
    {
        Opened o = open();
        setUndoJournal(o.store, nullptr); // the switch is off
        const StepCommit commit = commitStepNow(*o.store, {}, setOf({"a"}, Value(2)), "Edit");
        QVERIFY(commit.result.ok);
        QVERIFY(!commit.step);
        QVERIFY(!QFileInfo::exists(QString::fromStdString(o.journalPath)));
        QVERIFY(commitStep(o.store, {}, setOf({"b"}, Value(3)), "Edit").result().ok);
        QCOMPARE(read(*o.store, {"b"})->value, Value(3));
        QCOMPARE(o.journal->undoCount(), std::size_t(0));
    }

    void aJournalEndsWithItsStore()
    {
        const std::string path = m_files.path("ended.db");
        auto store = std::make_shared<AsyncKVStore>(path);
        auto journal = std::make_shared<UndoJournal>(
            m_files.path("ended-undo.jsonl"), UndoJournalBounds{}, nullptr);
        setUndoJournal(store, journal);
        QCOMPARE(undoJournalOf(*store), journal);
        store.reset();
        // A new store (perhaps at the same address) has no journal of the old one's.
        auto next = std::make_shared<AsyncKVStore>(path);
        QVERIFY(!undoJournalOf(*next));
        setUndoJournal(next, journal);
        setUndoJournal(next, nullptr);
        QVERIFY(!undoJournalOf(*next));
    }

    void commitStepRunsOffTheCallersThread_data() { backends(); }
    void commitStepRunsOffTheCallersThread()
    {
        Opened o = open();
        const CommitResult result
            = commitStep(o.store, {Check{{"a"}, std::nullopt}}, setOf({"a"}, Value("x")), "New key")
                  .result();
        QVERIFY(result.ok);
        QCOMPARE(o.journal->nextUndo()->label, std::string("New key"));
        QCOMPARE(*o.journal->nextUndo()->changes[0].written, result.version);
    }
};

QTEST_GUILESS_MAIN(TestUndoStep)
#include "tst_undo_step.moc"
