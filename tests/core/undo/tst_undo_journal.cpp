// Issue 42: the undo journal of a database (kvs/undo_journal.h): its stacks, kept in a 0600
// file and read back, bounded by age on the journal's clock and by size.
#include "support/test_support.h"

#include <kvs/data_folder.h>
#include <kvs/undo_journal.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

#include <sys/stat.h>

using namespace kvs;

namespace {

constexpr std::int64_t kStart = 1'700'000'000'000;
constexpr std::int64_t kDay = 24LL * 60 * 60 * 1000;

// A step that replaced key's value "old" (version 7) with a value of its own (version 9).
UndoStep stepOf(const std::string &key, std::size_t valueBytes = 8)
{
    UndoChange change;
    change.key = key;
    change.before = std::string(valueBytes, 'v');
    change.beforeVersion = 7;
    change.beforeExpiresAt = kStart + 1000;
    change.written = 9;
    UndoChange created;
    created.key = key + "-new";
    created.written = 9;
    return UndoStep{{}, "Edit " + key, 0, {change, created}};
}

} // namespace

class TestUndoJournal : public QObject
{
    Q_OBJECT

private:
    test::TestFiles m_files;
    int m_journals = 0;
    std::shared_ptr<ManualClock> m_clock;

    std::string freshPath()
    {
        return m_files.path(("j" + std::to_string(++m_journals)).c_str()) + "/undo.jsonl";
    }

private slots:
    void init() { m_clock = std::make_shared<ManualClock>(kStart); }

    void keepsTheStacksAcrossAReopen()
    {
        const std::string path = freshPath();
        {
            UndoJournal journal(path, {}, m_clock);
            const auto first = journal.add(UndoEntryKind::Step, stepOf("a"));
            QVERIFY(first);
            QCOMPARE(first->time, kStart);
            const auto second = journal.add(UndoEntryKind::Step, stepOf("b"));
            QVERIFY(second);
            QCOMPARE(journal.nextUndo()->id, second->id);
            const auto inverse = journal.add(UndoEntryKind::Undo, stepOf("b-inverse"), second->id);
            QVERIFY(inverse);
            QCOMPARE(journal.undoCount(), std::size_t(1));
            QCOMPARE(journal.redoCount(), std::size_t(1));
        }
        UndoJournal again(path, {}, m_clock);
        QCOMPARE(again.undoCount(), std::size_t(1));
        QCOMPARE(again.redoCount(), std::size_t(1));
        const UndoStep undo = *again.nextUndo();
        QCOMPARE(undo.label, std::string("Edit a"));
        QCOMPARE(undo.changes.size(), std::size_t(2));
        QCOMPARE(*undo.changes[0].before, std::string(8, 'v'));
        QCOMPARE(undo.changes[0].beforeVersion, std::int64_t(7));
        QCOMPARE(*undo.changes[0].beforeExpiresAt, kStart + 1000);
        QCOMPARE(*undo.changes[0].written, std::int64_t(9));
        QVERIFY(!undo.changes[1].before);
        QCOMPARE(again.nextRedo()->label, std::string("Edit b-inverse"));
        // A new step after a reopen takes a new id, and clears the redo stack.
        const auto third = again.add(UndoEntryKind::Step, stepOf("c"));
        QVERIFY(third->id != undo.id);
        QCOMPARE(again.redoCount(), std::size_t(0));
    }

    void redoMovesTheStepBack()
    {
        UndoJournal journal(freshPath(), {}, m_clock);
        const auto step = journal.add(UndoEntryKind::Step, stepOf("a"));
        const auto inverse = journal.add(UndoEntryKind::Undo, stepOf("a"), step->id);
        QCOMPARE(journal.undoCount(), std::size_t(0));
        const auto redone = journal.add(UndoEntryKind::Redo, stepOf("a"), inverse->id);
        QCOMPARE(journal.undoCount(), std::size_t(1));
        QCOMPARE(journal.redoCount(), std::size_t(0));
        QCOMPARE(journal.nextUndo()->id, redone->id);
        journal.drop(redone->id);
        QCOMPARE(journal.undoCount(), std::size_t(0));
    }

    void fileIsPrivate()
    {
        const std::string path = freshPath();
        UndoJournal journal(path, {}, m_clock);
        QVERIFY(journal.add(UndoEntryKind::Step, stepOf("a")));
        struct stat info
        {};
        QCOMPARE(::stat(path.c_str(), &info), 0);
        QCOMPARE(info.st_mode & 0777, mode_t(0600));
        QVERIFY(journal.fileBytes() > 0);
        QCOMPARE(journal.fileBytes(), QFileInfo(QString::fromStdString(path)).size());
    }

