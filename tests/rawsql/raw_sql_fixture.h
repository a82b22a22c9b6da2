#pragma once

#include "rawsql/raw_sql_worker.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>

#include <QFuture>
#include <QTest>

#include <chrono>
#include <functional>
#include <string>
#include <thread>

// Helpers of the rawsql tests: fill a real store, wait for a worker's future, and interrupt a
// statement until it stops.
namespace kvs::test {

// ["row", i] = "value i" for i in [0, count), and one queue message.
inline void fillStore(AsyncKVStore &store, int count)
{
    const int batch = 100;
    for (int start = 0; start < count; start += batch) {
        auto operation = store.atomic();
        for (int i = start; i < std::min(count, start + batch); ++i)
            operation.set({"row", i}, Value("value " + std::to_string(i)));
        operation.commit().waitForFinished();
    }
    store.enqueue(Value("payload")).waitForFinished();
}

template <typename T>
T resultOf(QFuture<T> future)
{
    future.waitForFinished();
    if constexpr (!std::is_void_v<T>)
        return future.result();
}

// The message of the kvs::Error the future failed with; "" when it did not fail.
template <typename T>
std::string errorOf(QFuture<T> future)
{
    try {
        future.waitForFinished();
        if constexpr (!std::is_void_v<T>)
            (void)future.result();
    } catch (const Error &e) {
        return e.what();
    }
    return {};
}

// Interrupts worker until running finishes: the statement may not have started when the first
// interrupt arrives (an interrupt of nothing is a no-op), so it is repeated. Fails the test
// when the statement outlives every try (a bound against a hung run, not a timing assertion).
template <typename T>
void interruptUntilDone(rawsql::RawSqlWorker &worker, QFuture<T> &running)
{
    for (int tries = 0; tries < 3000 && !running.isFinished(); ++tries) {
        worker.interrupt();
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    QVERIFY2(running.isFinished(), "the statement did not stop when interrupted");
}

} // namespace kvs::test
