#include "codec/json_allocator.h"
#include "undo/json_members.h"
#include "undo/store_attachment.h"

#include <kvs/async_kvstore.h>
#include <kvs/data_folder.h>
#include <kvs/json_line.h>
#include <kvs/key.h>
#include <kvs/private_file.h>
#include <kvs/recycle_bin.h>
#include <kvs/value_codec.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <limits>
#include <mutex>
#include <unistd.h>

namespace kvs {

namespace {

constexpr const char *kWhat = "the recycle bin";
constexpr std::string_view kMetaSuffix = ".meta.json";
constexpr std::string_view kReplacedByImport = "replaced-by-import"; // the meta's "kind"

std::string metaPathOf(const std::string &path)
{
    return path + std::string(kMetaSuffix);
}

std::optional<RecycledItem> readMeta(const std::string &metaPath)
{
    std::string text;
    try {
        text = readPrivateFileTail(metaPath, 1 << 20, kWhat);
    } catch (const Error &) {
        return std::nullopt;
    }
    detail::JsonDocument document;
    document.Parse(text.data(), text.size());
    if (document.HasParseError() || !document.IsObject())
        return std::nullopt;
    const auto kind = detail::stringMember(document, "kind");
    const auto database = detail::stringMember(document, "database");
    const auto what = detail::stringMember(document, "what");
    const auto time = detail::int64Member(document, "time");
    const auto count = detail::int64Member(document, "count");
    if (!database || !what || !time || !count)
        return std::nullopt;
    RecycledItem item;
    item.path = metaPath.substr(0, metaPath.size() - kMetaSuffix.size());
    item.kind = kind == std::string(kReplacedByImport) ? RecycledKind::ReplacedByImport
                                                       : RecycledKind::Removed;
    item.database = *database;
    item.what = *what;
    item.time = *time;
    item.count = *count;
    item.restoredAt = detail::int64Member(document, "restored").value_or(0);
    item.restoredCount = detail::int64Member(document, "restoredCount").value_or(0);
    item.restoredSkipped = detail::int64Member(document, "restoredSkipped").value_or(0);
    std::error_code error;
    const auto size = std::filesystem::file_size(item.path, error);
    if (error)
        return std::nullopt; // the entries' file is gone: nothing to restore
    item.bytes = std::int64_t(size);
    return item;
}

// Two bins of one process (two tabs) never pick one name.
std::string freshName(std::int64_t time)
{
    static std::atomic<std::uint64_t> counter{0};
    return std::to_string(time) + "-" + std::to_string(::getpid()) + "-"
           + std::to_string(counter.fetch_add(1)) + ".jsonl";
}

detail::StoreAttachment<RecycleBin> &attachments()
{
    static detail::StoreAttachment<RecycleBin> attachments;
    return attachments;
}

} // namespace

RecycleBin::RecycleBin(std::string folder,
                       std::string database,
                       UndoJournalBounds bounds,
                       std::shared_ptr<Clock> clock)
    : m_folder(std::move(folder))
    , m_database(std::move(database))
    , m_bounds(bounds)
    , m_clock(clock ? std::move(clock) : systemClock())
{}

std::string RecycleBin::defaultFolder()
{
    return undoDataFolder() + "/recycle";
}

RecycledItem RecycleBin::keep(AsyncKVStore &store,
                              const KeyRange &range,
                              const std::string &what,
                              const TransferOptions &options)
{
    RecycledItem item = newItem(what, RecycledKind::Removed);
    // With their versions: deleteKept() deletes a key only while it holds the one kept here.
    TransferOptions own = options;
    own.exportVersions = true;
    // Each page on disk (synced) before the delete that follows may remove its entries.
    const TransferResult result = exportEntries(
        store,
        range,
        [&](std::string_view lines) {
            appendPrivateFile(item.path, lines, kWhat, PrivateAppendOptions{true, 0});
            item.bytes += std::int64_t(lines.size());
        },
        own);
    item.count = result.done;
    return describe(item);
}

RecycledItem RecycleBin::keepEntries(const std::vector<Entry> &entries, const std::string &what)
{
    RecycledItem item = newItem(what, RecycledKind::Removed);
    std::string lines;
    for (const Entry &entry : entries)
        lines += exportLine(encodeKey(entry.key), encodeValue(entry.value), entry.expiresAt) + '\n';
    if (!lines.empty())
        appendPrivateFile(item.path, lines, kWhat, PrivateAppendOptions{true, 0});
    item.bytes = std::int64_t(lines.size());
    item.count = std::int64_t(entries.size());
    return describe(item);
}

RecycledItem RecycleBin::newItem(const std::string &what, RecycledKind kind) const
{
    RecycledItem item;
    item.kind = kind;
    item.time = m_clock->now();
    item.path = m_folder + "/" + freshName(item.time);
    item.database = m_database;
    item.what = what;
    return item;
}

// Writes item's description beside its entries (or drops an empty item) and keeps the bounds.
RecycledItem RecycleBin::describe(const RecycledItem &item)
{
    if (item.count == 0) {
        std::remove(item.path.c_str());
        return item;
    }
    writeMeta(item);
    (void)list(); // the bounds, now that the folder holds more
    return item;
}

// The description, replaced whole (a meta file holds one JSON object).
void RecycleBin::writeMeta(const RecycledItem &item)
{
    JsonLine line;
    if (item.kind == RecycledKind::ReplacedByImport)
        line.string("kind", std::string(kReplacedByImport));
    line.string("database", item.database)
        .string("what", item.what)
        .integer("time", item.time)
        .integer("count", item.count);
    if (item.restoredAt > 0) {
        line.integer("restored", item.restoredAt)
            .integer("restoredCount", item.restoredCount)
            .integer("restoredSkipped", item.restoredSkipped);
    }
    const std::string path = metaPathOf(item.path);
    std::remove(path.c_str());
    appendPrivateFile(path, line.text() + '\n', kWhat, PrivateAppendOptions{true, 0});
}

std::vector<RecycledItem> RecycleBin::list()
{
    std::vector<RecycledItem> items;
    std::error_code error;
    for (const auto &file : std::filesystem::directory_iterator(m_folder, error)) {
        const std::string name = file.path().string();
        if (name.size() > kMetaSuffix.size() && name.ends_with(kMetaSuffix)) {
            if (std::optional<RecycledItem> item = readMeta(name))
                items.push_back(std::move(*item));
        }
    }
    std::sort(items.begin(), items.end(), [](const RecycledItem &a, const RecycledItem &b) {
        return a.time != b.time ? a.time > b.time : a.path > b.path;
    });
    prune(items);
    return items;
}

// Older than the age bound, or beyond the size bound counted from the newest: removed. The
// newest item always stays, so the delete that was just made can be taken back even when it
// alone is larger than the bound.
void RecycleBin::prune(std::vector<RecycledItem> &items)
{
    const std::int64_t oldest = m_clock->now() - m_bounds.maxAgeMs;
    std::int64_t total = 0;
    std::vector<RecycledItem> kept;
    for (std::size_t i = 0; i < items.size(); ++i) {
        total += items[i].bytes;
        const bool keep = i == 0 || (items[i].time >= oldest && total <= m_bounds.maxBytes);
        if (keep)
            kept.push_back(std::move(items[i]));
        else
            remove(items[i]);
    }
    items = std::move(kept);
}

RecycleRestore
RecycleBin::restore(AsyncKVStore &store, const RecycledItem &item, const TransferOptions &options)
{
    const RecycleRestore result = item.kind == RecycledKind::ReplacedByImport
                                      ? restoreImport(store, item, options)
                                      : restoreRemoved(store, item, options);
    if (result.cancelled)
        return result;
    RecycledItem restored = item;
    restored.restoredAt = m_clock->now();
    restored.restoredCount = result.restored + result.removed;
    restored.restoredSkipped = result.skipped;
    try {
        writeMeta(restored);
    } catch (const Error &) {
        // What was written back stays written; the list only does not say so.
    }
    return result;
}

RecycleRestore RecycleBin::restoreRemoved(AsyncKVStore &store,
                                          const RecycledItem &item,
                                          const TransferOptions &options)
{
    std::ifstream in(item.path, std::ios::binary);
    if (!in)
        throw Error("kvs: cannot read the recycle bin " + item.path + ": it is gone");
    RecycleRestore restored;
    TransferOptions own = options;
    own.skippedKeys = &restored.skippedKeys;
    const TransferResult result = importEntries(store, in, ImportMode::SkipExisting, own);
    restored.restored = result.done;
    restored.skipped = result.skipped;
    restored.cancelled = result.cancelled;
    return restored;
}

void RecycleBin::remove(const RecycledItem &item)
{
    std::remove(metaPathOf(item.path).c_str());
    std::remove(item.path.c_str());
}

void setRecycleBin(const std::shared_ptr<AsyncKVStore> &store, std::shared_ptr<RecycleBin> bin)
{
    attachments().set(store, std::move(bin));
}

std::shared_ptr<RecycleBin> recycleBinOf(const AsyncKVStore &store)
{
    return attachments().of(store);
}

} // namespace kvs
