#pragma once

#include <kvs/async_kvstore.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace kvs::ui {

// What a bulk action on search results writes to each entry.
enum class CheckedWriteKind {
    Delete,     // remove the key
    SetExpiry,  // write the value again with a time to live
    ClearExpiry // write the value again without one
};

struct CheckedWriteOptions
{
    CheckedWriteKind kind = CheckedWriteKind::Delete;
    double ttlMs = 0; // SetExpiry: the time to live from the batch's commit
    int batchSize = 1000;
    const std::atomic<bool> *cancel = nullptr; // checked before each batch
    // After each batch, on the worker: entries written and skipped so far.
    std::function<void(std::int64_t done, std::int64_t skipped)> afterBatch;
};

// What became of each entry: written (with the commit's version), skipped (it changed since
// the search read it: another version, deleted or expired), or not reached (cancelled).
struct CheckedWriteResult
{
    enum class State : char { NotReached, Written, Skipped };
    std::vector<State> states;            // one per entry, in their order
    std::vector<std::int64_t> newVersion; // Written: the version it has now (0 for a delete)
    std::int64_t done = 0;
    std::int64_t skipped = 0;
    bool cancelled = false;
};

// A Delete first keeps entries in the store's recycle bin, when it has one (recycleBinOf()).
// Writes to entries only where each still has the version the search saw: one atomic() per
// batch that checks every key of the batch at its version and writes them all. When a check
// fails, reads the batch's keys (getMany) to find those that changed, skips them and commits
// the batch again without them. Blocks on the store: call it on a worker, never on a GUI
// thread. Throws what the store throws (what earlier batches wrote stays), and Error "kvs: the
// keys of a batch keep changing; stopped" when a batch fails its checks with no key changed
// three times running.
[[nodiscard]] CheckedWriteResult writeChecked(AsyncKVStore &store,
                                              const std::vector<Entry> &entries,
                                              const CheckedWriteOptions &options);

} // namespace kvs::ui
