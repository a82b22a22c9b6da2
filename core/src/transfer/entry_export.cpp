#include "transfer/transfer_support.h"

#include <kvs/async_kvstore.h>

namespace kvs {

TransferResult exportEntries(AsyncKVStore &store,
                             const KeyRange &range,
                             const std::function<void(std::string_view lines)> &write,
                             const TransferOptions &options)
{
    const std::int64_t pageSize = detail::batchSizeOf(options);
    SqlAdapter &adapter = detail::openedAdapter(store);
    TransferResult result;
    std::string lower = range.lower;
    std::string lines;
    while (lower < range.upper) {
        // Each page is its own read: the rows of one page are consistent, the export as a whole
        // is not one snapshot (kvs/entry_transfer.h).
        const std::vector<KvRow> page
            = adapter.listAsc(lower, range.upper, detail::nowOf(options), pageSize).result();
        lines.clear();
        for (const KvRow &row : page) {
            lines += exportLine(row.key, row.value, row.expiresAt);
            lines += '\n';
        }
        if (!lines.empty())
            write(lines);
        result.done += static_cast<std::int64_t>(page.size());
        const bool last = static_cast<std::int64_t>(page.size()) < pageSize;
        if (!detail::reportProgress(options, {result.done, 0}) && !last) {
            result.cancelled = true;
            break;
        }
        if (last)
            break;
        lower = detail::keyAfter(page.back().key);
    }
    return result;
}

} // namespace kvs
