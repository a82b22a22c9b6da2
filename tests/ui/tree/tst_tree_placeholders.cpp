// Issue 12, defect 2: the placeholder rows "Go to key" leaves for the siblings it jumped over say
// how many children they stand for ("2,400 earlier children…", counted in the background up to
// KeyTreeLoader::kGapCountLimit), and a shown tree reads them when they scroll into view: from the
// end when the row after them is in view (that row stays where it is on screen), from the start
// at the bottom edge. Offscreen, on a real SQLite file.
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/async_kvstore.h>
#include <kvs/kvstore.h>

#include <QLocale>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using kvs::ui::KeyTreeLoader;
using kvs::ui::KeyTreeModel;
using kvs::ui::KeyTreePane;

namespace {

constexpr int kChildren = 3000;

void fillBig(const QString &path, int children)
{
    kvs::KVStore fill(path.toStdString());
    kvs::AtomicOperation op = fill.atomic();
    for (int i = 0; i < children; ++i)
        op.set({"big", i}, kvs::Value(1.0));
    QVERIFY(op.commit().ok);
}

// The number a row of ["big", n] shows, or -1 for a placeholder.
int numberAt(const QModelIndex &index)
{
    if (index.data(KeyTreeModel::IsGapRole).toBool())
        return -1;
    return index.data().toString().toInt();
}

// Every placeholder under parent says how many children it stands for: the numbers missing
// between the rows around it. Returns how many placeholders there are.
int checkGapCounts(const KeyTreeModel &model, const QModelIndex &parent, int children)
{
    int gaps = 0;
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex gap = model.index(row, 0, parent);
        if (!gap.data(KeyTreeModel::IsGapRole).toBool())
            continue;
        ++gaps;
        const int before = row > 0 ? numberAt(model.index(row - 1, 0, parent)) : -1;
        const int after = row + 1 < model.rowCount(parent)
                              ? numberAt(model.index(row + 1, 0, parent))
                              : children;
        const int missing = after - before - 1;
        if (gap.data(KeyTreeModel::GapCountRole).toLongLong() != missing) {
            qWarning("placeholder at row %d says %lld, %d missing",
                     row,
                     gap.data(KeyTreeModel::GapCountRole).toLongLong(),
                     missing);
            return -1;
        }
        const bool later = row + 1 >= model.rowCount(parent);
        const QString expected
            = QLocale().toString(missing)
              + (later ? QStringLiteral(" later children…") : QStringLiteral(" earlier children…"));
        if (gap.data().toString() != expected) {
            qWarning("placeholder says \"%s\"", qPrintable(gap.data().toString()));
            return -1;
        }
    }
    return gaps;
}

// Shows pane (pages of 100, 500x400) on a new file at path holding kChildren children of "big",
// and goes to key. Returns whether it was found.
bool showAndGoTo(KeyTreePane &pane, const QString &path, const kvs::Key &key)
{
    fillBig(path, kChildren);
    pane.model()->loader()->setPageSize(100);
    pane.resize(500, 400);
    pane.show();
    if (!QTest::qWaitForWindowExposed(&pane))
        return false;
    pane.setStore(std::make_shared<kvs::AsyncKVStore>(path.toStdString()));
    QSignalSpy done(&pane, &KeyTreePane::goToFinished);
    pane.goToKey(key);
    return QTest::qWaitFor([&] { return done.count() == 1; }) && done.at(0).at(0).toBool();
}

bool gapsCounted(const KeyTreeModel &model, const QModelIndex &parent)
{
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        if (index.data(KeyTreeModel::IsGapRole).toBool()
            && index.data(KeyTreeModel::GapCountRole).toLongLong() < 0)
            return false;
    }
    return model.loader()->loadingCount() == 0;
}

} // namespace

