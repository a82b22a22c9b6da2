#include "bench/workload/store_calls.h"

#include <kvs/async_kvstore.h>
#include <kvs/future.h>
#include <kvs/kvstore.h>

namespace kvs::bench {

namespace {

ListOptions scanOptions(const WorkloadData &data)
{
    ListOptions options;
    options.limit = data.scanLength();
    return options;
}

QueueOptions queueOptions()
{
    QueueOptions options;
    options.topic = std::string(kQueueWorkloadTopic);
    return options;
}

// The enqueue time, which the handler subtracts from its own start.
Value queuePayload()
{
    return Value(static_cast<double>(std::chrono::steady_clock::now().time_since_epoch()
                                     / std::chrono::nanoseconds(1)));
}

// Calls done when future finishes, with its failure if any.
template <typename T>
void whenDone(QFuture<T> future, CallDone done)
{
    kvs::then(future, [done = std::move(done)](QFuture<T> finished) {
        try {
            finished.waitForFinished(); // rethrows the call's failure
        } catch (...) {
            done(std::current_exception(), CallOutcome::Done);
            return;
        }
        done(nullptr, CallOutcome::Done);
    });
}

// check_set on the async store: the get, then the checked set from its continuation.
void startCheckSet(AsyncKVStore &store, WorkloadData &data, const Call &call, CallDone done)
{
    const QFuture<std::optional<Entry>> read = store.get(data.key(call.key));
    kvs::then(read,
              [&store, &data, call, done = std::move(done)](QFuture<std::optional<Entry>> got) {
                  std::optional<std::int64_t> version;
                  try {
                      const std::optional<Entry> entry = got.result();
                      if (entry)
                          version = entry->version;
                  } catch (...) {
                      done(std::current_exception(), CallOutcome::Done);
                      return;
                  }
                  QFuture<CommitResult> commit;
                  try {
                      const Key key = data.key(call.key);
                      commit = store.atomic()
                                   .check({key, version})
                                   .set(key, data.value(call.value), data.setOptions(call.ttl))
                                   .commit();
                  } catch (...) {
                      done(std::current_exception(), CallOutcome::Done);
                      return;
                  }
                  kvs::then(commit, [done](QFuture<CommitResult> committed) {
                      try {
                          const CommitResult result = committed.result();
                          done(nullptr, result.ok ? CallOutcome::Done : CallOutcome::Conflict);
                      } catch (...) {
                          done(std::current_exception(), CallOutcome::Done);
                      }
                  });
              });
}

} // namespace

CallOutcome makeCall(KVStore &store, WorkloadData &data, const KeyChooser &keys, const Call &call)
{
    switch (call.op) {
    case WorkOp::Read:
        (void)store.get(data.key(call.key));
        break;
    case WorkOp::GetMiss:
        (void)store.get(WorkloadData::missKey(call.key));
        break;
    case WorkOp::Update:
    case WorkOp::Insert:
        store.set(data.key(call.key), data.value(call.value), data.setOptions(call.ttl));
        break;
    case WorkOp::Scan:
        (void)store.list(data.scanFrom(call.key), scanOptions(data));
        break;
    case WorkOp::ReadModifyWrite: {
        const Key key = data.key(call.key);
        const std::optional<Entry> entry = store.get(key);
        const std::optional<std::int64_t> version
            = entry ? std::optional<std::int64_t>(entry->version) : std::nullopt;
        const CommitResult result = store.atomic()
                                        .check({key, version})
                                        .set(key, data.value(call.value), data.setOptions(call.ttl))
                                        .commit();
        return result.ok ? CallOutcome::Done : CallOutcome::Conflict;
    }
    case WorkOp::Delete:
        store.remove(data.key(call.key));
        break;
    case WorkOp::Increment:
        store.increment(WorkloadData::counterKey());
        break;
    case WorkOp::GetMany:
        (void)store.getMany(data.group(call.key, keys.count()));
        break;
    case WorkOp::AtomicSum:
        store.atomic().sum(WorkloadData::sumKey(), 1).commit();
        break;
    case WorkOp::Enqueue:
        store.enqueue(queuePayload(), queueOptions());
        break;
    case WorkOp::Handler:
        break; // not a call: the queue listeners record it (bench/queue_listeners.h)
    }
    return CallOutcome::Done;
}

void startCall(AsyncKVStore &store,
               WorkloadData &data,
               const KeyChooser &keys,
               const Call &call,
               CallDone done) noexcept
{
    try {
        switch (call.op) {
        case WorkOp::Read:
            return whenDone(store.get(data.key(call.key)), std::move(done));
        case WorkOp::GetMiss:
            return whenDone(store.get(WorkloadData::missKey(call.key)), std::move(done));
        case WorkOp::Update:
        case WorkOp::Insert:
            return whenDone(
                store.set(data.key(call.key), data.value(call.value), data.setOptions(call.ttl)),
                std::move(done));
        case WorkOp::Scan:
            return whenDone(store.list(data.scanFrom(call.key), scanOptions(data)),
                            std::move(done));
        case WorkOp::ReadModifyWrite:
            return startCheckSet(store, data, call, std::move(done));
        case WorkOp::Delete:
            return whenDone(store.remove(data.key(call.key)), std::move(done));
        case WorkOp::Increment:
            return whenDone(store.increment(WorkloadData::counterKey()), std::move(done));
        case WorkOp::GetMany:
            return whenDone(store.getMany(data.group(call.key, keys.count())), std::move(done));
        case WorkOp::AtomicSum:
            return whenDone(store.atomic().sum(WorkloadData::sumKey(), 1).commit(),
                            std::move(done));
        case WorkOp::Enqueue:
            return whenDone(store.enqueue(queuePayload(), queueOptions()), std::move(done));
        case WorkOp::Handler:
            break;
        }
        done(nullptr, CallOutcome::Done);
    } catch (...) {
        done(std::current_exception(), CallOutcome::Done);
    }
}

} // namespace kvs::bench
