#pragma once

#include "bench/history/run_history.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <vector>

namespace kvs::ui {

// What tells compared benchmark runs apart beyond their number: the parameters whose values
// differ between them ("concurrency 1" against "concurrency 16"), for the legend of the
// comparison chart (and its PNG) and the rows of the results table. The reference's published
// figures take no part. Thread rule: GUI thread only (translated texts).
class RunDifference
{
    Q_DECLARE_TR_FUNCTIONS(RunDifference)

public:
    // At most this many differing parameters name a run (the legend stays one line a run).
    static constexpr int kMostNamed = 3;

    explicit RunDifference(const std::vector<bench::HistoryRun> &runs);

    // "concurrency 16, rate 500 ops/s": run's values of the parameters that differ between the
    // runs (empty when they are alike, or for the reference's figures).
    QString of(const bench::HistoryRun &run) const;
    // run's label in the comparison: BenchHistoryModel::label(run), then of(run) in brackets.
    QString label(const bench::HistoryRun &run) const;
    // The parameters that differ, by name ("concurrency").
    const QStringList &differing() const { return m_names; }

    // run's parameters, each as its name and its value ("keys", "100,000"), in the order the
    // form lists them. The workload and the target are in every label already.
    static std::vector<std::pair<QString, QString>> parameters(const bench::HistoryRun &run);

private:
    QStringList m_names;
};

} // namespace kvs::ui
