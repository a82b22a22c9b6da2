// The Tables view and the SQL console on a real SQLite file, offscreen: the kvs tables paged
// by keyset with decoded keys and values, a scroll to the end, a table larger than the model's
// window scrolled through by its row bar and by the view's own scrolling, the console's paged
// result, its refusal to write while read-only, the write switch that asks first, a cancelled
// query, CSV export and the statement history. Also the README's screenshots.
#include "rawsql/raw_sql_fixture.h"
#include "support/raw_sqlite.h"
#include "support/small_screen.h"
#include "support/test_paths.h"
#include "support/test_support.h"
#include "tables/console_controller.h"
#include "tables/console_driver.h"
#include "tables/sql_console_pane.h"
#include "tables/statement_result_model.h"
#include "tables/table_rows_model.h"
#include "tables/tables_controller.h"
#include "tables/tables_pane.h"

#include <kvs/clock.h>
#include <kvs/key.h>
#include <kvs/literal.h>

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace kvs;
using namespace kvs::ui;

class TstTablesPane : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_path;

    rawsql::RawSqlTarget target() const
    {
        rawsql::RawSqlTarget t;
        t.sqlitePath = m_path;
        return t;
    }
    // The console with its own history file and a target, shown.
    void open(SqlConsolePane &pane, const QString &name)
    {
        pane.controller()->setHistoryPath(m_dir.filePath(name + QStringLiteral(".jsonl")));
        pane.setTarget(target());
        pane.resize(900, 600);
        pane.show();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("tables.db"));
        AsyncKVStore store(m_path.toStdString());
        test::fillStore(store, 5000);
        store.close().waitForFinished();
    }

    void tablesPagesToTheEnd()
    {
        TablesPane pane;
        QAbstractItemModelTester tester(pane.controller()->rows(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        pane.setTarget(target());
        pane.resize(900, 500);
        pane.show();
        QTRY_VERIFY(pane.statusText().contains(QStringLiteral("5,000 row(s)")));
        QCOMPARE(pane.tableChoice()->count(), 4);
        QCOMPARE(pane.tableChoice()->currentText(), QStringLiteral("kv"));
        TableRowsModel *rows = pane.controller()->rows();
        QCOMPARE(rows->rowCount(), 5000);
        QCOMPARE(rows->headerData(1, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QStringLiteral("key (decoded)"));
        QCOMPARE(rows->index(0, 1).data().toString(),
                 QString::fromStdString(printKeyLiteral(Key{"row", 0})));
        QVERIFY(rows->index(0, 0).data().toString().startsWith(QStringLiteral("02 72 6f 77")));
        // Rows far from the first page read only when shown.
        QCOMPARE(rows->index(4999, 1).data().toString(), QStringLiteral(""));
        pane.view()->scrollToBottom();
        QTRY_COMPARE(rows->index(4999, 1).data().toString(),
                     QString::fromStdString(printKeyLiteral(Key{"row", 4999})));
        QVERIFY(!rows->hasPage(12)); // the pages on the way were not read
        // The queue table decodes its payload.
        pane.tableChoice()->setCurrentIndex(1);
        emit pane.tableChoice()->activated(1);
        QTRY_VERIFY(pane.statusText().contains(QStringLiteral("1 row(s)")));
        bool found = false;
        for (int c = 0; c < rows->columnCount(); ++c) {
            if (rows->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString()
                == QStringLiteral("payload (decoded)")) {
                QCOMPARE(rows->index(0, c).data().toString(),
                         QString::fromStdString(printLiteral(Value("payload"))));
                found = true;
            }
        }
        QVERIFY(found);
    }

    void aWindowScrollsThroughALargerTable()
    {
        TablesPane pane;
        TableRowsModel *rows = pane.controller()->rows();
        QAbstractItemModelTester tester(rows,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        rows->setWindowLimit(1000); // the 5,000 rows of the table are five windows
        pane.setTarget(target());
        pane.resize(900, 500);
        pane.show();
        QTRY_VERIFY(pane.statusText().contains(QStringLiteral("5,000 row(s)")));
        QCOMPARE(rows->rowCount(), 1000);
        QCOMPARE(rows->totalRows(), qint64(5000));
        QScrollBar *bar = pane.rowScrollBar();
        QScrollBar *inner = pane.view()->verticalScrollBar();
        QVERIFY(bar->isVisible());
        QCOMPARE(bar->maximum(), inner->maximum() + 4000); // every row, not the window's
        const auto keyAt = [](int row) {
            return QString::fromStdString(printKeyLiteral(Key{"row", double(row)}));
        };
        const auto topRow = [&] {
            return rows->windowStart() + pane.view()->rowAt(0);
        };

        // The bar to the end: the window moves there and the last row is read and shown.
        bar->setValue(bar->maximum());
        QCOMPARE(rows->windowStart(), qint64(4000));
        QCOMPARE(inner->value(), inner->maximum());
        QCOMPARE(rows->headerData(999, Qt::Vertical, Qt::DisplayRole).toString(),
                 QStringLiteral("5000"));
        QTRY_COMPARE(rows->index(999, 1).data().toString(), keyAt(4999));
        QVERIFY(!rows->hasPage(12)); // the pages on the way were not read

        // The middle: a window around it, the view's top row the bar's.
        bar->setValue(2500);
        QVERIFY(rows->windowStart() <= 2500 && rows->windowStart() + 1000 > 2500);
        QCOMPARE(topRow(), qint64(2500));
        QTRY_COMPARE(rows->index(int(2500 - rows->windowStart()), 1).data().toString(),
                     keyAt(2500));

        // The view's own scrolling (wheel, keys) moves the bar; near the window's edge the
        // window follows, and the top row stays where it was.
        inner->setValue(inner->value() + 3);
        QCOMPARE(bar->value(), 2503);
        const qint64 before = rows->windowStart();
        inner->setValue(inner->maximum());
        const qint64 top = before + inner->maximum();
        QVERIFY(rows->windowStart() > before);
        QCOMPARE(bar->value(), int(top));
        QCOMPARE(topRow(), top);

        // Back to the first row.
        bar->setValue(0);
        QCOMPARE(rows->windowStart(), qint64(0));
        QCOMPARE(rows->index(0, 1).data().toString(), keyAt(0));
    }

    // Issue 31: Ctrl+End on a table larger than the window went to the window's last row
    // (row 20,000 of a million), then further each time; it goes to the last row at once.
    void issue31_ctrlEndGoesToTheLastRowAtOnce()
    {
        TablesPane pane;
        TableRowsModel *rows = pane.controller()->rows();
        rows->setWindowLimit(1000); // the 5,000 rows of the table are five windows
        pane.setTarget(target());
        pane.resize(900, 500);
        pane.show();
        QTRY_VERIFY(pane.statusText().contains(QStringLiteral("5,000 row(s)")));
        QTableView *view = pane.view();
        view->setFocus();
        view->setCurrentIndex(rows->index(0, 0));
        QTest::keyClick(view, Qt::Key_End, Qt::ControlModifier);
        QCOMPARE(rows->windowStart() + view->currentIndex().row(), qint64(4999));
        QCOMPARE(view->currentIndex().column(), rows->columnCount() - 1);
        QCOMPARE(pane.rowScrollBar()->value(), pane.rowScrollBar()->maximum());
        QTRY_COMPARE(rows->index(view->currentIndex().row(), 1).data().toString(),
                     QString::fromStdString(printKeyLiteral(Key{"row", 4999})));
        QTest::keyClick(view, Qt::Key_Home, Qt::ControlModifier);
        QCOMPARE(rows->windowStart() + view->currentIndex().row(), qint64(0));
        QCOMPARE(pane.rowScrollBar()->value(), 0);
    }

    void consolePagesARefusedWriteAndCsv()
    {
        SqlConsolePane pane;
        QAbstractItemModelTester tester(pane.controller()->result(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        open(pane, QStringLiteral("history-a"));
        QSignalSpy first(pane.controller(), &ConsoleController::finished);
        test::runInConsole(pane, QStringLiteral("SELECT key, value, version FROM kv"));
        QCOMPARE(first.size(), 1);
        const auto firstPage = first.first().first().value<rawsql::StatementResult>();
        QCOMPARE(firstPage.page.rows.size(), ConsoleController::kPageSize);
        QVERIFY(!firstPage.atEnd);
        // The view (and the model tester) fetch more pages as they need them.
        StatementResultModel *result = pane.controller()->result();
        pane.view()->scrollToBottom();
        QTRY_VERIFY(result->rowCount() > ConsoleController::kPageSize);
        QVERIFY(result->rowCount() % ConsoleController::kPageSize == 0
                || result->rowCount() == 5000);

        const QString csv = m_dir.filePath(QStringLiteral("result.csv"));
        pane.exportCsv(csv);
        QTRY_VERIFY2(pane.statusText().startsWith(QStringLiteral("Exported 5,000 row(s)")),
                     qPrintable(pane.statusText()));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        QCOMPARE(lines.size(), 5002); // header, 5,000 rows, the empty tail after the last CRLF
        QCOMPARE(lines.first(), QByteArray("key,value,version\r"));

        test::runInConsole(pane, QStringLiteral("DELETE FROM kv"));
        QCOMPARE(pane.statusText(),
                 QStringLiteral("Failed: kvs: the console is read-only: it does not run DELETE"));
        QVERIFY(!pane.writeSwitch()->isEnabled());
        test::runInConsole(pane, QStringLiteral("SELECT count(*) FROM kv"));
        QCOMPARE(result->index(0, 0).data().toString(), QStringLiteral("5000"));

        // The history holds the statements, newest first in the list (written and read off the
        // GUI thread, so it follows the statement).
        auto *list = pane.findChild<QComboBox *>(QStringLiteral("sqlHistory"));
        QTRY_COMPARE(list->count(), 3);
        QCOMPARE(list->itemData(0).toString(), QStringLiteral("SELECT count(*) FROM kv"));
        const auto history = pane.controller()->history().latest(10);
        QCOMPARE(history.size(), 3);
        QCOMPARE(history.last().sql, QStringLiteral("SELECT count(*) FROM kv"));
    }

    void writingAsksFirstAndNeedsAWritableTab()
    {
        const QString copy = m_dir.filePath(QStringLiteral("writable.db"));
        QVERIFY(QFile::copy(m_path, copy));
        SqlConsolePane pane;
        pane.controller()->setHistoryPath(m_dir.filePath(QStringLiteral("history-b.jsonl")));
        rawsql::RawSqlTarget writable;
        writable.sqlitePath = copy;
        pane.setTarget(writable);
        pane.show();
        int asked = 0;
        pane.setConfirm([&](const QString &question) {
            ++asked;
            return question.contains(QStringLiteral("bypass kvs's rules")) && asked > 1;
        });
        pane.setWritesPossible(true);
        pane.writeSwitch()->click(); // refused
        QCOMPARE(asked, 1);
        QVERIFY(!pane.writeSwitch()->isChecked());
        QVERIFY(!pane.controller()->writeMode());
        pane.writeSwitch()->click(); // accepted
        QCOMPARE(asked, 2);
        QVERIFY(pane.controller()->writeMode());
        test::runInConsole(
            pane, QStringLiteral("DELETE FROM kv WHERE version = (SELECT max(version) FROM kv)"));
        QCOMPARE(pane.statusText().left(23), QStringLiteral("100 row(s) affected in "));
        // The tab's writes switched off: the console is read-only again.
        pane.setWritesPossible(false);
        QVERIFY(!pane.writeSwitch()->isChecked());
        QVERIFY(!pane.controller()->writeMode());
        test::runInConsole(pane, QStringLiteral("DELETE FROM kv"));
        QCOMPARE(pane.statusText(),
                 QStringLiteral("Failed: kvs: the console is read-only: it does not run DELETE"));
    }

    void cancelStopsALongQuery()
    {
        SqlConsolePane pane;
        open(pane, QStringLiteral("history-c"));
        pane.editor()->setPlainText(QStringLiteral("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL "
                                                   "SELECT x + 1 FROM c) SELECT count(*) FROM c"));
        pane.runButton()->click();
        QTRY_VERIFY(pane.cancelButton()->isEnabled());
        pane.cancelButton()->click();
        QTRY_VERIFY(!pane.controller()->isRunning());
        QCOMPARE(pane.statusText(), QStringLiteral("Cancelled")); // issue 29: not "Failed"
        test::runInConsole(pane, QStringLiteral("SELECT 1"));
        QCOMPARE(pane.controller()->result()->index(0, 0).data().toString(), QStringLiteral("1"));
    }

    // Issue 29: an open result holds the reader's snapshot, so no checkpoint can empty the WAL;
    // left without a page read for the idle limit (on the clock the test moves), it closes, says
    // so, and the WAL checkpoints.
    void issue29_anIdleResultClosesOnTheClock()
    {
        const QString copy = m_dir.filePath(QStringLiteral("idle.db"));
        QVERIFY(QFile::copy(m_path, copy));
        SqlConsolePane pane;
        pane.controller()->setHistoryPath(m_dir.filePath(QStringLiteral("history-e.jsonl")));
        const auto clock = std::make_shared<ManualClock>();
        pane.controller()->setClock(clock);
        rawsql::RawSqlTarget idle;
        idle.sqlitePath = copy;
        pane.setTarget(idle);
        pane.show();
        test::runInConsole(pane, QStringLiteral("SELECT key FROM kv"));
        const int limit = pane.controller()->idleCloseSeconds();
        QVERIFY2(pane.statusText().contains(QStringLiteral(" row(s) so far (more as you scroll")),
                 qPrintable(pane.statusText()));
        QVERIFY(pane.statusText().contains(QStringLiteral("it closes after %1 s idle").arg(limit)));

        test::RawSqlite writer(copy.toStdString());
        writer.exec("CREATE TABLE scratch (x); INSERT INTO scratch VALUES (1)");
        const auto checkpointBusy = [&] {
            return writer.rows("PRAGMA wal_checkpoint(TRUNCATE)").front().front();
        };
        QCOMPARE(checkpointBusy(), std::string("1")); // the open result's snapshot holds it

        clock->advance(qint64(limit) * 1000 - 1);
        QCoreApplication::processEvents();
        QVERIFY(!pane.controller()->result()->isAtEnd());
        QCOMPARE(checkpointBusy(), std::string("1"));

        clock->advance(1);
        QTRY_VERIFY(pane.controller()->result()->isAtEnd());
        QCOMPARE(pane.statusText(),
                 QStringLiteral("%1 row(s) read; the result was closed after %2 s idle, which "
                                "ended its transaction (Preferences ▸ SQL console). Run the "
                                "statement again to read on.")
                     .arg(QLocale().toString(pane.controller()->result()->rowCount()))
                     .arg(limit));
        QVERIFY(pane.controller()->result()->rowCount() < 5000); // the rows read stay
        QTRY_COMPARE(checkpointBusy(), std::string("0"));
    }

    void savesScreenshots()
    {
        const QString dir = kvs::test::fromTest(KVS_SCREENSHOT_DIR);
        QDir().mkpath(dir);
        TablesPane tables;
        tables.setTarget(target());
        tables.resize(kvs::test::kPaneOnSmallScreen);
        tables.show();
        QTRY_VERIFY(tables.statusText().contains(QStringLiteral("row(s)")));
        tables.view()->setColumnWidth(0, 200);
        tables.view()->setColumnWidth(1, 130);
        tables.view()->setColumnWidth(2, 200);
        QVERIFY(tables.grab().save(dir + QStringLiteral("/tables.png")));

        SqlConsolePane console;
        open(console, QStringLiteral("history-d"));
        console.resize(kvs::test::kPaneOnSmallScreen);
        test::runInConsole(
            console,
            QStringLiteral("SELECT version, count(*) AS keys FROM kv GROUP BY version "
                           "ORDER BY version DESC"));
        QVERIFY(console.grab().save(dir + QStringLiteral("/sql-console.png")));
    }
};

QTEST_MAIN(TstTablesPane)
#include "tst_tables_pane.moc"
