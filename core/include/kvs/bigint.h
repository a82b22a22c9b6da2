#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kvs {

/// An arbitrary-precision integer, JavaScript's bigint. Held as a sign and a minimal big-endian
/// magnitude (empty for zero, never negative zero), which is what the key encoding needs; decimal
/// conversion uses GMP. A value type; safe from any thread.
class BigInt
{
public:
    BigInt() = default;
    explicit BigInt(std::int64_t value);

    /// Parses an optional '-' followed by decimal digits ("-1999"). Returns nullopt otherwise.
    static std::optional<BigInt> fromDecimal(std::string_view text);
    /// Builds from a sign and big-endian magnitude bytes; leading zero bytes are dropped.
    static BigInt fromMagnitude(bool negative, std::string_view bigEndianMagnitude);

    /// Decimal digits with a leading '-' when negative ("0" for zero), as JavaScript prints it.
    std::string toDecimal() const;
    bool isNegative() const noexcept { return m_negative; }
    bool isZero() const noexcept { return m_magnitude.empty(); }
    /// Minimal big-endian magnitude; empty for zero.
    const std::string &magnitude() const noexcept { return m_magnitude; }

    friend bool operator==(const BigInt &, const BigInt &) = default;
    // Numeric order: negative, zero or positive like strcmp. (No operator<=>: <compare> pulls
    // in <concepts>, which Qt 6.4's moc cannot parse in the tests that include this header.)
    friend int compare(const BigInt &a, const BigInt &b) noexcept;

private:
    bool m_negative = false;
    std::string m_magnitude;
};

} // namespace kvs
