// kvs-gui-bench: the benchmarks of KVS Admin's own GUI code (the key tree's expansion, the value
// inspector opening a large value). They run here, beside kvs-admin, and not in `kvs bench`, so
// that kvs links no GUI library. A thin main (STYLE.md 1): the benchmarks live in kvs_gui_bench.
#include "bench/suite/bench.h"
#include "guibench/tree_bench.h"

#include <kvs/json_line.h>

#include <QCommandLineParser>
#include <QStringList>

#include <exception>
#include <iostream>
#include <optional>
#include <string>

namespace {

constexpr int kExitFailure = 1; // an error of the benchmark or the store
constexpr int kExitUsage = 2;   // the command line itself is wrong

constexpr char kHelp[] = R"(kvs-gui-bench - benchmarks of KVS Admin's own GUI code

Usage:
  kvs-gui-bench [--ops OP,OP...] [--seconds S] [--json] [--postgres URL]

Options:
  --ops OP,OP...   tree_expand_10k, tree_expand_1m, inspector_open_20mb, tables_scroll_1m,
                   bench_view_30s, queues_overview_1m, analysis_view_1m, tree_goto_10k,
                   tree_goto_1m,
                   tree_expand_1000_pg_1ms,
                   tree_expand_10k_pg, tree_expand_1m_pg, tree_goto_10k_pg, tree_goto_1m_pg
                   (default: all, in that order; the *_pg ones only with --postgres)
  --postgres URL   the PostgreSQL server of the *_pg operations (postgresql://...); they work
                   in schemas of their own, which they drop
  --seconds S      seconds per expansion operation, decimals allowed (default 1)
  --json           one JSON line per operation instead of a table
  -h, --help       print this help

The operations run the GUI's code on SQLite files built in a temporary folder:
  tree_expand_10k, tree_expand_1m: one operation expands the root (10 children) and one of
    them (100 children) of keys [p, g, i] (10 p, 100 g under each, 10,000 or 1,000,000 keys)
    through the key tree's model in pages of up to 1,000; tree_expand_1m's baseline is
    tree_expand_10k (target ratio >= 0.5: growth with children, not keys).
  inspector_open_20mb: opens a 20 MB string in the value inspector three times: the longest
    stall of the GUI event loop (worst run) and the time to show it (median).
  tables_scroll_1m: the Tables view on tree_expand_1m's kv table: the time to its first page
    (and the longest GUI stall while it first shows), then its scroll bar dragged to the end in 60 steps of 16 ms: the longest stall of the GUI
    event loop, the time until the last row shows, and how many pages of 200 it read.
  tree_goto_10k, tree_goto_1m: "Go to key" on a node of 10,000 or 1,000,000 children in the
    key tree pane as the app shows it (three runs): the time until the key's row is selected
    (median) and the longest stall of the GUI event loop until 300 ms later (worst run).
  tree_expand_1000_pg_1ms: expands a node of 1,000 children on PostgreSQL through a proxy of its
    own that delays each direction by 0.5 ms: the median time and the round trips it took.
  tree_expand_10k_pg, tree_expand_1m_pg, tree_goto_10k_pg, tree_goto_1m_pg: as above, on
    PostgreSQL (the keys loaded with COPY).
  bench_view_30s: the Benchmark view runs the "get" workload for 30 s at full speed (closed
    loop, AsyncKVStore, concurrency 16): the longest stall of the GUI event loop meanwhile.
  analysis_view_1m: the Analysis view analyses tree_expand_1m's database (1,000,000 keys,
    depth 2) from Analyze to the report shown: the longest stall of the GUI event loop meanwhile.
  queues_overview_1m: the Queues view on 1,000,000 queue rows in 10 topics (kvs bench
    queue_overview's), asked to refresh every 500 ms for --seconds (at least 10): the longest
    stall of the GUI event loop, and the refreshes' median and slowest time.
It runs on Qt's offscreen platform unless QT_QPA_PLATFORM says otherwise: it needs no display.

Output (--json: one line per operation):
  {"backend": "tree", "db": PATH, "op": OP, "ops_per_s": N, "p50_us": N, "p99_us": N,
   "baseline": "tree_expand_10k"|null, "baseline_ops_per_s": N|null, "ratio": N|null}
  {"backend": "tree", "db": PATH, "op": "inspector_open_20mb", "value_bytes": N, "runs": N,
   "longest_gap_ms": N, "open_ms": N}
  {"backend": "tree", "db": PATH, "op": "tables_scroll_1m", "rows": 1000000,
   "first_page_ms": N, "show_gap_ms": N, "longest_gap_ms": N, "to_end_ms": N, "pages_read": N}
  {"backend": "tree", "op": "tree_goto_10k"|..., "children": N, "runs": 3, "selected_ms": N,
   "longest_gap_ms": N, "rows_loaded": N}
  {"backend": "tree", "op": "tree_expand_1000_pg_1ms", "children": 1000, "runs": N,
   "median_ms": N, "round_trips": N}
  {"backend": "tree", "op": "bench_view_30s", "longest_gap_ms": N, "longest_gap_at_ms": N,
   "run_ops_per_s": N, "chart_points": N}
  {"backend": "tree", "op": "analysis_view_1m", "rows": N, "longest_gap_ms": N,
   "longest_gap_at_ms": N, "analysis_ms": N}
  {"backend": "tree", "op": "queues_overview_1m", "rows": 1000000, "seconds": N,
   "longest_gap_ms": N, "refreshes": N, "refresh_median_ms": N, "refresh_max_ms": N}

Exit codes: 0 success, 1 an error of the benchmark or the store (one line on stderr),
2 a bad command line (one line on stderr starting with "kvs-gui-bench: ").
)";

int usageError(const std::string &message)
{
    std::cerr << "kvs-gui-bench: " << message << '\n';
    return kExitUsage;
}

} // namespace

