#include "inspector/expiry_choice.h"

#include <QCoreApplication>

namespace kvs::ui {

std::optional<SetOptions>
resolveExpiry(const ExpiryChoice &choice, std::optional<std::int64_t> expiresAt, std::int64_t nowMs)
{
    SetOptions options;
    switch (choice.mode) {
    case ExpiryChoice::Mode::Clear:
        return options;
    case ExpiryChoice::Mode::Set:
        options.ttl = choice.ttlMs;
        return options;
    case ExpiryChoice::Mode::Keep:
        if (!expiresAt)
            return options;
        if (*expiresAt <= nowMs)
            return std::nullopt;
        options.ttl = static_cast<double>(*expiresAt - nowMs);
        return options;
    }
    return options;
}

QString formatRemaining(std::int64_t ms)
{
    // Rounded up: a key with 0.4 s left still shows 00:01, and 00:00 means it has expired.
    const std::int64_t total = ms <= 0 ? 0 : (ms + 999) / 1000;
    const std::int64_t days = total / 86400;
    const int hours = static_cast<int>(total / 3600 % 24);
    const int minutes = static_cast<int>(total / 60 % 60);
    const int seconds = static_cast<int>(total % 60);
    const QLatin1Char zero('0');
    QString clock = QStringLiteral("%1:%2").arg(minutes, 2, 10, zero).arg(seconds, 2, 10, zero);
    if (days > 0 || hours > 0)
        clock = QStringLiteral("%1:%2").arg(hours, 2, 10, zero).arg(clock);
    if (days > 0)
        clock = QCoreApplication::translate("kvs::ui::ExpiryChoice", "%Ln d %1", nullptr, int(days))
                    .arg(clock);
    return clock;
}

} // namespace kvs::ui
