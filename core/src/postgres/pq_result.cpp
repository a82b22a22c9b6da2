#include "postgres/pq_result.h"

#include <kvs/errors.h>

#include <libpq-fe.h>

#include <cstring>

namespace kvs::detail {

namespace {

// Type oids of pg_type (stable since PostgreSQL 7).
constexpr Oid kInt2 = 21;
constexpr Oid kInt4 = 23;
constexpr Oid kInt8 = 20;
constexpr Oid kFloat8 = 701;

std::uint64_t bigEndian(const char *data, int length)
{
    std::uint64_t value = 0;
    for (int i = 0; i < length; ++i)
        value = (value << 8) | static_cast<unsigned char>(data[i]);
    return value;
}

} // namespace

void PqResultClearer::operator()(pg_result *result) const noexcept
{
    PQclear(result);
}

PqResult::PqResult(PqResultHandle result)
    : m_result(std::move(result))
{}

int PqResult::rows() const noexcept
{
    return m_result ? PQntuples(m_result.get()) : 0;
}

std::int64_t PqResult::affected() const
{
    const char *tuples = m_result ? PQcmdTuples(m_result.get()) : "";
    return *tuples ? std::stoll(tuples) : 0;
}

bool PqResult::isNull(int row, int column) const
{
    return PQgetisnull(m_result.get(), row, column) != 0;
}

std::string_view PqResult::bytes(int row, int column) const
{
    return {PQgetvalue(m_result.get(), row, column),
            static_cast<std::size_t>(PQgetlength(m_result.get(), row, column))};
}

std::int64_t PqResult::int64(int row, int column) const
{
    const Oid type = PQftype(m_result.get(), column);
    const char *data = PQgetvalue(m_result.get(), row, column);
    const int length = PQgetlength(m_result.get(), row, column);
    const bool expected = (type == kInt8 && length == 8) || (type == kInt4 && length == 4)
                          || (type == kInt2 && length == 2);
    if (!expected || PQfformat(m_result.get(), column) != 1)
        throw Error("kvs: PostgreSQL returned an unexpected type for an integer column");
    const std::uint64_t bits = bigEndian(data, length);
    // Sign-extend from the column's width.
    const int shift = 64 - 8 * length;
    return static_cast<std::int64_t>(bits << shift) >> shift;
}

std::optional<std::int64_t> PqResult::optionalInt64(int row, int column) const
{
    if (isNull(row, column))
        return std::nullopt;
    return int64(row, column);
}

double PqResult::float8(int row, int column) const
{
    if (PQftype(m_result.get(), column) != kFloat8 || PQgetlength(m_result.get(), row, column) != 8)
        throw Error("kvs: PostgreSQL returned an unexpected type for a float8 column");
    const std::uint64_t bits = bigEndian(PQgetvalue(m_result.get(), row, column), 8);
    double value = 0;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

std::optional<std::string> PqResult::optionalText(int row, int column) const
{
    if (isNull(row, column))
        return std::nullopt;
    return std::string(bytes(row, column));
}

} // namespace kvs::detail
