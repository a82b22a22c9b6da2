#include "common/value_column_text.h"

#include <QCoreApplication>
#include <QLocale>

namespace kvs::ui {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(ValueColumnText)
};

} // namespace

QString valueSizeText(std::int64_t bytes)
{
    if (bytes < 1024)
        return Tr::tr("%Ln bytes", nullptr, static_cast<int>(bytes));
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

QString countdownText(std::int64_t expiresAt, std::int64_t nowMs)
{
    if (expiresAt <= nowMs)
        return Tr::tr("expired");
    // Rounded up: "in 1 s" until the last millisecond, never "in 0 s".
    const std::int64_t seconds = (expiresAt - nowMs + 999) / 1000;
    const auto days = static_cast<int>(seconds / 86400);
    const auto hours = static_cast<int>(seconds / 3600 % 24);
    const auto minutes = static_cast<int>(seconds / 60 % 60);
    const auto secs = static_cast<int>(seconds % 60);
    QString left;
    if (days > 0)
        left = Tr::tr("%1 d %2 h").arg(days).arg(hours);
    else if (hours > 0)
        left = Tr::tr("%1 h %2 m").arg(hours).arg(minutes);
    else if (minutes > 0)
        left = Tr::tr("%1 m %2 s").arg(minutes).arg(secs);
    else
        left = Tr::tr("%1 s").arg(secs);
    return Tr::tr("in %1").arg(left);
}

} // namespace kvs::ui
