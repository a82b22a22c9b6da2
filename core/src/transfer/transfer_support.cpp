#include "transfer/transfer_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/errors.h>

namespace kvs::detail {

SqlAdapter &openedAdapter(AsyncKVStore &store)
{
    // Any call of the store runs its lazy open first; inspect() of the empty key reads one row
    // at most and decodes nothing, so it cannot fail on the rows themselves.
    (void)store.inspect(std::string()).result();
    return store.adapter();
}

void requireWritable(const AsyncKVStore &store, const char *operation)
{
    if (store.isReadOnly()) {
        throw ReadOnlyError(std::string("kvs: the store is open read-only; ") + operation
                            + " needs write access");
    }
}

std::int64_t nowOf(const TransferOptions &options)
{
    return options.clock ? options.clock->now() : systemClock()->now();
}

std::int64_t batchSizeOf(const TransferOptions &options)
{
    if (options.batchSize < 1) {
        throw RangeError("kvs: batch size must be an integer >= 1, got "
                         + std::to_string(options.batchSize));
    }
    return options.batchSize;
}

bool reportProgress(const TransferOptions &options, const TransferProgress &progress)
{
    return !options.onProgress || options.onProgress(progress);
}

} // namespace kvs::detail
