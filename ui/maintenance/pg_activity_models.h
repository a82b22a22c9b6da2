#pragma once

#include <kvs/postgres_activity.h>
#include <kvs/store_figures.h>

#include <QAbstractTableModel>

#include <vector>

namespace kvs::ui {

// The store's PostgreSQL relations as storageFigures() read them: sizes, live and dead rows,
// the last (auto)vacuum and analyze. Thread rule: GUI thread only.
class PgStorageModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Table, TableSize, IndexSize, TotalSize, LiveRows, DeadRows, Vacuumed, Analyzed };
    using QAbstractTableModel::QAbstractTableModel;

    void setTables(std::vector<PgTableFigures> tables);
    const std::vector<PgTableFigures> &tables() const { return m_tables; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<PgTableFigures> m_tables;
};

// The sessions of the store's database (pg_stat_activity). A session that holds back VACUUM (idle
// in a transaction, or in one open kLongTransactionMs or longer) is marked: a warning icon and
// the reason in its first column's tooltip, "holds back VACUUM" in its State column.
// Thread rule: GUI thread only.
class PgSessionsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Pid, User, Application, State, TransactionAge, WaitEvent, StoreTables, Query };
    using QAbstractTableModel::QAbstractTableModel;

    void setSessions(std::vector<PgSessionFigures> sessions);
    const std::vector<PgSessionFigures> &sessions() const { return m_sessions; }
    bool isMarked(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<PgSessionFigures> m_sessions;
};

// The locks waited on (pg_locks), each with the sessions that hold it up, described from the
// sessions read with it (user, state, statement). Thread rule: GUI thread only.
class PgLockWaitsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Pid, Lock, Waiting, HeldBy, Query };
    using QAbstractTableModel::QAbstractTableModel;

    void setActivity(const PgActivity &activity);
    // "pid 123 (alice, idle in transaction: UPDATE ...)" for each holder, joined by "; ".
    QString holdersText(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<PgLockWait> m_waits;
    std::vector<PgSessionFigures> m_sessions;
};

// "4 s", "3 min 20 s", "2 h 5 min"; "" for nullopt.
QString maintenanceAgeText(std::optional<std::int64_t> ms);

} // namespace kvs::ui
