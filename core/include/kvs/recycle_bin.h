#pragma once

#include <kvs/clock.h>
#include <kvs/entry_transfer.h>
#include <kvs/types.h>
#include <kvs/undo_journal.h>

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

/// The recycle bin of KVS Admin: before a subtree delete removes entries, they are written to a
/// recycle file (the export format of kvs/entry_transfer.h) in the data folder, 0600, with a
/// small description beside it (what, when, how many, which database), and then deletes exactly
/// what it kept (deleteKept()): an entry written after the keep is never deleted without being
/// kept. "Recently deleted" lists
/// them and restores one, skipping the keys written since. An import with overwrite keeps, per
/// key it writes, what the key held before and the version the import wrote (keepImport()); its
/// restore takes the import back where nobody wrote since. Bounded as the undo journal is (size
/// of all files, age on the bin's clock). Thread rule: safe from any thread (files only).
namespace kvs {

class AsyncKVStore;

/// What a recycle file holds.
enum class RecycledKind {
    Removed,          ///< entries removed (a subtree or a bulk delete): the export format
    ReplacedByImport, ///< what an import with overwrite replaced, with the versions it wrote
};

/// One recycle file.
struct RecycledItem
{
    std::string path; ///< the recycle file
    RecycledKind kind = RecycledKind::Removed;
    std::string database;   ///< kvs::auditDatabaseName() of the database it came from
    std::string what;       ///< what was removed, e.g. "subtree [\"users\"]"
    std::int64_t time = 0;  ///< when, ms on the bin's clock
    std::int64_t count = 0; ///< entries in the file (ReplacedByImport: the keys imported)
    std::int64_t bytes = 0; ///< the file's size
    /// When a restore of it last completed (ms on the bin's clock; 0: never), and what that
    /// restore did: entries written back (and keys an import created, deleted again), and keys
    /// skipped as written since. A restored item stays (its skipped entries are still only here)
    /// until the bounds drop it; another restore would find every key it put back written since.
    std::int64_t restoredAt = 0;
    std::int64_t restoredCount = 0;
    std::int64_t restoredSkipped = 0;
};

/// What a restore did.
struct RecycleRestore
{
    std::int64_t restored = 0; ///< entries written back
    /// ReplacedByImport: keys the import created (absent before), deleted again.
    std::int64_t removed = 0;
    /// ReplacedByImport: keys that hold what they held before the import (a batch the import
    /// did not commit), left as they are.
    std::int64_t unchanged = 0;
    std::int64_t skipped = 0;             ///< keys written since (and entries expired since)
    std::vector<std::string> skippedKeys; ///< the encoded keys written since
    bool cancelled = false;
};

/// What keepImport() did.
struct KeptImport
{
    RecycledItem item;     ///< count 0 (and no files) when nothing was imported
    TransferResult result; ///< as importEntries() answers
};

/// The recycle files of one data folder (recycle/ there, by default).
class RecycleBin
{
public:
    /// folder: where the files are (created 0700 when first written); database: the name the
    /// items of this object are kept under.
    RecycleBin(std::string folder,
               std::string database,
               UndoJournalBounds bounds,
               std::shared_ptr<Clock> clock);

    /// recycle/ in undoDataFolder() (kvs/undo_journal.h).
    [[nodiscard]] static std::string defaultFolder();

    /// Writes the live entries of range to a new recycle file (what: its description), each
    /// with the versionstamp it was read at, and returns its item; older items are dropped to
    /// keep the bounds. Blocks on the store: call it on a worker. Throws what exportEntries()
    /// throws, and the write errors of kvs/private_file.h ("kvs: cannot write the recycle bin
    /// PATH: REASON"); nothing is deleted by it either way: deleteKept() does that.
    RecycledItem keep(AsyncKVStore &store,
                      const KeyRange &range,
                      const std::string &what,
                      const TransferOptions &options = {});

