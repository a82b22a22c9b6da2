// Issue 28: the SQL console's history is read and written off the GUI thread. With
// KVS_SQL_HISTORY naming a named pipe, opening it used to wait for a writer for ever, on the GUI
// thread: here a watchdog thread releases such a wait after a deadline, and the test fails if it
// had to. The pipe is refused with a message in the status line, and statements still run.
#include "rawsql/raw_sql_fixture.h"
#include "tables/console_controller.h"
#include "tables/console_driver.h"
#include "tables/sql_console_pane.h"

#include <kvs/async_kvstore.h>

#include <QComboBox>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <fcntl.h>
#include <mutex>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace kvs;
using namespace kvs::ui;

class TestConsoleHistory : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void aNamedPipeNeverHoldsTheGuiThread()
    {
        const QString db = m_dir.filePath(QStringLiteral("console.db"));
        {
            AsyncKVStore store(db.toStdString());
            test::fillStore(store, 3);
            store.close().waitForFinished();
        }
        const QString fifo = m_dir.filePath(QStringLiteral("history.fifo"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);

        // Releases a thread blocked opening the pipe, if the GUI thread is still not done
        // after the deadline, and says it had to.
        std::mutex mutex;
        std::condition_variable doneChanged;
        bool done = false;
        std::atomic_bool released{false};
        std::thread watchdog([&] {
            std::unique_lock lock(mutex);
            if (doneChanged.wait_for(lock, std::chrono::seconds(20), [&] { return done; }))
                return;
            released = true;
            // A writer and a reader come and go: an open waiting for either returns.
            ::close(::open(QFile::encodeName(fifo).constData(), O_RDWR | O_NONBLOCK));
        });

        {
            SqlConsolePane pane;
            pane.controller()->setHistoryPath(fifo);
            rawsql::RawSqlTarget target;
            target.sqlitePath = db;
            pane.setTarget(target);
            pane.show(); // reads the history
            QTRY_COMPARE(pane.statusText(),
                         QStringLiteral("The history cannot be read: kvs: cannot read the SQL "
                                        "history %1: it is not a regular file")
                             .arg(fifo));
            test::runInConsole(pane, QStringLiteral("SELECT count(*) FROM kv"));
            QCOMPARE(pane.findChild<QComboBox *>(QStringLiteral("sqlHistory"))->count(), 0);
        }
        {
            std::lock_guard lock(mutex);
            done = true;
        }
        doneChanged.notify_all();
        watchdog.join();
        QVERIFY2(!released, "the GUI thread waited on the pipe");
    }

    void theHistoryListFillsOffTheGuiThread()
    {
        const QString db = m_dir.filePath(QStringLiteral("filled.db"));
        {
            AsyncKVStore store(db.toStdString());
            test::fillStore(store, 3);
            store.close().waitForFinished();
        }
        SqlConsolePane pane;
        pane.controller()->setHistoryPath(m_dir.filePath(QStringLiteral("history.jsonl")));
        rawsql::RawSqlTarget target;
        target.sqlitePath = db;
        pane.setTarget(target);
        pane.show();
        test::runInConsole(pane, QStringLiteral("SELECT 1"));
        test::runInConsole(pane, QStringLiteral("SELECT 2"));
        auto *history = pane.findChild<QComboBox *>(QStringLiteral("sqlHistory"));
        QTRY_COMPARE(history->count(), 2);
        QCOMPARE(history->itemData(0).toString(), QStringLiteral("SELECT 2"));
    }
};

QTEST_MAIN(TestConsoleHistory)
#include "tst_console_history.moc"
