#include "inspector/literal_highlighter.h"

#include <QColor>

#include <algorithm>

namespace kvs::ui {

namespace {

QTextCharFormat makeFormat(const QColor &colour, bool bold = false)
{
    QTextCharFormat result;
    result.setForeground(colour);
    if (bold)
        result.setFontWeight(QFont::DemiBold);
    return result;
}

bool isIdentifierChar(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('$');
}

bool isNumberStart(const QString &text, qsizetype i)
{
    const QChar c = text.at(i);
    if (c.isDigit())
        return true;
    return (c == QLatin1Char('-') || c == QLatin1Char('.')) && i + 1 < text.size()
           && text.at(i + 1).isDigit();
}

} // namespace

LiteralHighlighter::LiteralHighlighter(QTextDocument *document)
    : QSyntaxHighlighter(document)
    , m_string(makeFormat(QColor(0x0a, 0x7d, 0x32)))
    , m_name(makeFormat(QColor(0x1f, 0x4e, 0x9c)))
    , m_number(makeFormat(QColor(0xb3, 0x47, 0x00)))
    , m_bigint(makeFormat(QColor(0x9c, 0x27, 0x8f)))
    , m_constructor(makeFormat(QColor(0x6f, 0x42, 0xc1), true))
    , m_constant(makeFormat(QColor(0xb0, 0x1c, 0x3a), true))
{}

void LiteralHighlighter::highlightBlock(const QString &text)
{
    if (text.size() > kMaxHighlightedLine)
        return;
    const qsizetype size = text.size();
    qsizetype i = 0;
    while (i < size) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            qsizetype end = i + 1;
            while (end < size && text.at(end) != c) {
                end += text.at(end) == QLatin1Char('\\') ? 2 : 1;
            }
            end = std::min(end + 1, size);
            qsizetype next = end;
            while (next < size && text.at(next).isSpace())
                ++next;
            const bool name = next < size && text.at(next) == QLatin1Char(':');
            setFormat(int(i), int(end - i), name ? m_name : m_string);
            i = end;
        } else if (isNumberStart(text, i)) {
            qsizetype end = i + 1;
            while (end < size
                   && (text.at(end).isLetterOrNumber() || text.at(end) == QLatin1Char('.')
                       || ((text.at(end) == QLatin1Char('+') || text.at(end) == QLatin1Char('-'))
                           && (text.at(end - 1) == QLatin1Char('e')
                               || text.at(end - 1) == QLatin1Char('E'))))) {
                ++end;
            }
            const bool bigint = text.at(end - 1) == QLatin1Char('n');
            setFormat(int(i), int(end - i), bigint ? m_bigint : m_number);
            i = end;
        } else if (isIdentifierChar(c)) {
            qsizetype end = i;
            while (end < size && isIdentifierChar(text.at(end)))
                ++end;
            const QStringView word = QStringView(text).mid(i, end - i);
            if (word == u"new") {
                qsizetype next = end;
                while (next < size && text.at(next).isSpace())
                    ++next;
                qsizetype nameEnd = next;
                while (nameEnd < size && isIdentifierChar(text.at(nameEnd)))
                    ++nameEnd;
                const QStringView type = QStringView(text).mid(next, nameEnd - next);
                if (type == u"Date" || type == u"Map" || type == u"Set" || type == u"Uint8Array") {
                    setFormat(int(i), int(nameEnd - i), m_constructor);
                    end = nameEnd;
                }
            } else if (word == u"undefined" || word == u"null" || word == u"NaN"
                       || word == u"Infinity" || word == u"true" || word == u"false") {
                setFormat(int(i), int(end - i), m_constant);
            } else {
                qsizetype next = end;
                while (next < size && text.at(next).isSpace())
                    ++next;
                if (next < size && text.at(next) == QLatin1Char(':'))
                    setFormat(int(i), int(end - i), m_name); // An unquoted member name.
            }
            i = end;
        } else {
            ++i;
        }
    }
}

} // namespace kvs::ui
