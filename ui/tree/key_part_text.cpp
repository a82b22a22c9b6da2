#include "tree/key_part_text.h"

#include "theme/ui_palette.h"

#include <kvs/js_number.h>
#include <kvs/literal.h>

#include <QCoreApplication>
#include <QFont>
#include <QPainter>
#include <QPixmap>

#include <array>

namespace kvs::ui {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(KeyPartText)
};

QString hexOf(const std::string &bytes)
{
    return QString::fromLatin1(
        QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size())).toHex());
}

// The literal of a string part without its quotes: the literal syntax already escapes what must
// not appear raw (control characters, lone surrogates).
QString stringText(const std::string &text)
{
    const std::string literal = printKeyLiteral(Key{KeyPart(text)}); // ["..."]
    return QString::fromStdString(literal.substr(2, literal.size() - 4));
}

// A key part kind's icon: its letter on the fill of the colour its values have in a literal
// (strings, numbers...), the same in every theme.
QPixmap badge(const QString &letter, UiPalette::Role role)
{
    const qreal ratio = 2.0; // sharp on high-DPI screens too
    QPixmap pixmap(QSize(16, 16) * ratio);
    pixmap.setDevicePixelRatio(ratio);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(UiPalette::fill(role));
    painter.drawRoundedRect(QRectF(1, 2, 14, 12), 3, 3);
    QFont font = painter.font();
    font.setPixelSize(letter.size() > 1 ? 7 : 9);
    font.setBold(true);
    painter.setFont(font);
    painter.setPen(UiPalette::fillText());
    painter.drawText(QRectF(1, 2, 14, 12), Qt::AlignCenter, letter);
    return pixmap;
}

} // namespace

KeyPartKind kindOf(const KeyChild &child)
{
    if (!child.part)
        return KeyPartKind::Raw;
    switch (child.part->type()) {
    case KeyPart::Type::String:
        return KeyPartKind::String;
    case KeyPart::Type::Number:
        return KeyPartKind::Number;
    case KeyPart::Type::BigInt:
        return KeyPartKind::BigInt;
    case KeyPart::Type::Bytes:
        return KeyPartKind::Bytes;
    case KeyPart::Type::Boolean:
        return KeyPartKind::Boolean;
    }
    return KeyPartKind::Raw;
}

QString partText(const KeyChild &child)
{
    if (!child.part)
        return hexOf(child.encoded);
    const KeyPart &part = *child.part;
    switch (part.type()) {
    case KeyPart::Type::String:
        // The empty string as its literal: a blank row reads as a missing one.
        return part.asString().empty() ? QStringLiteral("\"\"") : stringText(part.asString());
    case KeyPart::Type::Number:
        return QString::fromStdString(formatJsNumber(part.asNumber()));
    case KeyPart::Type::BigInt:
        return QString::fromStdString(part.asBigInt().toDecimal()) + QLatin1Char('n');
    case KeyPart::Type::Bytes:
        return QStringLiteral("0x") + hexOf(part.asBytes().data);
    case KeyPart::Type::Boolean:
        return part.asBoolean() ? QStringLiteral("true") : QStringLiteral("false");
    }
    return {};
}

QString kindName(KeyPartKind kind)
{
    switch (kind) {
    case KeyPartKind::String:
        return Tr::tr("string");
    case KeyPartKind::Number:
        return Tr::tr("number");
    case KeyPartKind::BigInt:
        return Tr::tr("bigint");
    case KeyPartKind::Bytes:
        return Tr::tr("bytes");
    case KeyPartKind::Boolean:
        return Tr::tr("boolean");
    case KeyPartKind::Raw:
        return Tr::tr("undecodable");
    }
    return {};
}

QIcon kindIcon(KeyPartKind kind)
{
    static std::array<QIcon, 6> icons;
    QIcon &icon = icons[static_cast<std::size_t>(kind)];
    if (icon.isNull()) {
        switch (kind) {
        case KeyPartKind::String:
            icon = badge(QStringLiteral("S"), UiPalette::Role::SyntaxString);
            break;
        case KeyPartKind::Number:
            icon = badge(QStringLiteral("#"), UiPalette::Role::SyntaxNumber);
            break;
        case KeyPartKind::BigInt:
            icon = badge(QStringLiteral("n"), UiPalette::Role::SyntaxBigInt);
            break;
        case KeyPartKind::Bytes:
            icon = badge(QStringLiteral("0x"), UiPalette::Role::SyntaxConstructor);
            break;
        case KeyPartKind::Boolean:
            icon = badge(QStringLiteral("B"), UiPalette::Role::SyntaxKeyword);
            break;
        case KeyPartKind::Raw:
            icon = badge(QStringLiteral("!"), UiPalette::Role::Error);
            break;
        }
    }
    return icon;
}

} // namespace kvs::ui
