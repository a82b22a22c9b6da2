#include "store/list_range.h"
#include "transfer/transfer_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/list_rows.h>
#include <kvs/value_codec.h>

namespace kvs {

ListRowsResult listRows(AsyncKVStore &store,
                        const ListSelector &selector,
                        const ListOptions &options,
                        long long maxKeySize,
                        const std::shared_ptr<Clock> &clock)
{
    const detail::ListRange range = detail::resolveListRange(selector, options, maxKeySize);
    ListRowsResult result;
    if (range.empty())
        return result;
    SqlAdapter &adapter = detail::openedAdapter(store);
    TransferOptions timing;
    timing.clock = clock;
    const std::int64_t now = detail::nowOf(timing);
    const std::vector<KvRow> page
        = (range.reverse ? adapter.listDesc(range.lower, range.upper, now, range.limit)
                         : adapter.listAsc(range.lower, range.upper, now, range.limit))
              .result();
    result.entries.reserve(page.size());
    for (const KvRow &row : page) {
        try {
            result.entries.push_back(
                Entry{decodeKey(row.key), decodeValue(row.value), row.version, row.expiresAt});
        } catch (const Error &error) {
            result.undecodable.push_back({row.key, error.what()});
        }
    }
    if (static_cast<int>(page.size()) == range.limit)
        result.cursor = encodeCursor(page.back().key);
    return result;
}

} // namespace kvs
