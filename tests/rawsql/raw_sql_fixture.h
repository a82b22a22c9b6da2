#pragma once

#include "rawsql/raw_sql_worker.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>

#include <QFuture>
#include <QTest>

#include <functional>
#include <string>

// Helpers of the rawsql tests: fill a real store, wait for a worker's future, find a table.
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

// The table of worker's database labelled label ("kv", "queue", ...); fails the test process
// when there is none.
inline rawsql::KvsTable tableNamed(rawsql::RawSqlWorker &worker, const QString &label)
{
    for (const rawsql::KvsTable &table : resultOf(worker.tables()))
        if (table.label == label)
            return table;
    qFatal("no table %s", qPrintable(label));
}

} // namespace kvs::test
