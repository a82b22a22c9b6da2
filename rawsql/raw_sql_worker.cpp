#include "rawsql/raw_sql_worker.h"

#include "rawsql/csv_writer.h"
#include "rawsql/decoded_columns.h"
#include "rawsql/raw_sql_connection.h"
#include "rawsql/statement_runner.h"
#include "rawsql/table_page_reader.h"

#include <kvs/errors.h>
#include <kvs/future.h>

#include <QObject>
#include <QPromise>
#include <QSaveFile>
#include <QThread>

#include <atomic>
#include <optional>
#include <thread>

namespace kvs::rawsql {

// The connections and the console's runner, all on the worker's thread.
class WorkerState : public QObject
{
public:
    WorkerState(const RawSqlTarget &target, std::shared_ptr<Interrupter> interrupter)
        : m_target(target)
        , m_interrupter(std::move(interrupter))
    {}
    ~WorkerState() override
    {
        m_runner.reset();
        m_console.reset();
        m_consoleWritable.reset();
        m_tables.reset();
    }

    QSqlDatabase tablesDatabase()
    {
        if (m_tables && m_tables->closedByServer())
            m_tables.reset(); // the server ended it while idle (a restart): a new one
        if (!m_tables)
            m_tables = std::make_unique<RawSqlConnection>(m_target, false, m_interrupter);
        return m_tables->database();
    }

    RawSqlConnection &consoleConnection()
    {
        for (auto *connection : {&m_console, &m_consoleWritable}) {
            if (*connection && (*connection)->closedByServer()) {
                m_runner.reset(); // a result it held is gone with it
                connection->reset();
            }
        }
        if (!m_console)
            m_console = std::make_unique<RawSqlConnection>(m_target, false, m_interrupter);
        return *m_console;
    }

    StatementRunner &runner(bool write)
    {
        (void)consoleConnection();
        if (write && !m_consoleWritable) {
            if (!m_writesAllowed.load())
                throw Error("kvs: writing SQL is switched off");
            m_runner.reset(); // ends any open result before the runner changes
            m_consoleWritable = std::make_unique<RawSqlConnection>(m_target, true, m_interrupter);
        }
        if (!m_writesAllowed.load() && m_consoleWritable) {
            m_runner.reset();
            m_consoleWritable.reset();
        }
        if (!m_runner)
            m_runner.emplace(*m_console, m_consoleWritable.get());
        return *m_runner;
    }

    StatementRunner *openRunner() { return m_runner ? &*m_runner : nullptr; }

