// The recycle bin's items of kind ReplacedByImport (kvs/recycle_bin.h): what an import with
// overwrite replaced, and their restore.
//
// The file holds one JSON line per key and batch the import wrote:
//   {"keyHex": HEX, "beforeHex": HEX, "beforeVersion": N, "expiresAt": MS, "written": N}
// beforeHex (with beforeVersion and expiresAt) is absent when the key held no live entry. The
// bytes are the stored ones, so keys and values that do not decode come back as they were.
#include "codec/json_allocator.h"
#include "transfer/hex_text.h"
#include "transfer/transfer_support.h"
#include "undo/json_members.h"
#include "undo/locked_rows.h"

#include <kvs/async_kvstore.h>
#include <kvs/json_line.h>
#include <kvs/private_file.h>
#include <kvs/recycle_bin.h>

#include <fstream>
#include <unordered_map>
#include <unordered_set>

namespace kvs {

namespace {

constexpr const char *kWhat = "the recycle bin";

// One line of the file.
struct ReplacedKey
{
    std::string key;
    std::optional<std::string> before; // nullopt: the key was absent
    std::int64_t beforeVersion = 0;
    std::optional<std::int64_t> beforeExpiresAt;
    std::int64_t written = 0; // the version the import wrote
};

std::string lineOf(const std::string &key, const KvRow *before, std::int64_t written)
{
    std::string hex;
    detail::appendHex(key, hex);
    JsonLine line;
    line.string("keyHex", hex);
    if (before) {
        hex.clear();
        detail::appendHex(before->value, hex);
        line.string("beforeHex", hex).integer("beforeVersion", before->version);
        if (before->expiresAt)
            line.integer("expiresAt", *before->expiresAt);
    }
    line.integer("written", written);
    return line.text() + '\n';
}

std::optional<ReplacedKey> parseLine(std::string_view text)
{
    detail::JsonDocument document;
    document.Parse(text.data(), text.size());
    if (document.HasParseError() || !document.IsObject())
        return std::nullopt;
    const auto bytes = [&](const char *name) -> std::optional<std::string> {
        const std::optional<std::string> hex = detail::stringMember(document, name);
        return hex ? detail::bytesOfHex(*hex) : std::nullopt;
    };
    ReplacedKey line;
    std::optional<std::string> key = bytes("keyHex");
    const std::optional<std::int64_t> written = detail::int64Member(document, "written");
    if (!key || !written)
        return std::nullopt;
    line.key = std::move(*key);
    line.written = *written;
    line.before = bytes("beforeHex");
    if (line.before) {
        const std::optional<std::int64_t> version = detail::int64Member(document, "beforeVersion");
        if (!version)
            return std::nullopt;
        line.beforeVersion = *version;
        line.beforeExpiresAt = detail::int64Member(document, "expiresAt");
    }
    return line;
}

// What a restore does to one key, decided from its lines (in file order) and what it holds now.
struct Decision
{
    enum Kind { PutBack, Delete, Unchanged, Skip } kind = Skip;
    const ReplacedKey *to = nullptr; // PutBack: what the key gets back
};

Decision decide(const std::vector<ReplacedKey> &lines, const KvRow *now, std::int64_t time)
{
    // The line of the write the key still holds; a key the import wrote twice (two batches, or a
    // retried batch) holds the last one's, whose "before" is then the import's own earlier write:
    // what the key held before the import is found by following those back.
    const ReplacedKey *held = nullptr;
    for (auto it = lines.rbegin(); now && it != lines.rend(); ++it) {
        if (it->written == now->version) {
            held = &*it;
            break;
        }
    }
    if (!held) {
        // Not the import's: as before the import (a batch it did not commit), or written since.
        for (const ReplacedKey &line : lines) {
            if (now ? line.before && line.beforeVersion == now->version : !line.before)
                return {Decision::Unchanged, nullptr};
        }
        return {Decision::Skip, nullptr};
    }
    const ReplacedKey *to = held;
    for (std::size_t steps = 0; to->before && steps < lines.size(); ++steps) {
        const ReplacedKey *earlier = nullptr;
        for (const ReplacedKey &line : lines) {
            if (line.written == to->beforeVersion)
                earlier = &line;
        }
        if (!earlier)
            break;
        to = earlier;
    }
    const bool live = to->before && (!to->beforeExpiresAt || *to->beforeExpiresAt > time);
    return {live ? Decision::PutBack : Decision::Delete, to};
}

} // namespace

KeptImport RecycleBin::keepImport(AsyncKVStore &store,
                                  std::istream &in,
                                  const std::string &what,
                                  const TransferOptions &options)
{
    detail::requireWritable(store, "import");
    KeptImport kept;
    kept.item = newItem(what, RecycledKind::ReplacedByImport);
    RecycledItem &item = kept.item;
    // Both files exist before anything is imported: a bin that cannot be written stops it here.
    checkPrivateFileAppendable(item.path, kWhat);
    try {
        writeMeta(item);
    } catch (...) {
        remove(item); // no empty file left behind
        throw;
    }
    std::unordered_set<std::string> keys;
    TransferOptions own = options;
    own.beforeOverwrite = [&](const OverwrittenBatch &batch) {
        std::unordered_map<std::string_view, const KvRow *> replaced;
        for (const KvRow &row : batch.replaced)
            replaced.emplace(row.key, &row);
        std::string lines;
        for (const std::string &key : batch.keys) {
            const auto it = replaced.find(key);
            lines += lineOf(key, it == replaced.end() ? nullptr : it->second, batch.version);
        }
        // On disk (synced) before the batch commits; a failure here rolls the batch back.
        appendPrivateFile(item.path, lines, kWhat, PrivateAppendOptions{true, 0});
        item.bytes += std::int64_t(lines.size());
        keys.insert(batch.keys.begin(), batch.keys.end());
    };
    const auto describeKept = [&] {
        item.count = std::int64_t(keys.size());
        if (item.count == 0) {
            remove(item);
            return;
        }
        writeMeta(item);
        (void)list(); // the bounds, now that the folder holds more
    };
    try {
        kept.result = importEntries(store, in, ImportMode::Overwrite, own);
    } catch (...) {
        try {
            describeKept(); // what was imported before the failure can be taken back
        } catch (const std::exception &) {
            // The import's own error says more; the lines are on disk either way.
        }
        throw;
    }
    describeKept();
    return kept;
}

RecycleRestore RecycleBin::restoreImport(AsyncKVStore &store,
                                         const RecycledItem &item,
                                         const TransferOptions &options)
{
    detail::requireWritable(store, "restore");
    std::ifstream in(item.path, std::ios::binary);
    if (!in)
        throw Error("kvs: cannot read the recycle bin " + item.path + ": it is gone");
    std::vector<std::string> order; // each key once, as first written
    std::unordered_map<std::string, std::vector<ReplacedKey>> lines;
    std::string text;
    std::int64_t number = 0;
    while (std::getline(in, text)) {
        ++number;
        if (text.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        std::optional<ReplacedKey> line = parseLine(text);
        if (!line) {
            throw Error("kvs: cannot read the recycle bin " + item.path + ": line "
                        + std::to_string(number) + " is not one of its lines");
        }
        std::vector<ReplacedKey> &ofKey = lines[line->key];
        if (ofKey.empty())
            order.push_back(line->key);
        ofKey.push_back(std::move(*line));
    }
    SqlAdapter &adapter = detail::openedAdapter(store);
    const auto batchSize = std::size_t(detail::batchSizeOf(options));
    RecycleRestore restored;
    for (std::size_t start = 0; start < order.size(); start += batchSize) {
        const std::vector<std::string> keys(
            order.begin() + std::ptrdiff_t(start),
            order.begin() + std::ptrdiff_t(std::min(order.size(), start + batchSize)));
        RecycleRestore batch;
        // One transaction per batch that reads what each key holds (under row locks where the
        // backend has them) and changes only the keys that still hold the import's write.
        adapter
            .transaction([&](SqlAdapter &tx) {
                batch = {}; // a retried transaction counts again
                const std::int64_t now = detail::nowOf(options);
                const std::unordered_map<std::string, KvRow> held
                    = detail::lockedLiveRows(tx, keys, now);
                std::optional<std::int64_t> version;
                for (const std::string &key : keys) {
                    const auto it = held.find(key);
                    const Decision decision
                        = decide(lines[key], it == held.end() ? nullptr : &it->second, now);
                    switch (decision.kind) {
                    case Decision::PutBack:
                        if (!version)
                            version = tx.nextVersion().result();
                        tx.set(key, *decision.to->before, decision.to->beforeExpiresAt, version)
                            .result();
                        ++batch.restored;
                        break;
                    case Decision::Delete:
                        tx.remove(key).result();
                        ++batch.removed;
                        break;
                    case Decision::Unchanged:
                        ++batch.unchanged;
                        break;
                    case Decision::Skip:
                        ++batch.skipped;
                        batch.skippedKeys.push_back(key);
                        break;
                    }
                }
            })
            .waitForFinished();
        restored.restored += batch.restored;
        restored.removed += batch.removed;
        restored.unchanged += batch.unchanged;
        restored.skipped += batch.skipped;
        restored.skippedKeys.insert(
            restored.skippedKeys.end(), batch.skippedKeys.begin(), batch.skippedKeys.end());
        const TransferProgress progress{restored.restored + restored.removed, restored.skipped};
        if (!detail::reportProgress(options, progress)) {
            restored.cancelled = true;
            break;
        }
    }
    return restored;
}

} // namespace kvs
