#pragma once

#include "rawsql/raw_sql_target.h"
#include "rawsql/role_capabilities.h"
#include "rawsql/statement_history.h"
#include "rawsql/statement_result.h"

#include <QFuture>
#include <QList>
#include <QObject>
#include <QThreadPool>

#include <cstdint>
#include <memory>

class QTimer;

namespace kvs {
class Clock;
}

namespace kvs::rawsql {
class RawSqlWorker;
}

namespace kvs::ui {

class StatementResultModel;

// The SQL console's work: one statement at a time on a rawsql worker of its own (a long query
// never holds up the Tables view), read-only unless the database's session is writable and the
// user switched writing on; its result paged into the model; cancel; EXPLAIN; the statement
// history on this machine, read and written on a thread of its own (a file that is slow, or a
// named pipe, never holds up the GUI). A result left open (more rows than one page) holds its
// read-only transaction, and with it the server's snapshot (PostgreSQL's backend_xmin, SQLite's
// WAL checkpoints): when no page was asked for during the idle limit, it is closed (idleClosed()).
// Thread rule: GUI thread only.
class ConsoleController : public QObject
{
    Q_OBJECT

public:
    static constexpr int kPageSize = 500;
    static constexpr int kDefaultIdleCloseSeconds = 60;

    explicit ConsoleController(QObject *parent = nullptr);
    ~ConsoleController() override;

    StatementResultModel *result() const { return m_result; }

    // A new database (a target without path or connection: none). On PostgreSQL, reads what
    // its role can do beyond reading (roleCapabilities()).
    void setTarget(const rawsql::RawSqlTarget &target);
    // The clock the idle limit is measured on (default: the system's; tests move a
    // ManualClock).
    void setClock(std::shared_ptr<Clock> clock);
    // How long an open result may go without a page asked for before it is closed (> 0).
    void setIdleCloseSeconds(int seconds);
    int idleCloseSeconds() const { return m_idleCloseSeconds; }
    // Whether the database is open for writing (the "Allow writes" switch of its tab).
    void setWritesPossible(bool possible);
    bool writesPossible() const { return m_writesPossible; }
    // The console's own switch: statements may write (only while writes are possible).
    void setWriteMode(bool on);
    bool writeMode() const { return m_writeMode && m_writesPossible; }

    // Runs text (one statement); its first page arrives with finished().
    void run(const QString &text);
    // Runs EXPLAIN (PostgreSQL) or EXPLAIN QUERY PLAN (SQLite) of text, never ANALYZE.
    void explain(const QString &text);
    // Stops the running statement; it ends with cancelled(), not failed().
    void cancel();
    bool isRunning() const { return m_running; }
    // Writes the result to path as CSV: the rows shown, then the rest of the open result, which
    // it closes; exported() or failed() follows.
    void exportResult(const QString &path);
    // Closes the open result (its read-only transaction ends).
    void closeResult();
    // Reads the latest entries off the GUI thread (after the appends asked before it);
    // historyLoaded() or historyUnreadable() follows.
    void loadHistory();
    const rawsql::StatementHistory &history() const { return m_history; }
    // For tests: another history file.
    void setHistoryPath(const QString &path) { m_history = rawsql::StatementHistory(path); }

signals:
    void runningChanged(bool running);
    void finished(const rawsql::StatementResult &first);
    void failed(const QString &message);
    // The statement (or export) stopped because the user cancelled it.
    void cancelled();
    // The open result was closed after seconds without a page asked for; the rows read stay.
    void idleClosed(int seconds);
    // What the connected role can do beyond reading (PostgreSQL, after setTarget()).
    void roleCapabilitiesRead(const rawsql::RoleCapabilities &capabilities);
    // An append failed: the statement runs, its history line is lost.
    void historyFailed(const QString &message);
    // The latest entries, oldest first.
    void historyLoaded(const QList<rawsql::StatementHistory::Entry> &entries);
    // The history cannot be read (said once per problem, not on every reload).
    void historyUnreadable(const QString &message);
    void exported(qint64 rows, const QString &path);

private:
    void execute(const QString &text, bool record);
    void fetchMore();
    void startExport(const QString &path);
    template <typename T>
    bool reportFailure(QFuture<T> &future);
    // The idle limit: armed while a result is open and no page is on its way.
    void armIdleClose();
    void disarmIdleClose();
    void checkIdle();

    StatementResultModel *m_result; // Owned (child).
    std::unique_ptr<rawsql::RawSqlWorker> m_worker;
    rawsql::RawSqlTarget m_target;
    rawsql::StatementHistory m_history;
    bool m_writesPossible = false;
    bool m_writeMode = false;
    bool m_running = false;
    bool m_fetching = false; // a page is on its way to the model
    QString m_pendingExport; // an export waiting for that page
    quint64 m_generation = 0;
    bool m_cancelRequested = false; // for the running statement or export
    std::shared_ptr<Clock> m_clock;
    int m_idleCloseSeconds = kDefaultIdleCloseSeconds;
    bool m_idleArmed = false;
    std::int64_t m_idleSince = 0;       // the clock's monotonicNow() when armed
    QTimer *m_idleTimer;                // Owned (child): the system clock's check
    std::shared_ptr<void> m_clockMoves; // a manual clock's subscription
    QString m_historyProblem;           // the last read problem said
    // One thread: the history's appends and reads run in the order asked. Declared last, so it
    // is destroyed (waiting for them) first.
    QThreadPool m_historyThread;
};

} // namespace kvs::ui
