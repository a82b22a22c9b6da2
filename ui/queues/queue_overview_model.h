#pragma once

#include <kvs/types.h>

#include <QAbstractTableModel>

#include <cstdint>
#include <vector>

namespace kvs::ui {

// The queue overview of a database: one row per topic with its counts, the age of its oldest
// due message, and a status that puts trouble first ("dead letters growing", "no consumer?",
// leases about to expire).
// setStats() updates rows in place (selection and scroll stay). Thread rule: GUI thread only.
class QueueOverviewModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Topic, Due, Delayed, Processing, Dead, Done, OldestDue, Status, ColumnCount };

    explicit QueueOverviewModel(QObject *parent = nullptr);

    // The stats of a refresh at nowMs (the store's time). A topic whose dead count grew since
    // the last refresh, whose oldest due message waits longer than the stall threshold, or with
    // leases ending within the lease window (QueueStats::leasesEnding) gets a warning.
    void setStats(std::vector<QueueStats> stats, std::int64_t nowMs);
    // How long a due message may wait before its topic is flagged "no consumer?" (default 30 s).
    void setStallThresholdMs(std::int64_t ms) { m_stallThresholdMs = ms; }
    // The window the stats' leasesEnding were counted in, for the warning's text.
    void setLeaseWindowMs(std::int64_t ms) { m_leaseWindowMs = ms; }

    const QueueStats *statsAt(int row) const;
    int rowOf(const std::string &topic) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    struct Row
    {
        QueueStats stats;
        std::int64_t deadGrowth = 0; // since the previous refresh
        std::int64_t oldestDueAgeMs = -1;
    };
    QString statusText(const Row &row) const;
    bool isTrouble(const Row &row) const;

    std::vector<Row> m_rows; // by topic, as queueStats() orders them
    std::int64_t m_stallThresholdMs = 30000;
    std::int64_t m_leaseWindowMs = 10000;
};

} // namespace kvs::ui
