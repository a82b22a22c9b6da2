#include "transfer/row_pages.h"
#include "transfer/transfer_support.h"

#include <kvs/async_kvstore.h>

#include <algorithm>

namespace kvs {

TransferResult exportEntries(AsyncKVStore &store,
                             const KeyRange &range,
                             const std::function<void(std::string_view lines)> &write,
                             const TransferOptions &options)
{
    const std::int64_t batch = detail::batchSizeOf(options);
    SqlAdapter &adapter = detail::openedAdapter(store);
    TransferResult result;
    std::string lines;
    // Each page is its own read: the rows of one page are consistent, the export as a whole is
    // not one snapshot (kvs/entry_transfer.h). A page holds many batches; each batch is written,
    // counted and may be the last (Cancel).
    detail::RowPages pages(
        adapter, range.lower, range.upper, batch, [&options] { return detail::nowOf(options); });
    while (true) {
        const std::vector<KvRow> page = pages.next();
        for (std::size_t from = 0; from < page.size(); from += std::size_t(batch)) {
            const std::size_t to = std::min(page.size(), from + std::size_t(batch));
            lines.clear();
            for (std::size_t i = from; i < to; ++i) {
                lines += exportLine(page[i].key, page[i].value, page[i].expiresAt);
                lines += '\n';
            }
            write(lines);
            result.done += static_cast<std::int64_t>(to - from);
            const bool last = pages.finished() && to == page.size();
            if (!detail::reportProgress(options, {result.done, 0}) && !last) {
                result.cancelled = true;
                return result;
            }
        }
        if (pages.finished())
            break;
    }
    return result;
}

} // namespace kvs
