#pragma once

#include <kvs/errors.h>
#include <kvs/key.h>
#include <kvs/sql_adapter.h>

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

/// Bulk work on a range of keys, shared by `kvs export|import` and the GUI's subtree actions:
/// export to JSON lines, import from them, count, delete. Not in the reference.
///
/// The file format is one JSON object per line and entry:
///   {"key": LITERAL, "value": LITERAL, "expiresAt": MS|null}
/// where LITERAL is the canonical literal (printKeyLiteral / printLiteral) as a JSON string, as
/// `kvs --json get` prints it, and keys are absolute. A row whose key or value does not decode,
/// or whose literals would not encode back to the same bytes (a key with a lone surrogate, which
/// prints as U+FFFD), is written as {"keyHex": HEX, "valueHex": HEX, "expiresAt": MS|null}, its
/// stored bytes, so an import writes every row back byte for byte.
/// Versions are not exported (an import writes new versionstamps) and queue messages are not
/// part of it; a line may carry a "version" member, which an import ignores: the recycle bin's
/// files do (TransferOptions::exportVersions), to delete only the entries they kept.
///
/// Every function here blocks until it is done: run it on a worker thread (the GUI) or a
/// command's own thread (the CLI), never on a GUI thread. It reads in pages and writes in
/// batches, each batch one short transaction, so nothing holds all entries in memory and no
/// transaction stays open across pages. An export is therefore not one snapshot: a write
/// committed meanwhile may or may not be in it.
///
/// Thread rule: one call at a time per set of options; the store may be used by others meanwhile.
namespace kvs {

class AsyncKVStore;
class Clock;

/// Rows with lower <= encoded key < upper.
struct KeyRange
{
    std::string lower;
    std::string upper;

    /// Every row of the table, also those whose key lies outside the key space (a first byte
    /// outside 0x01..0x06).
    [[nodiscard]] static KeyRange everything();
    /// The keys below prefix, without prefix itself: what list({prefix}) selects. For the empty
    /// prefix, every key of the key space.
    [[nodiscard]] static KeyRange below(const Key &prefix);
    /// prefix itself and every key below it: a node of the key tree and its subtree. For the
    /// empty prefix, everything().
    [[nodiscard]] static KeyRange subtree(const Key &prefix);
    /// The two byte ranges no encoded key falls in, because a key part's type tag is
    /// 0x01..0x06 (reference "Keys"): [00, 01) and [07, the end of everything()). A row there
    /// was stored by something other than the kvs API; list() never selects it.
    [[nodiscard]] static std::vector<KeyRange> outsideKeySpace();
};

/// How far a bulk call got. done: entries exported, imported or deleted; skipped: import only.
struct TransferProgress
{
    std::int64_t done = 0;
    std::int64_t skipped = 0;
};

/// Called after each page or batch, on the calling thread; returning false stops the call
/// there (what is written stays written), and its result says cancelled.
using TransferProgressCallback = std::function<bool(const TransferProgress &)>;

/// What one batch of an import with overwrite replaces (TransferOptions::beforeOverwrite).
struct OverwrittenBatch
{
    std::int64_t version = 0;      ///< the versionstamp the batch writes
    std::vector<std::string> keys; ///< the encoded keys the batch writes, each once
    std::vector<KvRow> replaced;   ///< the live rows among keys before the batch, in any order
};

/// Settings every bulk call shares.
struct TransferOptions
{
    /// Rows per page read or batch written (one transaction each). At least 1.
    int batchSize = 1000;
    /// The time that decides what has expired; null: the system's. Give the store's own clock
    /// when it has one (tests' ManualClock).
    std::shared_ptr<Clock> clock;
    TransferProgressCallback onProgress;
    /// Import: a line longer than this many bytes is refused (ImportFormatError) after reading
    /// at most this many of it, before it is parsed: a huge line would take many times its size
    /// in memory. Default 64 MiB.
    std::int64_t maxLineBytes = kDefaultMaxLineBytes;
    /// Import without overwrite: when not null, the encoded keys skipped because they held a
    /// live entry are appended here (the recycle bin's restore lists them). Not owned.
    std::vector<std::string> *skippedKeys = nullptr;
    /// Import with overwrite: when set, called inside each batch's transaction before it writes,
    /// with what the batch's keys hold then (read under the batch's row locks where the backend
    /// has them) and the versionstamp it writes. What it throws rolls that batch back and ends
    /// the import (the batches before stay). The recycle bin keeps an import's replaced entries
    /// this way (kvs/recycle_bin.h). Called on the import's thread; may be called again for a
    /// batch whose transaction is retried.
    std::function<void(const OverwrittenBatch &)> beforeOverwrite;
    /// Export: each line also carries its row's versionstamp ("version": N), read with the row.
    /// The recycle bin's keep() sets it, so its delete removes only keys that still hold what it
    /// kept; `kvs export` does not (an import writes new versionstamps anyway).
    bool exportVersions = false;

