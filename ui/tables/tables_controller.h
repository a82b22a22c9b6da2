#pragma once

#include "rawsql/kvs_tables.h"
#include "rawsql/raw_sql_target.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>

namespace kvs::rawsql {
class RawSqlWorker;
}

namespace kvs::ui {

class ReconnectMonitor;
class TableRowsModel;

// The Tables view's reads: the kvs tables of the database, the chosen table's row count and
// the pages its view shows, all on a rawsql worker (Qt Sql on a thread of its own), one page
// read at a time, the latest wanted first: a scroll to the end reads the pages shown at the
// end, not every page passed on the way. Read-only always.
// Thread rule: GUI thread only.
class TablesController : public QObject
{
    Q_OBJECT

public:
    // The pages wanted and not read yet that are kept; older wishes are dropped (a view asks
    // again for what it still shows).
    static constexpr int kWantedPages = 6;

    explicit TablesController(QObject *parent = nullptr);
    ~TablesController() override;

    TableRowsModel *rows() const { return m_rows; }
    const QList<rawsql::KvsTable> &tables() const { return m_tables; }
    std::optional<rawsql::KvsTable> currentTable() const { return m_current; }

    // A new database (a target without path or connection: none). Reads its tables.
    void setTarget(const rawsql::RawSqlTarget &target);
    // Reads the tables again and the current table's count and pages.
    void refresh();
    void showTable(int index);
    // The tab's reconnect mechanism (not owned; it outlives this): a read that lost the
    // connection is left to it (the rows stay, stale), and the tables are read again at its
    // recovered().
    void setMonitor(ReconnectMonitor *monitor);

signals:
    void tablesChanged();
    // The current table's count and first page are in; firstPageMs from asking to showing.
    void tableShown(qint64 rows, qint64 firstPageMs);
    void failed(const QString &message);

private:
    void onPageWanted(qint64 page);
    void readNextPage();

    TableRowsModel *m_rows; // Owned (child).
    std::unique_ptr<rawsql::RawSqlWorker> m_worker;
    QPointer<ReconnectMonitor> m_monitor; // Not owned.
    QList<rawsql::KvsTable> m_tables;
    std::optional<rawsql::KvsTable> m_current;
    quint64 m_generation = 0; // of the current table: older answers are dropped
    QList<qint64> m_wanted;   // most recent last
    bool m_reading = false;
    QElapsedTimer m_shownClock;
};

} // namespace kvs::ui
