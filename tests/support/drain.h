#pragma once

#include <kvs/queue_listener.h>
#include <kvs/types.h>

#include <QTest>

#include <atomic>
#include <memory>

namespace kvs::test {

// Whether a store's background thread (KVStore, AsyncKVStore or the conformance suite's
// StoreUnderTest) has finished what it was running or had queued when the call began: the
// listeners' dequeues, a timer's run and the setting of its next time. A listener of a topic of
// its own gets one message; its dequeue is queued behind all of that on the one thread, and its
// handler runs after it. A test waits for this where it would otherwise sleep: before checking
// that nothing else started, and before moving a ManualClock again after a timer ran (the
// timer's next time is counted from the end of its run). It counts one delivery in the queue
// diagnostics (no ack: autoAck is off; the message stays leased on its topic) and leaves no
// listener behind.
template <typename Store>
[[nodiscard]] bool backgroundThreadDrained(Store &store)
{
    const std::string topic = "kvs-test-drain";
    auto seen = std::make_shared<std::atomic<bool>>(false);
    QueueListenerOptions listener;
    listener.autoAck = false;
    QueueListenerHandle drain = store.addQueueListener(
        topic, [seen](const QueueMessage &) { seen->store(true); }, listener);
    QueueOptions message;
    message.topic = topic;
    store.enqueue(Value(0), message);
    const bool drained = QTest::qWaitFor([&] { return seen->load(); }, 5000);
    drain.cancel().waitForFinished();
    return drained;
}

} // namespace kvs::test
