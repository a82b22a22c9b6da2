#include <kvs/bigint.h>

#include <gmp.h>
#include <memory>

namespace kvs {

namespace {

// RAII for an mpz_t; GMP does the decimal <-> binary conversions (prefer a well-kept library to
// hand-written base conversion).
class Mpz
{
public:
    Mpz() { mpz_init(m_value); }
    ~Mpz() { mpz_clear(m_value); }
    Mpz(const Mpz &) = delete;
    Mpz &operator=(const Mpz &) = delete;
    mpz_ptr get() { return m_value; }

private:
    mpz_t m_value;
};

std::string magnitudeOf(mpz_ptr value)
{
    const size_t bytes = (mpz_sizeinbase(value, 2) + 7) / 8;
    std::string out(bytes, '\0');
    size_t written = 0;
    if (mpz_sgn(value) != 0)
        mpz_export(out.data(), &written, 1, 1, 1, 0, value);
    out.resize(written);
    return out;
}

} // namespace

BigInt::BigInt(std::int64_t value)
{
    m_negative = value < 0;
    // Two's complement safe magnitude of INT64_MIN.
    std::uint64_t magnitude
        = m_negative ? ~static_cast<std::uint64_t>(value) + 1 : static_cast<std::uint64_t>(value);
    while (magnitude != 0) {
        m_magnitude.insert(m_magnitude.begin(), static_cast<char>(magnitude & 0xff));
        magnitude >>= 8;
    }
}

std::optional<BigInt> BigInt::fromDecimal(std::string_view text)
{
    std::size_t start = 0;
    bool negative = false;
    if (!text.empty() && text[0] == '-') {
        negative = true;
        start = 1;
    }
    if (start == text.size())
        return std::nullopt;
    for (std::size_t i = start; i < text.size(); ++i) {
        if (text[i] < '0' || text[i] > '9')
            return std::nullopt;
    }
    Mpz value;
    const std::string digits(text.substr(start));
    if (mpz_set_str(value.get(), digits.c_str(), 10) != 0)
        return std::nullopt;
    BigInt result;
    result.m_magnitude = magnitudeOf(value.get());
    result.m_negative = negative && !result.m_magnitude.empty();
    return result;
}

BigInt BigInt::fromMagnitude(bool negative, std::string_view bigEndianMagnitude)
{
    std::size_t first = 0;
    while (first < bigEndianMagnitude.size() && bigEndianMagnitude[first] == '\0')
        ++first;
    BigInt result;
    result.m_magnitude = std::string(bigEndianMagnitude.substr(first));
    result.m_negative = negative && !result.m_magnitude.empty();
    return result;
}

std::string BigInt::toDecimal() const
{
    if (m_magnitude.empty())
        return "0";
    Mpz value;
    mpz_import(value.get(), m_magnitude.size(), 1, 1, 1, 0, m_magnitude.data());
    std::string out(mpz_sizeinbase(value.get(), 10) + 2, '\0');
    mpz_get_str(out.data() + 1, 10, value.get());
    out.resize(1 + std::char_traits<char>::length(out.data() + 1));
    if (m_negative)
        out[0] = '-';
    else
        out.erase(0, 1);
    return out;
}

int compare(const BigInt &a, const BigInt &b) noexcept
{
    if (a.m_negative != b.m_negative)
        return a.m_negative ? -1 : 1;
    // Same sign: compare magnitudes (length first, both minimal), inverted for negatives.
    int magnitude = a.m_magnitude.size() == b.m_magnitude.size()
                        ? a.m_magnitude.compare(b.m_magnitude)
                        : (a.m_magnitude.size() < b.m_magnitude.size() ? -1 : 1);
    magnitude = magnitude < 0 ? -1 : (magnitude > 0 ? 1 : 0);
    return a.m_negative ? -magnitude : magnitude;
}

} // namespace kvs
