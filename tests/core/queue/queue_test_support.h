#pragma once

#include "support/raw_sqlite.h"

#include <kvs/clock.h>
#include <kvs/kvstore.h>

#include <QDateTime>

#include <cstdint>
#include <memory>
#include <string>

// Helpers shared by the queue tests (tst_kvstore_queue, tst_kvstore_queue_admin,
// tst_kvstore_listener).
namespace kvs::test {

inline std::int64_t nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

inline std::int64_t toInt(const std::string &text)
{
    return std::stoll(text);
}

inline QueueOptions onTopic(const std::string &topic, double maxAttempts = 3, double delay = 0)
{
    QueueOptions options;
    options.topic = topic;
    options.maxAttempts = maxAttempts;
    options.delay = delay;
    return options;
}

inline KVStoreOptions withQueue(const QueueConfig &queue)
{
    KVStoreOptions options;
    options.queue = queue;
    return options;
}

// options on clock: a test that needs time to pass gives the store a ManualClock and moves it.
inline KVStoreOptions onClock(std::shared_ptr<Clock> clock, KVStoreOptions options = {})
{
    options.clock = std::move(clock);
    return options;
}

// A queue row's column as stored ("<null>" for NULL), read by a second connection.
inline std::string queueColumn(const std::string &path, std::int64_t id, const char *name)
{
    RawSqlite raw(path, true);
    return raw.scalar(std::string("SELECT ") + name
                      + " FROM queue WHERE id = " + std::to_string(id));
}

} // namespace kvs::test
