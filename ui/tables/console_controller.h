#pragma once

#include "rawsql/raw_sql_target.h"
#include "rawsql/statement_history.h"
#include "rawsql/statement_result.h"

#include <QList>
#include <QObject>
#include <QThreadPool>

#include <memory>

namespace kvs::rawsql {
class RawSqlWorker;
}

namespace kvs::ui {

class StatementResultModel;

// The SQL console's work: one statement at a time on a rawsql worker of its own (a long query
// never holds up the Tables view), read-only unless the database's session is writable and the
// user switched writing on; its result paged into the model; cancel; EXPLAIN; the statement
// history on this machine, read and written on a thread of its own (a file that is slow, or a
// named pipe, never holds up the GUI). Thread rule: GUI thread only.
class ConsoleController : public QObject
{
    Q_OBJECT

public:
    static constexpr int kPageSize = 500;

    explicit ConsoleController(QObject *parent = nullptr);
    ~ConsoleController() override;

    StatementResultModel *result() const { return m_result; }

    // A new database (a target without path or connection: none).
    void setTarget(const rawsql::RawSqlTarget &target);
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
    QString m_historyProblem; // the last read problem said
    // One thread: the history's appends and reads run in the order asked. Declared last, so it
    // is destroyed (waiting for them) first.
    QThreadPool m_historyThread;
};

} // namespace kvs::ui
