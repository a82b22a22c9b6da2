#pragma once

#include <QString>

#include <cstdint>

// How the key tree's size and expiry columns show a value's summary.
namespace kvs::ui {

// The stored size: "812 bytes", "1.2 kB" (QLocale's data size, 1,024 based).
[[nodiscard]] QString valueSizeText(std::int64_t bytes);
// The time left until expiresAt at nowMs, to the second and at most two units: "in 45 s",
// "in 4 m 12 s", "in 3 h 5 m", "in 2 d 7 h"; "expired" from expiresAt on.
[[nodiscard]] QString countdownText(std::int64_t expiresAt, std::int64_t nowMs);

} // namespace kvs::ui
