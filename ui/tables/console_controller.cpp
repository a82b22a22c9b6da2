#include "tables/console_controller.h"

#include "common/future_error.h"
#include "rawsql/query_error.h"
#include "rawsql/raw_sql_worker.h"
#include "tables/statement_result_model.h"

#include <kvs/clock.h>
#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/future.h>

#include <QDateTime>
#include <QPointer>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace kvs::ui {

ConsoleController::ConsoleController(QObject *parent)
    : QObject(parent)
    , m_result(new StatementResultModel(this))
    , m_clock(systemClock())
    , m_idleTimer(new QTimer(this))
{
    m_idleTimer->setSingleShot(true);
    connect(m_idleTimer, &QTimer::timeout, this, &ConsoleController::checkIdle);
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
    disarmIdleClose();
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
    if (m_worker && target.isPostgres()) {
        const quint64 generation = m_generation;
        kvs::then(m_worker->roleCapabilities(),
                  this,
                  [this, generation](QFuture<rawsql::RoleCapabilities> f) {
                      // A failure here (no connection) shows with the first statement.
                      if (generation == m_generation && errorOf(f).isEmpty())
                          emit roleCapabilitiesRead(f.result());
                  });
    }
}

void ConsoleController::setClock(std::shared_ptr<Clock> clock)
{
    disarmIdleClose();
    m_clock = clock ? std::move(clock) : systemClock();
    armIdleClose();
}

void ConsoleController::setIdleCloseSeconds(int seconds)
{
    m_idleCloseSeconds = std::max(1, seconds);
    if (m_idleArmed)
        checkIdle();
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
    disarmIdleClose();
    m_fetching = false;
    m_cancelRequested = false;
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
                  if (reportFailure(f)) {
                      m_result->clear();
                      return;
                  }
                  const rawsql::StatementResult first = f.result();
                  m_result->start(first);
                  armIdleClose();
                  emit finished(first);
              });
}

void ConsoleController::fetchMore()
{
    if (!m_worker)
        return;
    const quint64 generation = m_generation;
    disarmIdleClose();
    m_fetching = true;
    kvs::then(m_worker->fetchMore(kPageSize),
              this,
              [this, generation](QFuture<rawsql::StatementResult> f) {
                  if (generation != m_generation)
                      return;
                  m_fetching = false;
                  if (reportFailure(f)) {
                      m_result->markEnded();
                      m_pendingExport.clear();
                      return;
                  }
                  m_result->append(f.result());
                  if (!m_pendingExport.isEmpty())
                      startExport(std::exchange(m_pendingExport, QString()));
                  else
                      armIdleClose();
              });
}

void ConsoleController::cancel()
{
    if (!m_worker || !m_running)
        return;
    m_cancelRequested = true;
    m_worker->interrupt();
}

template <typename T>
bool ConsoleController::reportFailure(QFuture<T> &future)
{
    try {
        future.waitForFinished(); // finished already: rethrows what it holds
        return false;
    } catch (const std::exception &e) {
        if (m_cancelRequested && rawsql::isInterruption(e))
            emit cancelled();
        else
            emit failed(QString::fromStdString(e.what()));
    } catch (...) {
        emit failed(tr("unknown error"));
    }
    return true;
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
    disarmIdleClose();
    m_cancelRequested = false;
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
                  if (!reportFailure(f))
                      emit exported(f.result(), path);
              });
}

void ConsoleController::closeResult()
{
    disarmIdleClose();
    if (!m_worker)
        return;
    ++m_generation;
    m_fetching = false;
    m_pendingExport.clear();
    m_result->markEnded();
    (void)m_worker->closeResult();
}

void ConsoleController::armIdleClose()
{
    if (m_result->isAtEnd() || m_fetching || m_running)
        return;
    m_idleArmed = true;
    m_idleSince = m_clock->monotonicNow();
    if (m_clock->isManual()) {
        // A manual clock (tests) says when it moves.
        QPointer<ConsoleController> self(this);
        m_clockMoves = m_clock->subscribe([self] {
            QMetaObject::invokeMethod(
                self.data(),
                [self] {
                    if (self)
                        self->checkIdle();
                },
                Qt::QueuedConnection);
        });
    } else {
        m_idleTimer->start(m_idleCloseSeconds * 1000);
    }
}

void ConsoleController::disarmIdleClose()
{
    m_idleArmed = false;
    m_idleTimer->stop();
    m_clockMoves.reset();
}

void ConsoleController::checkIdle()
{
    if (!m_idleArmed)
        return;
    const std::int64_t idleMs = m_clock->monotonicNow() - m_idleSince;
    const std::int64_t limitMs = std::int64_t(m_idleCloseSeconds) * 1000;
    if (idleMs < limitMs) {
        if (!m_clock->isManual())
            m_idleTimer->start(int(limitMs - idleMs));
        return;
    }
    closeResult();
    emit idleClosed(m_idleCloseSeconds);
}

} // namespace kvs::ui
