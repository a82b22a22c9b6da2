#include "inspector/hex_bytes_model.h"

#include "theme/ui_palette.h"

#include <QFontDatabase>
#include <QGuiApplication>

#include <algorithm>
#include <climits>

namespace kvs::ui {

HexBytesModel::HexBytesModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void HexBytesModel::setBytes(std::shared_ptr<const std::string> bytes)
{
    beginResetModel();
    m_bytes = std::move(bytes);
    endResetModel();
}

int HexBytesModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    const std::size_t rows = (bytes().size() + kBytesPerRow - 1) / kBytesPerRow;
    return static_cast<int>(std::min<std::size_t>(rows, INT_MAX));
}

int HexBytesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString HexBytesModel::hexOfRow(const std::string &bytes, int row)
{
    static constexpr char kDigits[] = "0123456789abcdef";
    const std::size_t begin = static_cast<std::size_t>(row) * kBytesPerRow;
    const std::size_t end = std::min(bytes.size(), begin + kBytesPerRow);
    QString text;
    text.reserve(kBytesPerRow * 3 + 1);
    for (std::size_t i = begin; i < end; ++i) {
        const auto byte = static_cast<unsigned char>(bytes[i]);
        if (i > begin)
            text += (i - begin == kBytesPerRow / 2) ? QStringLiteral("  ") : QStringLiteral(" ");
        text += QLatin1Char(kDigits[byte >> 4]);
        text += QLatin1Char(kDigits[byte & 0xF]);
    }
    return text;
}

QString HexBytesModel::textOfRow(const std::string &bytes, int row)
{
    const std::size_t begin = static_cast<std::size_t>(row) * kBytesPerRow;
    const std::size_t end = std::min(bytes.size(), begin + kBytesPerRow);
    QString text;
    text.reserve(kBytesPerRow);
    for (std::size_t i = begin; i < end; ++i) {
        const auto byte = static_cast<unsigned char>(bytes[i]);
        text += (byte >= 0x20 && byte < 0x7F) ? QLatin1Char(static_cast<char>(byte))
                                              : QLatin1Char('.');
    }
    return text;
}

QVariant HexBytesModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case OffsetColumn:
            return QStringLiteral("%1").arg(
                static_cast<qulonglong>(index.row()) * kBytesPerRow, 8, 16, QLatin1Char('0'));
        case HexColumn:
            return hexOfRow(bytes(), index.row());
        case TextColumn:
            return textOfRow(bytes(), index.row());
        default:
            return {};
        }
    case Qt::FontRole:
        return QFontDatabase::systemFont(QFontDatabase::FixedFont);
    case Qt::ForegroundRole:
        if (index.column() == OffsetColumn)
            return UiPalette(QGuiApplication::palette()).color(UiPalette::Role::Muted);
        return {};
    default:
        return {};
    }
}

QVariant HexBytesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case OffsetColumn:
        return tr("Offset");
    case HexColumn:
        return tr("Hex");
    case TextColumn:
        return tr("Text");
    default:
        return {};
    }
}

} // namespace kvs::ui
