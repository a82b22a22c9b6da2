#include "search/value_search_query.h"

#include <kvs/condition.h>
#include <kvs/literal.h>

#include <QCoreApplication>

#include <exception>

namespace kvs::ui {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(ValueSearch)
};

} // namespace

QString ValueSearchRequest::problem() const
{
    switch (mode) {
    case Mode::Text:
        return {};
    case Mode::RegularExpression: {
        const QRegularExpression pattern(text);
        if (pattern.isValid())
            return {};
        // The offset is in UTF-16 code units of the pattern; shown counting from 1.
        return Tr::tr("Not a valid regular expression: %1 (at character %2).")
            .arg(pattern.errorString())
            .arg(pattern.patternErrorOffset() + 1);
    }
    case Mode::Condition:
        try {
            (void)Condition::parse(text.toStdString());
            return {};
        } catch (const std::exception &error) {
            return QString::fromUtf8(error.what()); // the parser's own message, untranslated
        }
    }
    return {};
}

ValueSearchQuery ValueSearchRequest::engineQuery() const
{
    ValueSearchQuery query;
    ListSelector selector;
    selector.prefix = prefix;
    query.range = searchRange(selector);
    switch (mode) {
    case Mode::Text:
        query.text = text.toStdString();
        query.matchCase = matchCase;
        break;
    case Mode::RegularExpression:
        query.regex = text.toStdString();
        break;
    case Mode::Condition:
        query.where = Condition::parse(text.toStdString());
        break;
    }
    return query;
}

std::string ValueSearchRequest::describe() const
{
    const char *what = mode == Mode::Text                ? "text "
                       : mode == Mode::RegularExpression ? "regex "
                                                         : "where ";
    return what + text.toStdString() + " under " + printKeyLiteral(prefix);
}

ValueHitMaker::ValueHitMaker(const ValueSearchRequest &request)
    : m_mode(request.mode)
    , m_text(request.text)
    , m_case(request.matchCase ? Qt::CaseSensitive : Qt::CaseInsensitive)
{
    if (m_mode == ValueSearchRequest::Mode::RegularExpression) {
        m_pattern.emplace(request.text);
        m_pattern->optimize();
    }
}

ValueSearchHit ValueHitMaker::make(ValueMatch match) const
{
    ValueSearchHit hit;
    hit.keyLiteral = QString::fromStdString(printKeyLiteral(match.entry.key));
    QString literal = QString::fromStdString(printLiteral(match.entry.value));
    // One line: a string's line breaks are escaped in the literal already; be sure of it.
    literal.replace(QLatin1Char('\n'), QLatin1Char(' '));
    int start = -1;
    int length = 0;
    if (m_mode == ValueSearchRequest::Mode::Text && !m_text.isEmpty()) {
        start = int(literal.indexOf(m_text, 0, m_case));
        length = start < 0 ? 0 : int(m_text.size());
    } else if (m_pattern) {
        const QRegularExpressionMatch found = m_pattern->match(literal);
        if (found.hasMatch()) {
            start = int(found.capturedStart());
            length = int(found.capturedLength());
        }
    }
    // A long literal is cut so that the match shows, a little of what leads to it first.
    int from = 0;
    if (start > kPreviewLength / 3 && literal.size() > kPreviewLength)
        from = std::min(start - kPreviewLength / 3, int(literal.size()) - kPreviewLength);
    QString preview = literal.mid(from, kPreviewLength);
    const QString ellipsis(QChar(0x2026));
    int shift = -from;
    if (from > 0) {
        preview.prepend(ellipsis);
        shift += 1;
    }
    if (from + kPreviewLength < literal.size())
        preview.append(ellipsis);
    if (start >= 0) {
        hit.markStart = start + shift;
        hit.markLength = std::min(length, int(preview.size()) - hit.markStart);
        if (hit.markStart >= preview.size() || hit.markLength <= 0) {
            hit.markStart = -1;
            hit.markLength = 0;
        }
    }
    hit.preview = std::move(preview);
    hit.entry = std::move(match.entry);
    hit.keyBytes = std::move(match.keyBytes);
    hit.valueBytes = std::move(match.valueBytes);
    return hit;
}

} // namespace kvs::ui
