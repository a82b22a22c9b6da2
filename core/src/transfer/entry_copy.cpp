#include "transfer/batch_writer.h"
#include "transfer/transfer_support.h"

#include <kvs/async_kvstore.h>

namespace kvs {

TransferResult copyEntries(AsyncKVStore &from,
                           const KeyRange &range,
                           AsyncKVStore &to,
                           ImportMode mode,
                           const TransferOptions &options)
{
    const std::int64_t pageSize = detail::batchSizeOf(options);
    detail::requireWritable(to, "copy");
    SqlAdapter &source = detail::openedAdapter(from);
    detail::BatchWriter writer(detail::openedAdapter(to), mode);
    TransferProgress progress;
    std::vector<detail::ImportRow> batch;
    std::string lower = range.lower;
    while (lower < range.upper) {
        // A page is read, then written in its own transaction of the target: neither store
        // holds a transaction while the other works.
        const std::int64_t now = detail::nowOf(options);
        std::vector<KvRow> page = source.listAsc(lower, range.upper, now, pageSize).result();
        const bool last = static_cast<std::int64_t>(page.size()) < pageSize;
        if (!page.empty())
            lower = detail::keyAfter(page.back().key);
        batch.clear();
        for (KvRow &row : page)
            batch.push_back({std::move(row.key), std::move(row.value), row.expiresAt});
        if (!batch.empty())
            writer.write(batch, now, progress);
        if (!detail::reportProgress(options, progress) && !last)
            return {progress.done, progress.skipped, true};
        if (last)
            break;
    }
    return {progress.done, progress.skipped, false};
}

std::vector<std::string> readKeys(AsyncKVStore &store,
                                  const KeyRange &range,
                                  std::int64_t limit,
                                  const TransferOptions &options)
{
    if (limit < 1)
        throw RangeError("kvs: limit must be an integer >= 1, got " + std::to_string(limit));
    return detail::openedAdapter(store)
        .listKeys(range.lower, range.upper, detail::nowOf(options), limit, false)
        .result();
}

} // namespace kvs
