#include "transfer/transfer_support.h"

#include <kvs/async_kvstore.h>

namespace kvs {

namespace {

// Calls forPage with each page of the live keys of range, in key order, until it returns false
// or the range ends; true when the range ended.
template <typename ForPage>
bool forEachKeyPage(SqlAdapter &adapter,
                    const KeyRange &range,
                    const TransferOptions &options,
                    ForPage forPage)
{
    const std::int64_t pageSize = detail::batchSizeOf(options);
    std::string lower = range.lower;
    while (lower < range.upper) {
        std::vector<std::string> keys
            = adapter.listKeys(lower, range.upper, detail::nowOf(options), pageSize, false)
                  .result();
        const bool last = static_cast<std::int64_t>(keys.size()) < pageSize;
        if (!keys.empty())
            lower = detail::keyAfter(keys.back());
        if (!forPage(std::move(keys), last) && !last)
            return false;
        if (last)
            break;
    }
    return true;
}

} // namespace

TransferResult
countEntries(AsyncKVStore &store, const KeyRange &range, const TransferOptions &options)
{
    SqlAdapter &adapter = detail::openedAdapter(store);
    TransferResult result;
    result.cancelled
        = !forEachKeyPage(adapter, range, options, [&](std::vector<std::string> keys, bool) {
              result.done += static_cast<std::int64_t>(keys.size());
              return detail::reportProgress(options, {result.done, 0});
          });
    return result;
}

TransferResult
deleteEntries(AsyncKVStore &store, const KeyRange &range, const TransferOptions &options)
{
    detail::requireWritable(store, "deleting entries");
    SqlAdapter &adapter = detail::openedAdapter(store);
    TransferResult result;
    result.cancelled
        = !forEachKeyPage(adapter, range, options, [&](std::vector<std::string> keys, bool) {
              std::int64_t deleted = 0;
              // One short transaction per page; a key deleted meanwhile by another writer is not
              // counted.
              adapter
                  .transaction([&keys, &deleted](SqlAdapter &tx) {
                      deleted = 0; // a retried transaction counts again
                      for (const std::string &key : keys)
                          deleted += tx.remove(key).result() ? 1 : 0;
                  })
                  .waitForFinished();
              result.done += deleted;
              return detail::reportProgress(options, {result.done, 0});
          });
    return result;
}

} // namespace kvs
