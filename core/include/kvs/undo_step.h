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

/// Deletes the row stored at encodedKey as AsyncKVStore::removeRaw() does (its key and value
/// need not decode: a row outside the key space, a value no codec reads) as a step labelled
/// "delete-raw" whose journal keeps the row's stored bytes, so Undo writes them back byte for byte.
/// Without a journal: removeRaw(). Returns at once; the store is kept alive until it ends. The
/// future carries what removeRaw() throws (ReadOnlyError, ...) and the journal's write error.
[[nodiscard]] QFuture<void> removeRawStep(std::shared_ptr<AsyncKVStore> store,
                                          std::string encodedKey);

/// removeRawStep()'s work, blocking: call it on a worker. Returns the step as kept (nullopt:
/// the store has no journal, or held no live row there).
std::optional<UndoStep> removeRawStepNow(AsyncKVStore &store, const std::string &encodedKey);

/// One key of a step to revert: what the step wrote and what the key holds now.
struct RevertKey
{
    UndoChange change;
    /// what the key holds now (nullopt: absent or expired, or, in a raw plan, a row that does
    /// not decode)
    std::optional<Entry> now;
    /// in a raw plan: the key holds a row that does not decode, of this version
    std::optional<std::int64_t> undecodableVersion;
    bool matches = false; ///< it still holds the version the step wrote (or is still absent)
};

/// What reverting a step would do, read from the store.
struct RevertPlan
{
    UndoStep step;
    std::vector<RevertKey> keys; // in the step's order
    /// A key or value of the step does not decode (removeRawStep()): the plan was read, and the
    /// revert writes, as stored bytes, in one transaction of the store's adapter.
    bool raw = false;
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
    /// false: a key changed after the plan was read; nothing of that batch was written (of a
    /// revert in batches, the batches before it stay, counted in reverted)
    bool ok = false;
    std::size_t reverted = 0; ///< keys changed back
    std::size_t skipped = 0;  ///< keys left alone: they no longer held what the step wrote
    /// A revert in batches that was cancelled (or stopped, !ok): the keys not reached. They
    /// stay on the step's stack as a step of their own, which the next Undo (Redo) reverts.
    std::size_t left = 0;
    bool cancelled = false;
    std::optional<UndoStep> inverse; ///< the step that takes the revert back (Redo's), as kept
};

/// Called after each batch of a revert with the keys changed back so far and the keys to
/// change back in all; returning false stops the revert after that batch.
using RevertProgress = std::function<bool(std::size_t done, std::size_t total)>;

/// Changes the matching keys of plan back to what they held before its step; the keys that do
/// not match are left alone. Up to 1,000 keys: one atomic() that checks each still holds the
/// version the step wrote. More: batches of 1,000 keys, each such a checked atomic(), with
/// progress after each (which may stop it: what was reverted stays reverted). kind: Undo (plan's
/// step is on the undo stack) or Redo (it is an undo's inverse, on the redo stack). The journal
/// records the revert as kind says, even when keys were skipped (the step is then done with:
/// what was skipped cannot be taken back later either); a revert in batches that stopped part
/// way records what it reverted and leaves the rest in the step's place
/// (UndoJournal::addPartial()). Blocks: call on a worker. Throws as commitStepNow().
RevertOutcome applyRevert(AsyncKVStore &store,
                          const RevertPlan &plan,
                          UndoEntryKind kind,
                          const RevertProgress &progress = {});

} // namespace kvs
