#pragma once

#include <kvs/async_kvstore.h>
#include <kvs/types.h>
#include <kvs/undo_journal.h>

#include <QFuture>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

/// Writes made as steps of the store's undo journal (setUndoJournal()), and their
/// revert. A step first reads what its keys hold (getMany, in pages of 1,000), then commits the
/// caller's checks and mutations together with checks that each key still holds what was read,
/// as one atomic(): so what the journal says the step replaced is exactly what it replaced. A
/// revert changes a key back only while it still holds the version the step wrote.
namespace kvs {

/// Gives store the undo journal its steps record to (null: none, steps are plain commits), for
/// as long as the store lives. KVS Admin attaches one to a writable store when the journal is on.
void setUndoJournal(const std::shared_ptr<AsyncKVStore> &store,
                    std::shared_ptr<UndoJournal> journal);
/// The journal attached to store, or null.
[[nodiscard]] std::shared_ptr<UndoJournal> undoJournalOf(const AsyncKVStore &store);

/// What commitStepNow() did.
struct StepCommit
{
    CommitResult result;
    /// The step as the journal keeps it; nullopt when the store has no journal, the commit
    /// failed a check, the step changed nothing, or it alone is larger than the journal's bound.
    std::optional<UndoStep> step;
};

/// Commits checks and mutations as one atomic() and journals what they replaced (above) as a
/// step of kind (ofStep: the step it undoes or redoes), labelled label. Without a journal: a plain
/// commit. A check of the caller's that fails answers { ok: false } as atomic() does; a key that
/// another writer changed between the read and the commit is read again (at most 5 times, then
/// Error "kvs: the keys of this step keep changing; nothing was written"). Blocks on the store:
/// call it on a worker. Throws what atomic() throws, and the journal's write error (the commit
/// happened then, but is not journaled).
StepCommit commitStepNow(AsyncKVStore &store,
                         const std::vector<Check> &checks,
                         const std::vector<Mutation> &mutations,
                         const std::string &label,
                         UndoEntryKind kind = UndoEntryKind::Step,
                         const std::string &ofStep = {});

/// commitStepNow() on a worker thread (the global pool's); returns at once. The store is kept
/// alive until it ends. Without a journal on the store: a plain atomic() commit.
[[nodiscard]] QFuture<CommitResult> commitStep(std::shared_ptr<AsyncKVStore> store,
                                               std::vector<Check> checks,
                                               std::vector<Mutation> mutations,
                                               std::string label);

/// One key of a step to revert: what the step wrote and what the key holds now.
struct RevertKey
{
    UndoChange change;
    std::optional<Entry> now; ///< what the key holds now (nullopt: absent or expired)
    bool matches = false;     ///< it still holds the version the step wrote (or is still absent)
};

/// What reverting a step would do, read from the store.
struct RevertPlan
{
    UndoStep step;
    std::vector<RevertKey> keys; // in the step's order
    [[nodiscard]] std::size_t matching() const;
    [[nodiscard]] bool allMatch() const { return matching() == keys.size(); }
};

/// Reads what each key of step holds now (getMany, pages of 1,000). Blocks: call on a worker.
/// Throws what getMany() throws, and Error "kvs: cannot decode key: ..." for a journal key that
/// does not decode.
RevertPlan planRevert(AsyncKVStore &store, const UndoStep &step);

/// How a revert ended.
struct RevertOutcome
{
    bool ok = false;          ///< false: a key changed after the plan was read; nothing written
    std::size_t reverted = 0; ///< keys changed back
    std::size_t skipped = 0;  ///< keys left alone: they no longer held what the step wrote
    std::optional<UndoStep> inverse; ///< the step that takes the revert back (Redo's), as kept
};

/// Changes the matching keys of plan back to what they held before its step, as one atomic()
/// that checks each still holds the version the step wrote; the keys that do not match are left
/// alone. kind: Undo (plan's step is on the undo stack) or Redo (it is an undo's inverse, on the
/// redo stack). The journal records the revert as kind says, even when keys were skipped (the
/// step is then done with: what was skipped cannot be taken back later either). Blocks: call on
/// a worker. Throws as commitStepNow().
RevertOutcome applyRevert(AsyncKVStore &store, const RevertPlan &plan, UndoEntryKind kind);

} // namespace kvs
