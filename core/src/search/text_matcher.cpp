#include "search/text_matcher.h"

#include <kvs/errors.h>

#include <algorithm>

namespace kvs::detail {

namespace {

bool isAscii(std::string_view text)
{
    return std::all_of(
        text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

char lowerAscii(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

QString fromUtf8(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace

TextMatcher TextMatcher::text(std::string needle, bool matchCase)
{
    TextMatcher matcher;
    matcher.m_matchCase = matchCase;
    matcher.m_asciiNeedle = isAscii(needle);
    if (!matchCase) {
        matcher.m_foldedNeedle = fromUtf8(needle);
        for (char &c : needle)
            c = lowerAscii(c);
    }
    matcher.m_needle = std::move(needle);
    return matcher;
}

TextMatcher TextMatcher::regex(const std::string &pattern)
{
    QRegularExpression expression(QString::fromStdString(pattern));
    if (!expression.isValid()) {
        throw TypeError("kvs: invalid regular expression: " + expression.errorString().toStdString()
                        + " at offset " + std::to_string(expression.patternErrorOffset()));
    }
    expression.optimize();
    TextMatcher matcher;
    matcher.m_regex = std::move(expression);
    return matcher;
}

bool TextMatcher::matches(std::string_view literal) const
{
    if (m_regex)
        return m_regex->match(fromUtf8(literal)).hasMatch();
    if (m_matchCase)
        return literal.find(m_needle) != std::string_view::npos;
    if (m_asciiNeedle && isAscii(literal)) {
        const auto found = std::search(
            literal.begin(), literal.end(), m_needle.begin(), m_needle.end(), [](char a, char b) {
                return lowerAscii(a) == b;
            });
        return found != literal.end() || m_needle.empty();
    }
    return fromUtf8(literal).contains(m_foldedNeedle, Qt::CaseInsensitive);
}

} // namespace kvs::detail