    // Closes the connections the server closed (a restart, a terminated backend), so that the
    // next call opens new ones. True when there was one.
    bool dropBroken()
    {
        bool dropped = false;
        const auto drop = [&](std::unique_ptr<RawSqlConnection> &connection, bool console) {
            if (!connection || !connection->isBroken())
                return;
            if (console)
                m_runner.reset(); // its open result was on that connection
            connection.reset();
            dropped = true;
        };
        drop(m_consoleWritable, true);
        drop(m_console, true);
        drop(m_tables, false);
        return dropped;
    }
    const RawSqlTarget &target() const { return m_target; }
    std::atomic<bool> m_writesAllowed{false};

private:
    RawSqlTarget m_target;
    std::shared_ptr<Interrupter> m_interrupter;
    // Separate connections: a console result held open must not stall the table pages.
    std::unique_ptr<RawSqlConnection> m_tables;
    std::unique_ptr<RawSqlConnection> m_console;
    std::unique_ptr<RawSqlConnection> m_consoleWritable;
    std::optional<StatementRunner> m_runner;
};

namespace {

// A call that failed because the server closed the connection fails with ConnectionError (Lost),
// its message kept, and the connection is dropped: the next call connects again.
std::exception_ptr lostOrAsIs(WorkerState &state, std::exception_ptr error)
{
    if (!state.dropBroken())
        return error;
    try {
        std::rethrow_exception(error);
    } catch (const ConnectionError &) {
        return error;
    } catch (const std::exception &e) {
        return std::make_exception_ptr(ConnectionError(e.what(), ConnectionError::Step::Lost));
    } catch (...) {
    }
    return error;
}

} // namespace

RawSqlWorker::RawSqlWorker(const RawSqlTarget &target)
    : m_interrupter(std::make_shared<Interrupter>())
    , m_thread(new QThread)
    , m_state(new WorkerState(target, m_interrupter))
{
    m_thread->setObjectName(QStringLiteral("kvs-rawsql"));
    m_state->moveToThread(m_thread);
    QObject::connect(m_thread, &QThread::finished, m_thread, &QObject::deleteLater);
    m_thread->start();
}

RawSqlWorker::~RawSqlWorker()
{
    interrupt();
    QThread *thread = m_thread;
    QMetaObject::invokeMethod(
        m_state,
        [state = m_state, thread] {
            delete state;
            thread->quit();
        },
        Qt::QueuedConnection);
}

template <typename T, typename Fn>
QFuture<T> RawSqlWorker::post(Fn fn)
{
    auto promise = std::make_shared<QPromise<T>>();
    QFuture<T> future = promise->future();
    promise->start();
    const quint64 call = m_interrupter->nextCall();
    QMetaObject::invokeMethod(
        m_state,
        [state = m_state, control = m_interrupter, call, promise, fn = std::move(fn)]() mutable {
            try {
                if (!control->beginCall(call))
                    throw Error("kvs: cancelled");
                if constexpr (std::is_void_v<T>)
                    fn(*state);
                else
                    promise->addResult(fn(*state));
            } catch (...) {
                promise->setException(lostOrAsIs(*state, std::current_exception()));
            }
            control->endCall();
            kvs::finish(*promise);
        },
        Qt::QueuedConnection);
    return future;
}

QFuture<QList<KvsTable>> RawSqlWorker::tables()
{
    return post<QList<KvsTable>>(
        [](WorkerState &s) { return findKvsTables(s.tablesDatabase(), s.target()); });
}

QFuture<qint64> RawSqlWorker::count(const KvsTable &table)
{
    return post<qint64>(
        [table](WorkerState &s) { return countTableRows(s.tablesDatabase(), s.target(), table); });
}

QFuture<TablePage> RawSqlWorker::page(const KvsTable &table, const PageRequest &request)
{
    return post<TablePage>([table, request](WorkerState &s) {
        return withDecodedColumns(readTablePage(s.tablesDatabase(), s.target(), table, request),
                                  table);
    });
}

QFuture<RoleCapabilities> RawSqlWorker::roleCapabilities()
{
    return post<RoleCapabilities>([](WorkerState &s) {
        if (!s.target().isPostgres())
            return RoleCapabilities{};
        return readRoleCapabilities(s.consoleConnection().database(), s.target());
    });
}

QFuture<StatementResult> RawSqlWorker::execute(const QString &text, bool write, int pageSize)
{
    return post<StatementResult>([text, write, pageSize](WorkerState &s) {
        return s.runner(write).execute(text, write, pageSize);
    });
}

QFuture<StatementResult> RawSqlWorker::fetchMore(int pageSize)
{
    return post<StatementResult>([pageSize](WorkerState &s) {
        StatementRunner *runner = s.openRunner();
        return runner ? runner->fetchMore(pageSize) : StatementResult{};
    });
}

QFuture<void> RawSqlWorker::closeResult()
{
    return post<void>([](WorkerState &s) {
        if (StatementRunner *runner = s.openRunner())
            runner->close();
    });
}

QFuture<qint64> RawSqlWorker::exportResult(const QString &path,
                                           const QStringList &columns,
                                           const QList<QVariantList> &loaded)
{
    return post<qint64>([path, columns, loaded](WorkerState &s) {
        QSaveFile file(path);
        const auto fail = [&] {
            throw Error("kvs: cannot write " + path.toStdString() + ": "
                        + file.errorString().toStdString());
        };
        if (!file.open(QIODevice::WriteOnly) || !writeCsvHeader(file, columns)
            || !writeCsvRows(file, loaded))
            fail();
        qint64 rows = loaded.size();
        if (StatementRunner *runner = s.openRunner()) {
            StatementResult more;
            do {
                more = runner->fetchMore(5000);
                if (!writeCsvRows(file, more.page.rows))
                    fail();
                rows += more.page.rows.size();
            } while (!more.atEnd);
        }
        if (!file.commit())
            fail();
        return rows;
    });
}

void RawSqlWorker::allowWrites(bool allowed)
{
    m_state->m_writesAllowed.store(allowed);
}

void RawSqlWorker::interrupt()
{
    std::thread([interrupter = m_interrupter] { interrupter->stopPostedCalls(); }).detach();
}

} // namespace kvs::rawsql
