#include "cli/cli_bench_history.h"

#include "bench/history/run_history.h"
#include "bench/output/format.h"
#include "bench/workload/workload_report.h"
#include "cli/cli_arguments.h"
#include "cli/cli_output.h"

#include <kvs/js_number.h>
#include <kvs/json_line.h>

#include <cstdio>
#include <ctime>
#include <ostream>

namespace kvs::cli {

namespace {

const bench::SavedOp &allOf(const bench::HistoryRun &run)
{
    static const bench::SavedOp none;
    return run.ops.empty() ? none : run.ops.back();
}

std::string historyJsonLine(const bench::HistoryRun &run)
{
    const bench::SavedOp &all = allOf(run);
    return JsonLine()
        .string("kind", "history")
        .raw("id", std::to_string(run.id))
        .string("time", utcTimeText(run.timeMs))
        .string("workload", run.config.workload)
        .string("backend", run.backend)
        .string("server_version", run.serverVersion)
        .string("store", bench::storeName(run.config.store))
        .string("mode", bench::modeName(run.config))
        .raw("concurrency", std::to_string(run.config.concurrency))
        .raw("target_rate", formatJsNumber(run.config.rate))
        .raw("seconds", formatJsNumber(run.seconds))
        .raw("partial", run.partial ? "true" : "false")
        .string("db", run.config.db.empty() ? run.config.scratchFolder : run.config.db)
        .raw("ops_per_s", bench::integerText(all.opsPerSecond))
        .raw("p50_us", bench::twoDecimals(all.p50Us))
        .raw("p99_us", bench::twoDecimals(all.p99Us))
        .raw("errors", std::to_string(all.errors))
        .string("cpu_model", run.machine.cpuModel)
        .raw("cores", std::to_string(run.machine.cores))
        .string("os", run.machine.os)
        .text();
}

std::string historyRow(const bench::HistoryRun &run)
{
    const bench::SavedOp &all = allOf(run);
    char row[256];
    std::snprintf(row,
                  sizeof row,
                  "%5lld  %-20s  %-11s  %-8s  %-7s  %-6s  %4d  %8.2f  %12s  %9.1f%s",
                  static_cast<long long>(run.id),
                  utcTimeText(run.timeMs).c_str(),
                  run.config.workload.c_str(),
                  run.backend.c_str(),
                  bench::storeName(run.config.store).c_str(),
                  bench::modeName(run.config).c_str(),
                  run.config.concurrency,
                  run.seconds,
                  bench::groupedInteger(all.opsPerSecond).c_str(),
                  all.p99Us,
                  run.partial ? "  partial" : "");
    return row;
}

} // namespace

std::string utcTimeText(double timeMs)
{
    const std::time_t seconds = static_cast<std::time_t>(timeMs / 1000);
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

int runBenchHistory(const CommandContext &context)
{
    context.args.requireOnly("bench --history", {"--history"});
    requireArgumentCount(context, 1, 0, 0, "bench --history [--json]");
    bench::RunHistory history(bench::RunHistory::defaultPath());
    const bench::HistoryListing listing = history.read();
    const std::vector<bench::HistoryRun> &runs = listing.runs;
    // A run that cannot be read is left out and named; the others still list.
    for (const bench::UnreadableRun &unreadable : listing.unreadable)
        context.err << errorLine("warning: " + bench::unreadableRunText(history.path(), unreadable))
                    << '\n';
    if (context.args.has("--json")) {
        for (const bench::HistoryRun &run : runs)
            context.out << historyJsonLine(run) << '\n';
        context.out << std::flush;
        return kExitOk;
    }
    char header[256];
    std::snprintf(header,
                  sizeof header,
                  "%5s  %-20s  %-11s  %-8s  %-7s  %-6s  %4s  %8s  %12s  %9s",
                  "id",
                  "time (UTC)",
                  "workload",
                  "backend",
                  "store",
                  "mode",
                  "conc",
                  "seconds",
                  "ops/s",
                  "p99 us");
    context.out << header << '\n';
    for (const bench::HistoryRun &run : runs)
        context.out << historyRow(run) << '\n';
    context.out << std::flush;
    return kExitOk;
}

} // namespace kvs::cli
