#include "transfer/hex_text.h"

#include <QByteArray>

#include <algorithm>
#include <cctype>

namespace kvs::detail {

void appendHex(std::string_view bytes, std::string &out)
{
    const QByteArray hex
        = QByteArray::fromRawData(bytes.data(), static_cast<qsizetype>(bytes.size())).toHex();
    out.append(hex.constData(), static_cast<std::size_t>(hex.size()));
}

std::optional<std::string> bytesOfHex(std::string_view hex)
{
    // QByteArray::fromHex skips what is not a hex digit; the format refuses it instead.
    const bool wellFormed = hex.size() % 2 == 0 && std::all_of(hex.begin(), hex.end(), [](char c) {
                                return std::isxdigit(static_cast<unsigned char>(c)) != 0;
                            });
    if (!wellFormed)
        return std::nullopt;
    return QByteArray::fromHex(
               QByteArray::fromRawData(hex.data(), static_cast<qsizetype>(hex.size())))
        .toStdString();
}

} // namespace kvs::detail
