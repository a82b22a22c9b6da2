// The question an Undo or Redo asks when keys of its step changed since: what each key holds now,
// a decoded value, nothing, or a row whose bytes do not decode (a raw step's key that another
// writer filled with bytes this app cannot read). Offscreen, the dialog alone.
#include "session/undo_conflict_dialog.h"

#include <kvs/key.h>
#include <kvs/undo_step.h>

#include <QApplication>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>

using kvs::Entry;
using kvs::RevertKey;
using kvs::RevertPlan;
using kvs::Value;

namespace {

RevertKey keyAt(const char *name, std::int64_t written)
{
    RevertKey key;
    key.change.key = kvs::encodeKey({name});
    key.change.written = written;
    return key;
}

} // namespace

class TestUndoConflictDialog : public QObject
{
    Q_OBJECT

private slots:
    void showsWhatEachKeyHoldsNow()
    {
        RevertPlan plan;
        plan.raw = true;
        RevertKey same = keyAt("same", 5);
        same.now = Entry{{"same"}, Value(1), 5, std::nullopt};
        same.matches = true;
        RevertKey changed = keyAt("changed", 6);
        changed.now = Entry{{"changed"}, Value("theirs"), 9, std::nullopt};
        RevertKey gone = keyAt("gone", 7);
        RevertKey unreadable = keyAt("unreadable", 8);
        unreadable.undecodableVersion = 12;
        plan.keys = {same, changed, gone, unreadable};

        kvs::ui::UndoConflictDialog dialog(plan, QStringLiteral("Delete"), false);
        QCOMPARE(dialog.windowTitle(), QStringLiteral("Undo Delete?"));
        QTableWidget *table = dialog.table();
        QCOMPARE(table->rowCount(), 4);
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("[\"same\"]"));
        QCOMPARE(table->item(0, 1)->text(), QStringLiteral("version 5"));
        QCOMPARE(table->item(0, 2)->text(), QStringLiteral("unchanged"));
        QCOMPARE(table->item(1, 2)->text(), QStringLiteral("\"theirs\" (version 9)"));
        QCOMPARE(table->item(2, 2)->text(), QStringLiteral("absent"));
        QCOMPARE(table->item(3, 2)->text(),
                 QStringLiteral("bytes that do not decode (version 12)"));
        QVERIFY(table->item(3, 2)->font().bold());
        QVERIFY(!table->item(0, 2)->font().bold());
        QCOMPARE(dialog.revertMatching()->text(), QStringLiteral("Revert the 1 that still match"));
    }
};

QTEST_MAIN(TestUndoConflictDialog)
#include "tst_undo_conflict_dialog.moc"
