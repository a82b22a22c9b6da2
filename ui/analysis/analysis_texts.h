#pragma once

#include <QString>

#include <cstdint>

namespace kvs::ui {

// The texts the Analysis view shows for the report's figures. Thread rule: GUI thread only
// (translated texts).

// "1.2 MB", as the view writes sizes.
[[nodiscard]] QString analysisBytesText(std::int64_t bytes);
// An expiry group of the report ("none", "under 1 h", ...) as the view names it.
[[nodiscard]] QString expiryGroupText(const QString &group);

} // namespace kvs::ui
