#include "bench/workload/workload_calls.h"

namespace kvs::bench {

namespace {

constexpr std::size_t kValuePool = 64;
constexpr double kTtlMs = 3'600'000; // an hour: no TTL of a run expires during it

} // namespace

WorkloadData::WorkloadData(const WorkloadConfig &config, std::shared_ptr<const DataShape> shape)
    : m_shape(std::move(shape))
    , m_scanLength(config.scanLength)
{
    FastRandom random(0x6b7673);
    const std::uint32_t span = config.valueMax - config.valueMin + 1;
    for (std::size_t i = 0; i < kValuePool; ++i) {
        // The sampled sizes, drawn as often as they were seen.
        const std::uint32_t size
            = m_shape ? m_shape->valueSizes[random.below(m_shape->valueSizes.size())]
                      : config.valueMin + static_cast<std::uint32_t>(random.below(span));
        std::string text(size, 'x');
        for (char &c : text)
            c = static_cast<char>('a' + random.below(26));
        m_values.emplace_back(std::move(text));
    }
}

Key WorkloadData::key(std::uint64_t index) const
{
    if (m_shape)
        return shapedKey(*m_shape, index);
    return Key{"kvsbench", static_cast<double>(index)};
}

ListSelector WorkloadData::scanFrom(std::uint64_t index) const
{
    ListSelector selector;
    selector.prefix = m_shape ? shapedPrefix(*m_shape, index) : prefix();
    selector.start = key(index);
    return selector;
}

Key WorkloadData::missKey(std::uint64_t index)
{
    return Key{"kvsbench-miss", static_cast<double>(index)};
}

SetOptions WorkloadData::setOptions(bool ttl) const
{
    SetOptions options;
    if (ttl)
        options.ttl = kTtlMs;
    return options;
}

std::vector<Key> WorkloadData::group(std::uint64_t index, std::uint64_t count) const
{
    std::vector<Key> keys;
    keys.reserve(10);
    for (std::uint64_t k = 0; k < 10; ++k)
        keys.push_back(key((index + k) % count));
    return keys;
}

CallPlanner::CallPlanner(
    const Mix &mix, double ttlShare, KeyChooser &chooser, WorkloadData &data, std::uint64_t seed)
    : m_mix(mix)
    , m_single(mix.shares.size() == 1)
    , m_ttlShare(ttlShare)
    , m_chooser(chooser)
    , m_data(data)
    , m_random(seed)
{}

Call CallPlanner::next() noexcept
{
    Call call;
    call.op = m_single ? m_mix.shares.front().op : m_mix.pick(m_random.unit());
    switch (call.op) {
    case WorkOp::Insert:
        call.key = m_chooser.insert();
        break;
    case WorkOp::Delete:
        call.key = m_data.nextDelete();
        break;
    case WorkOp::GetMiss:
        call.key = m_random.next() >> 12;
        break;
    default:
        call.key = m_chooser.existing(m_random);
        break;
    }
    if (call.op == WorkOp::Update || call.op == WorkOp::Insert
        || call.op == WorkOp::ReadModifyWrite) {
        call.value = static_cast<std::uint32_t>(m_random.below(m_data.valueCount()));
        call.ttl = m_ttlShare > 0 && m_random.unit() < m_ttlShare;
    }
    return call;
}

} // namespace kvs::bench
