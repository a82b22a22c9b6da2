#include "cli/cli_bench_command.h"

#include "bench/suite/bench.h"
#include "cli/cli_arguments.h"
#include "cli/cli_bench_history.h"
#include "cli/cli_bench_workload.h"
#include "cli/cli_output.h"
#include "cli/cli_workload_options.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

namespace kvs::cli {

namespace {

// The backend and the operations of the GUI's benchmarks, which kvs-gui-bench runs (kvs links no
// GUI library): a command line naming them here is told where they are.
constexpr std::string_view kMovedBackend = "tree";
constexpr std::string_view kMovedOps[]
    = {"tree_expand_10k", "tree_expand_1m", "inspector_open_20mb", "bench_view_30s"};
constexpr std::string_view kMovedNote
    = " moved to kvs-gui-bench, which runs the GUI benchmarks beside kvs-admin (kvs links no GUI "
      "library)";

bool isMovedOp(std::string_view op)
{
    return std::find(std::begin(kMovedOps), std::end(kMovedOps), op) != std::end(kMovedOps);
}

double benchSeconds(const CliArguments &args)
{
    const std::optional<std::string> text = args.value("--seconds");
    if (!text) {
        return 1;
    }
    const std::optional<double> seconds = bench::parseSeconds(*text);
    if (!seconds) {
        throw UsageError("kvs: --seconds needs a number of seconds > 0, got " + jsonQuoted(*text));
    }
    return *seconds;
}

// A comma-separated option value.
std::vector<std::string> listOption(const CliArguments &args, std::string_view option)
{
    std::vector<std::string> items;
    const std::optional<std::string> text = args.value(option);
    if (!text) {
        return items;
    }
    std::string_view rest = *text;
    while (true) {
        const std::size_t comma = rest.find(',');
        items.emplace_back(rest.substr(0, comma));
        if (comma == std::string_view::npos) {
            break;
        }
        rest.remove_prefix(comma + 1);
    }
    return items;
}

std::vector<std::string> benchBackends(const CliArguments &args)
{
    std::vector<std::string> backends = listOption(args, "--backends");
    for (const std::string &backend : backends) {
        if (backend == kMovedBackend) {
            throw UsageError("kvs: --backends: " + jsonQuoted(backend) + std::string(kMovedNote));
        }
        if (!bench::isBenchBackend(backend)) {
            throw UsageError("kvs: --backends: unknown backend " + jsonQuoted(backend)
                             + " (known: kvstore, async-sqlite, async-postgres)");
        }
    }
    return backends;
}

std::vector<std::string> benchOps(const CliArguments &args)
{
    std::vector<std::string> ops = listOption(args, "--ops");
    if (ops.empty()) {
        return ops;
    }
    for (const std::string &op : ops) {
        if (isMovedOp(op)) {
            throw UsageError("kvs: --ops: " + jsonQuoted(op) + std::string(kMovedNote));
        }
        if (!bench::isBenchOperation(op)) {
            throw UsageError("kvs: --ops: unknown operation " + jsonQuoted(op)
                             + " (known: " + bench::benchOperationList() + ")");
        }
    }
    return ops;
}

} // namespace

int runBenchCommand(const CommandContext &context)
{
    if (context.args.has("--workload"))
        return runWorkloadBench(context);
    if (context.args.has("--history"))
        return runBenchHistory(context);
    for (const std::string &option : context.args.givenOptions()) {
        if (isWorkloadOption(option))
            throw UsageError("kvs: " + option + " is an option of bench --workload");
    }
    context.args.requireOnly("bench", {"--ops", "--seconds", "--backends"});
    requireArgumentCount(context,
                         1,
                         0,
                         0,
                         "bench --db PATH|:memory:|URL [--ops a,b] [--seconds S] [--backends b,c]");
    bench::BenchConfig config;
    const std::optional<std::string> db = context.args.value("--db");
    if (!db) {
        throw UsageError("kvs: bench needs --db PATH or --db :memory:");
    }
    config.db = *db;
    config.tablePrefix = context.args.value("--table-prefix").value_or(std::string());
    config.ops = benchOps(context.args);
    config.backends = benchBackends(context.args);
    config.seconds = benchSeconds(context.args);
    config.json = context.args.has("--json");
    bench::runBench(config, context.out, context.err);
    return kExitOk;
}

} // namespace kvs::cli
