#include "tables/console_controller.h"

#include "common/future_error.h"
#include "rawsql/raw_sql_worker.h"
#include "tables/statement_result_model.h"

#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/future.h>

#include <QDateTime>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace kvs::ui {

ConsoleController::ConsoleController(QObject *parent)
    : QObject(parent)
    , m_result(new StatementResultModel(this))
{
    connect(m_result, &StatementResultModel::moreWanted, this, &ConsoleController::fetchMore);
    m_historyThread.setMaxThreadCount(1);
}

ConsoleController::~ConsoleController() = default;

void ConsoleController::loadHistory()
{
    struct Load
    {
        QList<rawsql::StatementHistory::Entry> entries;
        QString problem;
    };
    const QFuture<Load> load = QtConcurrent::run(&m_historyThread, [history = m_history] {
        Load result;
        try {
            result.entries = history.latest(50);
        } catch (const std::exception &e) {
            result.problem = QString::fromStdString(e.what());
        }
        return result;
    });
    kvs::then(load, this, [this](const Load &result) {
        if (!result.problem.isEmpty()) {
            if (result.problem != std::exchange(m_historyProblem, result.problem))
                emit historyUnreadable(result.problem);
            return;
        }
        m_historyProblem.clear();
        emit historyLoaded(result.entries);
    });
}

void ConsoleController::setTarget(const rawsql::RawSqlTarget &target)
{
    m_worker.reset();
    m_target = target;
    m_result->clear();
    ++m_generation;
    if (m_running) {
        m_running = false;
        emit runningChanged(false);
    }
    if (!target.sqlitePath.isEmpty() || !target.postgresConnection.empty()) {
        m_worker = std::make_unique<rawsql::RawSqlWorker>(target);
        m_worker->allowWrites(writeMode());
    }
}

void ConsoleController::setWritesPossible(bool possible)
{
    m_writesPossible = possible;
    if (m_worker)
        m_worker->allowWrites(writeMode());
}

void ConsoleController::setWriteMode(bool on)
{
    m_writeMode = on;
    if (m_worker)
        m_worker->allowWrites(writeMode());
}

void ConsoleController::run(const QString &text)
{
    execute(text, true);
}

void ConsoleController::explain(const QString &text)
{
    execute(
        (m_target.isPostgres() ? QStringLiteral("EXPLAIN ") : QStringLiteral("EXPLAIN QUERY PLAN "))
            + text,
        false);
}

void ConsoleController::execute(const QString &text, bool record)
{
    if (!m_worker || text.trimmed().isEmpty())
        return;
    const bool write = writeMode();
    if (record) {
        try {
            // The database's password, should the text quote it, stays out of the file.
            const QString kept = m_target.isPostgres() ? QString::fromStdString(
                                     redactSecrets(text.toStdString(), m_target.postgresConnection))
                                                       : text;
            const rawsql::StatementHistory::Entry entry{
                QDateTime::currentDateTimeUtc(), m_target.displayName(), write, kept};
            const QFuture<QString> append
                = QtConcurrent::run(&m_historyThread, [history = m_history, entry] {
                      try {
                          history.append(entry);
                          return QString();
                      } catch (const std::exception &e) {
                          return QString::fromStdString(e.what());
                      }
                  });
            kvs::then(append, this, [this](const QString &problem) {
                if (!problem.isEmpty())
                    emit historyFailed(problem);
            });
        } catch (const Error &e) {
            emit historyFailed(QString::fromStdString(e.what()));
        }
    }
    const quint64 generation = ++m_generation;
    m_fetching = false;
    m_pendingExport.clear();
    m_running = true;
    emit runningChanged(true);
    kvs::then(m_worker->execute(text, write, kPageSize),
              this,
              [this, generation](QFuture<rawsql::StatementResult> f) {
                  if (generation != m_generation)
                      return;
                  m_running = false;
                  emit runningChanged(false);
                  if (const QString error = errorOf(f); !error.isEmpty()) {
                      m_result->clear();
                      emit failed(error);
                      return;
                  }
                  const rawsql::StatementResult first = f.result();
                  m_result->start(first);
                  emit finished(first);
              });
}

void ConsoleController::fetchMore()
{
    if (!m_worker)
        return;
    const quint64 generation = m_generation;
    m_fetching = true;
    kvs::then(m_worker->fetchMore(kPageSize),
              this,
              [this, generation](QFuture<rawsql::StatementResult> f) {
                  if (generation != m_generation)
                      return;
                  m_fetching = false;
                  if (const QString error = errorOf(f); !error.isEmpty()) {
                      m_result->markEnded();
                      m_pendingExport.clear();
                      emit failed(error);
                      return;
                  }
                  m_result->append(f.result());
                  if (!m_pendingExport.isEmpty())
                      startExport(std::exchange(m_pendingExport, QString()));
              });
}

void ConsoleController::cancel()
{
    if (m_worker)
        m_worker->interrupt();
}

void ConsoleController::exportResult(const QString &path)
{
    if (!m_worker)
        return;
    m_result->markEnded(); // the view asks for no more pages: the export reads them
    if (m_fetching) {
        // The page on its way belongs in the file: export once it is in the model.
        m_pendingExport = path;
        return;
    }
    startExport(path);
}

void ConsoleController::startExport(const QString &path)
{
    const quint64 generation = ++m_generation;
    m_result->markEnded();
    m_running = true;
    emit runningChanged(true);
    kvs::then(m_worker->exportResult(path, m_result->columns(), m_result->rows()),
              this,
              [this, generation, path](QFuture<qint64> f) {
                  if (generation != m_generation)
                      return;
                  m_running = false;
                  emit runningChanged(false);
                  if (const QString error = errorOf(f); !error.isEmpty()) {
                      emit failed(error);
                      return;
                  }
                  emit exported(f.result(), path);
              });
}

void ConsoleController::closeResult()
{
    if (!m_worker)
        return;
    ++m_generation;
    m_fetching = false;
    m_pendingExport.clear();
    m_result->markEnded();
    (void)m_worker->closeResult();
}

} // namespace kvs::ui
