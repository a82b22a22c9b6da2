#include <kvs/key_space_analysis.h>

#include <bit>

namespace kvs {

namespace {

constexpr std::int64_t kHour = 60 * 60 * 1000;
constexpr std::int64_t kDay = 24 * kHour;

} // namespace

ExpiryGroup expiryGroupOf(const std::optional<std::int64_t> &expiresAt, std::int64_t now) noexcept
{
    if (!expiresAt)
        return ExpiryGroup::None;
    // A row whose expiry is now has expired: get() reads expires_at > now as live.
    if (*expiresAt <= now)
        return ExpiryGroup::Expired;
    const std::int64_t left = *expiresAt - now;
    if (left < kHour)
        return ExpiryGroup::UnderHour;
    if (left < 4 * kHour)
        return ExpiryGroup::OneToFourHours;
    if (left < 12 * kHour)
        return ExpiryGroup::FourToTwelveHours;
    if (left < kDay)
        return ExpiryGroup::TwelveToTwentyFourHours;
    if (left < 7 * kDay)
        return ExpiryGroup::OneToSevenDays;
    return ExpiryGroup::Later;
}

const char *expiryGroupName(ExpiryGroup group) noexcept
{
    switch (group) {
    case ExpiryGroup::None:
        return "none";
    case ExpiryGroup::Expired:
        return "expired";
    case ExpiryGroup::UnderHour:
        return "under 1 h";
    case ExpiryGroup::OneToFourHours:
        return "1-4 h";
    case ExpiryGroup::FourToTwelveHours:
        return "4-12 h";
    case ExpiryGroup::TwelveToTwentyFourHours:
        return "12-24 h";
    case ExpiryGroup::OneToSevenDays:
        return "1-7 d";
    case ExpiryGroup::Later:
        break;
    }
    return "later";
}

int SizeDistribution::bucketOf(std::int64_t size) noexcept
{
    return size <= 0 ? 0 : static_cast<int>(std::bit_width(static_cast<std::uint64_t>(size)));
}

std::int64_t SizeDistribution::lowerOf(int bucket) noexcept
{
    return bucket == 0 ? 0 : std::int64_t(1) << (bucket - 1);
}

std::int64_t SizeDistribution::upperOf(int bucket) noexcept
{
    return bucket == 0 ? 0 : (std::int64_t(1) << bucket) - 1;
}

void SizeDistribution::add(std::int64_t size)
{
    const auto bucket = static_cast<std::size_t>(bucketOf(size));
    if (counts.size() <= bucket)
        counts.resize(bucket + 1, 0);
    ++counts[bucket];
}

} // namespace kvs
