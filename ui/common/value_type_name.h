#pragma once

#include <kvs/value.h>

#include <QString>

#include <optional>

namespace kvs::ui {

// A value's type as the key tree's value column and the structured view name it: "string",
// "number", "bigint", "bytes", "Date", "array", "object", "Map", "Set", "boolean", "null",
// "undefined"; nullopt (a stored value whose first bytes are not a value's) "unknown".
[[nodiscard]] QString valueTypeName(std::optional<Value::Type> type);

} // namespace kvs::ui
