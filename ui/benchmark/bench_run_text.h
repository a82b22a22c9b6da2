#pragma once

#include "bench/history/run_history.h"
#include "bench/workload/slo.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

// The Benchmark view's sentences about a run: what a finished run or capacity search says, and
// a capacity search's step under way. Thread rule: any thread (no state).
namespace kvs::ui {

class BenchRunText
{
    Q_DECLARE_TR_FUNCTIONS(BenchRunText)

public:
    // "Finished: 1,234 ops/s." (with slo checked against its histogram of all operations: "The
    // SLO held." or "The SLO broke: ..."), "Stopped early ...", or a capacity search's end:
    // "Capacity: 1,200 calls/s held; 1,250 calls/s broke.", "Even the first step broke: ...".
    static QString finished(const bench::HistoryRun &run,
                            const std::vector<bench::SloThreshold> &slo);
    // "Step 3 at 400 calls/s:" (repeat: "... (run again: it broke):").
    static QString step(int index, double rate, bool repeat);
    // "Step 3 at 400 calls/s: warm-up." or "... 2 s of 5 s.", secondsInStep after its start.
    static QString
    stepProgress(const QString &step, double secondsInStep, const bench::WorkloadConfig &run);
};

} // namespace kvs::ui
