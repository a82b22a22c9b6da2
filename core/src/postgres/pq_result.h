#pragma once

#include "postgres/pq_handle.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kvs::detail {

// The rows of one statement, read in binary format (every statement of the adapter asks for
// binary results: bytea comes back raw, int8 as 8 big-endian bytes, float8 as IEEE bits). The
// accessors check the column's type, so a changed statement fails loudly instead of misreading.
// A value type (move-only); one thread at a time.
class PqResult
{
public:
    PqResult() = default;
    explicit PqResult(PqResultHandle result);

    int rows() const noexcept;
    // Rows a command changed (UPDATE, DELETE, INSERT), from its command tag.
    std::int64_t affected() const;
    bool isNull(int row, int column) const;
    std::string_view bytes(int row, int column) const; // bytea or text
    std::int64_t int64(int row, int column) const;     // int8, int4 or int2
    std::optional<std::int64_t> optionalInt64(int row, int column) const;
    double float8(int row, int column) const;
    std::optional<std::string> optionalText(int row, int column) const;

private:
    PqResultHandle m_result;
};

} // namespace kvs::detail
