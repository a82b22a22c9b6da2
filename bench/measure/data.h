#pragma once

#include <kvs/key.h>

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// The operations and the data of `kvs bench`, shared by the store side and the raw baseline so
// both work on the same keys and values.
namespace kvs::bench {

// In run order; the names are the "op" field of the JSON lines.
enum class BenchOp {
    Set,
    GetHit,
    GetMiss,
    Delete,
    Increment,
    GetMany10,
    AtomicSum,
    QueueCycle,        // enqueue, dequeue, acknowledge one message on an empty topic
    QueueCycleBacklog, // the same cycle on a topic holding kQueueBacklog due pending messages
};

inline constexpr std::array kBenchOps{BenchOp::Set,
                                      BenchOp::GetHit,
                                      BenchOp::GetMiss,
                                      BenchOp::Delete,
                                      BenchOp::Increment,
                                      BenchOp::GetMany10,
                                      BenchOp::AtomicSum,
                                      BenchOp::QueueCycle,
                                      BenchOp::QueueCycleBacklog};

[[nodiscard]] std::string_view benchOpName(BenchOp op) noexcept;
[[nodiscard]] std::optional<BenchOp> benchOpFromName(std::string_view name) noexcept;

inline constexpr std::size_t kBackgroundKeys = 10000; // ["bench", i] = "v"
inline constexpr std::size_t kMissKeys = 10000;       // ["bench-miss", i], never written
inline constexpr std::size_t kDeleteBatch = 1000;     // ["bench-del", i], re-inserted untimed
inline constexpr std::size_t kGroupSize = 10;         // getMany(10 keys)
inline constexpr std::size_t kGroups = kBackgroundKeys / kGroupSize;
inline constexpr std::size_t kQueueBacklog = 10000; // due pending messages behind the cycle

// The queue topics: queue_cycle's stays empty between cycles; the backlog one holds
// kQueueBacklog due messages (each cycle adds one and takes the oldest, so the count stays).
inline constexpr std::string_view kQueueTopic = "bench-queue";
inline constexpr std::string_view kBacklogTopic = "bench-queue-backlog";

// Every key of the benchmark, as kvs keys (for the store) and encoded (for the raw loop), built
// once before anything is timed. A value type.
struct BenchKeys
{
    struct Set
    {
        std::vector<Key> keys;
        std::vector<std::string> encoded;
    };

    BenchKeys();

    Set background;
    Set miss;
    Set remove;                           // the delete keys
    std::vector<std::vector<Key>> groups; // group g: background keys g*10 .. g*10+9
    Key setKey{"k"};                      // set('k', 'v')
    Key counterKey{"bench-counter"};      // increment()
    Key sumKey{"bench-sum"};              // atomic().sum()
    Key markerKey{"kvs-bench"};           // marks a database as made by kvs bench
    std::string setKeyEncoded;
    std::string counterKeyEncoded;
    std::string sumKeyEncoded;
};

// The stored bytes of the value "v": the JSON text "v", quotes included.
inline constexpr std::string_view kValueBytes = "\"v\"";

} // namespace kvs::bench
