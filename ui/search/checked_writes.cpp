#include "search/checked_writes.h"

#include <kvs/errors.h>
#include <kvs/recycle_bin.h>
#include <kvs/undo_step.h>

#include <algorithm>

namespace kvs::ui {

namespace {

using State = CheckedWriteResult::State;

// The checks and writes of a batch's atomic().
struct BatchWrites
{
    std::vector<Check> checks;
    std::vector<Mutation> mutations;
};

void addWrite(BatchWrites &atomic, const Entry &entry, const CheckedWriteOptions &options)
{
    atomic.checks.push_back(Check{entry.key, entry.version});
    switch (options.kind) {
    case CheckedWriteKind::Delete:
        atomic.mutations.push_back({Mutation::Type::Delete, entry.key, {}, 0, {}, {}});
        break;
    case CheckedWriteKind::SetExpiry:
        atomic.mutations.push_back(
            {Mutation::Type::Set, entry.key, entry.value, 0, SetOptions{options.ttlMs}, {}});
        break;
    case CheckedWriteKind::ClearExpiry:
        atomic.mutations.push_back({Mutation::Type::Set, entry.key, entry.value, 0, {}, {}});
        break;
    }
}

// One batch (indices into entries) until it commits or every key in it changed.
void writeBatch(AsyncKVStore &store,
                const std::vector<Entry> &entries,
                std::vector<std::size_t> pending,
                const CheckedWriteOptions &options,
                CheckedWriteResult &result)
{
    int unexplained = 0;
    while (!pending.empty()) {
        BatchWrites atomic;
        for (std::size_t i : pending)
            addWrite(atomic, entries[i], options);
        // A step of the undo journal, when the tab keeps one (each batch its own step).
        const CommitResult commit
            = commitStepNow(store,
                            atomic.checks,
                            atomic.mutations,
                            options.kind == CheckedWriteKind::Delete ? "search-delete"
                                                                     : "search-expiry")
                  .result;
        if (commit.ok) {
            const std::int64_t version
                = options.kind == CheckedWriteKind::Delete ? 0 : commit.version;
            for (std::size_t i : pending) {
                result.states[i] = State::Written;
                result.newVersion[i] = version;
            }
            result.done += std::int64_t(pending.size());
            return;
        }
        // Which keys changed since the search read them: those are skipped, the rest redone.
        std::vector<Key> keys;
        keys.reserve(pending.size());
        for (std::size_t i : pending)
            keys.push_back(entries[i].key);
        const std::vector<std::optional<Entry>> now = store.getMany(keys).result();
        std::vector<std::size_t> unchanged;
        for (std::size_t j = 0; j < pending.size(); ++j) {
            const std::size_t i = pending[j];
            if (now[j] && now[j]->version == entries[i].version) {
                unchanged.push_back(i);
            } else {
                result.states[i] = State::Skipped;
                ++result.skipped;
            }
        }
        // A key changed and changed back is impossible (versions only grow); a check that fails
        // with every key unchanged is a write that came and went between commit and read.
        if (unchanged.size() == pending.size() && ++unexplained >= 3)
            throw Error("kvs: the keys of a batch keep changing; stopped");
        pending = std::move(unchanged);
    }
}

} // namespace

CheckedWriteResult writeChecked(AsyncKVStore &store,
                                const std::vector<Entry> &entries,
                                const CheckedWriteOptions &options)
{
    CheckedWriteResult result;
    result.states.assign(entries.size(), State::NotReached);
    result.newVersion.assign(entries.size(), 0);
    const std::size_t batch = std::size_t(std::max(1, options.batchSize));
    // A bulk delete keeps what it removes in the tab's recycle bin first (kvs/recycle_bin.h):
    // a failure to keep them stops it before anything is deleted.
    if (options.kind == CheckedWriteKind::Delete && !entries.empty()) {
        if (const std::shared_ptr<RecycleBin> bin = recycleBinOf(store))
            (void)bin->keepEntries(entries, "search results");
    }
    for (std::size_t first = 0; first < entries.size(); first += batch) {
        if (options.cancel && options.cancel->load()) {
            result.cancelled = true;
            return result;
        }
        std::vector<std::size_t> pending;
        for (std::size_t i = first; i < std::min(entries.size(), first + batch); ++i)
            pending.push_back(i);
        writeBatch(store, entries, std::move(pending), options, result);
        if (options.afterBatch)
            options.afterBatch(result.done, result.skipped);
    }
    return result;
}

} // namespace kvs::ui