    /// Deletes what keep() kept in item, and nothing else: reads the file back in batches of
    /// options.batchSize lines, each batch one transaction that reads what its keys hold (under
    /// row locks where the backend has them) and deletes a key only while it holds the version
    /// that was kept. A key written since (another version) or gone since is left as it is and
    /// counted as skipped; a key written into the range after the keep is not in the file and
    /// not touched. done: entries deleted; progress and Cancel after each batch, as
    /// deleteEntries() (what was deleted stays deleted). Watchers of this store get no
    /// tombstones. An item of no entries deletes nothing. Blocks: call it on a worker. Throws
    /// ReadOnlyError "kvs: the store is open read-only; deleting entries needs write access",
    /// Error "kvs: cannot read the recycle bin PATH: REASON" (the file is gone, or a line is not
    /// a kept entry with its version: nothing of that line's batch is deleted), and what the
    /// store throws.
    TransferResult
    deleteKept(AsyncKVStore &store, const RecycledItem &item, const TransferOptions &options = {});

    /// Writes entries (as read, e.g. by a search) to a new recycle file (what: its description)
    /// and returns its item, as keep() does; no store is read. Throws the write errors.
    RecycledItem keepEntries(const std::vector<Entry> &entries, const std::string &what);

    /// Imports in as importEntries() does with ImportMode::Overwrite, keeping in a new recycle
    /// file (what: its description, e.g. "import users.jsonl"), per key the import writes, what
    /// the key held before (or that it was absent) and the versionstamp the import wrote: each
    /// batch's part is written and synced inside the batch's transaction, before it commits.
    /// The files are made before anything is imported, so when the bin cannot be written
    /// nothing is: Error "kvs: cannot write the recycle bin PATH: REASON". A write failing at a
    /// later batch ends the import before that batch (the batches before stay, and are kept).
    /// Blocks: call it on a worker. Throws what importEntries() throws (after the item has been
    /// described, so what was imported can be taken back).
    KeptImport keepImport(AsyncKVStore &store,
                          std::istream &in,
                          const std::string &what,
                          const TransferOptions &options = {});

    /// Every item of the folder (of every database), newest first, after dropping those beyond
    /// the bounds.
    [[nodiscard]] std::vector<RecycledItem> list();

    /// Writes item's entries back into store where the key holds no live entry now; a key
    /// written since is skipped (counted and listed), an entry expired since is skipped. New
    /// versionstamps. ReplacedByImport: a key that still holds the version the import wrote gets
    /// back what it held before (or is deleted, when the import created it), in batches of
    /// options.batchSize keys, each one transaction that checks what it changes; a key written
    /// since is skipped (counted and listed). A restore that was not cancelled marks the item
    /// restored (RecycledItem::restoredAt, as list() reads it back); a mark that cannot be
    /// written is left out, the restore stands. Blocks: call it on a worker. Throws what
    /// importEntries() throws, and Error "kvs: cannot read the recycle bin PATH: REASON".
    RecycleRestore
    restore(AsyncKVStore &store, const RecycledItem &item, const TransferOptions &options = {});

    /// Deletes item's files.
    void remove(const RecycledItem &item);

    [[nodiscard]] const std::string &database() const { return m_database; }

private:
    [[nodiscard]] RecycledItem newItem(const std::string &what, RecycledKind kind) const;
    void prune(std::vector<RecycledItem> &items);
    RecycledItem describe(const RecycledItem &item);
    void writeMeta(const RecycledItem &item);
    RecycleRestore
    restoreRemoved(AsyncKVStore &store, const RecycledItem &item, const TransferOptions &options);
    RecycleRestore
    restoreImport(AsyncKVStore &store, const RecycledItem &item, const TransferOptions &options);

    const std::string m_folder;
    const std::string m_database;
    const UndoJournalBounds m_bounds;
    const std::shared_ptr<Clock> m_clock;
};

/// Gives store a recycle bin (null: none), as setUndoJournal() gives it a journal.
void setRecycleBin(const std::shared_ptr<AsyncKVStore> &store, std::shared_ptr<RecycleBin> bin);
/// The recycle bin attached to store, or null.
[[nodiscard]] std::shared_ptr<RecycleBin> recycleBinOf(const AsyncKVStore &store);

} // namespace kvs
