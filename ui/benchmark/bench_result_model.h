#pragma once

#include "bench/history/run_history.h"

#include <QAbstractTableModel>

#include <vector>

namespace kvs::ui {

// The result table of the Benchmark view: one row per operation (and "all") of one run, or of
// several runs side by side, each row naming its run. Thread rule: GUI thread only.
class BenchResultModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Run, Operation, OpsPerSecond, P50, P90, P99, P999, Max, Errors, ColumnCount };

    // One run's rows, under a label ("#3 ycsb-a sqlite").
    struct RunRows
    {
        QString label;
        std::vector<bench::SavedOp> ops;
        bool throughputOnly = false; // no latencies or errors known (the reference's figures)
    };

    explicit BenchResultModel(QObject *parent = nullptr);

    void setRuns(std::vector<RunRows> runs);
    void clear() { setRuns({}); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString run;
        bench::SavedOp op;
        bool throughputOnly = false;
    };
    std::vector<Row> m_rows;
};

} // namespace kvs::ui
