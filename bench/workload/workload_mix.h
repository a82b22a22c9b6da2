#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// The operations a workload mixes, and the named workloads: each operation of the reference's
// throughput table alone, the YCSB core workloads A-F, the queue workload and a custom mix.
namespace kvs::bench {

// One kind of call. The names are the "op" field of the result lines.
enum class WorkOp {
    Read,            // "get": get() of a loaded key
    Update,          // "set": set() of a loaded key
    Insert,          // "insert": set() of a new key past the keyspace
    Scan,            // "list": one list() page of scanLength entries from a loaded key
    ReadModifyWrite, // "check_set": get(), then atomic().check(version).set() (YCSB F)
    GetMiss,         // "get_miss": get() of a key never written
    Delete,          // "delete": remove() of the loaded keys in turn, then of absent keys
    Increment,       // "increment": increment() of one counter key
    GetMany,         // "get_many_10": getMany() of 10 loaded keys
    AtomicSum,       // "atomic_sum": atomic().sum() of one key
    Enqueue,         // "enqueue": the queue workload's producers
    Handler,         // "handler": the queue workload's delay from enqueue to the handler's start
};
inline constexpr std::size_t kWorkOpCount = 12;

[[nodiscard]] std::string_view workOpName(WorkOp op) noexcept;
[[nodiscard]] std::optional<WorkOp> workOpFromName(std::string_view name) noexcept;

// Weighted operations; weights need not add up to anything. A value type.
struct Mix
{
    struct Share
    {
        WorkOp op;
        double weight;
    };
    std::vector<Share> shares;

    // The op for a uniform draw u in [0, 1). Requires: shares not empty, weights > 0.
    [[nodiscard]] WorkOp pick(double u) const noexcept;
};

// "set", "get", "get_miss", "delete", "increment", "get_many_10", "atomic_sum", "ycsb-a" ..
// "ycsb-f", "queue", "custom", for messages.
[[nodiscard]] std::string workloadNames();
[[nodiscard]] bool isWorkloadName(std::string_view name) noexcept;
// The mix of a named workload other than "custom" and "queue"; nullopt for those and unknown
// names.
[[nodiscard]] std::optional<Mix> workloadMix(std::string_view name);
// Whether a named workload reads keys by YCSB's zipfian (ycsb-a/b/c/e/f) or latest (ycsb-d)
// distribution by default; the others default to uniform.
[[nodiscard]] bool prefersZipfian(std::string_view workload) noexcept;
[[nodiscard]] bool prefersLatest(std::string_view workload) noexcept;

// Parses a custom mix "get=50,set=30,list=20" (op names as workOpName(), positive weights; not
// enqueue or handler). Throws kvs::Error "kvs: bench: --mix ..." naming the bad part.
[[nodiscard]] Mix parseMix(std::string_view text);

} // namespace kvs::bench
