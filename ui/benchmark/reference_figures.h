#pragma once

#include "bench/history/run_history.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace kvs::ui {

// The reference's published throughput table (kvs-reference.md, "Benchmarks"), shipped as data
// (ui/bench/reference_figures.json, compiled in) to compare saved runs against: one row per
// backend of the table, its operations mapped to the engine's where they match (set, get,
// get_miss, ...) and left out where they do not. Only ops/s: the reference publishes no
// latencies. Thread rule: any thread.
class ReferenceFigures
{
    Q_DECLARE_TR_FUNCTIONS(ReferenceFigures)

public:
    // The table's rows as runs: negative ids (-1, -2, ...), the reference's machine as
    // machine.cpuModel, its backend name as serverVersion, one SavedOp per mapped operation.
    static const std::vector<bench::HistoryRun> &runs();
    static bool isReference(const bench::HistoryRun &run) { return run.id < 0; }
    // "reference figures (MACHINE)", e.g. "reference figures (Intel Xeon 2.1 GHz, 4 vCPU)".
    static QString title(const bench::HistoryRun &run);
    // The title and the row's backend, e.g. "... : AsyncKVStore (SQLite)".
    static QString label(const bench::HistoryRun &run);
};

} // namespace kvs::ui