    static constexpr std::int64_t kDefaultMaxLineBytes = 64 * 1024 * 1024;
};

struct TransferResult
{
    std::int64_t done = 0;    // exported, imported, counted or deleted
    std::int64_t skipped = 0; // import: existing keys (without overwrite) and expired entries
    bool cancelled = false;
};

/// Writes the live entries of range, in key order, one line each, to write (called once per
/// page with that page's lines). Throws what the store throws (DatabaseError, ...) and what
/// write throws; the lines written before stay written.
TransferResult exportEntries(AsyncKVStore &store,
                             const KeyRange &range,
                             const std::function<void(std::string_view lines)> &write,
                             const TransferOptions &options = {});

/// One line of the format for a stored row: the literal form, or the hex form (see above), and
/// "version" when version is given. No newline.
[[nodiscard]] std::string exportLine(std::string_view key,
                                     std::string_view value,
                                     const std::optional<std::int64_t> &expiresAt,
                                     const std::optional<std::int64_t> &version = std::nullopt);

enum class ImportMode {
    SkipExisting, // a key that holds a live entry keeps it (counted as skipped)
    Overwrite,    // every entry of the file is written
};

/// A line of an import that is not an entry of the format. line() is 1-based. Everything of the
/// batches before that line's was committed (imported() / skipped() of them); nothing of its
/// own batch was written. Message: "kvs: import line N: PROBLEM".
class ImportFormatError : public Error
{
public:
    ImportFormatError(std::int64_t line,
                      const std::string &problem,
                      std::int64_t imported,
                      std::int64_t skipped);
    std::int64_t line() const noexcept { return m_line; }
    std::int64_t imported() const noexcept { return m_imported; }
    std::int64_t skipped() const noexcept { return m_skipped; }

private:
    std::int64_t m_line;
    std::int64_t m_imported;
    std::int64_t m_skipped;
};

/// Reads lines of the format from in (blank lines are skipped) and writes them in batches of
/// options.batchSize, each batch one transaction with one new versionstamp; an entry whose
/// expiresAt has passed is skipped. Keys keep their expiry time (expiresAt, not a TTL). A line
/// may carry "key" or "keyHex", "value" or "valueHex", and a "version" (ignored). Throws
/// ImportFormatError for a malformed line (before anything of its batch is written; a key over
/// maxKeySize is one, and a line over options.maxLineBytes: "kvs: import line N: the line is
/// longer than M bytes, the import's limit"), ReadOnlyError "kvs: the store is open read-only;
/// import needs write access", and what the store throws.
TransferResult importEntries(AsyncKVStore &store,
                             std::istream &in,
                             ImportMode mode,
                             const TransferOptions &options = {},
                             long long maxKeySize = 2048);

/// The exact number of live entries in range, read as keys in pages (no values).
TransferResult
countEntries(AsyncKVStore &store, const KeyRange &range, const TransferOptions &options = {});

/// Deletes the live entries of range, a batch of keys per transaction. ReadOnlyError on a
/// read-only store. Watchers of this store get no tombstones for them (other processes' change
/// feeds see the deletes).
TransferResult
deleteEntries(AsyncKVStore &store, const KeyRange &range, const TransferOptions &options = {});

/// Copies the live entries of range from `from` into `to`, at the same keys: read in pages of
/// options.batchSize as stored bytes (undecodable rows too) and written in batches of that size,
/// each batch one short transaction of `to` with one new versionstamp (versions are not copied);
/// no transaction of either store stays open across pages, so the copy is not one snapshot of
/// `from`. Entries expired when their page is read are not copied; the others keep their expiry
/// time. mode decides what happens to keys that hold a live entry in `to` (skipped counts
/// them). progress.done counts entries written. ReadOnlyError "kvs: the store is open
/// read-only; copy needs write access" when `to` is read-only, and what either store throws;
/// the batches written before stay written.
TransferResult copyEntries(AsyncKVStore &from,
                           const KeyRange &range,
                           AsyncKVStore &to,
                           ImportMode mode,
                           const TransferOptions &options = {});

/// At most limit encoded keys of the live rows of range, in byte order, read as stored (they
/// need not decode): how the key tree finds rows outside the key space. Throws what the store
/// throws.
[[nodiscard]] std::vector<std::string> readKeys(AsyncKVStore &store,
                                                const KeyRange &range,
                                                std::int64_t limit,
                                                const TransferOptions &options = {});

} // namespace kvs