class TestTreePlaceholders : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void hiddenTreeCountsWithoutReading()
    {
        const QString path = m_dir.filePath(QStringLiteral("hidden.db"));
        fillBig(path, kChildren);
        KeyTreePane pane; // never shown: nothing scrolls into view
        KeyTreeModel &model = *pane.model();
        model.loader()->setPageSize(100);
        pane.setStore(std::make_shared<kvs::AsyncKVStore>(path.toStdString()));
        QSignalSpy done(&pane, &KeyTreePane::goToFinished);
        pane.goToKey({"big", 2500});
        QTRY_COMPARE(done.count(), 1);
        QVERIFY(done.at(0).at(0).toBool());
        const QModelIndex big = model.index(0, 0);
        QTRY_VERIFY(gapsCounted(model, big));
        QCOMPARE(checkGapCounts(model, big, kChildren), 1);

        // Reading part of it from the start: the count follows.
        QModelIndex gap;
        for (int row = 0; row < model.rowCount(big); ++row)
            if (model.index(row, 0, big).data(KeyTreeModel::IsGapRole).toBool())
                gap = model.index(row, 0, big);
        const qlonglong before = gap.data(KeyTreeModel::GapCountRole).toLongLong();
        model.fetchMore(gap);
        QTRY_COMPARE(model.loader()->loadingCount(), 0);
        QCOMPARE(checkGapCounts(model, big, kChildren), 1);
        for (int row = 0; row < model.rowCount(big); ++row)
            if (model.index(row, 0, big).data(KeyTreeModel::IsGapRole).toBool())
                gap = model.index(row, 0, big);
        QCOMPARE(gap.data(KeyTreeModel::GapCountRole).toLongLong(), before - 100);

        // Reading its end: the rows after it stay, the count follows.
        const int gapRow = gap.row();
        QVERIFY(model.loader()->fetchGapTail(gap));
        QTRY_COMPARE(model.loader()->loadingCount(), 0);
        QCOMPARE(model.index(gapRow, 0, big).data(KeyTreeModel::IsGapRole).toBool(), true);
        QCOMPARE(numberAt(model.index(gapRow + 1, 0, big)), 2400);
        QCOMPARE(numberAt(model.index(gapRow + 100, 0, big)), 2499);
        QCOMPARE(checkGapCounts(model, big, kChildren), 1);
        QCOMPARE(model.index(gapRow, 0, big).data(KeyTreeModel::GapCountRole).toLongLong(),
                 before - 200);
    }

    void countStopsAtTheLimit()
    {
        const QString path = m_dir.filePath(QStringLiteral("many.db"));
        const int children = KeyTreeLoader::kGapCountLimit + 500;
        fillBig(path, children);
        KeyTreePane pane;
        KeyTreeModel &model = *pane.model();
        model.loader()->setPageSize(100);
        pane.setStore(std::make_shared<kvs::AsyncKVStore>(path.toStdString()));
        QSignalSpy done(&pane, &KeyTreePane::goToFinished);
        pane.goToKey({"big", children - 10});
        QTRY_COMPARE(done.count(), 1);
        const QModelIndex big = model.index(0, 0);
        QTRY_VERIFY(gapsCounted(model, big));
        QModelIndex gap;
        for (int row = 0; row < model.rowCount(big); ++row)
            if (model.index(row, 0, big).data(KeyTreeModel::IsGapRole).toBool())
                gap = model.index(row, 0, big);
        QVERIFY(gap.isValid());
        QVERIFY(gap.data(KeyTreeModel::GapCountMoreRole).toBool());
        QCOMPARE(gap.data().toString(),
                 QStringLiteral("More than %1 earlier children…")
                     .arg(QLocale().toString(KeyTreeLoader::kGapCountLimit)));
    }

    void shownTreeReadsPlaceholdersScrolledIntoView()
    {
        KeyTreePane pane;
        QVERIFY(showAndGoTo(pane, m_dir.filePath(QStringLiteral("shown.db")), {"big", 2500}));
        KeyTreeModel &model = *pane.model();
        QTreeView &view = *pane.view();
        const QModelIndex big = model.index(0, 0);

        // The placeholder right above the key is in view with the key's row: its last page is
        // read, and the key's row stays where it was shown, selected.
        const QModelIndex current = view.currentIndex();
        QCOMPARE(numberAt(current), 2500);
        QTRY_COMPARE(numberAt(view.indexAbove(view.currentIndex())), 2499);
        QTRY_VERIFY(gapsCounted(model, big));
        QVERIFY(view.viewport()->rect().contains(view.visualRect(view.currentIndex())));
        QCOMPARE(numberAt(view.currentIndex()), 2500);
        QCOMPARE(checkGapCounts(model, big, kChildren), 1);

        // Scrolling up reads on, page by page, until the placeholder is gone, in order.
        QScrollBar *bar = view.verticalScrollBar();
        for (int step = 0; step < 1000 && checkGapCounts(model, big, kChildren) > 0; ++step) {
            bar->setValue(bar->value() - 10);
            // The view lays out, and the loader looks at what it shows: posted events and zero
            // timers, not time.
            QCoreApplication::processEvents();
            QTRY_VERIFY(gapsCounted(model, big));
        }
        QCOMPARE(checkGapCounts(model, big, kChildren), 0);
        for (int row = 0; row <= 2500; ++row)
            QCOMPARE(numberAt(model.index(row, 0, big)), row);
        QCOMPARE(numberAt(view.currentIndex()), 2500);
    }

    // QTreeView reads a page of an expanded node from inside its item layout when the model
    // offers one (a node's first page; here every page, as a model without on-demand next pages
    // does); the busy row that listing shows must not resize the view in the middle of that
    // layout, when its scroll bar is computed from a half-built row list and falls back to the
    // top.
    void pageReadByTheViewsLayoutKeepsTheScrollPosition()
    {
        KeyTreePane pane;
        QVERIFY(showAndGoTo(pane, m_dir.filePath(QStringLiteral("layout.db")), {"big", 50}));
        KeyTreeModel &model = *pane.model();
        model.loader()->setNextPagesOnDemand(false);
        QTreeView &view = *pane.view();
        const QModelIndex big = model.index(0, 0);
        // Stops the pages the view's layouts have started since, before the node is all read.
        model.loader()->cancelLoading();
        QCoreApplication::processEvents(); // the busy row hides (a queued connection)
        QVERIFY(model.canFetchMore(big));
        QVERIFY(!pane.findChild<QWidget *>(QStringLiteral("busyRow"))->isVisible());
        QScrollBar *bar = view.verticalScrollBar();
        bar->setValue(bar->maximum() / 2);
        const int value = bar->value();
        QVERIFY(value > 0);
        const int rows = model.rowCount(big);

        view.doItemsLayout(); // reads the next page of "big", as any relayout does

        QCOMPARE(model.loader()->loadingCount(), 1);
        QCOMPARE(bar->value(), value);
        QTRY_COMPARE(model.loader()->loadingCount(), 0);
        QVERIFY(model.rowCount(big) > rows);
        QCOMPARE(bar->value(), value);
    }

    void scrollingDownReadsFromTheStart()
    {
        KeyTreePane pane;
        QVERIFY(showAndGoTo(pane, m_dir.filePath(QStringLiteral("down.db")), {"big", 2500}));
        KeyTreeModel &model = *pane.model();
        QTreeView &view = *pane.view();
        const QModelIndex big = model.index(0, 0);
        QTRY_VERIFY(gapsCounted(model, big));
        // From the top down to the placeholder: it is read from the start, in its place.
        view.verticalScrollBar()->setValue(0);
        QTRY_VERIFY(gapsCounted(model, big));
        QCOMPARE(numberAt(model.index(0, 0, big)), 0);
        int gapRow = -1;
        for (int row = 0; row < model.rowCount(big); ++row)
            if (model.index(row, 0, big).data(KeyTreeModel::IsGapRole).toBool())
                gapRow = row;
        QVERIFY(gapRow > 0);
        const int firstGapRow = gapRow;
        view.scrollTo(model.index(gapRow, 0, big), QAbstractItemView::PositionAtBottom);
        QTRY_VERIFY(numberAt(model.index(firstGapRow, 0, big)) == firstGapRow);
        QTRY_VERIFY(gapsCounted(model, big));
        QCOMPARE(checkGapCounts(model, big, kChildren), 1);
        for (int row = 0; row < firstGapRow + 100; ++row)
            QCOMPARE(numberAt(model.index(row, 0, big)), row);
    }

    // Issue 12: an expanded node's next pages load when scrolled to. QTreeView's layout calls
    // fetchMore() for every expanded node on every relayout, so a model that offered every page
    // to it was read to its end, page after page, in a shown tree that nobody scrolled.
    void shownExpandedNodeReadsNextPagesOnlyWhenScrolledTo()
    {
        const QString path = m_dir.filePath(QStringLiteral("expand.db"));
        fillBig(path, kChildren);
        KeyTreePane pane;
        KeyTreeModel &model = *pane.model();
        QTreeView &view = *pane.view();
        model.loader()->setPageSize(100);
        pane.resize(500, 400);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        pane.setStore(std::make_shared<kvs::AsyncKVStore>(path.toStdString()));
        QTRY_COMPARE(model.rowCount(), 1);
        const QModelIndex big = model.index(0, 0);
        view.expand(big);
        QTRY_COMPARE(model.rowCount(big), 100);
        // Settled: however many layouts ran, no page beyond what the view shows was read.
        for (int turn = 0; turn < 20; ++turn) {
            QCoreApplication::processEvents(); // a relayout is events, not time
            QTRY_COMPARE(model.loader()->loadingCount(), 0);
        }
        QCOMPARE(model.rowCount(big), 100);
        QVERIFY(model.loader()->hasNextPage(big));

        // The last row read scrolled into view: the next page, and no more while it stays off
        // the bottom.
        view.scrollTo(model.index(99, 0, big), QAbstractItemView::PositionAtBottom);
        QTRY_COMPARE(model.rowCount(big), 200);
        for (int turn = 0; turn < 20; ++turn) {
            QCoreApplication::processEvents(); // a relayout is events, not time
            QTRY_COMPARE(model.loader()->loadingCount(), 0);
        }
        QCOMPARE(model.rowCount(big), 200);
        for (int row = 0; row < 200; ++row)
            QCOMPARE(numberAt(model.index(row, 0, big)), row);
    }
};

QTEST_MAIN(TestTreePlaceholders)
#include "tst_tree_placeholders.moc"
