#pragma once

#include <kvs/clock.h>
#include <kvs/errors.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

/// The undo journal of one database: for each step the user took in KVS Admin (an edit, a new
/// key, a delete, a Transaction commit, a bulk action), what its writes replaced, so the step can
/// be taken back. Unlike the audit log it holds values: the bytes each key held before. It is
/// kept in a 0600 file of the data folder (kvs/private_file.h), one JSON line per event, bounded
/// by size and by age (on the journal's clock), and read back when the database is opened again.
namespace kvs {

/// One key a step wrote.
struct UndoChange
{
    std::string key; ///< the encoded key bytes
    /// The stored value bytes before the step (the value codec's format); nullopt: the key was
    /// absent.
    std::optional<std::string> before;
    std::int64_t beforeVersion = 0;              ///< before's version (0 when absent)
    std::optional<std::int64_t> beforeExpiresAt; ///< before's expiry, ms since the epoch
    /// The version the step wrote; nullopt: the step removed the key.
    std::optional<std::int64_t> written;
};

/// One unit the user did: a Transaction commit is one step, a subtree delete is one step.
struct UndoStep
{
    std::string id;        ///< unique in its journal
    std::string label;     ///< what the user did, for the menu ("Edit", "Delete", "Transaction")
    std::int64_t time = 0; ///< when it was journaled, ms on the journal's clock
    std::vector<UndoChange> changes;
};

/// The journal's bounds (Preferences): the defaults are 100 MB and 7 days.
struct UndoJournalBounds
{
    std::int64_t maxBytes = 100LL * 1024 * 1024;
    std::int64_t maxAgeMs = 7LL * 24 * 60 * 60 * 1000;
};

/// Which stack an event of the journal moves a step to.
enum class UndoEntryKind {
    Step, ///< a new step: it goes on the undo stack, and the redo stack is cleared
    Undo, ///< the inverse of the step undone: that step leaves the undo stack, this goes on redo
    Redo, ///< the step redone: the inverse leaves the redo stack, this goes on undo
};

/// Where the undo journals (undo/) and the recycle bin (recycle/) are: $KVS_UNDO_DIR when set
/// (the tests set it), else the data folder (kvs/data_folder.h).
[[nodiscard]] std::string undoDataFolder();

/// The journal file of a database: undo/HASH.jsonl in undoDataFolder(), HASH a hash of
/// databaseName (kvs::auditDatabaseName()).
[[nodiscard]] std::string undoJournalPath(const std::string &databaseName);

/// A database's undo and redo stacks, kept in its journal file. Thread rule: safe from any
/// thread (one mutex).
class UndoJournal
{
public:
    /// Reads the file at path when there is one (a line that does not parse is skipped), drops
    /// what is older than the bounds allow and rewrites the file when it dropped anything.
    /// Throws Error "kvs: cannot read the undo journal PATH: REASON" (and the write errors of
    /// kvs/private_file.h).
    UndoJournal(std::string path, UndoJournalBounds bounds, std::shared_ptr<Clock> clock);

    /// Adds step (its id and time are set here) as kind says; ofStep is the id of the step it
    /// undoes or redoes (Undo, Redo). Returns the step as kept, or nullopt when the step alone is
    /// larger than the size bound (it is not kept; the stacks stay as they were). Older steps are
    /// dropped to keep the file inside the bounds. A step without changes is not kept. Throws the
    /// write errors of kvs/private_file.h ("kvs: cannot write the undo journal PATH: REASON").
    std::optional<UndoStep> add(UndoEntryKind kind, UndoStep step, const std::string &ofStep = {});
    /// A revert (kind Undo or Redo) of the step ofStep that stopped part way: done, what it
    /// reverted, goes on the other stack as add(kind, done, ofStep) puts it, and rest (ofStep's
    /// changes not reverted yet) takes ofStep's place on its stack, with a new id and ofStep's
    /// time, so the next Undo (Redo) goes on with it. Returns done as kept. Throws as add().
    /// Requires: kind is Undo or Redo; done and rest have changes.
    std::optional<UndoStep>
    addPartial(UndoEntryKind kind, UndoStep done, UndoStep rest, const std::string &ofStep);
    /// Forgets the step with id on either stack (nothing left to take back there).
    void drop(const std::string &id);

    /// The step Undo would revert, the latest on the undo stack; nullopt when there is none.
    [[nodiscard]] std::optional<UndoStep> nextUndo() const;
    /// The step Redo would revert (an inverse), the latest on the redo stack.
    [[nodiscard]] std::optional<UndoStep> nextRedo() const;
    [[nodiscard]] std::size_t undoCount() const;
    [[nodiscard]] std::size_t redoCount() const;
    /// The file's size now, in bytes.
    [[nodiscard]] std::int64_t fileBytes() const;
    [[nodiscard]] const std::string &path() const { return m_path; }
    /// Calls onChange after each add() and drop(), on the thread that made it, for as long as the
    /// returned token lives.
    [[nodiscard]] std::shared_ptr<void> subscribe(std::function<void()> onChange);
    [[nodiscard]] std::shared_ptr<Clock> clock() const { return m_clock; }

private:
    std::optional<UndoStep> addLocked(UndoEntryKind kind, UndoStep step, const std::string &ofStep);
    void dropLocked(const std::string &id);
    void notify();
    void appendLine(const std::string &line);
    void rewrite();
    bool dropOld(); // Requires m_mutex held.

    const std::string m_path;
    const UndoJournalBounds m_bounds;
    const std::shared_ptr<Clock> m_clock;
    mutable std::mutex m_mutex;
    std::vector<UndoStep> m_undo; // Guarded by m_mutex. Oldest first.
    std::vector<UndoStep> m_redo; // Guarded by m_mutex. Oldest first.
    std::int64_t m_bytes = 0;     // Guarded by m_mutex. The file's size.
    std::int64_t m_nextId = 1;    // Guarded by m_mutex.
    std::mutex m_listenersMutex;
    std::vector<std::weak_ptr<std::function<void()>>> m_listeners; // Guarded by m_listenersMutex.
};

} // namespace kvs
