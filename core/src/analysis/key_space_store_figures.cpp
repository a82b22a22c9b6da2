#include "analysis/key_space_store_figures.h"

#include <kvs/errors.h>
#include <kvs/sql_adapter.h>

#include <QFuture>

#include <optional>
#include <string_view>

namespace kvs::detail {

namespace {

// The answer of future, or nullopt when the adapter does not have the call: SqlAdapter's default
// of an Optional call fails with Error "kvs: this adapter has no NAME()".
template <typename T>
std::optional<T> unlessMissing(QFuture<T> future)
{
    try {
        return future.result();
    } catch (const Error &error) {
        if (std::string_view(error.what()).rfind("kvs: this adapter has no ", 0) == 0)
            return std::nullopt;
        throw;
    }
}

} // namespace

void readStoreFigures(SqlAdapter &adapter, KeySpaceReport &report)
{
    // Both asked for before either is waited on: the backend may run them back to back.
    QFuture<std::vector<QueueStatusFigures>> queue = adapter.queueFigures(report.now);
    QFuture<StorageFigures> storage = adapter.storageFigures();
    report.queue = unlessMissing(std::move(queue));
    report.storage = unlessMissing(std::move(storage));
}

} // namespace kvs::detail
