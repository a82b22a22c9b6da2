// The delete that follows RecycleBin::keep() (kvs/recycle_bin.h): it deletes what the recycle
// file holds, as it holds it. Listing the range again would also delete what another writer
// wrote after the keep (a new key, or a new value at a kept key), which the bin never saw and
// so could not bring back.
#include "transfer/import_line.h"
#include "transfer/transfer_support.h"
#include "undo/locked_rows.h"

#include <kvs/async_kvstore.h>
#include <kvs/recycle_bin.h>

#include <fstream>
#include <limits>
#include <unordered_map>

namespace kvs {

namespace {

// A key of the file and the version it held when it was kept.
struct KeptKey
{
    std::string key;
    std::int64_t version = 0;
};

[[noreturn]] void failAtLine(const std::string &path, std::int64_t number, const std::string &why)
{
    throw Error("kvs: cannot read the recycle bin " + path + ": line " + std::to_string(number)
                + " " + why);
}

// The next at most `count` kept keys of in; number counts the lines read (blank ones too).
std::vector<KeptKey>
readKept(std::istream &in, std::size_t count, const std::string &path, std::int64_t &number)
{
    std::vector<KeptKey> kept;
    std::string text;
    while (kept.size() < count && std::getline(in, text)) {
        ++number;
        if (text.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        detail::ImportRow row;
        try {
            // The keys came from the store: no size limit of a new key applies.
            row = detail::parseImportLine(text, std::numeric_limits<long long>::max());
        } catch (const detail::ImportLineProblem &problem) {
            failAtLine(path, number, std::string("is not a kept entry: ") + problem.what());
        }
        if (!row.version)
            failAtLine(path, number, "holds no version: its entry cannot be told from a newer one");
        kept.push_back({std::move(row.key), *row.version});
    }
    return kept;
}

// One transaction: deletes the keys of kept that still hold their kept version (done); the
// others were written or deleted since (skipped).
TransferResult deleteUnchanged(SqlAdapter &adapter,
                               const std::vector<KeptKey> &kept,
                               const TransferOptions &options)
{
    std::vector<std::string> keys;
    keys.reserve(kept.size());
    for (const KeptKey &k : kept)
        keys.push_back(k.key);
    TransferResult result;
    adapter
        .transaction([&](SqlAdapter &tx) {
            result = {}; // a retried transaction counts again
            const std::unordered_map<std::string, KvRow> held
                = detail::lockedLiveRows(tx, keys, detail::nowOf(options));
            for (const KeptKey &k : kept) {
                const auto it = held.find(k.key);
                if (it != held.end() && it->second.version == k.version) {
                    tx.remove(k.key).result();
                    ++result.done;
                } else {
                    ++result.skipped;
                }
            }
        })
        .waitForFinished();
    return result;
}

} // namespace

TransferResult RecycleBin::deleteKept(AsyncKVStore &store,
                                      const RecycledItem &item,
                                      const TransferOptions &options)
{
    detail::requireWritable(store, "deleting entries");
    TransferResult result;
    if (item.count == 0)
        return result; // keep() found nothing and wrote no file
    std::ifstream in(item.path, std::ios::binary);
    if (!in)
        throw Error("kvs: cannot read the recycle bin " + item.path + ": it is gone");
    SqlAdapter &adapter = detail::openedAdapter(store);
    const auto batchSize = std::size_t(detail::batchSizeOf(options));
    std::int64_t number = 0;
    for (;;) {
        const std::vector<KeptKey> kept = readKept(in, batchSize, item.path, number);
        if (kept.empty())
            break;
        const TransferResult batch = deleteUnchanged(adapter, kept, options);
        result.done += batch.done;
        result.skipped += batch.skipped;
        // As deleteEntries(): a stop asked for after the last batch is no cancel.
        const bool last = kept.size() < batchSize || in.peek() == std::char_traits<char>::eof();
        if (!detail::reportProgress(options, {result.done, result.skipped}) && !last) {
            result.cancelled = true;
            break;
        }
        if (last)
            break;
    }
    return result;
}

} // namespace kvs
