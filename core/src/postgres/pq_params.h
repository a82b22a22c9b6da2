#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kvs::detail {

// The parameters of one statement, in libpq's terms: bytea and int8 go binary (format 1) with
// their type oid, so bytes are never escaped and numbers never reparsed; text goes as text with
// the type left to the server (the SQL casts, e.g. $2::numeric). A value type.
class PqParams
{
public:
    PqParams &bytes(std::string_view value);
    PqParams &text(std::string_view value);
    PqParams &int8(std::int64_t value);
    PqParams &optionalInt8(std::optional<std::int64_t> value);
    PqParams &optionalText(const std::optional<std::string> &value);
    PqParams &int8Null();

    int size() const noexcept { return static_cast<int>(m_values.size()); }
    // The arrays PQsendQueryPrepared takes; valid until this object changes.
    std::vector<const char *> values() const;
    const std::vector<int> &lengths() const noexcept { return m_lengths; }
    const std::vector<int> &formats() const noexcept { return m_formats; }
    const std::vector<unsigned int> &types() const noexcept { return m_types; }

private:
    void add(std::optional<std::string> value, int format, unsigned int type);

    std::vector<std::optional<std::string>> m_values;
    std::vector<int> m_lengths;
    std::vector<int> m_formats;
    std::vector<unsigned int> m_types;
};

} // namespace kvs::detail
