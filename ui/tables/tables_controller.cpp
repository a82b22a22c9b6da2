#include "tables/tables_controller.h"

#include "common/future_error.h"
#include "rawsql/raw_sql_worker.h"
#include "reconnect/reconnect_monitor.h"
#include "tables/table_rows_model.h"

#include <kvs/errors.h>
#include <kvs/future.h>

namespace kvs::ui {

namespace {

// Whether f failed because the database went away, told to the tab's monitor (null: none).
template <typename T>
bool lost(ReconnectMonitor *monitor, const QFuture<T> &f)
{
    return monitor && monitor->reportFailureOf(f);
}

} // namespace

TablesController::TablesController(QObject *parent)
    : QObject(parent)
    , m_rows(new TableRowsModel(this))
{
    connect(m_rows, &TableRowsModel::pageWanted, this, &TablesController::onPageWanted);
}

TablesController::~TablesController() = default;

void TablesController::setTarget(const rawsql::RawSqlTarget &target)
{
    m_worker.reset();
    m_tables.clear();
    m_current.reset();
    m_rows->clear();
    ++m_generation;
    if (target.sqlitePath.isEmpty() && target.postgresConnection.empty()) {
        emit tablesChanged();
        return;
    }
    m_worker = std::make_unique<rawsql::RawSqlWorker>(target);
    refresh();
}

void TablesController::setMonitor(ReconnectMonitor *monitor)
{
    m_monitor = monitor;
    connect(monitor, &ReconnectMonitor::recovered, this, &TablesController::refresh);
}

void TablesController::refresh()
{
    if (!m_worker || (m_monitor && m_monitor->isOffline()))
        return;
    const quint64 generation = ++m_generation;
    m_reading = false;
    m_wanted.clear();
    kvs::then(m_worker->tables(), this, [this, generation](QFuture<QList<rawsql::KvsTable>> f) {
        if (generation != m_generation || lost(m_monitor, f))
            return; // the rows shown stay, stale, until the database is back
        if (const QString error = errorOf(f); !error.isEmpty()) {
            emit failed(error);
            return;
        }
        m_tables = f.result();
        emit tablesChanged();
        int index = 0;
        for (int i = 0; m_current && i < m_tables.size(); ++i) {
            if (m_tables.at(i).name == m_current->name)
                index = i;
        }
        if (!m_tables.isEmpty())
            showTable(index);
        else
            m_rows->clear();
    });
}

void TablesController::showTable(int index)
{
    if (!m_worker || index < 0 || index >= m_tables.size())
        return;
    m_current = m_tables.at(index);
    const quint64 generation = ++m_generation;
    m_wanted.clear();
    m_reading = false;
    m_shownClock.start();
    const rawsql::KvsTable table = *m_current;
    kvs::then(m_worker->count(table), this, [this, generation, table](QFuture<qint64> counted) {
        if (generation != m_generation || lost(m_monitor, counted))
            return;
        if (const QString error = errorOf(counted); !error.isEmpty()) {
            emit failed(error);
            return;
        }
        const qint64 rows = counted.result();
        rawsql::PageRequest first;
        first.limit = TableRowsModel::kPageSize;
        kvs::then(m_worker->page(table, first),
                  this,
                  [this, generation, rows](QFuture<rawsql::TablePage> f) {
                      if (generation != m_generation || lost(m_monitor, f))
                          return;
                      if (const QString error = errorOf(f); !error.isEmpty()) {
                          emit failed(error);
                          return;
                      }
                      const rawsql::TablePage page = f.result();
                      m_rows->reset(page.columns, rows);
                      m_rows->setPage(0, page);
                      emit tableShown(rows, m_shownClock.elapsed());
                  });
    });
}

void TablesController::onPageWanted(qint64 page)
{
    m_wanted.removeAll(page);
    m_wanted.append(page);
    while (m_wanted.size() > kWantedPages)
        m_rows->forgetRequest(m_wanted.takeFirst());
    readNextPage();
}

void TablesController::readNextPage()
{
    if (m_reading || !m_worker || !m_current)
        return;
    while (!m_wanted.isEmpty() && m_rows->hasPage(m_wanted.last()))
        m_wanted.removeLast();
    if (m_wanted.isEmpty())
        return;
    const qint64 page = m_wanted.takeLast();
    m_reading = true;
    const quint64 generation = m_generation;
    kvs::then(m_worker->page(*m_current, m_rows->requestFor(page)),
              this,
              [this, generation, page](QFuture<rawsql::TablePage> f) {
                  if (generation != m_generation)
                      return;
                  m_reading = false;
                  if (const QString error = errorOf(f); !error.isEmpty()) {
                      m_rows->forgetRequest(page);
                      if (!lost(m_monitor, f))
                          emit failed(error);
                      return;
                  }
                  m_rows->setPage(page, f.result());
                  readNextPage();
              });
}

} // namespace kvs::ui