int main(int argc, char *argv[])
{
    // Parsed before any Qt application object exists (runTreeBench() makes it), so that a usage
    // error is the only line on stderr.
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));
    QCommandLineParser parser;
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")});
    const QCommandLineOption ops(QStringLiteral("ops"), QString(), QStringLiteral("OP,OP..."));
    const QCommandLineOption seconds(
        QStringLiteral("seconds"), QString(), QStringLiteral("S"), QStringLiteral("1"));
    const QCommandLineOption json(QStringLiteral("json"));
    const QCommandLineOption postgres(QStringLiteral("postgres"), QString(), QStringLiteral("URL"));
    parser.addOptions({help, ops, seconds, json, postgres});
    if (!parser.parse(arguments))
        return usageError(parser.errorText().toStdString());
    if (parser.isSet(help)) {
        std::cout << kHelp;
        return 0;
    }
    if (!parser.positionalArguments().isEmpty())
        return usageError("takes no arguments (see kvs-gui-bench --help)");

    kvs::bench::TreeBenchConfig config;
    config.json = parser.isSet(json);
    const std::string secondsText = parser.value(seconds).toStdString();
    const std::optional<double> parsedSeconds = kvs::bench::parseSeconds(secondsText);
    if (!parsedSeconds) {
        return usageError("--seconds needs a number of seconds > 0, got "
                          + kvs::jsonQuoted(secondsText));
    }
    config.seconds = *parsedSeconds;
    if (parser.isSet(ops)) {
        for (const QString &op : parser.value(ops).split(u',')) {
            if (!kvs::bench::isTreeBenchOperation(op.toStdString())) {
                return usageError("--ops: unknown operation " + kvs::jsonQuoted(op.toStdString())
                                  + " (known: " + kvs::bench::treeBenchOperationList() + ")");
            }
            if (kvs::bench::isPostgresTreeOperation(op.toStdString()) && !parser.isSet(postgres))
                return usageError("--ops: " + op.toStdString() + " needs --postgres URL");
            config.ops.push_back(op.toStdString());
        }
    }
    config.postgresUrl = parser.value(postgres).toStdString();
    try {
        kvs::bench::runTreeBench(config, std::cout);
    } catch (const std::exception &error) {
        std::cerr << error.what() << '\n';
        return kExitFailure;
    }
    return 0;
}