    void dropsStepsOlderThanItsAge()
    {
        const std::string path = freshPath();
        UndoJournalBounds bounds;
        bounds.maxAgeMs = 7 * kDay;
        {
            UndoJournal journal(path, bounds, m_clock);
            journal.add(UndoEntryKind::Step, stepOf("old"));
            m_clock->advance(6 * kDay);
            journal.add(UndoEntryKind::Step, stepOf("younger"));
            QCOMPARE(journal.undoCount(), std::size_t(2));
            m_clock->advance(kDay + 1); // "old" is 7 days and 1 ms old now
            journal.add(UndoEntryKind::Step, stepOf("new"));
            QCOMPARE(journal.undoCount(), std::size_t(2));
        }
        m_clock->advance(6 * kDay); // "younger" is past its age on the next open
        UndoJournal again(path, bounds, m_clock);
        QCOMPARE(again.undoCount(), std::size_t(1));
        QCOMPARE(again.nextUndo()->label, std::string("Edit new"));
        QCOMPARE(again.fileBytes(), QFileInfo(QString::fromStdString(path)).size());
    }

    void staysInsideItsSize()
    {
        const std::string path = freshPath();
        UndoJournalBounds bounds;
        bounds.maxBytes = 4000;
        UndoJournal journal(path, bounds, m_clock);
        for (int i = 0; i < 40; ++i) {
            QVERIFY(journal.add(UndoEntryKind::Step, stepOf("k" + std::to_string(i), 300)));
            m_clock->advance(1);
            QVERIFY(QFileInfo(QString::fromStdString(path)).size() <= bounds.maxBytes);
        }
        QVERIFY(journal.undoCount() < 40);
        QVERIFY(journal.undoCount() >= 3);
        // The newest steps are the ones kept.
        QCOMPARE(journal.nextUndo()->label, std::string("Edit k39"));
        // A step larger than the bound alone is not kept, and nothing else is forgotten for it.
        const std::size_t kept = journal.undoCount();
        QVERIFY(!journal.add(UndoEntryKind::Step, stepOf("huge", 5000)));
        QCOMPARE(journal.undoCount(), kept);
        QCOMPARE(journal.nextUndo()->label, std::string("Edit k39"));
    }

    void skipsALineCutShort()
    {
        const std::string path = freshPath();
        {
            UndoJournal journal(path, {}, m_clock);
            journal.add(UndoEntryKind::Step, stepOf("a"));
        }
        QFile file(QString::fromStdString(path));
        QVERIFY(file.open(QIODevice::Append));
        file.write("{\"event\": \"push\", \"stack\": \"undo\", \"step\": {\"id\"");
        file.close();
        UndoJournal again(path, {}, m_clock);
        QCOMPARE(again.undoCount(), std::size_t(1));
        QVERIFY(again.add(UndoEntryKind::Step, stepOf("b")));
        UndoJournal third(path, {}, m_clock);
        QCOMPARE(third.undoCount(), std::size_t(2));
    }

    void refusesAFolderInItsPlace()
    {
        const std::string path = freshPath();
        QVERIFY(QDir().mkpath(QString::fromStdString(path)));
        QVERIFY(test::throwsWith<Error>([&] { UndoJournal journal(path, {}, m_clock); },
                                        "kvs: cannot read the undo journal " + path
                                            + ": it is not a regular file"));
    }

    void onePathPerDatabase()
    {
        const std::string a = undoJournalPath("/srv/app/a.db");
        QCOMPARE(a, undoJournalPath("/srv/app/a.db"));
        QVERIFY(a != undoJournalPath("/srv/app/b.db"));
        QVERIFY(a.rfind(undoDataFolder() + "/undo/", 0) == 0);
        // Without KVS_UNDO_DIR (which the tests set), the data folder.
        const QByteArray set = qgetenv("KVS_UNDO_DIR");
        qunsetenv("KVS_UNDO_DIR");
        QCOMPARE(undoDataFolder(), dataFolderPath());
        qputenv("KVS_UNDO_DIR", "/elsewhere");
        QCOMPARE(undoJournalPath("/srv/app/a.db").rfind("/elsewhere/undo/", 0), std::size_t(0));
        qputenv("KVS_UNDO_DIR", set);
        QVERIFY(a.size() > 6 && a.substr(a.size() - 6) == ".jsonl");
    }
};

QTEST_GUILESS_MAIN(TestUndoJournal)
#include "tst_undo_journal.moc"
