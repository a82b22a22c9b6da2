#pragma once

#include "runtime/future_util.h"
#include "store/op_support.h"
#include "store/store_runtime.h"

#include <QByteArray>
#include <QPromise>

#include <functional>
#include <memory>
#include <string>

namespace kvs::detail {

// getAsync()'s fill, for both stores (reference getAsync() steps 2 to 5): concurrent callers of
// one key (by the hex of its encoded bytes: gotcha 5) share one flight, which runs on the
// runtime's compute pool, never on a caller's thread: it reads the key again (a caller whose read
// missed just before another flight stored the value would compute it a second time), else
// calls compute() and stores its result with options' ttl. The store's get() and set() answer a
// value (KVStore) or a future (AsyncKVStore); either is waited for there, on the pool.
// Requires: store and runtime outlive the flight (the stores wait for the compute pool when they
// go).
template <typename Store>
QFuture<Value> getAsyncFill(Store &store,
                            StoreRuntime &runtime,
                            const Key &key,
                            std::function<Value()> compute,
                            const SetOptions &options)
{
    const std::string flight
        = QByteArray::fromStdString(runtime.encodeChecked(key)).toHex().toStdString();
    return runtime.flights.run(flight, [&store, &runtime, key, compute, options] {
        auto promise = std::make_shared<QPromise<Value>>();
        promise->start();
        runtime.computePool.start([&store, key, compute, options, promise] {
            settle(*promise, [&] {
                if (std::optional<Entry> stored = valueOf(store.get(key)))
                    return std::move(stored->value);
                Value value = compute();
                valueOf(store.set(key, value, options));
                return value;
            });
        });
        return promise->future();
    });
}

} // namespace kvs::detail
