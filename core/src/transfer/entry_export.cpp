#include "transfer/row_pages.h"
#include "transfer/transfer_support.h"

#include <kvs/async_kvstore.h>

#include <span>

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
    detail::RowPages pages = detail::transferPages(adapter, range, batch, options);
    result.cancelled = !pages.forEachBatch(batch, [&](std::span<KvRow> rows) {
        lines.clear();
        for (const KvRow &row : rows) {
            lines += exportLine(row.key,
                                row.value,
                                row.expiresAt,
                                options.exportVersions ? std::optional(row.version) : std::nullopt);
            lines += '\n';
        }
        write(lines);
        result.done += static_cast<std::int64_t>(rows.size());
        return detail::reportProgress(options, {result.done, 0});
    });
    return result;
}

} // namespace kvs
