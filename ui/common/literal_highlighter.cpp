#include "common/literal_highlighter.h"

#include "theme/ui_palette.h"

#include <kvs/literal_tokens.h>

namespace kvs::ui {

namespace {

using Kind = LiteralTokenKind;
using Role = UiPalette::Role;

QTextCharFormat makeFormat(const QColor &colour, bool bold = false, bool italic = false)
{
    QTextCharFormat result;
    result.setForeground(colour);
    if (bold)
        result.setFontWeight(QFont::DemiBold);
    result.setFontItalic(italic);
    return result;
}

// Maps the UTF-8 byte offsets of the scanner's tokens to the UTF-16 positions of the line,
// walking forward once: offsets are asked for in ascending order.
class Utf16Positions
{
public:
    explicit Utf16Positions(const QByteArray &utf8)
        : m_utf8(utf8)
    {}

    int at(std::size_t byteOffset)
    {
        while (m_byte < byteOffset && m_byte < static_cast<std::size_t>(m_utf8.size())) {
            const auto lead = static_cast<unsigned char>(m_utf8[static_cast<qsizetype>(m_byte)]);
            const std::size_t length = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
            m_byte += length;
            m_unit += length == 4 ? 2 : 1; // Beyond the BMP: a surrogate pair.
        }
        return m_unit;
    }

private:
    const QByteArray &m_utf8;
    std::size_t m_byte = 0;
    int m_unit = 0;
};

} // namespace

LiteralHighlighter::LiteralHighlighter(QTextDocument *document, const UiPalette &palette)
    : QSyntaxHighlighter(document)
{
    const auto set = [this](Kind kind, const QTextCharFormat &format) {
        m_formats[static_cast<std::size_t>(kind)] = format;
    };
    set(Kind::String, makeFormat(palette.color(Role::SyntaxString)));
    set(Kind::MemberName, makeFormat(palette.color(Role::SyntaxMemberName)));
    set(Kind::Number, makeFormat(palette.color(Role::SyntaxNumber)));
    set(Kind::BigInt, makeFormat(palette.color(Role::SyntaxBigInt)));
    set(Kind::Keyword, makeFormat(palette.color(Role::SyntaxKeyword), true));
    set(Kind::Constructor, makeFormat(palette.color(Role::SyntaxConstructor), true));
    set(Kind::Comment, makeFormat(palette.color(Role::Muted), false, true));
    set(Kind::Invalid, makeFormat(palette.color(Role::Error)));
}

void LiteralHighlighter::highlightBlock(const QString &text)
{
    if (text.size() > kMaxHighlightedLine)
        return;
    const QByteArray utf8 = text.toUtf8();
    Utf16Positions positions(utf8);
    const std::string_view view(utf8.constData(), static_cast<std::size_t>(utf8.size()));
    for (const LiteralTextToken &token : scanLiteralText(view)) {
        const auto kind = static_cast<std::size_t>(token.kind);
        if (kind >= m_formats.size() || !m_formats[kind].hasProperty(QTextFormat::ForegroundBrush))
            continue;
        const int start = positions.at(token.start);
        const int end = positions.at(token.start + token.length);
        setFormat(start, end - start, m_formats[kind]);
    }
}

} // namespace kvs::ui
