#pragma once

#include "bench/history/run_history.h"

#include <QAbstractTableModel>

#include <vector>

namespace kvs::ui {

// The saved runs of the benchmark history (bench/run_history.h), newest first: when, the
// workload, the target, the store and concurrency, the mode, ops/s of all operations, and
// whether the run was stopped early; below them the rows of the reference's published figures
// (ReferenceFigures), to compare against. Thread rule: GUI thread only.
class BenchHistoryModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Id,
        Saved,
        Workload,
        Backend,
        Store,
        Concurrency,
        Mode,
        OpsPerSecond,
        Partial,
        ColumnCount
    };

    explicit BenchHistoryModel(QObject *parent = nullptr);

    // runs oldest first, as RunHistory::list() gives them.
    void setRuns(std::vector<bench::HistoryRun> runs);
    // The rows of saved runs (the first rows); the reference's rows follow.
    int savedRunCount() const { return m_saved; }
    const bench::HistoryRun &run(int row) const { return m_runs[static_cast<std::size_t>(row)]; }
    // The row of the run with id, or -1.
    int rowOf(std::int64_t id) const;
    // "#3 ycsb-a sqlite" for tables and chart legends; the reference's rows by their label.
    static QString label(const bench::HistoryRun &run);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant referenceData(const bench::HistoryRun &run, int column, int role) const;

    std::vector<bench::HistoryRun> m_runs; // newest first, then the reference's rows
    int m_saved = 0;
};

} // namespace kvs::ui
