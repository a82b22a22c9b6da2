#pragma once

#include "bench/bench.h"

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

// The GUI part of `kvs bench` (backend "tree"): the key tree's expansion through KeyTreeModel
// over two SQLite databases built the same way, 10,000 and 1,000,000 keys ["p<n>", g, i] with 10
// values of p and 100 of g under each (ops tree_expand_10k and tree_expand_1m: one operation
// expands the root, 10 children, and then one p, 100 children, in pages of up to 1,000), and the
// longest gap of the GUI event loop while the inspector opens a 20 MB value
// (inspector_open_20mb).
namespace kvs::bench {

inline constexpr std::string_view kTreeOps[]
    = {"tree_expand_10k", "tree_expand_1m", "inspector_open_20mb"};

[[nodiscard]] bool isTreeBenchOperation(std::string_view name) noexcept;

// Runs the tree ops config.ops names (all when it names none of them), printing one JSON line or
// table row each. Builds its databases in a temporary folder and removes them. Creates the Qt
// application object (offscreen) when the process has none.
void runTreeBench(const BenchConfig &config, std::ostream &out);

} // namespace kvs::bench
