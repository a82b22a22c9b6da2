#include "postgres/pq_params.h"

namespace kvs::detail {

namespace {

constexpr unsigned int kBytea = 17;
constexpr unsigned int kInt8 = 20;
constexpr unsigned int kUnknown = 0; // the server infers it from the statement

} // namespace

void PqParams::add(std::optional<std::string> value, int format, unsigned int type)
{
    m_lengths.push_back(value ? static_cast<int>(value->size()) : 0);
    m_values.push_back(std::move(value));
    m_formats.push_back(format);
    m_types.push_back(type);
}

PqParams &PqParams::bytes(std::string_view value)
{
    add(std::string(value), 1, kBytea);
    return *this;
}

PqParams &PqParams::text(std::string_view value)
{
    add(std::string(value), 0, kUnknown);
    return *this;
}

PqParams &PqParams::int8(std::int64_t value)
{
    std::string bytes(8, '\0');
    auto bits = static_cast<std::uint64_t>(value);
    for (int i = 7; i >= 0; --i) {
        bytes[static_cast<std::size_t>(i)] = static_cast<char>(bits & 0xff);
        bits >>= 8;
    }
    add(std::move(bytes), 1, kInt8);
    return *this;
}

PqParams &PqParams::optionalInt8(std::optional<std::int64_t> value)
{
    return value ? int8(*value) : int8Null();
}

PqParams &PqParams::optionalText(const std::optional<std::string> &value)
{
    if (value)
        return text(*value);
    add(std::nullopt, 0, kUnknown);
    return *this;
}

PqParams &PqParams::int8Null()
{
    add(std::nullopt, 1, kInt8);
    return *this;
}

std::vector<const char *> PqParams::values() const
{
    std::vector<const char *> pointers;
    pointers.reserve(m_values.size());
    for (const auto &value : m_values)
        pointers.push_back(value ? value->data() : nullptr);
    return pointers;
}

} // namespace kvs::detail
