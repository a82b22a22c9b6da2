#include "bench/measure/data.h"

namespace kvs::bench {

namespace {

constexpr std::array<std::string_view, kBenchOps.size()> kNames{"set",
                                                                "get_hit",
                                                                "get_miss",
                                                                "delete",
                                                                "increment",
                                                                "get_many_10",
                                                                "atomic_sum",
                                                                "queue_cycle",
                                                                "queue_cycle_backlog_10000"};

BenchKeys::Set makeSet(std::string_view head, std::size_t count)
{
    BenchKeys::Set set;
    set.keys.reserve(count);
    set.encoded.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        set.keys.push_back(Key{KeyPart(head), KeyPart(static_cast<double>(i))});
        set.encoded.push_back(encodeKey(set.keys.back()));
    }
    return set;
}

} // namespace

std::string_view benchOpName(BenchOp op) noexcept
{
    return kNames[static_cast<std::size_t>(op)];
}

std::optional<BenchOp> benchOpFromName(std::string_view name) noexcept
{
    for (const BenchOp op : kBenchOps) {
        if (benchOpName(op) == name) {
            return op;
        }
    }
    return std::nullopt;
}

BenchKeys::BenchKeys()
    : background(makeSet("bench", kBackgroundKeys))
    , miss(makeSet("bench-miss", kMissKeys))
    , remove(makeSet("bench-del", kDeleteBatch))
    , setKeyEncoded(encodeKey(setKey))
    , counterKeyEncoded(encodeKey(counterKey))
    , sumKeyEncoded(encodeKey(sumKey))
{
    groups.reserve(kGroups);
    for (std::size_t g = 0; g < kGroups; ++g) {
        const auto first = background.keys.begin() + static_cast<std::ptrdiff_t>(g * kGroupSize);
        groups.emplace_back(first, first + kGroupSize);
    }
}

} // namespace kvs::bench
