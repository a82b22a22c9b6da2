#include "bench/workload/workload_mix.h"

#include <kvs/errors.h>
#include <kvs/json_line.h>

#include <charconv>
#include <cmath>

namespace kvs::bench {

namespace {

constexpr std::array<std::string_view, kWorkOpCount> kOpNames = {"get",
                                                                 "set",
                                                                 "insert",
                                                                 "list",
                                                                 "check_set",
                                                                 "get_miss",
                                                                 "delete",
                                                                 "increment",
                                                                 "get_many_10",
                                                                 "atomic_sum",
                                                                 "enqueue",
                                                                 "handler"};

struct NamedMix
{
    std::string_view name;
    std::vector<Mix::Share> shares;
};

// The YCSB core workloads' proportions (YCSB's workloads/workloada .. workloadf).
const std::vector<NamedMix> &namedMixes()
{
    static const std::vector<NamedMix> mixes = {
        {"set", {{WorkOp::Update, 1}}},
        {"get", {{WorkOp::Read, 1}}},
        {"get_miss", {{WorkOp::GetMiss, 1}}},
        {"delete", {{WorkOp::Delete, 1}}},
        {"increment", {{WorkOp::Increment, 1}}},
        {"get_many_10", {{WorkOp::GetMany, 1}}},
        {"atomic_sum", {{WorkOp::AtomicSum, 1}}},
        {"ycsb-a", {{WorkOp::Read, 50}, {WorkOp::Update, 50}}},
        {"ycsb-b", {{WorkOp::Read, 95}, {WorkOp::Update, 5}}},
        {"ycsb-c", {{WorkOp::Read, 100}}},
        {"ycsb-d", {{WorkOp::Read, 95}, {WorkOp::Insert, 5}}},
        {"ycsb-e", {{WorkOp::Scan, 95}, {WorkOp::Insert, 5}}},
        {"ycsb-f", {{WorkOp::Read, 50}, {WorkOp::ReadModifyWrite, 50}}},
    };
    return mixes;
}

} // namespace

std::string_view workOpName(WorkOp op) noexcept
{
    return kOpNames[static_cast<std::size_t>(op)];
}

std::optional<WorkOp> workOpFromName(std::string_view name) noexcept
{
    for (std::size_t i = 0; i < kOpNames.size(); ++i) {
        if (kOpNames[i] == name)
            return static_cast<WorkOp>(i);
    }
    return std::nullopt;
}

WorkOp Mix::pick(double u) const noexcept
{
    double total = 0;
    for (const Share &share : shares)
        total += share.weight;
    double point = u * total;
    for (const Share &share : shares) {
        if (point < share.weight)
            return share.op;
        point -= share.weight;
    }
    return shares.back().op;
}

std::string workloadNames()
{
    std::string names;
    for (const NamedMix &mix : namedMixes())
        names += std::string(mix.name) + ", ";
    return names + "queue, custom";
}

bool isWorkloadName(std::string_view name) noexcept
{
    return name == "queue" || name == "custom" || workloadMix(name).has_value();
}

std::optional<Mix> workloadMix(std::string_view name)
{
    for (const NamedMix &mix : namedMixes()) {
        if (mix.name == name)
            return Mix{mix.shares};
    }
    return std::nullopt;
}

bool prefersZipfian(std::string_view workload) noexcept
{
    return workload == "ycsb-a" || workload == "ycsb-b" || workload == "ycsb-c"
           || workload == "ycsb-e" || workload == "ycsb-f";
}

bool prefersLatest(std::string_view workload) noexcept
{
    return workload == "ycsb-d";
}

Mix parseMix(std::string_view text)
{
    Mix mix;
    std::string_view rest = text;
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        const std::string_view part = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        const std::size_t equals = part.find('=');
        const std::string_view name = part.substr(0, equals);
        const std::optional<WorkOp> op = workOpFromName(name);
        if (!op || *op == WorkOp::Enqueue || *op == WorkOp::Handler) {
            throw Error("kvs: bench: --mix: unknown operation " + jsonQuoted(name)
                        + " (known: get, set, insert, list, check_set, get_miss, delete, "
                          "increment, get_many_10, atomic_sum)");
        }
        double weight = 0;
        const std::string_view number
            = equals == std::string_view::npos ? std::string_view() : part.substr(equals + 1);
        const auto [end, error]
            = std::from_chars(number.data(), number.data() + number.size(), weight);
        if (number.empty() || error != std::errc() || end != number.data() + number.size()
            || !std::isfinite(weight) || weight <= 0) {
            throw Error("kvs: bench: --mix: " + jsonQuoted(part)
                        + " needs a weight > 0, as in get=90,set=10");
        }
        mix.shares.push_back({*op, weight});
    }
    if (mix.shares.empty())
        throw Error("kvs: bench: --mix needs at least one op=weight, as in get=90,set=10");
    return mix;
}

} // namespace kvs::bench
