#include "watch/text_diff.h"

#include <algorithm>

namespace kvs::ui {

namespace {

const QChar kEllipsis(0x2026);
constexpr int kContextBefore = 20; // characters shown before a mark that starts far in

// text's part [start, start + length) marked, cut to maxChars around it.
MarkedText cutAround(const QString &text, int start, int length, int maxChars)
{
    MarkedText marked{text, start, length};
    if (text.size() <= maxChars)
        return marked;
    const int from = std::max(0, std::min<int>(start - kContextBefore, text.size() - maxChars));
    const QString head = from > 0 ? QString(kEllipsis) : QString();
    const int room = maxChars - static_cast<int>(head.size());
    const bool cutEnd = from + room < text.size();
    marked.text = head + text.mid(from, cutEnd ? room - 1 : room)
                  + (cutEnd ? QString(kEllipsis) : QString());
    marked.markStart = start - from + static_cast<int>(head.size());
    const int shown = static_cast<int>(marked.text.size()) - (cutEnd ? 1 : 0);
    marked.markLength = std::max(0, std::min(length, shown - marked.markStart));
    return marked;
}

// A line of its own: line breaks would make rows grow.
QString oneLine(QString text)
{
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    text.replace(QLatin1Char('\r'), QLatin1Char(' '));
    return text;
}

} // namespace

std::pair<MarkedText, MarkedText>
markDifference(const QString &before, const QString &after, int maxChars)
{
    const QString a = oneLine(before);
    const QString b = oneLine(after);
    const int shorter = static_cast<int>(std::min(a.size(), b.size()));
    int prefix = 0;
    while (prefix < shorter && a[prefix] == b[prefix])
        ++prefix;
    int suffix = 0;
    while (suffix < shorter - prefix && a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
        ++suffix;
    // Whole words: "paid" against "shipped" marks both words, not "pai" and "shipp".
    const auto word = [](const QString &text, qsizetype at) {
        return at >= 0 && at < text.size() && text[at].isLetterOrNumber();
    };
    while (prefix > 0 && word(a, prefix - 1) && (word(a, prefix) || word(b, prefix)))
        --prefix;
    while (suffix > 0 && word(a, a.size() - suffix)
           && (word(a, a.size() - suffix - 1) || word(b, b.size() - suffix - 1)))
        --suffix;
    return {cutAround(a, prefix, static_cast<int>(a.size()) - prefix - suffix, maxChars),
            cutAround(b, prefix, static_cast<int>(b.size()) - prefix - suffix, maxChars)};
}

MarkedText excerpt(const QString &text, int maxChars)
{
    return cutAround(oneLine(text), 0, 0, maxChars);
}

} // namespace kvs::ui
