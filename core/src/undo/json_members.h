#pragma once

#include "codec/json_allocator.h"

#include <cstdint>
#include <optional>
#include <string>

// Members of a JSON object in the undo folder's files (the journal, the recycle bin's items and
// import lines): a member that is missing or of another type is nullopt, and the reader then
// drops the line it was reading.
namespace kvs::detail {

[[nodiscard]] inline std::optional<std::string> stringMember(const JsonValue &object,
                                                             const char *name)
{
    const auto it = object.FindMember(name);
    if (it == object.MemberEnd() || !it->value.IsString())
        return std::nullopt;
    return std::string(it->value.GetString(), it->value.GetStringLength());
}

[[nodiscard]] inline std::optional<std::int64_t> int64Member(const JsonValue &object,
                                                             const char *name)
{
    const auto it = object.FindMember(name);
    if (it == object.MemberEnd() || !it->value.IsInt64())
        return std::nullopt;
    return it->value.GetInt64();
}

} // namespace kvs::detail
