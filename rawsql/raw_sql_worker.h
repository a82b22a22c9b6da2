#pragma once

#include "rawsql/interrupter.h"
#include "rawsql/kvs_tables.h"
#include "rawsql/role_capabilities.h"
#include "rawsql/statement_result.h"
#include "rawsql/table_page.h"

#include <QFuture>

#include <memory>

class QObject;
class QThread;

namespace kvs::rawsql {

class WorkerState;

// A thread of its own holding Qt Sql connections to one target (opened on first use, read-only
// unless a call writes), running one call at a time in the order given. Each call returns at
// once with a future; a failure arrives as the future's exception (kvs::Error and its kinds); a
// call that finds its PostgreSQL connection closed by the server fails with
// kvs::ConnectionError, and the next call connects again.
// Destroying the worker never waits: what runs is interrupted, and the thread closes its
// connections and ends on its own.
// Thread rule: create, call and destroy on one thread (the GUI's); interrupt() from any.
class RawSqlWorker
{
public:
    explicit RawSqlWorker(const RawSqlTarget &target);
    ~RawSqlWorker();
    RawSqlWorker(const RawSqlWorker &) = delete;
    RawSqlWorker &operator=(const RawSqlWorker &) = delete;

    QFuture<QList<KvsTable>> tables();
    QFuture<qint64> count(const KvsTable &table);
    // Rows of table with its decoded key and value columns (decoded_columns.h).
    QFuture<TablePage> page(const KvsTable &table, const PageRequest &request);

    // What the console's PostgreSQL role can do beyond reading (an empty role on SQLite).
    QFuture<RoleCapabilities> roleCapabilities();

    // The console (statement_runner.h): write needs allowWrites(true) first.
    QFuture<StatementResult> execute(const QString &text, bool write, int pageSize);
    QFuture<StatementResult> fetchMore(int pageSize);
    QFuture<void> closeResult();
    // Writes the open result to path as CSV (csv_writer.h): columns, the rows already read
    // (loaded), then every row still to come, and closes the result. Returns the rows written.
    // Throws kvs::Error "kvs: cannot write PATH: REASON".
    QFuture<qint64> exportResult(const QString &path,
                                 const QStringList &columns,
                                 const QList<QVariantList> &loaded);
    // Whether the console may open a writable connection (the user's explicit switch).
    void allowWrites(bool allowed);

    // Stops the running call, on a thread of its own (a PostgreSQL cancel request connects to
    // the server, which may take as long as a connect): returns at once.
    void interrupt();

private:
    template <typename T, typename Fn>
    QFuture<T> post(Fn fn);

    std::shared_ptr<Interrupter> m_interrupter;
    QThread *m_thread;    // Deletes itself when finished.
    WorkerState *m_state; // Lives on m_thread; deleted there.
};

} // namespace kvs::rawsql
