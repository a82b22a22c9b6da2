#pragma once

#include <kvs/clock.h>
#include <kvs/kvstore.h>

#include <memory>
#include <string>
#include <vector>

// The dead letters the sweep and job tests start from.
namespace kvs::test {

// Writes count dead letters on topic "jobs" of a new SQLite file at path (max attempts 1):
// message i has payload {n: i} and failed with "error i". Returns path.
inline std::string deadLetters(const std::string &path, int count)
{
    KVStoreOptions options;
    options.clock = std::make_shared<ManualClock>();
    KVStore store(path, options);
    QueueOptions queue;
    queue.topic = "jobs";
    queue.maxAttempts = 1;
    for (int i = 0; i < count; ++i)
        (void)store.enqueue(Value::object({{"n", Value(double(i))}}), queue);
    for (int taken = 0; taken < count;) {
        const std::vector<QueueMessage> page = store.dequeue("jobs", 1000);
        for (const QueueMessage &m : page) {
            NackOptions nack;
            nack.error = "error " + std::to_string(m.id - 1);
            store.nack(double(m.id), m.token, nack);
        }
        taken += int(page.size());
    }
    return path;
}

} // namespace kvs::test
