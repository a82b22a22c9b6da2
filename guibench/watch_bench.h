#pragma once

#include <string>

// The watch panes' benchmarks (issue 14), run by kvs-watch-bench: the latency from another
// process's commit to the watch pane's history row, and the CPU the app uses while it watches
// 1,000 keys of an idle database.
namespace kvs::bench {

struct WatchBenchOptions
{
    std::string database; // a SQLite path or a PostgreSQL URL
    std::string schema;   // PostgreSQL: the schema of the kvs tables (default: search_path's)
    int changes = 200;    // commits of the writer process
    double idleSeconds = 10;
    std::string writerProgram; // this program, started again with --writer
};

// Writes 1,000 keys under ["watch-bench"], watches that prefix through the watch pane's
// controller (the GUI's code, its event loop here), starts the writer process, which commits
// options.changes changes of those keys 150 to 250 ms apart and prints each commit's time; the
// time each change's history row appeared minus that gives the latency. Then watches the idle
// database for idleSeconds and reports the CPU time of this process per wall time. Prints one
// JSON line (json) or a few text lines to stdout; deletes its keys at the end. Throws on an
// error of the store or the writer.
void runWatchBench(const WatchBenchOptions &options, bool json);

// The writer process: commits count changes to database, printing "INDEX MICROSECONDS" (the
// system clock just after each commit) per line. Returns the exit code.
int runWatchBenchWriter(const std::string &database, const std::string &schema, int count);

} // namespace kvs::bench
