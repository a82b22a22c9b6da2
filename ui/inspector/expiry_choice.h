#pragma once

#include <kvs/types.h>

#include <QString>

#include <cstdint>
#include <optional>

namespace kvs::ui {

// What a write does with the key's expiry: keep the one it has, remove it, or set a new TTL.
struct ExpiryChoice
{
    enum class Mode { Keep, Clear, Set };
    Mode mode = Mode::Keep;
    double ttlMs = 0; // Mode::Set: finite >= 0

    static ExpiryChoice keep() { return {}; }
    static ExpiryChoice clear() { return {Mode::Clear, 0}; }
    static ExpiryChoice in(double ttlMs) { return {Mode::Set, ttlMs}; }
};

// The SetOptions of a write under choice, for a key that expires at expiresAt (nullopt: never),
// at the time nowMs (ms since the epoch). Keep turns the remaining time into a ttl. Returns
// nullopt when the key has expired since it was read (Keep has nothing left to keep); the caller
// says so and asks for another choice.
[[nodiscard]] std::optional<SetOptions> resolveExpiry(const ExpiryChoice &choice,
                                                      std::optional<std::int64_t> expiresAt,
                                                      std::int64_t nowMs);

// A remaining duration for a countdown: "2 d 03:04:05", "03:04:05", "04:05" (at least 0).
[[nodiscard]] QString formatRemaining(std::int64_t ms);

} // namespace kvs::ui
