#pragma once

#include "bench/measure/measure.h"

#include <kvs/async_kvstore.h>

#include <QModelIndex>

#include <memory>

namespace kvs::ui {
class KeyTreeModel;
}

// What the key tree benchmarks share: waiting for the model's pages, and the expansion they time.
namespace kvs::bench {

inline constexpr int kTreeP = 10;  // root children ["p<n>"] of the expansion databases
inline constexpr int kTreeG = 100; // children [p, g] under each
inline constexpr int kTreePageSize = 1000;

// As KVS Admin opens a database to inspect it: read-only, no maintenance.
[[nodiscard]] AsyncKVStoreSettings inspectorSettings();

// Runs the event loop until model's listings end with rows children under parent; throws
// kvs::Error "kvs: bench: ..." when a listing failed or the count differs.
void waitForRows(ui::KeyTreeModel &model, const QModelIndex &parent, int rows);

// Times expansions of store's tree for about seconds (after three warm-up ones): one operation
// sets the store, expands the root (kTreeP children) and its first child (kTreeG children), in
// pages of kTreePageSize.
[[nodiscard]] Measurement measureExpansion(const std::shared_ptr<AsyncKVStore> &store,
                                           double seconds);

} // namespace kvs::bench
