#pragma once

#include "bench/workload/data_shape.h"
#include "bench/workload/key_chooser.h"
#include "bench/workload/workload_config.h"

#include <kvs/key.h>
#include <kvs/types.h>
#include <kvs/value.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

// The calls a workload makes: which operation on which key with which value, drawn by a
// planner, and the keys and values they use.
namespace kvs::bench {

// One call to make. A value type.
struct Call
{
    WorkOp op = WorkOp::Read;
    std::uint64_t key = 0;   // the key index (Delete: the sequence number)
    std::uint32_t value = 0; // the index into WorkloadData's values
    bool ttl = false;        // a write with a TTL
};

// The keys and values of one run: ["kvsbench", i] for the keyspace and inserts (or, with a
// DataShape, keys in the sampled shapes: shapedKey()), ["kvsbench-miss", i] never written,
// ["kvsbench-counter"] and ["kvsbench-sum"]; values are strings of the configured sizes (or of
// the sampled sizes), drawn from a pool built once. Safe from any thread.
class WorkloadData
{
public:
    // shape: null for the plain keys and config's value sizes.
    explicit WorkloadData(const WorkloadConfig &config,
                          std::shared_ptr<const DataShape> shape = nullptr);

    [[nodiscard]] Key key(std::uint64_t index) const;
    // A scan (list() page) from key(index), under its prefix.
    [[nodiscard]] ListSelector scanFrom(std::uint64_t index) const;
    [[nodiscard]] static Key missKey(std::uint64_t index);
    [[nodiscard]] static Key counterKey() { return Key{"kvsbench-counter"}; }
    [[nodiscard]] static Key sumKey() { return Key{"kvsbench-sum"}; }
    [[nodiscard]] static Key prefix() { return Key{"kvsbench"}; }
    [[nodiscard]] const Value &value(std::uint32_t index) const { return m_values[index]; }
    [[nodiscard]] std::uint32_t valueCount() const noexcept
    {
        return static_cast<std::uint32_t>(m_values.size());
    }
    [[nodiscard]] SetOptions setOptions(bool ttl) const;
    [[nodiscard]] std::uint32_t scanLength() const noexcept { return m_scanLength; }
    // The keys of a get_many_10 call starting at index, wrapping within count keys.
    [[nodiscard]] std::vector<Key> group(std::uint64_t index, std::uint64_t count) const;
    // The next delete's sequence number (shared by every caller).
    [[nodiscard]] std::uint64_t nextDelete() noexcept { return m_deletes.fetch_add(1); }

private:
    std::shared_ptr<const DataShape> m_shape; // null: ["kvsbench", i]
    std::vector<Value> m_values;
    std::uint32_t m_scanLength;
    std::atomic<std::uint64_t> m_deletes{0};
};

// Draws a workload's calls: the op by its mix, the key by the distribution, a value of the
// configured sizes, a TTL for ttlShare of the writes. Not thread-safe: one per thread or chain,
// or behind the caller's lock (the KeyChooser and WorkloadData may be shared).
class CallPlanner
{
public:
    // Requires: chooser and data outlive the planner; mix has a share.
    CallPlanner(const Mix &mix,
                double ttlShare,
                KeyChooser &chooser,
                WorkloadData &data,
                std::uint64_t seed);

    [[nodiscard]] Call next() noexcept;

private:
    Mix m_mix;
    bool m_single; // one op: no draw
    double m_ttlShare;
    KeyChooser &m_chooser; // Not owned.
    WorkloadData &m_data;  // Not owned.
    FastRandom m_random;
};

} // namespace kvs::bench
