#pragma once

#include <QtGlobal>

#include <iosfwd>

// The Benchmark view's cost to the GUI: the longest stall of the GUI event loop while the view
// runs a workload at full speed, for kvs-gui-bench (op bench_view_30s).
namespace kvs::bench {

// What measureBenchViewStall() saw.
struct BenchViewStall
{
    qint64 longestGapMs = 0;   // the longest time between two ticks of a 10 ms GUI timer
    qint64 longestGapAtMs = 0; // when it ended, ms after Start
    double opsPerSecond = 0;   // the run's throughput, all operations
    int points = 0;            // the chart's ops/s points when the run ended
};

// Runs the "get" workload (closed loop, AsyncKVStore, concurrency 16, 100,000 keys, seconds
// measured, no warm-up) from a shown BenchPane (1200x760) on a scratch SQLite file in a
// temporary folder, while a 10 ms QTimer ticks; from Start to the saved result. Throws
// kvs::Error "kvs: bench: ..." when the run fails. Requires: a QApplication, called on its thread.
[[nodiscard]] BenchViewStall measureBenchViewStall(double seconds);

// Runs measureBenchViewStall(30) and prints one JSON line or table row.
void printBenchViewStall(bool json, std::ostream &out);

} // namespace kvs::bench
