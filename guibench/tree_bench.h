#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

// The benchmarks of the GUI's own code, run by kvs-gui-bench (their JSON lines say backend
// "tree"): the key tree's expansion through KeyTreeModel over two SQLite databases built the same
// way, 10,000 and 1,000,000 keys ["p<n>", g, i] with 10 values of p and 100 of g under each (ops
// tree_expand_10k and tree_expand_1m: one operation expands the root, 10 children, and then one p,
// 100 children, in pages of up to 1,000), and the longest gap of the GUI event loop while the
// inspector opens a 20 MB value (inspector_open_20mb), and the Tables view's first page and
// longest stall while its scroll bar is dragged to the end of the 1,000,000-row kv table
// (tables_scroll_1m); "Go to key" on a node of 10,000 or 1,000,000 children (tree_goto_10k,
// tree_goto_1m); and on PostgreSQL (schemas of their own, filled with COPY): a node of 1,000
// children expanded through a proxy that adds 1 ms per round trip (tree_expand_1000_pg_1ms),
// the expansions and go to key above (tree_expand_10k_pg, tree_expand_1m_pg, tree_goto_*_pg).
namespace kvs::bench {

inline constexpr std::string_view kTreeOps[] = {"tree_expand_10k",
                                                "tree_expand_1m",
                                                "inspector_open_20mb",
                                                "tables_scroll_1m",
                                                "bench_view_30s",
                                                "queues_overview_1m",
                                                "analysis_view_1m",
                                                "tree_goto_10k",
                                                "tree_goto_1m",
                                                "tree_expand_1000_pg_1ms",
                                                "tree_expand_10k_pg",
                                                "tree_expand_1m_pg",
                                                "tree_goto_10k_pg",
                                                "tree_goto_1m_pg"};
// The ops above that need a PostgreSQL server (TreeBenchConfig::postgresUrl).
[[nodiscard]] bool isPostgresTreeOperation(std::string_view name) noexcept;

[[nodiscard]] bool isTreeBenchOperation(std::string_view name) noexcept;
// "tree_expand_10k, tree_expand_1m, inspector_open_20mb" for messages.
[[nodiscard]] std::string treeBenchOperationList();

// What to run. A value type.
struct TreeBenchConfig
{
    std::vector<std::string> ops; // names from kTreeOps; empty = all, in that order
    double seconds = 1;           // timed seconds per expansion operation, > 0
    bool json = false;            // JSON lines instead of a table
    std::string postgresUrl;      // the server of the *_pg ops; empty: they are not run
};

// Runs the ops config.ops names, printing one JSON line or table row each. Builds its databases
// in a temporary folder and removes them. Creates the Qt application object (offscreen) when the
// process has none. Throws kvs::Error "kvs: bench: ..." when a database cannot be built or the
// GUI's code fails, and the store's errors. Requires: called on the thread of the process's Qt
// application object, if it has one; config.ops holds names from kTreeOps only, seconds > 0.
void runTreeBench(const TreeBenchConfig &config, std::ostream &out);

} // namespace kvs::bench
