#include "transfer/batch_writer.h"
#include "transfer/row_pages.h"
#include "transfer/transfer_support.h"

#include <kvs/async_kvstore.h>

#include <span>

namespace kvs {

TransferResult copyEntries(AsyncKVStore &from,
                           const KeyRange &range,
                           AsyncKVStore &to,
                           ImportMode mode,
                           const TransferOptions &options)
{
    const std::int64_t batchSize = detail::batchSizeOf(options);
    detail::requireWritable(to, "copy");
    SqlAdapter &source = detail::openedAdapter(from);
    detail::BatchWriter writer(detail::openedAdapter(to), mode);
    TransferProgress progress;
    std::vector<detail::ImportRow> batch;
    // A page is read, then written in batches, each its own transaction of the target: neither
    // store holds a transaction while the other works (the next page is read meanwhile, outside
    // any transaction).
    detail::RowPages pages = detail::transferPages(source, range, batchSize, options);
    const bool complete = pages.forEachBatch(batchSize, [&](std::span<KvRow> rows) {
        batch.clear();
        for (KvRow &row : rows)
            batch.push_back(
                {std::move(row.key), std::move(row.value), row.expiresAt, std::nullopt});
        writer.write(batch, detail::nowOf(options), progress);
        return detail::reportProgress(options, progress);
    });
    return {progress.done, progress.skipped, !complete};
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
